"""RADV, Mesa's Vulkan driver for AMD GPUs, and its ACO back-end: compile-only, no GPU.

With `RADV_FORCE_FAMILY=<family>` the newest Mesa's RADV (newest.py: Debian's 22.3.6 is
too old to offer it) opens a null device, "Null hardware (RADV NAVI21)". Creating a
pipeline on it compiles the SPIR-V through spirv_to_nir, RADV's NIR passes and ACO into
that family's machine code, as on the real GPU; nothing can run (the null device has no
memory to bind). So a RADV target only compiles: its verdicts are ok (a result with
`compile_only` set and no values, which no oracle compares), crash, abort, validator
error, timeout and memory blow-up, each a finding with its signature.

`ACO_DEBUG=validateir,validatera` turns on ACO's validators: its IR after each pass, and
the register allocation. Mesa's release builds compile the IR validator's assertion out:
a failed check prints `ACO ERROR:` and the compile goes on, so the runner reads what the
driver printed while it compiled (a VALIDATION_ERROR of "aco"); a failed register
allocation check aborts the worker with the same heading (a crash).

`vulkan_compile_target` is the same pipeline compiler on any device a user's targets file
declares (`kind = "vulkan-compile"`): their own Mesa's RADV with RADV_FORCE_FAMILY.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from typing import Any

import vulkan as vk

from shadersmith.ir.profile import Language
from shadersmith.ir.specialization import SpecializationEntry
from shadersmith.targets.catalogue.components import vulkan_chain
from shadersmith.targets.catalogue.table import RADV_FAMILIES, RadvBuild, VulkanCompileBuild
from shadersmith.targets.chains import (
    ChainTarget,
    job_language_refused,
    run_on_vulkan,
    spirv_opt_passes,
    versioned,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.runners.environment import DriverUnavailable
from shadersmith.targets.runners.vk_runner import COLOR_FORMAT, INTEGER_COLOR_FORMAT, VulkanRunner
from shadersmith.targets.tools import newest, toolchain
from shadersmith.targets.tools.spirv_tools import DEBIAN, spirv_val_version

ACO_VALIDATORS = "validateir,validatera"
ACO_ERROR = "ACO ERROR:"  # aco_validate.cpp's heading for every failed check
ICD = "usr/share/vulkan/icd.d/radeon_icd.json"


def environment() -> dict[str, str]:
    """The newest Mesa's libraries, its RADV alone in the Vulkan loader."""
    variables = newest.mesa_environment()
    icd = str(newest.mesa_root() / ICD)
    variables.update(VK_ICD_FILENAMES=icd, VK_DRIVER_FILES=icd)
    return variables


def open_compiler(family: str) -> PipelineCompiler:
    """RADV's null device for `family`, ACO's validators on, in a process that started
    with `environment()`; DriverUnavailable says why there is none."""
    expected = newest.require_mesa()
    if not (newest.mesa_root() / ICD).is_file():
        raise DriverUnavailable(f"{ICD} missing from the newest Mesa in {newest.mesa_root()}")
    # Read by RADV when the instance enumerates devices and by ACO at its first compile,
    # both after this point. nocache: a re-run must compile again, not find the binary.
    os.environ.update(RADV_FORCE_FAMILY=family, ACO_DEBUG=ACO_VALIDATORS, RADV_DEBUG="nocache")
    compiler = PipelineCompiler("RADV")
    versions = compiler.versions()
    newest.check_mesa(versions.get("driver_info", "?"), expected)
    if family.upper() not in versions["device"].upper():
        compiler.close()
        raise DriverUnavailable(f"asked RADV for {family}, got {versions['device']!r}")
    return compiler


def radv_target(name: str, build: RadvBuild) -> ChainTarget:
    """GLSL -> glslang -> SPIR-V -> RADV (NIR) -> ACO for `build.family`, compile-only."""
    family = build.family
    compiler = open_compiler(family)
    versions = compiler.versions()
    mesa = versions.get("driver_info", "?")
    components = [("glslang", DEBIAN.glslang_version()), ("radv", mesa), ("aco", mesa)]
    extra = {**versions, "generation": RADV_FAMILIES.get(family, "?"), "ACO_DEBUG": ACO_VALIDATORS}

    def run(job: Job) -> RunResult:
        refused = job_language_refused(name, job, Language.GLSL)
        if refused is not None:
            return refused
        if job.stage == "compute":
            return toolchain.run_compute_on_vulkan(
                compiler,
                job.source,
                job.buffers,
                (),
                job.groups,
                precompiled=job.spirv,
                specialization=job.specialization,
            )
        return toolchain.run_fragment_on_vulkan(
            compiler,
            job.source,
            job.width,
            job.height,
            blocks=job.buffers,
            integer=job.integer_image,
            attachments=job.attachments,
            precompiled=job.spirv,
            vertex_source=job.vertex_source,
            specialization=job.specialization,
        )

    return ChainTarget(name, components, run, extra_versions=extra)


def vulkan_compile_target(name: str, build: VulkanCompileBuild) -> ChainTarget:
    """A user's compile-only chain (user_targets.py): GLSL -> glslang [-> spirv-opt] ->
    the Vulkan device `build.device` picks, which creates each pipeline and runs nothing.
    Their RADV on a null device (RADV_FORCE_FAMILY in the file's `env`) has ACO's
    validators on and the cache off, as the built-in RADV targets do, unless `env` says
    otherwise."""
    for variable, value in (("ACO_DEBUG", ACO_VALIDATORS), ("RADV_DEBUG", "nocache")):
        os.environ.setdefault(variable, value)
    toolset = build.toolset or DEBIAN
    if build.toolset is None:
        spirv_val_version()  # spirv-val checks every tool's output: it must be present
    components = [("glslang", toolset.glslang_version())]
    if build.optimizer is not None:
        components.append(("spirv-opt", toolset.spirv_opt_version()))
    # Imported here: the renderer string's reader lives with the GL runner, whose module
    # loads moderngl; only a chain on an LLVM driver's device needs it.
    from shadersmith.targets.runners.gl_runner import llvm_version

    compiler = PipelineCompiler(build.device)
    versions = compiler.versions()
    driver_version = versions.get("driver_info") or versions.get("driver_version", "?")
    chain = vulkan_chain(build.device)
    components += versioned(chain, driver_version, llvm_version(versions.get("device", "")))
    extra = {**versions, "spirv-val": toolset.spirv_val_versions()}
    family = os.environ.get("RADV_FORCE_FAMILY")
    if family:
        extra["generation"] = RADV_FAMILIES.get(family, family)

    def run(job: Job) -> RunResult:
        refused = job_language_refused(name, job, Language.GLSL)
        if refused is not None:
            return refused
        passes = spirv_opt_passes(build.optimizer, job)
        return run_on_vulkan(compiler, job, passes, toolset, build.optimizer)

    return ChainTarget(name, components, run, extra_versions=extra)


class PipelineCompiler(VulkanRunner):
    """A Vulkan runner that creates a run's pipeline and nothing else: no buffer, image or
    dispatch (a null device has no memory for them). What the driver printed while it
    compiled decides between ok and a validator's rejection."""

    def run_compute(
        self,
        spirv: bytes,
        buffers: Sequence[BufferInput],
        groups: tuple[int, int, int] = (1, 1, 1),
        specialization: Sequence[SpecializationEntry] = (),
    ) -> RunResult:
        with ExitStack() as releases:
            layout = self._layout(buffers, vk.VK_SHADER_STAGE_COMPUTE_BIT, releases)
            return self._compile(
                spirv,
                releases,
                lambda module: self._create_compute_pipeline(module, layout, specialization),
            )

    def run_fragment(
        self,
        spirv: bytes,
        width: int = 256,
        height: int = 256,
        uniforms: Any = None,
        blocks: Sequence[BufferInput] = (),
        integer: bool = False,
        vertex_spirv: bytes | None = None,
        specialization: Sequence[SpecializationEntry] = (),
        attachments: int = 1,
    ) -> RunResult:
        if uniforms:
            raise NotImplementedError("Vulkan has no default-block uniforms: use uniform blocks")
        device = self.device.device
        with ExitStack() as releases:
            stages = vk.VK_SHADER_STAGE_FRAGMENT_BIT
            if vertex_spirv is not None:  # the vertex stage reads the blocks too
                stages |= vk.VK_SHADER_STAGE_VERTEX_BIT
            layout = self._layout(blocks, stages, releases)
            render_pass = self._create_render_pass(
                INTEGER_COLOR_FORMAT if integer else COLOR_FORMAT, attachments
            )
            releases.callback(vk.vkDestroyRenderPass, device, render_pass, None)
            if vertex_spirv is None:
                vertex = self._fullscreen_vertex_module()
            else:  # a test's generated vertex stage (generate/vertex_stage.py)
                vertex = self._create_module(vertex_spirv)
                releases.callback(vk.vkDestroyShaderModule, device, vertex, None)
            return self._compile(
                spirv,
                releases,
                lambda module: self._create_graphics_pipeline(
                    vertex,
                    module,
                    layout,
                    render_pass,
                    (width, height),
                    specialization,
                    attachments,
                ),
            )

    def _layout(self, buffers: Sequence[BufferInput], stage: int, releases: ExitStack) -> Any:
        device = self.device.device
        set_layout = self._create_set_layout(buffers, stage)
        releases.callback(vk.vkDestroyDescriptorSetLayout, device, set_layout, None)
        layout = self._create_pipeline_layout([set_layout], buffers, stage)
        releases.callback(vk.vkDestroyPipelineLayout, device, layout, None)
        return layout

    def _compile(self, spirv: bytes, releases: ExitStack, create: Any) -> RunResult:
        device = self.device.device
        started = time.perf_counter()
        with driver_messages() as printed:
            try:
                module = self._create_module(spirv)
                releases.callback(vk.vkDestroyShaderModule, device, module, None)
                pipeline = create(module)
            except (vk.VkError, vk.VkException) as error:
                log = f"{type(error).__name__} while creating the pipeline {error}".strip()
                elapsed = (time.perf_counter() - started) * 1000
                return RunResult(
                    RunStatus.COMPILE_ERROR, log=log, compile_ms=elapsed, failed_component="driver"
                )
        compile_ms = (time.perf_counter() - started) * 1000
        releases.callback(vk.vkDestroyPipeline, device, pipeline, None)
        said = printed[0] if printed else ""
        if ACO_ERROR in said:
            return RunResult(
                RunStatus.VALIDATION_ERROR,
                log=said[said.index(ACO_ERROR) :],
                compile_ms=compile_ms,
                failed_component="aco",
            )
        return RunResult(RunStatus.OK, compile_ms=compile_ms, compile_only=True)


@contextlib.contextmanager
def driver_messages() -> Iterator[list[str]]:
    """What this process wrote to its standard error inside the block, appended to the
    list on the way out. In a worker, standard error is the worker's log file (engine.py):
    it is read from where it stood, so that a driver that aborts halfway still leaves its
    message in the log the engine reads. Elsewhere (a terminal) it is caught in a file and
    written on to the original afterwards."""
    printed: list[str] = []
    status = os.fstat(2)
    if stat.S_ISREG(status.st_mode):
        start = status.st_size
        try:
            yield printed
        finally:
            with open(f"/proc/self/fd/{2}", "rb") as log:
                log.seek(start)
                printed.append(log.read().decode("utf-8", "replace"))
        return
    saved = os.dup(2)
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield printed
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            data = caught.read()
            os.write(2, data)
            printed.append(data.decode("utf-8", "replace"))
