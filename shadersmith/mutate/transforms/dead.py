"""Dead code made for the recipient (GraphicsFuzz): fuzzed statements and barriers under
`if (opaque false)`.

    dead-fuzzed   `if (opaque false) { <1-3 fuzzed statements> }`: assignments to the
                  variables in scope there, calls of earlier functions, expressions
                  (fuzzing.py), so the compiler must keep what may change live state
    dead-barrier  `if (opaque false) { barrier(); }` in a compute shader's `main`, only
                  where control flow is uniform (analysis/divergence.py proves it as it
                  does for the generator's own barriers): a barrier is defined only
                  there, and a compiler may assume it when it sees one

Neither runs, so neither changes what the program computes; the guard is uniform (its
opaque values are), so the barrier's own control flow is as uniform as the site's.
"""

from __future__ import annotations

from shadersmith.analysis.divergence import BARRIER, analyse
from shadersmith.ir.expressions import Call, CallKind, Literal
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import Block, ExprStmt, If, Statement
from shadersmith.ir.types import BOOL, VOID
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.transforms.common import SiteParams, applied, rng_of, unchanged
from shadersmith.mutate.transforms.fuzzing import fuzzed_statements, fuzzer
from shadersmith.mutate.transforms.opaque import SYNTHESISED, opaque_values
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
    walk_lists,
)
from shadersmith.steps.registry import Step, StepResult

DEAD_FUZZED = "dead-fuzzed"
DEAD_BARRIER = "dead-barrier"


def _every_point(items: tuple[Statement, ...], context: ListContext) -> int:
    return len(items) + 1


def dead_fuzzed(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """One to three fuzzed statements under `if (opaque false)` at one point."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    sites = statement_list_sites(program, _every_point)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    count, fuzz_seed = rng.randint(1, 3), rng.randrange(2**31)
    made: list[int] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        generator = fuzzer(program, context.function, context.visible(items, local), fuzz_seed)
        dead = fuzzed_statements(generator, count)
        made.append(len(dead))
        return (*items[:local], If(values_of.false(), Block(dead)), *items[local:])

    changed = rewrite_statement_list(program, _every_point, chosen, change)
    return applied(changed, values, chosen, sites, statements=made[0] if made else 0)


# ---------------------------------------------------------------------------- barriers


def _in_main(items: tuple[Statement, ...], context: ListContext) -> int:
    return len(items) + 1 if context.function.name == "main" else 0


def _uniform_points(program: Program) -> list[int]:
    """The points of `main`'s lists (as `_in_main` counts them) where a barrier would
    run in uniform control flow: a barrier placed at every point at once, the program
    analysed once (a barrier changes no value's divergence, so they do not interfere)."""
    markers: list[Call] = []
    marker_lists: set[int] = set()

    def mark(items: tuple[Statement, ...], context: ListContext) -> tuple[Statement, ...] | None:
        if id(items) in marker_lists or not _in_main(items, context):
            return None
        marked: list[Statement] = []
        for position in range(len(items) + 1):
            call = Call(VOID, BARRIER, (), CallKind.BUILTIN)
            body = (ExprStmt(call),)
            markers.append(call)
            marker_lists.add(id(body))
            marked.append(If(Literal(BOOL, True), Block(body)))
            marked.extend(items[position : position + 1])
        return tuple(marked)

    report = analyse(walk_lists(program, mark))
    divergent = {id(site.call): site.divergent for site in report.barriers}
    return [k for k, call in enumerate(markers) if divergent.get(id(call)) is False]


def dead_barrier(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """`if (opaque false) { barrier(); }` at one point of a compute shader's `main`
    where control flow is uniform."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    if program.stage is not Stage.COMPUTE:
        return unchanged(program, values)
    points = _uniform_points(program)
    if not points:
        return unchanged(program, values)
    chosen = points[rng.randrange(len(points))]

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        barrier = ExprStmt(Call(VOID, BARRIER, (), CallKind.BUILTIN))
        return (*items[:local], If(values_of.false(), Block((barrier,))), *items[local:])

    changed = rewrite_statement_list(program, _in_main, chosen, change)
    return applied(changed, values, chosen, len(points))


DEAD_FUZZED_STEP = Step(DEAD_FUZZED, SiteParams.from_json, dead_fuzzed)
DEAD_BARRIER_STEP = Step(DEAD_BARRIER, SiteParams.from_json, dead_barrier)
