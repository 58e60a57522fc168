"""The wgpu targets as chains: shader text -> naga -> wgpu-hal's back-end -> a driver.

- `wgpu-vk`: WGSL -> naga (front-end, validator) -> naga's SPIR-V back-end -> wgpu-hal's
  Vulkan back-end -> lavapipe (-> llvmpipe's back-end -> LLVM);
- `wgpu-gl`: WGSL -> naga -> naga's GLSL back-end -> wgpu-hal's GLES back-end -> Mesa's
  GLSL front-end -> llvmpipe -> LLVM, through EGL without a display;
- `wgpu-vk-glsl`: GLSL 4.50 -> naga's GLSL front-end -> the rest of `wgpu-vk`. naga's
  GLSL front-end rejects much valid GLSL: a rejection is `unsupported`, not a finding
  (a crash still is one: the worker layer records it).

naga lives inside wgpu-native; the naga and wgpu-hal versions are the crates' own, read
from the library (wgpu_runner.crate_versions). The
Vulkan chains check naga's SPIR-V with spirv-val where the driver dumps it
(spirv_dump.py: the newest Mesa's lavapipe does, Debian's does not).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from shadersmith.ir.profile import Language
from shadersmith.targets.catalogue.components import handed_on, naga_writer, vulkan_chain
from shadersmith.targets.chains import (
    ChainTarget,
    features_refused,
    gl_components,
    job_language_refused,
    subgroup_size_refused,
    versioned,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.runners import swiftshader
from shadersmith.targets.runners.gl_runner import llvm_version, mesa_version
from shadersmith.targets.runners.wgpu_runner import WgpuRunner
from shadersmith.targets.tools import newest as latest

if TYPE_CHECKING:
    from shadersmith.targets.catalogue.table import WgpuBuild

NAGA = "naga"
NAGA_GLSL_IN = "naga-glsl-in"

# Mesa's GLSL compiler log ("0:12(3): error: ..."), which wgpu-hal's GLES back-end passes
# on when the driver refuses the GLSL naga wrote.
_MESA_GLSL_ERROR = re.compile(r"\d+:\d+\(\d+\): error:")


def wgpu_target(name: str, build: WgpuBuild, newest: bool = False) -> ChainTarget:
    """A wgpu chain on `build.backend` ("vulkan" or "gl") for `build.language` (WGSL, or
    GLSL through naga's GLSL front-end); `newest` on the newest Mesa (its worker starts
    with that Mesa's environment); `build.raise_version`: softpipe with its versions
    raised (the blame witness). See catalogue.WgpuBuild."""
    backend, device, language = build.backend, build.device, build.language

    expected = latest.require_mesa() if newest else None
    runner = WgpuRunner(backend, device, build.raise_version)
    versions = runner.versions()
    if expected is not None:
        latest.check_mesa(versions["description"], expected)
    components = wgpu_components(backend, language, versions)
    subgroup_size = runner.subgroup_size
    # lavapipe cuts subgroups out of rows of the work group, as chains.vulkan_target says.
    rows = "llvmpipe" in versions["device"]

    def run(job: Job) -> RunResult:
        refused = (
            job_language_refused(name, job, language)
            or subgroup_size_refused(name, job, subgroup_size, rows)
            or features_refused(name, job, runner.features)
        )
        if refused is not None:
            return refused
        constants = pipeline_constants(job) if language is Language.WGSL else None
        if job.stage == "compute":
            result = runner.run_compute(job.source, job.buffers, job.groups, language, constants)
        else:
            result = runner.run_fragment(
                job.source,
                job.width,
                job.height,
                job.buffers,
                job.integer_image,
                language,
                vertex_source=job.vertex_source,
                constants=constants,
                attachments=job.attachments,
            )
        if job.subgroup_size is not None:
            # The run parameter the result holds for, in the run's record.
            result.log = f"subgroup size {subgroup_size}\n{result.log}".rstrip()
        return _name_failure(result, backend, language)

    return ChainTarget(name, components, run, extra_versions=versions)


def pipeline_constants(job: Job) -> dict[str, int]:
    """WGSL's pipeline-overridable constants of a job: each specialization constant's
    VALUE by its `@id` (emit/wgsl.py writes the DEFAULT in the module). GLSL through
    naga's front-end reads the VALUE from the text's `#else` (no VULKAN is defined)."""
    return {str(constant_id): value for constant_id, _, value in job.specialization}


def wgpu_components(
    backend: str, language: Language, versions: dict[str, str]
) -> list[tuple[str, str]]:
    """The chain's components, front-end first, from the runner's version record."""
    # The crates' own versions where the library names them, else wgpu-native's.
    native = f"wgpu-native {versions['wgpu-native']}"
    naga = versions.get("naga", native)
    components = [(NAGA_GLSL_IN, naga)] if language is Language.GLSL else []
    # naga's writer for the API and the wgpu-hal back-end it hands its text to (the
    # component table's naga_writer and hands_to).
    writer, hal = handed_on(naga_writer(backend))
    components += [(NAGA, naga), (writer, naga), (hal, versions.get("wgpu-hal", native))]
    device, description = versions["device"], versions["description"]
    if backend == "gl":
        # As gl_runner reports a GL driver: `4.5 (Core Profile) Mesa 22.3.6` and
        # `llvmpipe (LLVM 15.0.6, 256 bits)`.
        driver = "llvmpipe" if "llvmpipe" in device else device.split()[0].lower()
        gl_versions = {"driver": driver, "GL_VERSION": description}
        mesa, llvm = mesa_version(description), llvm_version(device)
        if mesa:
            gl_versions["Mesa"] = mesa
        if llvm:
            gl_versions["LLVM"] = llvm
        return components + gl_components(gl_versions)
    # lavapipe, then llvmpipe's back-end on LLVM, as in chains.vulkan_target; a closed
    # Vulkan driver as one opaque component.
    if swiftshader.DEVICE in device and not description:
        # wgpu's adapter has no driver text for SwiftShader: the package names the build.
        description = f"{swiftshader.PACKAGE} {swiftshader.require()}"
    return components + versioned(vulkan_chain(device), description, llvm_version(device))


def _name_failure(result: RunResult, backend: str, language: Language) -> RunResult:
    """Which component refused the shader (the runner says at which step).

    Module creation is naga's front-end and validator: for GLSL input a refusal is
    naga's GLSL front-end not taking the test, `unsupported`. Pipeline creation runs
    naga's back-end and the driver's compiler; on GL, Mesa's compiler log in wgpu's
    message means Mesa's GLSL front-end refused naga's GLSL (blamed on it, as the
    spirv-cross chain blames it for spirv-cross's GLSL); otherwise naga's back-end.
    """
    if result.status is not RunStatus.COMPILE_ERROR:
        return result
    if result.failed_component == "module":
        if language is Language.GLSL:
            result.status = RunStatus.UNSUPPORTED
            result.failed_component = NAGA_GLSL_IN
        else:
            result.failed_component = NAGA
    elif backend == "gl" and _MESA_GLSL_ERROR.search(result.log):
        result.failed_component = "mesa-glsl"
    else:
        result.failed_component = NAGA
    return result
