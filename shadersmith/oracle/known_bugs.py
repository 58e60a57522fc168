"""Known bugs recognised by what the program did, not by a list of signatures.

A WGSL program is defined where GLSL is not: integer `/` and `%` by zero, `INT_MIN / -1`,
`%` with a negative operand (interp/semantics.py). A translator that passes such an
operation to GLSL unchanged makes a GLSL program whose result is undefined, so a wrong
result of the chain behind it says nothing about anything after the translator: the
test can only be filed against the translator, and if that bug is already known, it is
a known bug, not a finding. The reference interpreter notes, per run, which of those
operations the program evaluated (`RunResult.defined_by_wgsl_only`); a wrong result
blamed on a translator listed here, in a run that evaluated one of its operations, is
signed `wrong:<component>:known:<bug>` and its bucket is ignored (not reduced).

A wrong result on the same chain from a program that evaluated none of them keeps the
plain `wrong:<component>` signature: that is something else, and a finding.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from shadersmith.interp.semantics import GlslUndefined

KNOWN_MARKER = ":known:"


@dataclass(frozen=True)
class KnownBug:
    name: str  # the signature's last part
    component: str  # the blamed component it is known in
    operations: frozenset[GlslUndefined]  # what a run must evaluate to show it
    upstream: str  # where it is reported or fixed
    summary: str
    # Where the translator's output is undefined only by an API's latitude that some
    # drivers take and others do not: the drivers seen to take it (a chain through one
    # of them shows the bug); empty: every chain through the component. Elsewhere a wrong
    # result stays a finding, since those drivers define the operation.
    drivers: frozenset[str] = frozenset()
    # Whether it is reported upstream: one we found and recorded (findings/README.md) but
    # nobody has filed yet is still ignored by campaigns, yet `bug-report` writes its
    # report.
    reported: bool = True


KNOWN_BUGS: tuple[KnownBug, ...] = (
    KnownBug(
        name="wgsl-integer-division",
        component="naga-glsl-out",
        operations=frozenset(
            {
                GlslUndefined.INT_DIVIDE_BY_ZERO,
                GlslUndefined.INT_DIVIDE_OVERFLOW,
                GlslUndefined.INT_REMAINDER_BY_ZERO,
                GlslUndefined.INT_REMAINDER_OVERFLOW,
                GlslUndefined.INT_REMAINDER_NEGATIVE,
                GlslUndefined.UINT_DIVIDE_BY_ZERO,
                GlslUndefined.UINT_REMAINDER_BY_ZERO,
            }
        ),
        upstream=(
            "gfx-rs/wgpu#9687 (signed % with a negative operand, merged 2026-06); "
            "the GLSL writer has no division wrapper (the SPIR-V and MSL writers do: #9443)"
        ),
        summary=(
            "naga's GLSL writer emits WGSL's integer / and % as GLSL's, which GLSL leaves "
            "undefined for a zero divisor, INT_MIN / -1 and (for %) a negative operand"
        ),
    ),
    KnownBug(
        name="wgsl-float-to-integer",
        component="naga-glsl-out",
        operations=frozenset({GlslUndefined.FLOAT_TO_INTEGER_OUT_OF_RANGE}),
        upstream=(
            "gfx-rs/wgpu#7387 (float to integer out of range; its fix #7422 clamps in the "
            "HLSL, MSL and SPIR-V writers, not the GLSL one)"
        ),
        summary=(
            "naga's GLSL writer emits WGSL's saturating u32(f) / i32(f) as GLSL's uint(f) / "
            "int(f), undefined for a negative float to uint and out of range"
        ),
    ),
    # The SPIR-V writer guards the divisor of `%` (zero, INT_MIN % -1) but emits OpSRem,
    # whose result Vulkan's SPIR-V environment leaves undefined for a negative operand
    # (without VK_KHR_maintenance8). Mesa's drivers happen to give WGSL's answer;
    # NVIDIA's 580 driver does not: 19 of 150 plain WGSL programs disagreed on
    # wgpu-vk-nvidia, each reduced to a signed % of a negative value
    # (`-532317561 % 15` gives 10, WGSL says -6).
    KnownBug(
        name="wgsl-signed-remainder",
        component="naga-spv-out",
        operations=frozenset({GlslUndefined.INT_REMAINDER_NEGATIVE}),
        upstream=(
            "gfx-rs/wgpu#8191 (open), fixed by #9674 (merged 2026-06, after naga 29.0.3): "
            "OpSRem with a negative operand"
        ),
        summary=(
            "naga's SPIR-V writer emits WGSL's signed % as OpSRem, which Vulkan leaves "
            "undefined when an operand is negative"
        ),
        # Mesa's Vulkan drivers compute OpSRem as LLVM's srem, WGSL's answer: a wrong
        # wgpu-vk result there is something else.
        drivers=frozenset({"nvidia-vk"}),
    ),
    # Found by issue 37's WGSL review (findings/README.md, `naga-spv-shift-unmasked`):
    # WGSL shifts by the amount modulo the bit width; the SPIR-V writer hands the amount
    # on unmasked, and SPIR-V leaves a shift by 32 or more undefined. lavapipe (NIR's
    # shifts mask) and NVIDIA give WGSL's answer; SwiftShader gives 0.
    KnownBug(
        name="wgsl-shift-out-of-range",
        component="naga-spv-out",
        operations=frozenset({GlslUndefined.SHIFT_OUT_OF_RANGE}),
        upstream="not found upstream (naga 29.0.3, the newest here); not yet reported",
        reported=False,
        summary=(
            "naga's SPIR-V writer emits WGSL's << and >> without masking the amount to the "
            "bit width, and SPIR-V leaves a shift by 32 or more undefined"
        ),
        drivers=frozenset({"swiftshader"}),
    ),
)


def known_bug(
    component: str, evaluated: Iterable[str], chain: Collection[str] = ()
) -> KnownBug | None:
    """The known bug of `component` that a run evaluating `evaluated` (GlslUndefined
    values) on `chain` (its components' names) shows, if any."""
    done = set(evaluated)
    for bug in KNOWN_BUGS:
        if bug.component != component or not done & {op.value for op in bug.operations}:
            continue
        if not bug.drivers or bug.drivers & set(chain):
            return bug
    return None


def is_known_signature(signature: str) -> bool:
    """A signature `known_bug` gave (its bucket is ignored: not reduced, listed last)."""
    return KNOWN_MARKER in signature


def known_signature(component: str, bug: KnownBug) -> str:
    return f"wrong:{component}{KNOWN_MARKER}{bug.name}"


def known_bug_signed(signature: str) -> KnownBug | None:
    """The known bug a `known_signature` names, if any."""
    if KNOWN_MARKER not in signature:
        return None
    name = signature.rsplit(KNOWN_MARKER, 1)[1].split()[0]
    return next((bug for bug in KNOWN_BUGS if bug.name == name), None)
