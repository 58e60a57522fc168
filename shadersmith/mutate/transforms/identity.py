"""Identity transformations (GraphicsFuzz): an expression `e` becomes one that computes
the same value through opaque values the compiler cannot see: `e + zero`, `e * one`,
`e | zero`, `e ^ zero` (integers, where overflow wraps, so they are exact), `e && true`,
`e || false` (booleans), and `true ? e : 0` / `false ? 0 : e` for every plain type.

Floats get the selections only: `e * 1.0` is exact for every value but a driver may
flush a denormal that passes through arithmetic, where the reference never did
arithmetic on it, and that would be a false alarm.
"""

from __future__ import annotations

from shadersmith.ir.expressions import Binary, Expression, Ternary
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.transforms.common import SiteParams, applied, rng_of, unchanged
from shadersmith.mutate.transforms.names import is_plain_value, zero_of
from shadersmith.mutate.transforms.opaque import OpaqueValues, opaque_values
from shadersmith.mutate.transforms.sites import ExprContext, expression_sites, rewrite_expression
from shadersmith.steps.registry import Step, StepResult

IDENTITY = "identity"


def _accept(expr: Expression, context: ExprContext) -> bool:
    return is_plain_value(expr.type)


def _forms(type_: ScalarType | VectorType) -> list[str]:
    forms = ["select-true", "select-false"]
    if type_.kind.is_integer:
        forms += ["add-zero", "mul-one", "or-zero", "xor-zero"]
    if type_.kind is ScalarKind.BOOL and isinstance(type_, ScalarType):
        forms += ["and-true", "or-false"]
    return forms


def identity_of(expr: Expression, form: str, values_of: OpaqueValues) -> Expression:
    type_ = expr.type
    assert isinstance(type_, ScalarType | VectorType)
    if form == "select-true":
        return Ternary(type_, values_of.true(), expr, zero_of(type_))
    if form == "select-false":
        return Ternary(type_, values_of.false(), zero_of(type_), expr)
    if form == "and-true":
        return Binary(type_, BinaryOp.LOGICAL_AND, expr, values_of.true())
    if form == "or-false":
        return Binary(type_, BinaryOp.LOGICAL_OR, expr, values_of.false())
    operator, value = {
        "add-zero": (BinaryOp.ADD, 0),
        "mul-one": (BinaryOp.MUL, 1),
        "or-zero": (BinaryOp.BIT_OR, 0),
        "xor-zero": (BinaryOp.BIT_XOR, 0),
    }[form]
    return Binary(type_, operator, expr, values_of.number(type_.kind, value))


def identity(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """One r-value expression of a plain type wrapped in an identity."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque)
    sites = expression_sites(program, _accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    draw = rng.random()
    made: list[str] = []

    def change(expr: Expression, context: ExprContext) -> Expression:
        assert isinstance(expr.type, ScalarType | VectorType)
        forms = _forms(expr.type)
        form = forms[int(draw * len(forms))]
        made.append(form)
        return identity_of(expr, form, values_of)

    changed = rewrite_expression(program, _accept, chosen, change)
    return applied(changed, values, chosen, sites, form=made[0] if made else None)


IDENTITY_STEP = Step(IDENTITY, SiteParams.from_json, identity)
