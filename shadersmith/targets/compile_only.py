"""Compile-only chains for the crash oracle: compilers run without a driver that executes.

- `compile-spirv-tools` (SpirvToolsBuild): glslang -> spirv-val -> spirv-opt with the
  test's recorded pass list (its random list, as vk-lavapipe-opt runs it) -> spirv-val ->
  spirv-cross back to GLSL. No driver: the tools are the subjects. `compile-spirv-cross-hlsl`
  and `-msl`: the same, spirv-cross writing HLSL or MSL.
- `compile-gl-llvmpipe` (GLCompileBuild): Mesa's GL program creation through EGL (the
  GLSL front-end, the linker, GLSL IR to NIR and NIR's passes). llvmpipe makes machine
  code lazily at the first dispatch or draw, which is never made, so no LLVM code is
  generated: the front-end and NIR are the subjects.

Their verdicts are ok (a result with `compile_only` set and no values, which no oracle
compares), a tool's or the front-end's rejection, a crash, a validator's rejection, a
timeout or a memory blow-up (the worker's caps, engine.py). A program that is not
reconditioned may be rejected for what GLSL lets a compiler reject (a constant index out
of range): the crash oracle (oracle/crash.py) counts a rejection, it never buckets one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.profile import Language
from shadersmith.targets.chains import (
    DEFAULT_OPT_PASSES,
    ChainTarget,
    gl_components,
    job_language_refused,
    name_rejecting_front_end,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.runners.gl_runner import GLRunner
from shadersmith.targets.tools import toolchain
from shadersmith.targets.tools.newest import newest_toolset
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    STAGE_EXTENSIONS,
    spirv_cross_version,
    spirv_val_version,
)

if TYPE_CHECKING:
    from shadersmith.targets.catalogue.table import GLCompileBuild, SpirvToolsBuild


def spirv_tools_target(name: str, build: SpirvToolsBuild, newest: bool = False) -> ChainTarget:
    """glslang, spirv-opt (the job's recorded passes, else -O), spirv-val after each, and
    spirv-cross of the result (catalogue.SpirvToolsBuild): Debian's tools, or on the twin
    the newest glslang, spirv-opt and spirv-val with Debian's spirv-cross."""
    toolset = newest_toolset() if newest else DEBIAN
    spirv_val_version()  # spirv-val checks every tool's output: it must be present
    components = [
        ("glslang", toolset.glslang_version()),
        ("spirv-opt", toolset.spirv_opt_version()),
        ("spirv-cross", spirv_cross_version()),
    ]
    validated_by = {"spirv-val": toolset.spirv_val_versions()}

    def run(job: Job) -> RunResult:
        refused = job_language_refused(name, job, Language.GLSL)
        if refused is not None:
            return refused
        passes = job.spirv_passes or DEFAULT_OPT_PASSES
        stages = [(job.stage, job.source, job.spirv)]
        if job.vertex_source is not None:  # a generated vertex shader goes through too
            stages.append(("vertex", job.vertex_source, None))
        result = RunResult(RunStatus.OK, compile_only=True)
        for stage, source, precompiled in stages:
            try:
                text, tools_ms = toolchain.cross_compile(
                    source, stage, passes, toolset, precompiled, build.output
                )
            except toolchain.ChainFailed as failure:
                failure.result.tools_ms += result.tools_ms
                result = failure.result
                break
            result.tools_ms += tools_ms
            suffix = STAGE_EXTENSIONS[stage] if build.output == "glsl" else build.output
            result.artefacts[f"cross.{suffix}"] = text.encode()
        # The pass list decides what spirv-opt did: said first, as vk-lavapipe-opt says it.
        result.log = f"spirv-opt {' '.join(passes)}\n{result.log}".rstrip()
        return result

    return ChainTarget(name, components, run, extra_versions=validated_by)


def gl_compile_target(name: str, build: GLCompileBuild) -> ChainTarget:
    """Mesa's GL front-end and linker on `build.driver` (llvmpipe), through EGL: the
    program is created and released, nothing is drawn or dispatched."""

    runner = GLRunner(build.driver)
    versions = runner.versions()
    # The back-end makes no code here: the chain is the front-end's alone.
    components = gl_components(versions)[:1]

    def run(job: Job) -> RunResult:
        refused = job_language_refused(name, job, Language.GLSL)
        if refused is not None:
            return refused
        result = runner.compile_program(job.stage, job.source, job.vertex_source)
        return name_rejecting_front_end(result, build.driver)

    return ChainTarget(name, components, run, extra_versions=versions)
