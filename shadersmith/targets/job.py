"""What a target is asked to run: a job, and the SPIR-V module made once for all of its
Vulkan chains. Data only, so that the chains, the precompiler and the session share it
without importing each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Program
from shadersmith.ir.specialization import SpecializationEntry
from shadersmith.ir.values import BufferValues
from shadersmith.targets.results import BufferInput

if TYPE_CHECKING:
    from shadersmith.targets.tools.spirv_tools import Toolset


@dataclass(frozen=True)
class PrecompiledSpirv:
    """glslang's module for one GLSL text, already accepted by spirv-val."""

    source_digest: str  # sha256 of the GLSL text it was compiled from
    stage: str
    toolset: Toolset
    glslang_version: str
    spirv: bytes
    notes: tuple[str, ...]  # what spirv-val said when it took a second opinion
    ms: float  # glslang and spirv-val, wall time in the caller


@dataclass(frozen=True)
class Job:
    """One shader to run, with everything any target needs for it."""

    stage: str  # "compute" or "fragment"
    source: str  # the shader text, in `language`
    # Compute: the storage buffers. Fragment: the blocks bound while drawing (uniform
    # blocks, BufferInput.uniform), never read back.
    buffers: tuple[BufferInput, ...] = ()
    # The IR and initial values, for the reference interpreter (absent for foreign tests).
    program: Program | None = None
    buffer_values: BufferValues | None = None
    # spirv-opt pass list recorded in the test; None means the target's own default.
    spirv_passes: tuple[str, ...] | None = None
    # Compute jobs: how many work groups are dispatched (each of the shader's local size).
    groups: tuple[int, int, int] = (1, 1, 1)
    # Fragment jobs: framebuffer size, and the GLSL 3.30 text for GL 3.3 drivers.
    width: int = 256
    height: int = 256
    source_gl33: str | None = None
    # Fragment jobs: the output is a `uvec4` rendered into an RGBA32UI attachment and read
    # back as uint32 words (RunResult.image), instead of RGBA8.
    integer_image: bool = False
    # Fragment jobs: how many colour outputs (locations 0..N-1, all of one kind) the
    # shader writes; a runner draws N attachments of width x height and returns them side
    # by side, one (height, N * width, 4) image (targets/runners/images.py).
    attachments: int = 1
    # Fragment jobs with a generated vertex shader (generate/vertex_stage.py): its text in
    # `language`, its GLSL 3.30 spelling for softpipe, and its IR for the interpreter;
    # None: the runners' fixed full-screen vertex shader.
    vertex_source: str | None = None
    vertex_source_gl33: str | None = None
    vertex_program: Program | None = None
    # Debian's glslang module of `source`, made once for every Vulkan chain of the job
    # (precompile.py); a chain whose glslang or text differs makes its own.
    spirv: PrecompiledSpirv | None = None
    # The language `source` is written in (its test's profile's): a chain answers a job
    # in a language it does not read as `unsupported` (job_language_refused). A job made
    # by hand in another language than GLSL says so.
    language: Language = Language.GLSL
    # Compute jobs with subgroup operations: the subgroup size the test is run at, a run
    # parameter (interp/subgroups.py). The interpreter models it; a target whose subgroups
    # have another size sits the job out (chains.subgroup_size_refused). None: no
    # subgroup operations.
    subgroup_size: int | None = None
    # The specialization constants a Vulkan pipeline sets (constant id, scalar type name,
    # VALUE: ir/specialization.py) over the DEFAULTs glslang's module holds; the GL text
    # (the `#else` of `#ifdef VULKAN`) holds the VALUEs, and a chain that can set neither
    # sits the job out (chains.specialization_refused).
    specialization: tuple[SpecializationEntry, ...] = ()
    # The explicit-width arithmetic features the program's types need (analysis/
    # widths.py: "int64"); a chain whose driver or device lacks one sits the job out
    # (chains.features_refused).
    needs: frozenset[str] = frozenset()
    # How the reference interpreter evaluates floats: the mode the test's program was
    # reconditioned in (recondition/step.float_mode_of). INTERVAL: its outputs are
    # intervals, and the targets' are judged against them (oracle/interval_findings.py).
    floats: FloatMode = FloatMode.EXACT
