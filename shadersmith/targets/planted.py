"""Planted-bug targets: a real target whose input is rewritten before it compiles.

They exist to check oracles, signatures, blame and reduction end to end against a bug
whose cause is known: the rewrite is named as a component of its own, so blame must
point at it. Never part of the default target list; their names start with `planted-`.
"""

from __future__ import annotations

import dataclasses
import os
import sys

from shadersmith.targets.chains import ChainTarget, Job, gl_target, vulkan_target
from shadersmith.targets.results import RunResult, RunStatus

# name -> (text to find, replacement): each rewrite changes one operator everywhere.
REWRITES: dict[str, tuple[str, str]] = {
    "xor-to-or": (" ^ ", " | "),
    "shl-to-shr": (" << ", " >> "),
    "sub-to-add": (" - ", " + "),
    # Only metamorphic variants have it: a loop bounded by an opaque value (wrap-loop in
    # mutate/transforms/control.py) runs no iteration, as a miscompiled loop would.
    "opaque-loop-skipped": ("< _opaque.one", "< _opaque.zero"),
    # Only fused programs have it (mutate/fusion/relations.py leaf): the second part's
    # colour comes out at half its value, as a miscompiled fused program's would, while
    # every part alone renders right.
    "halve-part-2": ("vec4(part_2)", "vec4(part_2 / 2u)"),
}


def planted_target(name: str, base: str, rewrite: str) -> ChainTarget:
    """`base` ("gl-llvmpipe" or "vk-lavapipe") with the operator rewrite `rewrite`."""
    find, replace = REWRITES[rewrite]
    real = _real_target(name, base)

    def run(job: Job) -> RunResult:
        rewritten = dataclasses.replace(job, source=job.source.replace(find, replace))
        return real.run(rewritten)

    components = [(f"planted-{rewrite}", "1"), *real.components]
    return ChainTarget(name, components, run, extra_versions=real.extra_versions)


# name -> (text whose presence triggers the failure, what the failure is).
FAILURES: dict[str, tuple[str, str]] = {
    # A real crash of the worker process (SIGABRT after an assertion message, as glibc's
    # assert prints it), so the watchdog, re-runs and the crash signature all take part.
    "crash-on-bitfield-reverse": ("bitfieldReverse(", "crash"),
    # A rejection of valid code, as a front-end with a missing feature would give.
    "reject-switch": ("switch (", "compile"),
    # Only fused programs of three parts or more have it (the colour mix's third
    # parameter, mutate/fusion/form.py): a fused program rejected while its parts render.
    "reject-three-parts": ("uvec4 part_3", "compile"),
}


def _real_target(name: str, base: str) -> ChainTarget:
    if base == "gl-llvmpipe":
        return gl_target(name, "llvmpipe")
    if base == "vk-lavapipe":
        return vulkan_target(name, "llvmpipe")
    if base == "vk-lavapipe-opt":
        return vulkan_target(name, "llvmpipe", optimizer="default")
    raise ValueError(f"no planted variant of {base}")


def planted_failure_target(name: str, base: str, failure: str) -> ChainTarget:
    """`base` that crashes or rejects the shader when its text holds a trigger."""
    trigger, what = FAILURES[failure]
    real = _real_target(name, base)
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

    components = [(component, "1"), *real.components]
    return ChainTarget(name, components, run, extra_versions=real.extra_versions)


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


def planted_pass_failure_target(name: str, base: str, failure: str) -> ChainTarget:
    """`base` (a target that runs the job's spirv-opt pass list) whose optimised SPIR-V
    is rejected when the list runs the failure's pass after its enabling pass and the
    shader holds the failure's text."""
    enablers, bad_pass, trigger = PASS_FAILURES[failure]
    real = _real_target(name, base)
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

    components = [*real.components[:2], (component, "1"), *real.components[2:]]
    return ChainTarget(name, components, run, extra_versions=real.extra_versions)
