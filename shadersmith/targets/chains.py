"""Targets as named chains of real components, and the jobs they run.

A target is built inside a worker process (see engine.py) from its `TargetSpec`; it
keeps its driver context for the life of the worker. Each target names its components
in chain order (front-end, tools, driver) with their versions: blame works on those.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from shadersmith.analysis.subgroups import rows_agree_with_linear
from shadersmith.ir.profile import Language
from shadersmith.ir.program import TextureKind
from shadersmith.targets.catalogue.components import LLVM, gl_chain, gl_front_end, vulkan_chain
from shadersmith.targets.job import Job
from shadersmith.targets.results import Image, RunResult, RunStatus

if TYPE_CHECKING:
    from shadersmith.targets.catalogue.table import GLBuild, VulkanBuild
    from shadersmith.targets.runners.vk_runner import VulkanRunner
    from shadersmith.targets.tools.spirv_tools import Toolset

DRIVER = "driver"  # what a runner calls the component it cannot name (oracle/components.py)

DEFAULT_OPT_PASSES = ("-O",)


@dataclass
class ChainTarget:
    """A target whose work is one function of the job."""

    name: str
    components: list[tuple[str, str]]  # (component, version), in chain order
    run: Callable[[Job], RunResult]
    extra_versions: dict[str, str] = field(default_factory=dict)

    def versions(self) -> dict[str, str]:
        return {**dict(self.components), **self.extra_versions}

    def execute(self, job: Job) -> RunResult:
        result = self.run(job)
        if not result.ok and result.failed_component is None:
            # The last component is the driver; what the tools reject names itself.
            result.failed_component = self.components[-1][0]
        return result


# Mesa 22.3's GL offers no GL_KHR_shader_subgroup (only GL_ARB_shader_ballot and
# GL_ARB_shader_group_vote, other spellings), so GL chains decline subgroup tests.
SUBGROUP_SIZE_OF_GL: int | None = None


# spirv-cross chains translate the fragment shader only: a generated vertex shader would
# need its own round trip, not written yet.
VERTEX_STAGE_THROUGH_CROSS = "generated vertex shaders through spirv-cross"
# spirv-cross writes a push-constant block as a default-block uniform struct (`uniform PC
# pc;`), which the GL runner does not set and Vulkan GLSL does not allow (emit/glsl.py
# gives GL a std140 block instead).
PUSH_CONSTANTS_THROUGH_CROSS = "push constants through spirv-cross"


def _unsupported(target: str, what: str) -> RunResult:
    return RunResult(RunStatus.UNSUPPORTED, log=f"{target} does not run {what}")


# How the interpreter's log begins when the interval float mode refuses a test (a branch
# or an integer rounding decides, a built-in it does not model): the test is counted as
# refused, with the rest of the line as its reason (oracle/interval_findings.py).
INTERVAL_REFUSAL = "interval mode refuses: "


def _refused(target: str, why: str) -> RunResult:
    return RunResult(RunStatus.UNSUPPORTED, log=f"{target}: {INTERVAL_REFUSAL}{why}")


def pushes_constants(job: Job) -> bool:
    """Whether the job has a push-constant block (ir/program.StorageBuffer.push_constant)."""
    return any(buffer.push_constant for buffer in job.buffers)


def subgroup_size_refused(
    target: str, job: Job, offered: int | None, rows: bool = False
) -> RunResult | None:
    """`unsupported` for a job with subgroup operations (Job.subgroup_size) that the chain
    cannot run as the test asks: its driver offers no GL_KHR_shader_subgroup (`offered`
    None: Mesa 22's GL) or subgroups of another size, whose results are other values (the
    interpreter models the test's size, interp/subgroups.py), or, `rows` (lavapipe), cuts
    subgroups out of each row of a work group whose rows do not split into whole ones
    (analysis/subgroups.rows_agree_with_linear); else None."""
    if job.subgroup_size is None:
        return None
    if offered == job.subgroup_size:
        local_size = _local_size(job)
        if rows and local_size and not rows_agree_with_linear(local_size, offered):
            return _unsupported(target, f"subgroups of a {local_size} work group (rows)")
        return None
    if offered is None:
        return _unsupported(target, "subgroup operations (no GL_KHR_shader_subgroup)")
    return _unsupported(
        target, f"subgroups of {job.subgroup_size} (its subgroups have {offered} invocations)"
    )


_LOCAL_SIZE = re.compile(r"local_size_([xyz])\s*=\s*(\d+)")
_WORKGROUP_SIZE = re.compile(r"@workgroup_size\(\s*(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?")


def features_refused(target: str, job: Job, offered: frozenset[str]) -> RunResult | None:
    """`unsupported` for a job whose types need a feature (Job.needs: 64-bit integers)
    that the chain's driver or device does not offer; else None."""
    missing = sorted(job.needs - offered)
    if not missing:
        return None
    return _unsupported(target, f"{', '.join(missing)} (the driver lacks it)")


def _local_size(job: Job) -> tuple[int, int, int]:
    """A compute job's work group size, read from its text (a worker's job may come
    without its IR): GLSL's `local_size_x = 5`, WGSL's `@workgroup_size(5, 2, 1)`."""
    wgsl = _WORKGROUP_SIZE.search(job.source)
    if wgsl is not None:
        x, y, z = (int(n) if n else 1 for n in wgsl.groups())
        return (x, y, z)
    given = {axis: int(n) for axis, n in _LOCAL_SIZE.findall(job.source)}
    return (given.get("x", 1), given.get("y", 1), given.get("z", 1))


def job_language_refused(target: str, job: Job, reads: Language) -> RunResult | None:
    """`unsupported` for a job whose text the chain does not read (a chain that reads
    `reads` reads its whole family: Language.family, ESSL for GLSL); else None."""
    if job.language.family is reads.family:
        return None
    wanted, given = reads.family.value.upper(), job.language.value.upper()
    return RunResult(RunStatus.UNSUPPORTED, log=f"{target} runs {wanted} tests only, not {given}")


def gl_target(name: str, build: GLBuild, newest: bool = False) -> ChainTarget:
    """GLSL straight into an OpenGL driver: `gl-llvmpipe`, `gl-softpipe`, `gl-nvidia`,
    `gl-zink` (catalogue.GLBuild); `newest` on the newest Mesa (newest.py: the worker
    starts with its environment)."""
    # Imported here: a chain is built in the worker that runs it, which loads only its
    # own driver (moderngl, EGL).
    from shadersmith.targets.runners.gl_runner import GLRunner
    from shadersmith.targets.tools import newest as latest

    expected = latest.require_mesa() if newest else None
    driver = build.driver
    runner = GLRunner(driver, build.raise_version)
    versions = runner.versions()
    if expected is not None:
        latest.check_mesa(versions["GL_VERSION"], expected)
    components = gl_components(versions)

    features = runner.features

    def run(job: Job) -> RunResult:
        refused = (
            job_language_refused(name, job, Language.GLSL)
            or subgroup_size_refused(name, job, SUBGROUP_SIZE_OF_GL)
            or features_refused(name, job, features)
        )
        if refused is not None:
            return refused
        if job.stage == "compute":
            if not runner.supports_compute:
                return _unsupported(name, "compute shaders")
            return name_rejecting_front_end(
                runner.run_compute(job.source, job.buffers, job.groups), driver
            )
        source, vertex = job.source, job.vertex_source
        if driver == "softpipe" and job.source_gl33 and (vertex is None or job.vertex_source_gl33):
            source, vertex = job.source_gl33, job.vertex_source_gl33
        return name_rejecting_front_end(
            runner.run_fragment(
                source,
                job.width,
                job.height,
                blocks=job.buffers,
                integer=job.integer_image,
                vertex_source=vertex,
                attachments=job.attachments,
            ),
            driver,
        )

    return ChainTarget(name, components, run, extra_versions=versions)


def gl_components(versions: dict[str, str]) -> list[tuple[str, str]]:
    """The components of a GL driver's chain, front-end first (the component table's
    gl_chain: Mesa's GLSL front-end, the driver, what it hands its work to), from its
    version strings: Mesa's version for Mesa's, LLVM's where the renderer names it."""
    driver = versions["driver"]
    version = versions.get("Mesa") or versions.get("GL_VERSION", "?")
    return versioned(gl_chain(driver), version, versions.get("LLVM"))


def versioned(chain: tuple[str, ...], version: str, llvm: str | None) -> list[tuple[str, str]]:
    """A driver's `chain` of components with the driver's `version` for each, LLVM's own
    for LLVM (left out where the driver does not name it)."""
    if llvm is None:
        return [(name, version) for name in chain if name != LLVM]
    return [(name, llvm if name == LLVM else version) for name in chain]


def name_rejecting_front_end(result: RunResult, driver: str) -> RunResult:
    """A GL compile or link error of a Mesa driver comes from Mesa's GLSL front-end (the
    driver's front_end in the component table); a closed driver's single component
    (`nvidia-gl`) is named by ChainTarget.execute."""
    front_end = gl_front_end(driver)
    if front_end is None:
        return result
    if result.status in (RunStatus.COMPILE_ERROR, RunStatus.LINK_ERROR) and (
        result.failed_component in (None, DRIVER)  # the GL runner's name for itself
    ):
        result.failed_component = front_end
    return result


def spirv_opt_passes(optimizer: str | None, job: Job) -> tuple[str, ...]:
    """What a chain's spirv-opt runs on `job` (VulkanBuild.optimizer): "default", the
    test's recorded pass list, else -O; a fixed list; None, nothing."""
    if optimizer == "default":
        return job.spirv_passes or DEFAULT_OPT_PASSES
    return tuple(optimizer.split()) if optimizer else ()


def run_on_vulkan(
    runner: VulkanRunner,
    job: Job,
    passes: tuple[str, ...],
    toolset: Toolset,
    optimizer: str | None,
) -> RunResult:
    """`job` through glslang [-> spirv-opt `passes`] into a Vulkan runner (a device, or a
    pipeline compiler of a null one); the log names a recorded or default pass list."""
    # Imported here: called in the worker that runs the chain (toolchain loads the tools).
    from shadersmith.targets.tools import toolchain

    if job.stage == "compute":
        result = toolchain.run_compute_on_vulkan(
            runner, job.source, job.buffers, passes, job.groups, toolset=toolset,
            precompiled=job.spirv, specialization=job.specialization,
        )  # fmt: skip
    else:
        result = toolchain.run_fragment_on_vulkan(
            runner,
            job.source,
            job.width,
            job.height,
            passes,
            toolset=toolset,
            blocks=job.buffers,
            integer=job.integer_image,
            precompiled=job.spirv,
            vertex_source=job.vertex_source,
            specialization=job.specialization,
            attachments=job.attachments,
        )
    if passes and optimizer == "default":
        result.log = f"spirv-opt {' '.join(passes)}\n{result.log}".rstrip()
    return result


def vulkan_target(name: str, build: VulkanBuild, newest: bool = False) -> ChainTarget:
    """GLSL -> glslang -> SPIR-V [-> spirv-opt] -> a Vulkan driver; with a
    `cross_driver`, SPIR-V -> spirv-cross -> GLSL -> that OpenGL driver; with `recross`,
    spirv-cross's GLSL goes through glslang again into the Vulkan driver (a witness: is
    spirv-cross's GLSL right, read by a front-end other than Mesa's?). See
    catalogue.VulkanBuild.

    spirv-val runs after every tool (toolchain.py). `newest`: the newest glslang,
    spirv-opt and spirv-val, and on Mesa's drivers the newest Mesa (newest.py);
    spirv-cross has no newer build than Debian's. A user's own tools (`build.toolset`,
    user_targets.py) where it names them, Debian's otherwise.
    """
    # Imported here: read in the worker, which loads only its own driver (moderngl, EGL).
    from shadersmith.targets.runners.gl_runner import llvm_version
    from shadersmith.targets.tools import newest as latest
    from shadersmith.targets.tools import toolchain
    from shadersmith.targets.tools.precompile import usable
    from shadersmith.targets.tools.spirv_tools import DEBIAN, spirv_val_version

    device, optimizer, recross, toolset = (
        build.device,
        build.optimizer,
        build.recross,
        build.toolset,
    )
    # Ask only the tools of this chain: a GPU machine may lack spirv-cross.
    if toolset is None:
        toolset = latest.newest_toolset() if newest else DEBIAN
    if not newest:
        spirv_val_version()  # spirv-val checks every tool's output: it must be present
    on_mesa = "llvmpipe" in device
    expected_mesa = latest.require_mesa() if newest and on_mesa else None
    components = [("glslang", toolset.glslang_version())]
    if optimizer is not None:
        components.append(("spirv-opt", toolset.spirv_opt_version()))
    validated_by = {"spirv-val": toolset.spirv_val_versions()}

    def passes_for(job: Job) -> tuple[str, ...]:
        return spirv_opt_passes(optimizer, job)

    if build.cross_driver is not None:
        # Imported here: in the worker, which loads only its own driver (moderngl, EGL).
        from shadersmith.targets.runners.gl_runner import GLRunner

        gl_driver = build.cross_driver
        gl_runner = GLRunner(gl_driver, raise_version=gl_driver == "softpipe")
        gl_versions = gl_runner.versions()
        if expected_mesa is not None:
            latest.check_mesa(gl_versions["GL_VERSION"], expected_mesa)
        components.append(("spirv-cross", toolset.spirv_cross_version()))
        components += gl_components(gl_versions)

        def run_cross(job: Job) -> RunResult:
            # spirv-cross's GLSL runs on the GL driver: the job needs that driver's features.
            refused = (
                job_language_refused(name, job, Language.GLSL)
                or subgroup_size_refused(name, job, SUBGROUP_SIZE_OF_GL)
                or features_refused(name, job, gl_runner.features)
            )
            if refused is not None:
                return refused
            if pushes_constants(job):
                return _unsupported(name, PUSH_CONSTANTS_THROUGH_CROSS)
            passes = passes_for(job)
            if job.stage == "compute":
                result = toolchain.run_compute_through_cross(
                    gl_runner,
                    job.source,
                    job.buffers,
                    passes,
                    job.groups,
                    toolset=toolset,
                    precompiled=job.spirv,
                    specialization=job.specialization,
                )
            elif job.vertex_source is not None:
                return _unsupported(name, VERTEX_STAGE_THROUGH_CROSS)
            else:
                result = toolchain.run_fragment_through_cross(
                    gl_runner,
                    job.source,
                    job.width,
                    job.height,
                    passes,
                    toolset=toolset,
                    blocks=job.buffers,
                    integer=job.integer_image,
                    precompiled=job.spirv,
                    specialization=job.specialization,
                    attachments=job.attachments,
                )
            return name_rejecting_front_end(result, gl_driver)

        return ChainTarget(
            name, components, run_cross, extra_versions={**gl_versions, **validated_by}
        )

    # Imported here: the worker loads only its own driver (the vulkan binding opens the loader).
    from shadersmith.targets.runners import swiftshader
    from shadersmith.targets.runners.vk_runner import VulkanRunner

    package = swiftshader.require() if device == swiftshader.DEVICE else None
    vk_runner = VulkanRunner(device)
    vk_versions = vk_runner.versions()
    # The device's components (the component table's vulkan_chain): lavapipe, then
    # llvmpipe's back-end, on LLVM; SwiftShader; a closed driver as `<device>-vk`.
    chain = vulkan_chain(device)
    driver = chain[0]
    driver_version = vk_versions.get("driver_info") or vk_versions.get("driver_version", "?")
    if package is not None:
        driver_version = swiftshader.component_version(vk_versions["driver_version"], package)
    if expected_mesa is not None:
        latest.check_mesa(driver_version, expected_mesa)
    if recross:
        components.append(("spirv-cross", toolset.spirv_cross_version()))
    components += versioned(chain, driver_version, llvm_version(vk_versions.get("device", "")))

    subgroup_size = vk_runner.device.subgroup_size()
    features = vk_runner.device.features

    def run_vulkan(job: Job) -> RunResult:
        refused = (
            job_language_refused(name, job, Language.GLSL)
            or subgroup_size_refused(name, job, subgroup_size, rows=driver == "lavapipe")
            or features_refused(name, job, features)
        )
        if refused is not None:
            return refused
        passes = passes_for(job)
        # The recross witness compiles spirv-cross's GLSL again: only its first glslang
        # can take the shared module (usable() checks the text), and says so below.
        shared = usable(job.spirv, job.source, job.stage, toolset) if recross else None
        if recross and job.vertex_source is not None:
            return _unsupported(name, VERTEX_STAGE_THROUGH_CROSS)
        if recross and pushes_constants(job):
            return _unsupported(name, PUSH_CONSTANTS_THROUGH_CROSS)
        if recross:
            try:
                source = toolchain.cross_compile(
                    job.source,
                    job.stage,
                    passes,
                    toolset=toolset,
                    precompiled=job.spirv,
                    specialization=job.specialization,
                )[0]
            except toolchain.ChainFailed as failure:
                failure.result.shared_spirv_ms = shared.ms if shared else None
                return failure.result
            job = dataclasses.replace(job, source=source)
            passes = ()
        result = run_on_vulkan(vk_runner, job, passes, toolset, optimizer)
        if shared is not None:
            result.shared_spirv_ms = shared.ms
        if job.subgroup_size is not None:
            # The run parameter the result holds for, in the run's record.
            result.log = f"subgroup size {subgroup_size}\n{result.log}".rstrip()
        return result

    return ChainTarget(name, components, run_vulkan, extra_versions={**vk_versions, **validated_by})


def interp_target(name: str = "interp") -> ChainTarget:
    """The reference interpreter: exact semantics, for jobs that carry their IR (compute
    shaders, fragment shaders with an integer colour, and fused programs, whose float
    colour is exact up to its one intended rounding); a WGSL job by WGSL's rules
    (interp/semantics.py). A job in the interval float mode runs on intervals: a compute
    job's buffers hold them, a fragment job's sampled pixels (RunResult.pixels)."""
    # Imported here: the interpreter's worker alone loads the interpreter.
    from shadersmith import __version__
    from shadersmith.interp import InterpreterError, UBCategory, UndefinedBehaviour, run_compute
    from shadersmith.interp.float_mode import FloatMode
    from shadersmith.interp.program import DEFAULT_SUBGROUP_SIZE
    from shadersmith.interp.semantics import noting_glsl_undefined

    def run(job: Job) -> RunResult:
        if job.program is None or job.buffer_values is None:
            return _unsupported(name, "tests without IR")
        interval = job.floats is FloatMode.INTERVAL
        if job.stage == "fragment":
            return run_interval_fragment(job) if interval else run_fragment(job)
        started = time.perf_counter()
        noted: set[str] = set()
        try:
            with noting_glsl_undefined() as noted:
                after = run_compute(
                    job.program,
                    job.buffer_values,
                    sanitize=True,
                    workgroups=job.groups,
                    language=job.language.family,
                    subgroup_size=job.subgroup_size or DEFAULT_SUBGROUP_SIZE,
                    floats=job.floats,
                )
        except UndefinedBehaviour as ub:
            if interval and ub.category is UBCategory.FLOAT_ROUNDOFF:
                # Rounding decides control flow or an integer: not judged (issue 37).
                return _refused(name, f"{ub.location}: {ub.message}")
            return RunResult(
                RunStatus.UNDEFINED_BEHAVIOUR,
                log=f"{ub.category.value}: {ub.location}: {ub.message}",
                failed_component="program",
            )
        except InterpreterError as error:
            if interval:
                return _noted(_refused(name, str(error)), noted)
            return _noted(_unsupported(name, str(error)), noted)
        binding_of = {b.block_name: b.binding for b in job.program.buffers}
        # Images are read back like buffers; sampled textures, like the drivers', are not.
        images = [t for t in job.program.textures if t.kind is TextureKind.STORAGE]
        binding_of.update({t.name: t.binding for t in images})
        sampled = {t.name for t in job.program.textures if t.kind is TextureKind.SAMPLED}
        buffers = {
            binding_of[block]: values
            for block, values in after.buffers.items()
            if block not in sampled
        }
        elapsed = (time.perf_counter() - started) * 1000
        return _noted(RunResult(RunStatus.OK, buffers=buffers, run_ms=elapsed), noted)

    def run_interval_fragment(job: Job) -> RunResult:
        """A fragment test in the interval float mode: the sampled fragments' colour
        intervals (interp/interval_image.py), which the image oracle judges each target's
        image against; rounding that decides something at one of them refuses the test."""
        # Imported here: the interpreter's worker alone loads the interpreter.
        from shadersmith.interp.interval_image import interval_colours

        started = time.perf_counter()
        vertex_noted: set[str] = set()  # as run_fragment's: naga translates both stages
        if job.vertex_program is not None:
            with noting_glsl_undefined() as vertex_noted:
                fed = _fed_by_vertex(name, job)
            if isinstance(fed, RunResult):
                # The vertex stage runs on intervals too (interp/vertex.py): rounding
                # that decides something there, or what it cannot run, is the interval
                # mode's refusal; other undefined behaviour stays what it is.
                rounded = f"vertex shader: {UBCategory.FLOAT_ROUNDOFF.value}:"
                if fed.status is RunStatus.UNSUPPORTED or fed.log.startswith(rounded):
                    return _refused(name, fed.log)
                return fed
            job = fed
        assert job.program is not None and job.buffer_values is not None
        noted: set[str] = set()
        try:
            with noting_glsl_undefined() as noted:
                pixels = interval_colours(
                    job.program,
                    job.buffer_values,
                    job.width,
                    job.height,
                    language=job.language.family,
                )
        except UndefinedBehaviour as ub:
            if ub.category is UBCategory.FLOAT_ROUNDOFF:
                return _refused(name, f"{ub.location}: {ub.message}")
            return RunResult(
                RunStatus.UNDEFINED_BEHAVIOUR,
                log=f"{ub.category.value}: {ub.location}: {ub.message}",
                failed_component="program",
            )
        except InterpreterError as error:
            return _noted(_refused(name, str(error)), noted | vertex_noted)
        elapsed = (time.perf_counter() - started) * 1000
        result = RunResult(RunStatus.OK, pixels=pixels, run_ms=elapsed)
        return _noted(result, noted | vertex_noted)

    def run_fragment(job: Job) -> RunResult:
        """The whole image by the lane interpreter, sampled fragments sanitized
        (interp/fragment_image.py); integer images, and a fused program's RGBA8 image
        (its float colour rounded only in its colour mix, as a unorm8 attachment
        stores it: the fusion oracle's reference image)."""
        # Imported here: the interpreter's worker alone loads the interpreter.
        from shadersmith.interp.fragment_image import (
            colour_rounding_functions,
            expected_image,
            expected_unorm_image,
        )

        # A WGSL vertex shader's GLSL-undefined operations count as the fragments' do:
        # naga's GLSL writer translates both modules (known_bugs.py).
        vertex_noted: set[str] = set()
        if job.vertex_program is not None:
            with noting_glsl_undefined() as vertex_noted:
                fed = _fed_by_vertex(name, job)
            if isinstance(fed, RunResult):
                return fed
            job = fed
        assert job.program is not None and job.buffer_values is not None
        rounding = frozenset[str]()
        if not job.integer_image:
            rounding = colour_rounding_functions(job.program)
            if not rounding or job.language is Language.WGSL:
                return _unsupported(name, "fragment shaders with a float colour")
        started = time.perf_counter()
        noted: set[str] = set()
        image: Image
        try:
            if rounding:
                image = expected_unorm_image(
                    job.program, job.buffer_values, job.width, job.height, rounding
                )
            elif job.language is Language.WGSL:
                with noting_glsl_undefined() as noted:
                    image = _wgsl_image(job)
            else:
                image = expected_image(job.program, job.buffer_values, job.width, job.height)
        except UndefinedBehaviour as ub:
            return RunResult(
                RunStatus.UNDEFINED_BEHAVIOUR,
                log=f"{ub.category.value}: {ub.location}: {ub.message}",
                failed_component="program",
            )
        except InterpreterError as error:
            # A WGSL image too slow to draw whole: what its sampled fragments evaluated
            # still says which undefined GLSL a translator was handed (known_bugs.py).
            return _noted(_unsupported(name, str(error)), noted | vertex_noted)
        elapsed = (time.perf_counter() - started) * 1000
        return _noted(RunResult(RunStatus.OK, image=image, run_ms=elapsed), noted | vertex_noted)

    return ChainTarget(name, [("shadersmith-interp", __version__)], run)


def _fed_by_vertex(name: str, job: Job) -> Job | RunResult:
    """A fragment job with a generated vertex shader as the fragment interpreters take
    it: the vertex shader run for the three vertices, its flat varyings made a uniform
    block of the fragment program (interp/vertex.py); or the run's result when the vertex
    shader meets undefined behaviour or cannot be run."""
    # Imported here: the interpreter's worker alone loads the interpreter.
    from shadersmith.interp import InterpreterError, UndefinedBehaviour
    from shadersmith.interp.vertex import fed_fragment

    assert job.program is not None and job.buffer_values is not None
    try:
        program, values = fed_fragment(
            job.vertex_program,
            job.program,
            job.buffer_values,
            language=job.language.family,
            floats=job.floats,
        )
    except UndefinedBehaviour as ub:
        return RunResult(
            RunStatus.UNDEFINED_BEHAVIOUR,
            log=f"vertex shader: {ub.category.value}: {ub.location}: {ub.message}",
            failed_component="program",
        )
    except InterpreterError as error:
        return _unsupported(name, f"this vertex shader ({error})")
    return dataclasses.replace(job, program=program, buffer_values=values, vertex_program=None)


def _noted(result: RunResult, noted: set[str]) -> RunResult:
    """`result` with the WGSL-only operations the run evaluated, named in its log too
    (a kept test's record shows them beside the values)."""
    if noted:
        result.defined_by_wgsl_only = tuple(sorted(noted))
        line = "evaluated what WGSL defines and GLSL does not: " + "; ".join(
            result.defined_by_wgsl_only
        )
        result.log = f"{result.log}\n{line}" if result.log else line
    return result


# The longest a WGSL fragment image may take the scalar interpreter, estimated from its
# sampled fragments: a campaign's timeout (60 s) must not make the reference a finding.
WGSL_IMAGE_BUDGET_S = 20.0


def _wgsl_image(job: Job) -> Image:
    """A WGSL fragment job's image: the lane interpreter knows only GLSL's rules, so the
    scalar interpreter runs every fragment, sanitizer on (about 0.5 s for 64x64). The
    sampled fragments run first; where they say the whole image would take longer than
    WGSL_IMAGE_BUDGET_S, the interpreter sits out (InterpreterError: unsupported)."""
    # Imported here: the interpreter's worker alone loads the interpreter.
    import statistics

    import numpy as np

    from shadersmith.interp import InterpreterError
    from shadersmith.interp.fragment import FragmentInterpreter, every_pixel, put_stacked
    from shadersmith.interp.fragment_image import sample_fragments

    assert job.program is not None and job.buffer_values is not None
    program, values, width = job.program, job.buffer_values, job.width
    interpreter = FragmentInterpreter(program, language=Language.WGSL)
    # N colour outputs: N images side by side (interp/fragment.stacked_pixels).
    image = np.zeros((job.height, len(program.outputs) * width, 4), np.uint32)
    sampled = sample_fragments(width, job.height)
    seconds = []
    for x, y in sampled:
        started = time.perf_counter()
        put_stacked(image, program, interpreter.run(values, x, y), x, y, width)
        seconds.append(time.perf_counter() - started)
    # The median fragment: a busy machine's pause in one run does not decide.
    estimate = statistics.median(seconds) * job.width * job.height
    if estimate > WGSL_IMAGE_BUDGET_S:
        raise InterpreterError(
            f"WGSL images this slow (about {estimate:.0f} s for {job.width}x{job.height} "
            f"fragments by the scalar interpreter; budget {WGSL_IMAGE_BUDGET_S:.0f} s)"
        )
    done = set(sampled)
    for x, y in every_pixel(width, job.height):
        if (x, y) not in done:
            put_stacked(image, program, interpreter.run(values, x, y), x, y, width)
    return image
