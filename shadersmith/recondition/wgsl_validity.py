"""Pass (WGSL only): no shader-creation error (issue 22).

WGSL evaluates const-expressions when the module is created, and some results are errors
of the whole module, run or not (analysis/wgsl_constants.py lists the rules and the spec's
sections). GLSL has no such rule (glslang folds `1 / 0` with a warning, and a GLSL program
with it is merely undefined where it runs), so the GLSL passes leave these alone; for WGSL
every one is removed, so that every program we emit is valid WGSL:

- a division or remainder by a const-expression zero, or of const INT_MIN by const -1,
  and a shift by a const-expression amount >= 32 (after the emitter's u32() conversion of
  an i32 amount): the operation becomes its safe wrapper (wrappers/integer.py), a call of
  a function, whose operands inside are parameters and so not const-expressions. A
  compound assignment `x /= 0i` becomes `x = SAFE_DIV(x, 0i)` (the l-value is a variable,
  a member or an index; an index's own calls are pure wrappers, so reading it twice
  changes nothing);
- a const-expression whose value overflows i32 / u32 (`+ - *`, unary minus, the u32
  minus the emitter spells `0u - e`, and `<<` shifting out bits that differ from the
  sign), and a const float converted to an integer type outside its range: folded to the
  value WGSL gives the same operation at run time (wrapping; saturating for the
  conversion), a literal, which keeps it a const-expression;
- out-of-range const indices are taken into range by index_bounds.py already (a literal
  index in range stays, anything else const or not goes through SAFE_INDEX).

The rewrite runs after the other node rewrites, bottom-up, so it sees wrapped operands
as what they are (calls, not const-expressions).
"""

from __future__ import annotations

from shadersmith.analysis.wgsl_constants import (
    ConstEnvironment,
    const_value,
    convert,
    node_creation_error,
)
from shadersmith.ir.expressions import Assign, Binary, Call, CallKind, Construct, Expression
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, VectorType, kind_of
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition.build import literal
from shadersmith.recondition.rewrite import ExpressionRewrite
from shadersmith.recondition.wrappers.integer import BINARY_KINDS
from shadersmith.recondition.wrappers.registry import is_wrapper_name, wrapper_call

_WRAPPED_RULES = ("divide-by-zero", "shift-amount")


def _folded(expr: Expression, env: ConstEnvironment) -> Expression | None:
    values = const_value(expr, env)
    kind = kind_of(expr.type)
    if values is None or kind is None:
        return None
    parts = tuple(literal(kind, v) for v in values)
    if isinstance(expr.type, VectorType):
        return Construct(expr.type, parts)
    return parts[0]


def _saturated_arguments(expr: Construct, env: ConstEnvironment) -> Expression:
    """`u32(-5.0f, x)`: each const float argument replaced by the integer it converts to
    at run time, as a literal of the constructor's kind (the others stay as they are)."""
    kind = kind_of(expr.type)
    assert kind is not None
    args: list[Expression] = []
    for arg in expr.args:
        values = const_value(arg, env) if kind_of(arg.type) is ScalarKind.FLOAT else None
        if values is None or not env.is_const(arg):
            args.append(arg)
            continue
        parts = tuple(literal(kind, convert(v, kind)) for v in values)
        size = arg.type.size if isinstance(arg.type, VectorType) else 1
        args.append(parts[0] if size == 1 else Construct(VectorType(kind, size), parts))
    return Construct(expr.type, tuple(args))


def _pure_lvalue(target: Expression) -> bool:
    return all(
        not isinstance(n, Call) or n.kind is CallKind.BUILTIN or is_wrapper_name(n.callee)
        for n in iter_nodes(target)
    )


def wgsl_validity_rewrite(program: Program) -> ExpressionRewrite:
    """The node rewrite of this pass, for `program` (whose `const` names it reads)."""
    env = ConstEnvironment(program)

    def rewrite(expr: Expression) -> Expression:
        error = node_creation_error(expr, env)
        if error is None:
            return expr
        division = isinstance(expr, Binary) and expr.op in (BinaryOp.DIV, BinaryOp.MOD)
        if isinstance(expr, Binary) and (error.rule in _WRAPPED_RULES or division):
            # By zero, by a huge amount, or INT_MIN / -1 (the only overflow of / and %).
            return wrapper_call(BINARY_KINDS[expr.op], (expr.left, expr.right))
        if isinstance(expr, Assign):
            binary_op = expr.op.binary
            assert binary_op is not None and binary_op in BINARY_KINDS
            if not _pure_lvalue(expr.target):
                raise ValueError(f"cannot make {error.text} valid WGSL: impure l-value")
            call = wrapper_call(BINARY_KINDS[binary_op], (expr.target, expr.value))
            return Assign(expr.type, AssignOp.ASSIGN, expr.target, call)
        folded = _folded(expr, env)
        if folded is None and isinstance(expr, Construct) and error.rule == "conversion":
            folded = _saturated_arguments(expr, env)
        if folded is None:
            raise ValueError(f"cannot make {error.text} valid WGSL")
        return folded

    return rewrite
