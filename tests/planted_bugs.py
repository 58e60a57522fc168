"""Planted-bug targets: a real target whose input is rewritten before it compiles.

They exist to check oracles, signatures, blame and reduction end to end against a bug
whose cause is known: the rewrite is named as a component of its own, so blame must
point at it. They live with the tests, not in the tool: `register()` (called by
conftest.py, and by the benchmarks that use them) adds them to the target catalogue as
rows of role PLANTED, each wrapping a real target (targets/wrapped.py).
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable
from typing import Any

from shadersmith.targets.catalogue import table as catalogue
from shadersmith.targets.catalogue.table import Role, Target, WrappedBuild
from shadersmith.targets.chains import ChainTarget
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult, RunStatus

Run = Callable[[Job], RunResult]

# name -> (text to find, replacement): each rewrite changes one operator everywhere.
REWRITES: dict[str, tuple[str, str]] = {
    "xor-to-or": (" ^ ", " | "),
    "shl-to-shr": (" << ", " >> "),
    "sub-to-add": (" - ", " + "),
    # A wrong result in about a fifth of generated programs (19% of 150 on gl-llvmpipe):
    # the frequent bucket of bench/frequent_bucket.py.
    "and-assign-to-or": (" &= ", " |= "),
    # Only metamorphic variants have it: a loop bounded by an opaque value (wrap-loop in
    # mutate/transforms/control.py) runs no iteration, as a miscompiled loop would.
    "opaque-loop-skipped": ("< _opaque.one", "< _opaque.zero"),
    # Only fused programs have it (mutate/fusion/relations.py leaf): the second part's
    # colour comes out at half its value, as a miscompiled fused program's would, while
    # every part alone renders right.
    "halve-part-2": ("vec4(part_2)", "vec4(part_2 / 2u)"),
}


def rewrite_operator(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run, with the operator rewrite `rewrite` applied to the text."""
    find, replace = REWRITES[rewrite]

    def run(job: Job) -> RunResult:
        rewritten = dataclasses.replace(job, source=job.source.replace(find, replace))
        return real.run(rewritten)

    return run


# A driver whose wrong result does not come back when the test runs again (softpipe's,
# in issue 37's review): `sub-to-add` on the first run of each shader text in the worker.
ONCE = "sub-to-add-once"


def rewrite_operator_once(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run, with the `sub-to-add` rewrite on a shader's first run in
    this worker only: the campaign's re-run of the test gives the right values."""
    assert rewrite == ONCE
    find, replace = REWRITES["sub-to-add"]
    seen: set[str] = set()

    def run(job: Job) -> RunResult:
        if job.source in seen:
            return real.run(job)
        seen.add(job.source)
        return real.run(dataclasses.replace(job, source=job.source.replace(find, replace)))

    return run


# A driver that keeps state between jobs (softpipe's registers, issue 37): once a job
# with `^` has run in the worker, that job and every later one get `sub-to-add`. A
# reducer that judges on warm workers drops the `^` and keeps a test that shows nothing
# on a fresh worker.
STICKY = "sub-to-add-after-xor"


def rewrite_operator_after_xor(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run, with `sub-to-add` on every job from the first with `^`."""
    assert rewrite == STICKY
    find, replace = REWRITES["sub-to-add"]
    state = {"primed": False}

    def run(job: Job) -> RunResult:
        state["primed"] = state["primed"] or " ^ " in job.source
        if not state["primed"]:
            return real.run(job)
        return real.run(dataclasses.replace(job, source=job.source.replace(find, replace)))

    return run


# name -> (text whose presence triggers the failure, what the failure is).
FAILURES: dict[str, tuple[str, str]] = {
    # A real crash of the worker process (SIGABRT after an assertion message, as glibc's
    # assert prints it), so the watchdog, re-runs and the crash signature all take part.
    "crash-on-bitfield-reverse": ("bitfieldReverse(", "crash"),
    # A crash of a compile-only target (the crash oracle's: tests/test_crash_mode.py).
    "crash-on-xor": (" ^ ", "crash"),
    # A rejection of valid code, as a front-end with a missing feature would give.
    "reject-switch": ("switch (", "compile"),
    # Only fused programs of three parts or more have it (the colour mix's third
    # parameter, mutate/fusion/form.py): a fused program rejected while its parts render.
    "reject-three-parts": ("uvec4 part_3", "compile"),
    # Only programs with generated textures have it (generate/textures.py): a front-end
    # that cannot fetch a texel, so a reduced test must keep a texture and its read.
    "reject-texel-fetch": ("texelFetch(", "compile"),
}


def fail_on_trigger(real: ChainTarget, failure: str) -> Run:
    """The real target's run, crashing or rejecting the shader when its text holds the
    failure's trigger."""
    trigger, what = FAILURES[failure]
    component = f"planted-{failure}"

    def run(job: Job) -> RunResult:
        if trigger not in job.source:
            return real.run(job)
        if what == "crash":
            print(
                f"shader_compiler: planted.c:1: void {failure.replace('-', '_')}(void): "
                f"Assertion `no {trigger.rstrip('(')}' failed.",
                file=sys.stderr,
                flush=True,
            )
            os.abort()
        return RunResult(
            RunStatus.COMPILE_ERROR,
            log=f"0:1(1): error: planted: `{trigger.strip()}' is not supported",
            failed_component=component,
        )

    return run


# name -> (passes of which one must come first, the pass after it, text in the shader):
# a planted spirv-opt bug that a pass shows only after another has run, so the pass-list
# reduction must keep both, in order, and name the second as the first bad pass.
PASS_FAILURES: dict[str, tuple[tuple[str, ...], str, str]] = {
    "invalid-ccp-after-ssa": (
        ("--eliminate-local-multi-store", "--ssa-rewrite"),
        "--ccp",
        "for (",
    ),
}


def fail_after_pass(real: ChainTarget, failure: str) -> Run:
    """The real target's run (one that runs the job's spirv-opt pass list), its
    optimised SPIR-V rejected when the list runs the failure's pass after its enabling
    pass and the shader holds the failure's text."""
    enablers, bad_pass, trigger = PASS_FAILURES[failure]
    component = f"planted-{failure}"

    def triggered(job: Job) -> bool:
        passes = list(job.spirv_passes or ())
        first = next((i for i, p in enumerate(passes) if p in enablers), None)
        return first is not None and bad_pass in passes[first + 1 :] and trigger in job.source

    def run(job: Job) -> RunResult:
        if not triggered(job):
            return real.run(job)
        return RunResult(
            RunStatus.VALIDATION_ERROR,
            log=(
                f"spirv-opt {' '.join(job.spirv_passes or ())}\n"
                f"spirv-val after {component}:\n"
                f"error: line 1: planted: {bad_pass} after SSA rewriting left an OpPhi "
                "without its loop's back-edge value"
            ),
            failed_component=component,
        )

    return run


# name -> how many float32 ULPs every float output is moved up: a float bug that only
# the interval oracle can tell (exact mode's outputs are exact small integers, interval
# mode's may differ inside their interval: tests/test_interval_campaign.py).
FLOAT_SHIFTS: dict[str, int] = {"float-ulps": 64}


def move_float_outputs(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run, each float of its buffers moved FLOAT_SHIFTS[rewrite]
    ULPs up (NaN and the infinities as they are)."""
    ulps = FLOAT_SHIFTS[rewrite]

    def run(job: Job) -> RunResult:
        result = real.run(job)
        if result.ok and result.buffers:
            result.buffers = {
                binding: {name: _moved(value, ulps) for name, value in fields.items()}
                for binding, fields in result.buffers.items()
            }
            result.digest = None
        return result

    return run


def _moved(value: Any, ulps: int) -> Any:
    # Imported here: only a worker of this planted target moves floats.
    import math

    from shadersmith.interp.float32 import from_ordinal, ordinal

    if isinstance(value, tuple | list):
        return type(value)(_moved(v, ulps) for v in value)
    if type(value) is float and math.isfinite(value):
        return from_ordinal(ordinal(value) + ulps)
    return value


# name -> what a SPIR-V consumer gets wrong in a job's module (Job.spirv): patterns only
# SPIR-V transformations write (shadersmith/spirv/transforms/), never glslang, so only a
# SPIR-V campaign's variants have them (tests/test_spirv_fuzz.py).
MODULE_REWRITES = ("copy-object-int-is-zero",)


# name -> (channel, bytes added): a colour bug the image interval oracle must tell, on
# images only (move_float_outputs moves buffers; a fragment test's RGBA8 image has none).
COLOUR_SHIFTS: dict[str, tuple[int, int]] = {"colour-bytes": (0, 2)}


def shift_colour_bytes(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run, one channel of its RGBA8 image moved COLOUR_SHIFTS[rewrite]
    bytes up (wrapping at 256)."""
    channel, shift = COLOUR_SHIFTS[rewrite]

    def run(job: Job) -> RunResult:
        result = real.run(job)
        if result.ok and result.image is not None and result.image.dtype.itemsize == 1:
            image = result.image.copy()
            image[..., channel] += shift  # uint8 arithmetic wraps
            result.image = image
            result.digest = None
        return result

    return run


def rewrite_module(real: ChainTarget, rewrite: str) -> Run:
    """The real target's run of a job's module with `rewrite` applied: for
    `copy-object-int-is-zero`, each 32-bit integer OpCopyObject computes x - x (zero)."""
    assert rewrite in MODULE_REWRITES

    def run(job: Job) -> RunResult:
        if job.spirv is None:
            return real.run(job)
        rewritten = _int_copies_as_zero(job.spirv.spirv)
        return real.run(
            dataclasses.replace(job, spirv=dataclasses.replace(job.spirv, spirv=rewritten))
        )

    return run


# name -> what spirv-opt gets wrong on a job's module (its input): a pattern only SPIR-V
# transformations write, for which the planted spirv-opt writes invalid SPIR-V, as a real
# optimiser's pass does on a shape it mishandles; placed right after spirv-opt in the
# chain, so blame names it there.
MODULE_FAILURES = ("invalid-on-used-int-copy",)


def fail_on_module_pattern(real: ChainTarget, failure: str) -> Run:
    """The real target's run (one that runs spirv-opt on the job's module), unless the
    module holds a 32-bit integer OpCopyObject that something uses: then spirv-opt's
    output is rejected, as if a pass had mishandled the copy."""
    assert failure in MODULE_FAILURES
    component = f"planted-{failure}"

    def run(job: Job) -> RunResult:
        if job.spirv is None or not _has_used_int_copy(job.spirv.spirv):
            return real.run(job)
        return RunResult(
            RunStatus.VALIDATION_ERROR,
            log=(
                f"spirv-opt {' '.join(job.spirv_passes or ('-O',))}\n"
                f"spirv-val after {component}:\n"
                "error: line 1: planted: spirv-opt rewrote a used integer OpCopyObject "
                "into an id of another type"
            ),
            failed_component=component,
        )

    return run


def _has_used_int_copy(spirv: bytes) -> bool:
    # Imported here: only a worker of this planted target reads modules.
    from shadersmith.spirv.module import read_module
    from shadersmith.spirv.operands import Id

    module = read_module(spirv)
    instructions = list(module.instructions())
    ints = _int_types(instructions)
    copies = {
        i.result_id for i in instructions if i.opname == "OpCopyObject" and i.result_type in ints
    }
    return any(
        isinstance(operand, Id) and operand.value in copies
        for i in instructions
        for operand in i.operands
    )


def _int_types(instructions: list[Any]) -> set[int | None]:
    """The ids of the 32-bit integer types and of their vectors."""
    ints = {
        i.result_id
        for i in instructions
        if i.opname == "OpTypeInt" and int(i.operands[0].value) == 32
    }
    return ints | {
        i.result_id
        for i in instructions
        if i.opname == "OpTypeVector" and int(i.operands[0].value) in ints
    }


def _int_copies_as_zero(spirv: bytes) -> bytes:
    # Imported here: only a worker of this planted target reads modules.
    from shadersmith.spirv.instruction import Instruction
    from shadersmith.spirv.module import read_module
    from shadersmith.spirv.operands import Id

    module = read_module(spirv)
    ints = _int_types(list(module.instructions()))
    for function in module.functions:
        for block in function.blocks:
            for position, instruction in enumerate(block.body):
                if instruction.opname == "OpCopyObject" and instruction.result_type in ints:
                    (value,) = instruction.operands
                    assert isinstance(value, Id)
                    block.body[position] = Instruction.make(
                        "OpISub",
                        value,
                        value,
                        result_type=instruction.result_type,
                        result_id=instruction.result_id,
                    )
    return module.to_bytes()


def _planted(name: str, base: str, plant: str, function: str, after: str | None = None) -> Target:
    real = catalogue.TARGETS[base]
    component = f"planted-{plant}"
    rewrites = (
        "rewrite_operator",
        "rewrite_operator_once",
        "rewrite_operator_after_xor",
        "rewrite_module",
        "move_float_outputs",
        "shift_colour_bytes",
    )
    argument = "rewrite" if function in rewrites else "failure"
    build = WrappedBuild(base, f"{__name__}:{function}", component, after, ((argument, plant),))
    # Its components are the build's: the base's chain with the plant after `after`.
    return Target(
        name, build, stages=real.stages, reads=real.reads, role=Role.PLANTED, listed=False
    )


def planted_targets() -> list[Target]:
    """Every planted target: each rewrite and failure on GL and Vulkan, the pass-list
    failure after vk-lavapipe-opt's spirv-opt, `sub-to-add` on wgpu-vk (for WGSL
    tests: the fragment module's text is rewritten, a vertex module's is not),
    `sub-to-add` standing for a bug in the driver that reads spirv-opt's output, or in
    that output itself (tests/test_blame_witnesses.py), and a crash on `^` in front of
    each compile-only target of the crash oracle."""
    bases = ("gl-llvmpipe", "vk-lavapipe")
    return [
        _planted("planted-sub-to-add-wgpu-vk", "wgpu-vk", "sub-to-add", "rewrite_operator"),
        _planted(f"planted-{ONCE}-vk-lavapipe", "vk-lavapipe", ONCE, "rewrite_operator_once"),
        _planted(
            f"planted-{STICKY}-gl-llvmpipe", "gl-llvmpipe", STICKY, "rewrite_operator_after_xor"
        ),
        *(
            _planted(f"planted-{rewrite}-{base}", base, rewrite, "rewrite_operator")
            for rewrite in REWRITES
            for base in bases
        ),
        *(
            _planted(f"planted-{failure}-{base}", base, failure, "fail_on_trigger")
            for failure in FAILURES
            for base in bases
        ),
        # A bug in the driver that reads spirv-opt's output (declared last in the chain,
        # where a driver's own bug sits): vk-nvidia-opt's of issue 30, on the CPU.
        _planted(
            "planted-sub-to-add-in-driver-vk-lavapipe-opt",
            "vk-lavapipe-opt",
            "sub-to-add",
            "rewrite_operator",
            after="llvm",
        ),
        # A bug in spirv-opt's output (declared right after it), which every driver
        # reading that output shows.
        *(
            _planted(
                f"planted-sub-to-add-after-opt-{base}",
                base,
                "sub-to-add",
                "rewrite_operator",
                after="spirv-opt",
            )
            for base in ("vk-lavapipe-opt", "vk-swiftshader-opt")
        ),
        # A SPIR-V consumer's bug (after glslang, whose module the job's replaces).
        *(
            _planted(f"planted-{rewrite}-{base}", base, rewrite, "rewrite_module", "glslang")
            for rewrite in MODULE_REWRITES
            for base in ("vk-lavapipe", "vk-lavapipe-opt")
        ),
        # A float bug in the driver (its outputs moved some ULPs): the interval oracle's.
        _planted(
            "planted-float-ulps-vk-lavapipe",
            "vk-lavapipe",
            "float-ulps",
            "move_float_outputs",
            after="llvm",
        ),
        # A colour bug in the driver (one channel's bytes moved): the image interval oracle's.
        _planted(
            "planted-colour-bytes-vk-lavapipe",
            "vk-lavapipe",
            "colour-bytes",
            "shift_colour_bytes",
            after="llvm",
        ),
        # The crash oracle's compile-only targets, with a crash planted.
        *(
            _planted(f"planted-crash-on-xor-{base}", base, "crash-on-xor", "fail_on_trigger")
            for base in ("compile-spirv-tools", "compile-gl-llvmpipe")
        ),
        *(
            _planted(
                f"planted-{failure}-vk-lavapipe-opt",
                "vk-lavapipe-opt",
                failure,
                "fail_after_pass",
                after="spirv-opt",
            )
            for failure in PASS_FAILURES
        ),
        # A spirv-opt bug on a module pattern (a SPIR-V campaign's: its variants have it).
        *(
            _planted(
                f"planted-{failure}-vk-lavapipe-opt",
                "vk-lavapipe-opt",
                failure,
                "fail_on_module_pattern",
                after="spirv-opt",
            )
            for failure in MODULE_FAILURES
        ),
    ]


def register() -> None:
    """Make the planted targets known to this process (its workers import this module)."""
    for target in planted_targets():
        catalogue.register(target)
