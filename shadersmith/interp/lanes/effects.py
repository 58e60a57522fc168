"""Which expressions may write anything: the lane compiler snapshots an operand whose value
may be a view of storage when a later operand may write (storage changes in place), and
evaluates side-effect-free branches of ?:, && and || for every lane without masks."""

from __future__ import annotations

from shadersmith.analysis.builtins import EXACT_BY_NAME
from shadersmith.analysis.calls import written_back_arguments
from shadersmith.ir.expressions import Assign, Call, CallKind, Expression, IncDec
from shadersmith.ir.walk import iter_nodes


def _writes(node: object) -> bool:
    if isinstance(node, Assign | IncDec):
        return True
    if isinstance(node, Call):
        if node.kind is CallKind.USER:
            return True
        # Unknown built-ins (barrier, ...) count as writing; they are refused elsewhere.
        return node.callee not in EXACT_BY_NAME or bool(written_back_arguments(node, {}))
    return False


class Effects:
    """A memo of `may_write` over one program's expressions."""

    def __init__(self) -> None:
        self._memo: dict[int, bool] = {}
        # Keeps memoised nodes alive so that their ids stay theirs.
        self._nodes: list[Expression] = []

    def may_write(self, expr: Expression) -> bool:
        key = id(expr)
        found = self._memo.get(key)
        if found is None:
            found = any(_writes(node) for node in iter_nodes(expr))
            self._memo[key] = found
            self._nodes.append(expr)
        return found
