"""Specialization constants (issue 36): `layout(constant_id = N) const T K = DEFAULT;` set
to another VALUE when the pipeline is created, and constants derived from them
(`const int L = K * 3 + 1;`, which glslang makes OpSpecConstantOp): what reaches
spirv-opt's spec-constant folding and every driver's evaluation of spec-constant ops.

With `SmithOptions.specialization_probability` > 0 a program gets, at that probability,
1-3 of them (int, uint or bool, each with a DEFAULT other than its VALUE) and up to two
derived constants each, drawn from a stream of the seed's own: with the option at 0
nothing is drawn and programs are those of before. The IR holds the VALUE as the
initialiser (ir/statements.Specialization), so the interpreter and the reconditioner read
a plain constant. Derived initialisers use only what a spec-constant op may compute in a
shader (integer `+ - * & | ^`, shifts by a literal, comparisons, `!`, `?:`, int/uint
conversions): no calls, no division, no floats. The generator's expressions read them
like any constant (in `constant_names`: never where a folded value could be rejected),
but never in a `const` or global initialiser of its own, where a built-in call over a
spec constant is not a constant expression to glslang.
"""

from __future__ import annotations

import random

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.scope import Variable
from shadersmith.ir.expressions import (
    Binary,
    Construct,
    Expression,
    Literal,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.statements import Specialization, VarDecl
from shadersmith.ir.types import BOOL, INT, UINT, ScalarType

MAX_CONSTANTS = 3
MAX_DERIVED = 2
# Ids are drawn from here, distinct within a program: not always 0, 1, 2.
_IDS = range(0, 16)
_INTEGER_OPS = (
    BinaryOp.ADD,
    BinaryOp.SUB,
    BinaryOp.MUL,
    BinaryOp.BIT_AND,
    BinaryOp.BIT_OR,
    BinaryOp.BIT_XOR,
    BinaryOp.SHL,
    BinaryOp.SHR,
)
_COMPARISONS = (BinaryOp.LT, BinaryOp.GT, BinaryOp.EQ, BinaryOp.NE, BinaryOp.LE, BinaryOp.GE)


def _value(rng: random.Random, type_: ScalarType) -> int | bool:
    if type_ == BOOL:
        return rng.random() < 0.5
    extremes = (0, 1, 2**31 - 1, -(2**31)) if type_ == INT else (0, 1, 2**31, 2**32 - 1)
    if rng.random() < 0.15:
        return rng.choice(extremes)
    return rng.randint(-64, 64) if type_ == INT else rng.randint(0, 128)


def _pair(rng: random.Random, type_: ScalarType) -> tuple[int | bool, int | bool]:
    """(DEFAULT, VALUE), different: a module's DEFAULT that spirv-opt may not fold."""
    value = _value(rng, type_)
    if type_ == BOOL:
        return (not value, value)
    default = _value(rng, type_)
    while default == value:
        default = _value(rng, type_)
    return (default, value)


def _operand(
    rng: random.Random, type_: ScalarType, names: list[tuple[str, ScalarType]]
) -> Expression:
    """A read of an earlier constant of `type_`, converted from the other integer type,
    or a literal."""
    same = [name for name, t in names if t == type_]
    other = [name for name, t in names if t in (INT, UINT) and t != type_]
    draw = rng.random()
    if same and draw < 0.6:
        return VariableRef(type_, rng.choice(same))
    if type_ != BOOL and other and draw < 0.8:
        source = rng.choice(other)
        return Construct(type_, (VariableRef(UINT if type_ == INT else INT, source),))
    return Literal(type_, _value(rng, type_))


def _derived(
    rng: random.Random, type_: ScalarType, names: list[tuple[str, ScalarType]]
) -> Expression:
    """An initialiser over the constants in `names` that a spec-constant op computes."""
    if type_ == BOOL:
        integers = [(n, t) for n, t in names if t != BOOL]
        if integers and rng.random() < 0.6:
            name, int_type = rng.choice(integers)
            right = _operand(rng, int_type, names)
            return Binary(BOOL, rng.choice(_COMPARISONS), VariableRef(int_type, name), right)
        return Unary(BOOL, UnaryOp.NOT, _operand(rng, BOOL, names))
    bools = [n for n, t in names if t == BOOL]
    if bools and rng.random() < 0.25:
        condition = VariableRef(BOOL, rng.choice(bools))
        return Ternary(type_, condition, _operand(rng, type_, names), _operand(rng, type_, names))
    op = rng.choice(_INTEGER_OPS)
    left = _operand(rng, type_, names)
    if op in (BinaryOp.SHL, BinaryOp.SHR):
        return Binary(type_, op, left, Literal(type_, rng.randint(0, 31)))
    inner = Binary(type_, op, left, _operand(rng, type_, names))
    if rng.random() < 0.5:
        return Binary(type_, rng.choice(_INTEGER_OPS[:3]), inner, _operand(rng, type_, names))
    return inner


def specialization_constants(
    seed: int, options: SmithOptions, profile: LanguageProfile, ctx: GenerationContext
) -> tuple[VarDecl, ...]:
    """The program's specialization constants and the constants derived from them, in
    declaration order, declared in `ctx`'s scope for the expressions to read; none when
    the option is off, the profile cannot set them, or the draw says so."""
    probability = options.specialization_probability
    if probability <= 0.0 or not profile.specialization_constants:
        return ()
    rng = random.Random(f"shadersmith-specialization-{seed}")
    if rng.random() >= probability:
        return ()
    decls: list[VarDecl] = []
    names: list[tuple[str, ScalarType]] = []
    ids = rng.sample(_IDS, rng.randint(1, MAX_CONSTANTS))
    for constant_id in ids:
        type_ = rng.choice((INT, INT, UINT, BOOL))
        default, value = _pair(rng, type_)
        name = ctx.fresh_name("spec")
        spec = Specialization(constant_id, Literal(type_, default))
        decls.append(VarDecl(name, type_, Literal(type_, value), const=True, specialization=spec))
        names.append((name, type_))
        for _ in range(rng.randint(0, MAX_DERIVED)):
            derived_type = rng.choice((INT, UINT, BOOL))
            init = _derived(rng, derived_type, names)
            derived = ctx.fresh_name("spec")
            decls.append(VarDecl(derived, derived_type, init, const=True))
            names.append((derived, derived_type))
    for name, type_ in names:
        ctx.constant_names.add(name)
        access = VariableRef(type_, name)
        ctx.scope.declare(Variable(name, type_, access, writable=False))
    ctx.choices["specialization:constant"] += len(ids)
    ctx.choices["specialization:derived"] += len(names) - len(ids)
    return tuple(decls)
