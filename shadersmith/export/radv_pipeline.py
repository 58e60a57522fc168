"""A standalone reproducer of a RADV/ACO finding: the SPIR-V, the environment and a small
Vulkan program that creates the pipeline, which is all RADV needs to compile it.

RADV runs here compile-only, on a null device (`RADV_FORCE_FAMILY`, targets/radv.py):
nothing can be allocated or dispatched there, so an Amber script (which fills buffers and
dispatches) cannot run on it, and a Mesa developer without the GPU of that generation
could not run one either. The report instead ships:

- `shader.spvasm`: the SPIR-V the failing RADV target consumed (recorded), as assembly;
- `compile_pipeline.py`: about 80 lines of Python on the `vulkan` binding (PyPI's
  `vulkan`, cffi over the system's libvulkan) that creates a compute pipeline of that
  module with the test's descriptor set layout, then exits, printing the device it
  compiled on;
- the commands: `spirv-as`, then the program under `RADV_FORCE_FAMILY=<family>` (one line
  per failing generation) and `ACO_DEBUG=validateir,validatera`, whose validators print
  `ACO ERROR:` where they reject ACO's IR (a register-allocation error aborts).

The bug report runs those commands here as printed (`check`), with the newest Mesa's RADV
as the Vulkan driver: the check passes when ACO prints the finding's message.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from shadersmith.case import TestCase
from shadersmith.case.finding import Finding, Kind
from shadersmith.export.amber import shipped_module
from shadersmith.export.checks import Check, Command, CommandsRun, Tools, run_commands
from shadersmith.export.common import ExportError
from shadersmith.export.markdown_text import prose
from shadersmith.oracle.aco import aco_message
from shadersmith.targets import radv
from shadersmith.targets.catalogue.registry import TARGETS
from shadersmith.targets.catalogue.table import RadvBuild
from shadersmith.targets.runners.environment import DriverUnavailable
from shadersmith.targets.tools import newest

MODULE_FILE = "shader.spvasm"
SCRIPT_FILE = "compile_pipeline.py"
ACO_VALIDATORS = "validateir,validatera"  # targets/radv.py: what the campaign ran with

# The descriptor type of each kind of binding, by the vulkan binding's constant names.
_STORAGE_BUFFER = "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER"
_UNIFORM_BUFFER = "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER"
_TEXTURE_TYPES = {
    "sampled": "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER",
    "storage": "VK_DESCRIPTOR_TYPE_STORAGE_IMAGE",
}


@dataclass(frozen=True)
class PipelineReproducer:
    files: dict[str, str]
    commands: tuple[Command, ...]
    source: str  # what the SPIR-V is
    families: tuple[str, ...]  # the failing generations, by RADV_FORCE_FAMILY's name


def family_of(target: str) -> str | None:
    """The AMD generation a RADV target compiles for (RADV_FORCE_FAMILY's name)."""
    row = TARGETS.get(target)
    return row.build.family if row is not None and isinstance(row.build, RadvBuild) else None


def pipeline_reproducer(test: TestCase, failing: Sequence[str]) -> PipelineReproducer:
    """The files and commands of `test`'s RADV reproducer; ExportError for a test it
    cannot be made of (a fragment shader: a graphics pipeline is not written yet)."""

    if test.stage != "compute":
        raise ExportError(
            "a RADV pipeline reproducer of a fragment shader (a graphics pipeline) is not "
            "written yet: replay the test with `shadersmith replay`"
        )
    families = tuple(dict.fromkeys(f for t in failing if (f := family_of(t)) is not None))
    if not families:
        raise ExportError(f"none of {', '.join(failing)} is a RADV target")
    target = next(t for t in failing if family_of(t) is not None)
    shipped = shipped_module(test, target)
    made = (
        f"the SPIR-V {shipped.target} consumed (recorded)"
        if shipped.target
        else "glslang's SPIR-V, made now"
    )
    commands = [Command(("spirv-as", "--target-env", "vulkan1.0", MODULE_FILE, "-o", "shader.spv"))]
    commands += [
        Command(
            (
                "env",
                f"RADV_FORCE_FAMILY={family}",
                f"ACO_DEBUG={ACO_VALIDATORS}",
                "RADV_DEBUG=nocache",  # compile again, do not find the binary in a cache
                "python3",
                SCRIPT_FILE,
                "shader.spv",
            )
        )
        for family in families
    ]
    files = {MODULE_FILE: shipped.assembly, SCRIPT_FILE: _script(test)}
    return PipelineReproducer(files, tuple(commands), made, families)


def radv_tools() -> Tools:
    """The commands' tools here: Debian's spirv-as, and this interpreter (which has the
    `vulkan` binding) as `python3`, with the newest Mesa's RADV alone in the loader (Debian's
    Mesa 22.3.6 has no RADV_FORCE_FAMILY)."""

    paths = {"env": shutil.which("env") or "/usr/bin/env", "python3": sys.executable}
    spirv_as = shutil.which("spirv-as")
    if spirv_as:
        paths["spirv-as"] = spirv_as
    try:
        newest.require_mesa()
    except DriverUnavailable:
        return Tools("the newest Mesa's RADV", {})
    bin_folder = os.path.dirname(sys.executable)
    env = {**radv.environment(), "PATH": f"{bin_folder}:{os.environ.get('PATH', '')}"}
    return Tools("the newest Mesa's RADV", paths, env)


def check(
    files: dict[str, str],
    commands: Sequence[Command],
    families: Sequence[str],
    finding: Finding,
    shows: str,
) -> Check:
    """The commands as printed, here: as found when every failing generation's run
    prints the finding's ACO message (a crash: dies by a signal after it)."""

    tools = radv_tools()
    what = f"{shows}the commands above with {tools.name}"
    if not tools.paths:
        return Check(what, "not run: the newest Mesa is not unpacked here", None)
    missing = tools.missing(commands)
    if missing:
        return Check(what, f"not run: {', '.join(missing)} missing on this machine", None)
    done = _run_each(files, commands, tools)
    if not done.runs[0].ok:
        return Check(what, f"`spirv-as` {done.runs[0].outcome()}", False)
    detail = finding.signature.split(":", 2)[2] if finding.signature.count(":") >= 2 else ""
    outcomes, found = [], True
    for family, run in zip(families, done.runs[1:], strict=True):
        said = aco_message(run.output)
        shown = said is not None and said == detail
        if finding.kind is Kind.CRASH:  # a failed register-allocation check aborts
            shown = shown and run.status < 0
        else:  # and it compiled on the null device of that generation, not elsewhere
            shown = shown and f"RADV {family.upper()}" in run.output.upper()
        found = found and shown
        printed = f", ACO printed {prose(said)}" if said else ""
        outcomes.append(f"{family}: {run.outcome()}{printed}")
    return Check(what, "; ".join(outcomes), found)


def _run_each(files: dict[str, str], commands: Sequence[Command], tools: Tools) -> CommandsRun:
    """spirv-as, then each generation's run even where one before it failed (a crash is
    the finding: run_commands would stop there)."""
    first = run_commands(commands[:1], files, tools)
    if not first.ok:
        return first
    runs = list(first.runs)
    for command in commands[1:]:
        done = run_commands((commands[0], command), files, tools)
        runs.append(done.last)
    return CommandsRun(tuple(runs), {})


def _script(test: TestCase) -> str:
    bindings = []
    for spec in test.buffers:
        if spec.texture:
            kind = _TEXTURE_TYPES.get(spec.texture)
            if kind is None:
                raise ExportError(f"a {spec.texture!r} texture has no descriptor type here")
        else:
            kind = _UNIFORM_BUFFER if spec.uniform else _STORAGE_BUFFER
        bindings.append(f"({spec.binding}, vk.{kind})")
    return _SCRIPT.replace("@BINDINGS@", ", ".join(bindings))


# The program the report ships. Each Vulkan struct sits in a variable of its own: the
# binding frees a nested temporary before the call that reads it (vkCreateComputePipelines
# then reads freed memory and crashes in the driver).
_SCRIPT = '''\
"""Create one Vulkan compute pipeline of a SPIR-V module, then exit: enough for RADV to
compile it (spirv_to_nir, its NIR passes, ACO). With RADV_FORCE_FAMILY=<family> RADV opens
a null device of that AMD generation, so no GPU is needed. Written by shadersmith.

    pip install vulkan   # the cffi binding over the system's libvulkan
    RADV_FORCE_FAMILY=navi21 ACO_DEBUG=validateir,validatera python3 compile_pipeline.py shader.spv
"""

import sys

import vulkan as vk

# (binding, descriptor type) of the shader's resources, all in set 0.
BINDINGS = [@BINDINGS@]


def main(path):
    with open(path, "rb") as spv:
        code = spv.read()
    application = vk.VkApplicationInfo(apiVersion=vk.VK_MAKE_VERSION(1, 1, 0))
    instance = vk.vkCreateInstance(vk.VkInstanceCreateInfo(pApplicationInfo=application), None)
    physical = vk.vkEnumeratePhysicalDevices(instance)[0]
    name = vk.vkGetPhysicalDeviceProperties(physical).deviceName
    families = vk.vkGetPhysicalDeviceQueueFamilyProperties(physical)
    family = next(i for i, f in enumerate(families) if f.queueFlags & vk.VK_QUEUE_COMPUTE_BIT)
    queue = vk.VkDeviceQueueCreateInfo(queueFamilyIndex=family, pQueuePriorities=[1.0])
    device = vk.vkCreateDevice(physical, vk.VkDeviceCreateInfo(pQueueCreateInfos=[queue]), None)
    module_info = vk.VkShaderModuleCreateInfo(codeSize=len(code), pCode=code)
    module = vk.vkCreateShaderModule(device, module_info, None)
    layout_bindings = [
        vk.VkDescriptorSetLayoutBinding(
            binding=binding,
            descriptorType=kind,
            descriptorCount=1,
            stageFlags=vk.VK_SHADER_STAGE_COMPUTE_BIT,
        )
        for binding, kind in BINDINGS
    ]
    set_info = vk.VkDescriptorSetLayoutCreateInfo(
        bindingCount=len(layout_bindings), pBindings=layout_bindings or None
    )
    set_layout = vk.vkCreateDescriptorSetLayout(device, set_info, None)
    layout_info = vk.VkPipelineLayoutCreateInfo(setLayoutCount=1, pSetLayouts=[set_layout])
    layout = vk.vkCreatePipelineLayout(device, layout_info, None)
    stage = vk.VkPipelineShaderStageCreateInfo(
        stage=vk.VK_SHADER_STAGE_COMPUTE_BIT, module=module, pName="main"
    )
    info = vk.VkComputePipelineCreateInfo(stage=stage, layout=layout)
    pipeline = vk.vkCreateComputePipelines(device, None, 1, [info], None)[0]
    print(f"compiled the compute pipeline on {name}", flush=True)
    vk.vkDestroyPipeline(device, pipeline, None)
    vk.vkDestroyPipelineLayout(device, layout, None)
    vk.vkDestroyDescriptorSetLayout(device, set_layout, None)
    vk.vkDestroyShaderModule(device, module, None)
    vk.vkDestroyDevice(device, None)
    vk.vkDestroyInstance(instance, None)


if __name__ == "__main__":
    main(sys.argv[1])
'''
