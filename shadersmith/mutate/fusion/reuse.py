"""Step 3 of FShader's fusion (seed 001, section IV-B, Fig. 6c): variable reuse.

After inlining and interleaving, main holds the locals of several parts in one scope. A
local `a` of one part that is dead (never named again) before a local `b` of another
part is declared can hold `b` from there on: `T b = init;` becomes `a = init;` and every
later `b` reads `a`. The data flow of both parts is what it was, but the compiler now
sees one variable live across two unrelated computations.

The rewrite is applied only where that argument holds on the statements themselves,
which needs no liveness analysis beyond "named again or not":

- `a` and `b` are top-level locals of main, of one type, neither const nor qualified,
  each declared exactly once in main (no inner declaration can shadow either);
- they come from different parts (their `_f<k>` or `_part_<k>` suffix), and `b` has an
  initialiser (an uninitialised `b` would start from `a`'s last value instead of an
  undefined one: no longer the same program for the sanitizer);
- no statement from `b`'s declaration on names `a`, and neither is what main passes to
  the colour mix (`live_out`: read after the last statement).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from shadersmith.analysis.traversal import iter_statements
from shadersmith.ir.expressions import Assign, VariableRef
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.statements import ExprStmt, For, Statement, VarDecl
from shadersmith.ir.walk import transform
from shadersmith.mutate.fusion.rename import referenced_names

_PART_OF = re.compile(r"_f(\d+)$|^_part_(\d+)$")
DEFAULT_LIMIT = 8


def part_of(name: str) -> int | None:
    match = _PART_OF.search(name)
    if match is None:
        return None
    return int(match.group(1) or match.group(2))


def reuse_variables(
    statements: Sequence[Statement],
    live_out: set[str],
    rng: random.Random,
    limit: int = DEFAULT_LIMIT,
) -> tuple[list[Statement], list[tuple[str, str]]]:
    """Up to `limit` reuses, chosen at random; the statements and each (b, a) replaced."""
    current = list(statements)
    done: list[tuple[str, str]] = []
    for _ in range(limit):
        options = candidates(current, live_out)
        if not options:
            break
        reused, kept, at = rng.choice(options)
        current = _reused(current, reused, kept, at)
        done.append((reused, kept))
    return current, done


def candidates(statements: Sequence[Statement], live_out: set[str]) -> list[tuple[str, str, int]]:
    """Every sound (b, a, index of b's declaration), in statement order."""
    declared = Counter(_declared_anywhere(statements))
    last_use: dict[str, int] = {}
    for index, stmt in enumerate(statements):
        for name in referenced_names([stmt]):
            last_use[name] = index
    found: list[tuple[str, str, int]] = []
    earlier: list[tuple[int, VarDecl]] = []
    for index, stmt in enumerate(statements):
        if not _reusable(stmt, declared) or stmt.name in live_out:  # type: ignore[union-attr]
            continue
        assert isinstance(stmt, VarDecl)
        if stmt.init is not None:
            for start, other in earlier:
                if (
                    other.type == stmt.type
                    and part_of(other.name) != part_of(stmt.name)
                    and other.name not in live_out
                    and last_use.get(other.name, start) < index
                ):
                    found.append((stmt.name, other.name, index))
        earlier.append((index, stmt))
    return found


def _reusable(stmt: Statement, declared: Counter[str]) -> bool:
    return (
        isinstance(stmt, VarDecl)
        and not stmt.const
        and not stmt.qualifiers
        and declared[stmt.name] == 1
        and part_of(stmt.name) is not None
    )


def _declared_anywhere(statements: Sequence[Statement]) -> list[str]:
    names: list[str] = []
    for stmt in statements:
        for inner in iter_statements(stmt):
            if isinstance(inner, VarDecl):
                names.append(inner.name)
            elif isinstance(inner, For) and isinstance(inner.init, VarDecl):
                names.append(inner.init.name)
    return names


def _reused(statements: list[Statement], reused: str, kept: str, at: int) -> list[Statement]:
    decl = statements[at]
    assert isinstance(decl, VarDecl) and decl.init is not None
    target = VariableRef(decl.type, kept)
    assignment = ExprStmt(Assign(decl.type, AssignOp.ASSIGN, target, decl.init))

    def rename(node: Any) -> Any:
        if isinstance(node, VariableRef) and node.name == reused:
            return VariableRef(node.type, kept)
        return node

    later = [transform(stmt, rename) for stmt in statements[at + 1 :]]
    return [*statements[:at], assignment, *later]
