"""Subgroup operations in multi-invocation compute programs (SmithOptions.
subgroup_probability; GL_KHR_shader_subgroup basic, vote, arithmetic and ballot).

A program that draws them gets statements `target = subgroupOp(e);` (or `+=`, `^=`) at
points where control is uniform in `main` (the divergence driver's test for barriers), so
every invocation of each subgroup is active there. The operands mix the generator's
values with the invocation's lane or index, so that the lanes offer different values.
Results depend on the subgroup size and on which invocations form a subgroup; the test
records the size it is run at (GeneratedProgram.subgroup_size, drawn here), the
interpreter models it (interp/subgroups.py), and a target of another size sits the test
out (targets/chains.subgroup_size_refused).

WGSL (LanguageProfile.missing_builtins) has no inclusive or exclusive Min, Max, And, Or
or Xor: such a draw is the reduction there; the other built-ins it lacks the WGSL emitter
spells with those it has (emit/wgsl_subgroups.py).

Integers only in the exact float mode: a float reduction is rounded in the driver's
order. In the interval mode (SmithOptions.float_mode) the arithmetic and broadcast forms
take float operands too (FLOAT_OPERAND; Add, Mul, Min and Max), whose results the
interpreter bounds over every order of the lanes (interp/interval_subgroups.py); that
draw comes from the generator's stream only in that mode, so exact programs are
unchanged. subgroupBroadcast's
lane is a constant below the number of active lanes of every subgroup, whatever the size
(`broadcast_lanes`); subgroupBallotFindLSB/MSB, undefined on an empty ballot, are left out.

The decision and the size are drawn from a stream of the seed's own, so with subgroups
off the program is the one the generator made before they existed; the statements come
from the generator's stream (divergence.py).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from shadersmith.analysis.subgroups import rows_agree_with_linear
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Literal,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import BOOL, FLOAT, INT, UINT, ScalarKind, ScalarType, VectorType

if TYPE_CHECKING:
    from shadersmith.config.generator_options import SmithOptions
    from shadersmith.generate.statements import StatementGenerator
    from shadersmith.ir.profile import LanguageProfile

# The sizes a test is run at, drawn per program: SwiftShader's and lavapipe's on hosts
# with 256-bit vectors (AVX2); NVIDIA's 32 gets no target on the CPU machines.
SUBGROUP_SIZES = (4, 8)
# Every size a driver may have, for the constant lane of subgroupBroadcast.
POSSIBLE_SIZES = (4, 8, 16, 32, 64, 128)
# The chance that a statement at a uniform point of a program with subgroups is one.
SUBGROUP_STATEMENT = 0.15

_UVEC4 = VectorType(ScalarKind.UINT, 4)
_ARITHMETIC = ("Add", "Mul", "Min", "Max", "And", "Or", "Xor")
_FLOAT_ARITHMETIC = ("Add", "Mul", "Min", "Max")
# In the interval float mode, the chance that an arithmetic or broadcast form's operand
# is a float rather than an int or uint.
FLOAT_OPERAND = 0.5
_FLOAT_FORMS = ("arithmetic", "broadcast", "broadcast_first")
_SCANS = ("", "Inclusive", "Exclusive")
# The ballot's readers that a language without the lane (WGSL in a work group of more
# than one row: emit/wgsl_subgroups.py spells these with it) reads otherwise.
_LANE_USES = {"inclusive": "count", "exclusive": "count", "inverse": "extract"}
FORMS = ("arithmetic", "vote", "elect", "broadcast", "broadcast_first", "ballot")


def draw_subgroup_size(
    seed: int,
    options: SmithOptions,
    profile: LanguageProfile,
    local_size: tuple[int, int, int] | None,
) -> int | None:
    """The subgroup size the program's test runs at, or None: no subgroup operations
    (none drawn, a single invocation, a language the generator makes none in, or a work
    group whose rows would make other subgroups on lavapipe than in the interpreter for
    every size: analysis/subgroups.rows_agree_with_linear)."""
    if options.subgroup_probability <= 0.0 or local_size is None or not profile.subgroups:
        return None
    rng = random.Random(f"shadersmith-subgroups-{seed}")
    if rng.random() >= options.subgroup_probability:
        return None
    offered = (options.subgroup_size,) if options.subgroup_size else SUBGROUP_SIZES
    sizes = [size for size in offered if rows_agree_with_linear(local_size, size)]
    return rng.choice(sizes) if sizes else None


def broadcast_lanes(group_size: int) -> int:
    """How many lanes are active in every subgroup of a work group of `group_size`, for
    every possible subgroup size: the lanes a constant broadcast may name."""
    return min(group_size % size or size for size in POSSIBLE_SIZES)


def _lane() -> Expression:
    return VariableRef(UINT, "gl_SubgroupInvocationID")


def lane_readable(profile: LanguageProfile, local_size: tuple[int, int, int]) -> bool:
    """Whether a program of `local_size` may read gl_SubgroupInvocationID
    (LanguageProfile.subgroup_lane_in_rows)."""
    _, y, z = local_size
    return profile.subgroup_lane_in_rows or y * z == 1


def _spread(gen: StatementGenerator, type_: ScalarType, lane: bool) -> Expression:
    """A value of `type_` that usually differs between the lanes; the lane among its
    sources where it may be read."""
    value = gen.exprs.expression(type_)
    draw = gen.rng.random()
    if draw < 0.3:
        return value
    index = VariableRef(UINT, "gl_LocalInvocationIndex")
    source: Expression = _lane() if draw < 0.7 and lane else index
    if type_ == BOOL:
        bit = Binary(UINT, BinaryOp.BIT_AND, source, Literal(UINT, gen.rng.choice((1, 2, 3))))
        return Binary(BOOL, BinaryOp.NE, bit, Literal(UINT, 0))
    term = source if type_ == UINT else Construct(type_, (source,))
    op = gen.rng.choice((BinaryOp.ADD, BinaryOp.BIT_XOR))
    if type_ == FLOAT:
        op = BinaryOp.ADD  # no ^ on floats (the draw kept: the stream stays as it was)
    return Binary(type_, op, value, term)


def _call(type_: ScalarType | VectorType, name: str, *args: Expression) -> Call:
    return Call(type_, name, tuple(args), CallKind.BUILTIN)


def subgroup_value(
    gen: StatementGenerator, local_size: tuple[int, int, int]
) -> tuple[Expression, str]:
    """A subgroup operation's value (int, uint or bool) and its form's label."""
    rng = gen.rng
    x, y, z = local_size
    group_size = x * y * z
    has_lane = lane_readable(gen.profile, local_size)

    def spread(type_: ScalarType) -> Expression:
        return _spread(gen, type_, has_lane)

    form = rng.choice(FORMS)
    integer = rng.choice((INT, UINT))
    if gen.ctx.interval_floats and form in _FLOAT_FORMS and rng.random() < FLOAT_OPERAND:
        integer = FLOAT  # the interval mode's float operand (see the module docstring)
    if form == "arithmetic":
        scan, op = rng.choice(_SCANS), rng.choice(_ARITHMETIC)
        if integer == FLOAT and op not in _FLOAT_ARITHMETIC:
            op = rng.choice(_FLOAT_ARITHMETIC)
        if integer == FLOAT and scan == "Exclusive" and op in ("Min", "Max"):
            # Lane 0's exclusive Min/Max is an infinity: nothing a bounded program holds.
            scan = "Inclusive"
        name = f"subgroup{scan}{op}"
        if name in gen.profile.missing_builtins:
            # A scan the language lacks (WGSL scans only Add and Mul): the reduction,
            # with no further draw, so the other languages' programs stay as they were.
            name = f"subgroup{op}"
        return _call(integer, name, spread(integer)), form
    if form == "vote":
        name = rng.choice(("subgroupAll", "subgroupAny", "subgroupAllEqual"))
        operand = spread(rng.choice((BOOL, integer)) if name.endswith("Equal") else BOOL)
        return _call(BOOL, name, operand), form
    if form == "elect":
        return _call(BOOL, "subgroupElect"), form
    if form == "broadcast_first":
        return _call(integer, "subgroupBroadcastFirst", spread(integer)), form
    if form == "broadcast":
        lane = Literal(UINT, rng.randrange(broadcast_lanes(group_size)))
        return _call(integer, "subgroupBroadcast", spread(integer), lane), form
    ballot = _call(_UVEC4, "subgroupBallot", spread(BOOL))
    use = rng.choice(("count", "inclusive", "exclusive", "inverse", "extract", "word"))
    if not has_lane and use in _LANE_USES:
        use = _LANE_USES[use]
    if use == "inverse":
        return _call(BOOL, "subgroupInverseBallot", ballot), f"{form}_{use}"
    if use == "extract":
        bit = Literal(UINT, rng.randrange(min(SUBGROUP_SIZES)))
        return _call(BOOL, "subgroupBallotBitExtract", ballot, bit), f"{form}_{use}"
    if use == "word":
        return Swizzle(UINT, ballot, (0,)), f"{form}_{use}"
    name = {
        "count": "subgroupBallotBitCount",
        "inclusive": "subgroupBallotInclusiveBitCount",
        "exclusive": "subgroupBallotExclusiveBitCount",
    }[use]
    return _call(UINT, name, ballot), f"{form}_{use}"


def subgroup_statement(
    gen: StatementGenerator, local_size: tuple[int, int, int]
) -> Statement | None:
    """`target = value;` (or `+=`/`^=` on integers) with a subgroup operation's value,
    or None where no variable of its type can be written."""
    value, form = subgroup_value(gen, local_size)
    assert isinstance(value.type, ScalarType)
    target = gen.exprs.lvalue(value.type, 0)
    if target is None:
        return None
    op = AssignOp.ASSIGN
    if value.type != BOOL and gen.rng.random() < 0.4:
        op = gen.rng.choice((AssignOp.ADD, AssignOp.BIT_XOR))
        if value.type == FLOAT:
            op = AssignOp.ADD  # no ^= on floats
    gen.ctx.choices[f"subgroup:{form}"] += 1
    return ExprStmt(Assign(value.type, op, target, value))
