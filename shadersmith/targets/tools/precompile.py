"""glslang once per job, its SPIR-V shared by every Vulkan chain of the job.

Every Vulkan chain (vk-lavapipe, -opt, -cross, the spirv-cross witnesses, planted
variants) starts with the same step: Debian's glslang, then spirv-val on its output.
Where the workers run glslang in-process (glslang_library.py, ~4 ms) each chain does it
itself and nothing here is used. Elsewhere each is a subprocess of ~0.1 s, three to five
times per test for one and the same module; then `with_spirv` runs that step once, in
the caller (TargetSession's feed of jobs, session.py), and puts
the module in the job (`Job.spirv`); `toolchain.build_spirv` takes it instead of running
glslang where `usable` says it is the module the chain would have made:

- the same GLSL text (a chain that rewrites it, a planted bug or the spirv-cross witness
  that compiles spirv-cross's GLSL again, builds its own);
- the same stage and the same toolset (the `-newest` chains run another glslang).

A glslang or spirv-val failure is not shared: the job goes without `spirv`, and every
chain meets the failure itself, recorded exactly as before.

Time: the shared step is spent once, by the caller; a chain that used it reports it in
`RunResult.shared_spirv_ms` and leaves it out of its `tools_ms`, so summing `tools_ms`
over the chains of a job does not count glslang several times.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time

from shadersmith.ir.profile import Language
from shadersmith.targets.catalogue.table import (
    TARGETS,
    RadvBuild,
    SpirvToolsBuild,
    VulkanBuild,
    VulkanCompileBuild,
    WrappedBuild,
)
from shadersmith.targets.job import Job, PrecompiledSpirv
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.spirv_tools import DEBIAN, ToolError, Toolset

STAGES = ("compute", "fragment")


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()


def precompile(
    source: str, stage: str, toolset: Toolset = DEBIAN, timeout_s: float | None = None
) -> PrecompiledSpirv | None:
    """glslang and spirv-val on `source`, or None where either fails (each chain then
    meets and records the failure itself) or glslang is missing."""
    timeout = spirv_tools.DEFAULT_TIMEOUT_S if timeout_s is None else timeout_s
    started = time.perf_counter()
    try:
        spirv = spirv_tools.compile_glsl_to_spirv(source, stage, timeout_s=timeout, toolset=toolset)
        said = spirv_tools.validate_spirv(spirv, timeout_s=timeout, toolset=toolset)
        version = toolset.glslang_version()
    except (ToolError, ToolMissing):
        return None
    elapsed = (time.perf_counter() - started) * 1000.0
    notes = (f"spirv-val after glslang: {said}",) if said else ()
    return PrecompiledSpirv(source_digest(source), stage, toolset, version, spirv, notes, elapsed)


def with_spirv(job: Job, toolset: Toolset = DEBIAN, timeout_s: float | None = None) -> Job:
    """`job` with Debian's glslang module of its source in `Job.spirv` (unchanged where
    that fails or the job already has one)."""
    if job.spirv is not None or job.stage not in STAGES or job.language.family is not Language.GLSL:
        return job  # glslang reads GLSL's family only (a WGSL job goes to naga)
    made = precompile(job.source, job.stage, toolset, timeout_s)
    return job if made is None else dataclasses.replace(job, spirv=made)


def usable(
    precompiled: PrecompiledSpirv | None, source: str, stage: str, toolset: Toolset
) -> PrecompiledSpirv | None:
    """`precompiled` where it is exactly what this chain's glslang would make of `source`."""
    if precompiled is None:
        return None
    same = (
        precompiled.stage == stage
        and precompiled.toolset == toolset
        and precompiled.source_digest == source_digest(source)
    )
    return precompiled if same else None


def needs_debian_spirv(name: str) -> bool:
    """Whether target `name` starts with Debian's glslang on the job's own text: the
    Vulkan chains on Debian's tools (RADV's compile-only ones, a user's, and
    compile-spirv-tools too), and wrapped variants of them (whose rewrite may leave the
    text as it is)."""

    target = TARGETS.get(name)
    if target is None:
        return False
    if isinstance(target.build, WrappedBuild):
        return needs_debian_spirv(target.build.base)
    if isinstance(target.build, RadvBuild | SpirvToolsBuild):
        return True
    # A chain on the newest tools, or on a user's own (user_targets.py), compiles its own
    # module.
    build = target.build
    return (
        isinstance(build, VulkanBuild | VulkanCompileBuild)
        and not target.newest
        and build.toolset is None
    )
