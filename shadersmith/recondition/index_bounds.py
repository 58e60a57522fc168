"""Pass: keep every array, vector and matrix index in bounds (seed 003, section 4.2).

A run-time index `e` into something of `n` elements becomes `SAFE_INDEX(e, n)`, which is
`e` when in [0, n) and `|e| % n` otherwise (INT_MIN counts as 0); for a uint index `e % n`.
A constant index in range stays as it is, and one out of range (a compile-time error in
GLSL) becomes `|e| % n`. Runtime-sized buffer arrays take their length from the buffer
contents (see buffer_values.py).

The second mode (ReconditionOptions.index_clamping) bounds a run-time index with the
built-in `clamp(e, 0, n - 1)` instead, and a constant one out of range with its nearest
end: a different shape for the compilers to see (a min/max pair their range analyses know,
no branch and no modulo), where the wrapper spreads indices over every element.
"""

from __future__ import annotations

from collections.abc import Mapping

from shadersmith.ir.expressions import Expression, Index, Literal, Member, VariableRef
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarType, index_bound
from shadersmith.recondition.build import builtin, literal
from shadersmith.recondition.rewrite import ExpressionRewrite, rewrite_program_expressions
from shadersmith.recondition.wrappers.integer import INDEX
from shadersmith.recondition.wrappers.registry import wrapper_call


def _runtime_name(base: Expression) -> str | None:
    if isinstance(base, VariableRef):
        return base.name
    if isinstance(base, Member) and isinstance(base.base, VariableRef):
        return f"{base.base.name}.{base.field}"
    return None


def index_rewrite(runtime_lengths: Mapping[str, int], clamping: bool = False) -> ExpressionRewrite:
    """The node rewrite of this pass; `clamping`: the clamp mode (above)."""

    def rewrite(expr: Expression) -> Expression:
        if not isinstance(expr, Index):
            return expr
        count = index_bound(expr.base.type)
        if count is None:
            name = _runtime_name(expr.base)
            if name is None or name not in runtime_lengths:
                raise ValueError(f"no length known for the runtime-sized array {name}")
            count = runtime_lengths[name]
        index = expr.index
        assert isinstance(index.type, ScalarType)
        kind = index.type.kind
        if isinstance(index, Literal):
            value = int(index.value)
            if 0 <= value < count:
                return expr
            inside = min(max(value, 0), count - 1) if clamping else abs(value) % count
            return Index(expr.type, expr.base, literal(kind, inside))
        if clamping:
            bounded: Expression = builtin(
                "clamp", index, literal(kind, 0), literal(kind, count - 1)
            )
        else:
            bounded = wrapper_call(INDEX, (index, literal(kind, count)))
        return Index(expr.type, expr.base, bounded)

    return rewrite


def bound_indices(
    program: Program, runtime_lengths: Mapping[str, int], clamping: bool = False
) -> Program:
    return rewrite_program_expressions(program, index_rewrite(runtime_lengths, clamping))
