"""What an expression reads and writes, as access paths (see paths.py).

`Effects` distinguishes ordinary writes, which happen at some unspecified moment while the
expression is evaluated (a `++`, a callee's writes), from *late* writes: the store of an
assignment or of `++` itself, which GLSL sequences after the value computation of its
operands but not after their side effects. `x = x + 1` has a late write of `x` and a read
of `x`, which do not conflict; `x = x++` has a late write and an ordinary write of `x`,
which do.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.analysis.calls import (
    FunctionSummary,
    ParameterTable,
    argument_qualifiers,
    stored_root,
)
from shadersmith.analysis.paths import AccessPath, access_chain, any_overlap
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.walk import children

_EMPTY: frozenset[AccessPath] = frozenset()


@dataclass(frozen=True, slots=True)
class Effects:
    reads: frozenset[AccessPath] = _EMPTY
    writes: frozenset[AccessPath] = _EMPTY
    late_writes: frozenset[AccessPath] = _EMPTY

    def __or__(self, other: Effects) -> Effects:
        if not (other.reads or other.writes or other.late_writes):
            return self
        if not (self.reads or self.writes or self.late_writes):
            return other
        return Effects(
            self.reads | other.reads,
            self.writes | other.writes,
            self.late_writes | other.late_writes,
        )

    @property
    def writes_anything(self) -> bool:
        return bool(self.writes or self.late_writes)


NO_EFFECTS = Effects()


def conflict(kept: Effects, operand: Effects) -> bool:
    """Whether `operand`, evaluated unsequenced with what `kept` describes, may touch a
    location that one of them writes. Late writes conflict only with ordinary writes."""
    if any_overlap(kept.writes, operand.reads | operand.writes | operand.late_writes):
        return True
    return any_overlap(operand.writes, kept.reads | kept.writes | kept.late_writes)


def root_path(name: str) -> AccessPath:
    return AccessPath(name)


class EffectsAnalysis:
    """Memoised effects of expressions, given the summaries of the user functions and
    their parameters (analysis/calls.py)."""

    def __init__(self, summaries: dict[str, FunctionSummary], parameters: ParameterTable) -> None:
        self.summaries = summaries
        self.parameters = parameters
        # Keyed by id; the expression is kept alive next to its effects so ids stay unique.
        self._memo: dict[int, tuple[Expression, Effects]] = {}

    def of(self, expr: Expression) -> Effects:
        known = self._memo.get(id(expr))
        if known is not None:
            return known[1]
        result = self._compute(expr)
        self._memo[id(expr)] = (expr, result)
        return result

    def lvalue(self, target: Expression, *, read: bool, write: bool) -> Effects:
        """Effects of using `target` as an l-value: its indices are evaluated, then the
        location is read and/or written."""
        chain = access_chain(target)
        if chain is None:
            return self._union_children(target)
        result = NO_EFFECTS
        for index in chain.indices:
            result = result | self.of(index)
        paths = frozenset({chain.path})
        return result | Effects(paths if read else _EMPTY, paths if write else _EMPTY)

    def _union_children(self, expr: Expression) -> Effects:
        result = NO_EFFECTS
        for child in children(expr):
            result = result | self.of(child)
        return result

    def _compute(self, expr: Expression) -> Effects:
        if isinstance(expr, Literal):
            return NO_EFFECTS
        if isinstance(expr, VariableRef):
            return Effects(reads=frozenset({root_path(expr.name)}))
        if isinstance(expr, Member | Index | Swizzle):
            if access_chain(expr) is not None:
                return self.lvalue(expr, read=True, write=False)
            return self._union_children(expr)
        if isinstance(expr, IncDec):
            return self.lvalue(expr.target, read=True, write=True)
        if isinstance(expr, Assign):
            compound = expr.op is not AssignOp.ASSIGN
            target = self.lvalue(expr.target, read=compound, write=True)
            return target | self.of(expr.value)
        if isinstance(expr, Call):
            return self._call(expr)
        return self._union_children(expr)

    def _call(self, call: Call) -> Effects:
        result = NO_EFFECTS
        for arg, qualifier in zip(
            call.args, argument_qualifiers(call, self.parameters), strict=True
        ):
            if qualifier.writes_back:
                result = result | self.lvalue(
                    arg, read=qualifier is ParamQualifier.INOUT, write=True
                )
            else:
                result = result | self.of(arg)
        if stored_root(call) is not None:
            # imageStore's texel, an atomic's memory: written at some moment of the call.
            result = result | self.lvalue(call.args[0], read=True, write=True)
        if call.kind is CallKind.USER:
            summary = self.summaries.get(call.callee)
            if summary is not None and (summary.reads or summary.writes):
                result = result | Effects(
                    frozenset(root_path(n) for n in summary.reads),
                    frozenset(root_path(n) for n in summary.writes),
                )
        return result
