"""ShaDiv's M_liv (Algorithm 8): extend the liveness of values by giving them new uses.

Part of the generator (ShaDiv's G applies M_liv to the programs it makes, generate/smith.py,
with the generator's own stream); the `liveness` step (below) applies it afterwards with a
stream of its own.

For a definition `s` of a variable `v` in `main` (`T v = e;` or `v = e;`), the candidate
sites are the statements that `s`'s value still reaches (DefReach: some path leads from
`s` to the site, the site included, on which nothing writes `v`) and that define a value
themselves. Of those, only the sites of `s`'s divergence type are kept (Algorithm 8, lines
4-7): the type of a definition is the divergence of the value it gives `v`, of a site
the divergence of the value it assigns (its right-hand side, or divergent control flow);
and `v` must not be divergent where a site is uniform (another definition reaching it
may be). One site is drawn; its right-hand side `e'` becomes `e' op v`. So `v` stays
live until the site, and the divergence environment of the program is exactly what it
was: a barrier in uniform control flow stays in uniform control flow. The folded value
may wrap or leave the exact float range; the reconditioner, which always runs later,
takes care of that, and of a variable read before any definition on some path (it
initialises every declaration).

Two ways to find the sites, chosen by the caller (generator option
`liveness_across_blocks`, the `liveness` step's `across_blocks`):
- across blocks: reaching definitions over the control-flow graph of `main`
  (analysis/reaching.py), so a site may be inside a later `if`, loop or switch, after
  one, or earlier in a loop body (reached round the back edge), wherever `v` names the
  defined variable;
- within one statement list (what tests recorded before across-blocks existed replay):
  the later statements of the definition's own list, up to the first that writes `v`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shadersmith.analysis.divergence import (
    DIVERGENT_BUILTIN_VARIABLES,
    DivergenceAnalysis,
    DivergenceState,
)
from shadersmith.analysis.reaching import ReachingDefinitions
from shadersmith.analysis.traversal import iter_statements, map_statements
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    IncDec,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import Block, ExprStmt, For, If, Statement, Switch, VarDecl
from shadersmith.ir.types import BOOL, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.steps.registry import Step, StepError, StepResult


class _Recorder(DivergenceAnalysis):
    """The divergence analysis, keeping the state before and after each statement
    (inside loops, the last one: the fixed point)."""

    def __init__(self, **parts: Any) -> None:
        super().__init__(**parts)
        self.before: dict[int, DivergenceState] = {}
        self.after: dict[int, DivergenceState] = {}

    def statement(self, stmt: Statement, state: DivergenceState) -> None:
        self.before[id(stmt)] = state.copy()
        super().statement(stmt, state)
        self.after[id(stmt)] = state.copy()


Folds = dict[int, list[tuple[BinaryOp, Expression]]]


@dataclass(frozen=True)
class Extension:
    """What M_liv did: the program, the uses it added and, of those, how many are at a
    site outside the definition's own statement list (inside or after an `if`, loop or
    switch, or in an enclosing list)."""

    program: Program
    uses: int
    across_blocks: int


def extend_liveness(
    program: Program, rng: random.Random, probability: float
) -> tuple[Program, int]:
    """`program` with new uses of values defined in `main` at later statements of the
    same statement list, and how many were added."""
    extension = liveness_extension(program, rng, probability, across_blocks=False)
    return extension.program, extension.uses


def liveness_extension(
    program: Program, rng: random.Random, probability: float, across_blocks: bool
) -> Extension:
    """`program` with new uses of values defined in `main`: each definition, with
    `probability`, gets one at a site its value reaches (see the module docstring)."""
    main = program.entry_point
    recorder = _recorder(program, fragment_ids=across_blocks)
    state = recorder.entry_state()
    for decl in program.globals:
        recorder.statement(decl, state)
    recorder.block(main.body, state)
    folds: Folds = {}
    across = 0
    if across_blocks:
        across = _extend_across_blocks(program, recorder, rng, probability, folds)
    else:
        for stmt in iter_statements(main.body):
            for body in _bodies(stmt):
                _extend_block(body, recorder, rng, probability, folds)
    if not folds:
        return Extension(program, 0, 0)
    return Extension(_apply(program, folds), sum(len(u) for u in folds.values()), across)


def _recorder(program: Program, fragment_ids: bool) -> _Recorder:
    """The divergence analysis of `program`. A fragment shader still in the generator's
    compute form (generate/fragment.py) has a local size of 1, where the analysis sees
    nothing divergent; its fragments differ by `gl_FragCoord` and their own outputs, as
    the generator's driver knew (`fragment_ids`; the within-list mode keeps what tests
    recorded with it saw)."""
    recorder = _Recorder.of_program(program)
    assert isinstance(recorder, _Recorder)
    if fragment_ids and not recorder.always_divergent and _reads_fragment_coordinates(program):
        recorder.always_divergent = _Recorder(
            buffers=program.buffers,
            shared=[s.name for s in program.shared],
            inputs=[i.name for i in program.inputs],
        ).always_divergent
    return recorder


def _reads_fragment_coordinates(program: Program) -> bool:
    return any(
        isinstance(node, VariableRef) and node.name in DIVERGENT_BUILTIN_VARIABLES
        for node in iter_nodes(program)
    )


def _apply(program: Program, folds: Folds) -> Program:
    main = program.entry_point
    sites = {id(s): s for s in iter_statements(main.body) if id(s) in folds}

    def rewrite(stmt: Statement) -> list[Statement]:
        if id(stmt) in folds and sites.get(id(stmt)) is stmt:
            return [_folded(stmt, folds[id(stmt)])]
        return [stmt]

    new_main = map_statements(main, rewrite)
    functions = tuple(new_main if f is main else f for f in program.functions)
    return _replace_functions(program, functions)


def _replace_functions(program: Program, functions: tuple[Function, ...]) -> Program:
    return dataclasses.replace(program, functions=functions)


def _bodies(stmt: Statement) -> list[tuple[Statement, ...]]:
    """The statement lists directly inside `stmt`."""
    if isinstance(stmt, Block):
        return [stmt.body]
    if isinstance(stmt, If):
        return [stmt.then.body] + ([stmt.otherwise.body] if stmt.otherwise else [])
    if isinstance(stmt, Switch):
        return [case.body for case in stmt.cases]
    return []


def _definition(stmt: Statement) -> tuple[str, Type, Expression] | None:
    """`v`, its type and the defining expression, when `stmt` defines a whole value."""
    if isinstance(stmt, VarDecl) and stmt.init is not None and not stmt.const:
        return stmt.name, stmt.type, stmt.init
    if isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign):
        assign = stmt.expr
        if assign.op is AssignOp.ASSIGN and isinstance(assign.target, VariableRef):
            return assign.target.name, assign.type, assign.value
    return None


def _site_value(stmt: Statement) -> Expression | None:
    """The right-hand side a new use can be folded into."""
    if isinstance(stmt, VarDecl) and stmt.init is not None and not stmt.const:
        return stmt.init
    if isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign):
        assign = stmt.expr
        if assign.op in (AssignOp.ASSIGN, AssignOp.ADD, AssignOp.SUB, AssignOp.BIT_XOR):
            return assign.value
    return None


def _writes(stmt: Statement, name: str) -> bool:
    """Whether `stmt` may write `name` (an argument naming it counts: a callee's out
    parameter may write it)."""
    for node in iter_nodes(stmt):
        if isinstance(node, Assign | IncDec) and root_variable(node.target) == name:
            return True
        if isinstance(node, VarDecl) and node.name == name:
            return True
        if isinstance(node, Call) and any(root_variable(arg) == name for arg in node.args):
            return True
    return False


def _foldable(type_: Type) -> bool:
    if isinstance(type_, VectorType):
        return type_.kind is not ScalarKind.BOOL
    return isinstance(type_, ScalarType)


def _operator(type_: Type, rng: random.Random) -> BinaryOp:
    assert isinstance(type_, ScalarType | VectorType)
    if type_.kind is ScalarKind.BOOL:
        return rng.choice((BinaryOp.LOGICAL_XOR, BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR))
    if type_.kind is ScalarKind.FLOAT:
        return rng.choice((BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL))
    return rng.choice((BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.BIT_XOR, BinaryOp.BIT_OR))


def _extend_block(
    body: tuple[Statement, ...],
    analysis: _Recorder,
    rng: random.Random,
    probability: float,
    folds: Folds,
) -> None:
    for position, stmt in enumerate(body):
        definition = _definition(stmt)
        if definition is None:
            continue
        name, type_, _ = definition
        if not _foldable(type_) or rng.random() >= probability:
            continue
        candidates: list[Statement] = []
        for later in body[position + 1 :]:
            if _writes(later, name):
                break
            value = _site_value(later)
            state = analysis.before.get(id(later))
            if value is None or state is None or state.dead:
                continue
            if _converted(VariableRef(type_, name), value.type) is None:
                continue
            divergent_v = analysis.is_divergent_name(name, state)
            if analysis.expression(value, state.copy()) == divergent_v:
                candidates.append(later)
        if candidates:
            _add_use(rng.choice(candidates), VariableRef(type_, name), rng, folds)


def _extend_across_blocks(
    program: Program,
    analysis: _Recorder,
    rng: random.Random,
    probability: float,
    folds: Folds,
) -> int:
    """Algorithm 8 over reaching definitions; how many uses are outside the definition's
    statement list."""
    main = program.entry_point
    reaching = ReachingDefinitions(main, program)
    lists = _containing_lists(main.body)
    headers = {id(s.init) for s in iter_statements(main.body) if isinstance(s, For) and s.init}
    site_types: dict[int, bool] = {}  # id(site) -> whether the value it assigns is divergent
    across = 0
    for stmt in iter_statements(main.body):
        definition = _definition(stmt)
        if definition is None:
            continue
        name, type_, _ = definition
        if not _foldable(type_) or rng.random() >= probability:
            continue
        written = next(
            (d for d in reaching.definitions_of(stmt) if d.variable.name == name and d.whole),
            None,
        )
        after = analysis.after.get(id(stmt))
        before = analysis.before.get(id(stmt))
        if written is None or written.variable.kind not in ("local", "global"):
            continue  # a case-local variable: a jump to a later label skips its declaration
        if after is None or before is None or before.dead:
            continue
        divergent_definition = analysis.is_divergent_name(name, after)
        candidates: list[Statement] = []
        for site in reaching.reached_by(written):
            value = _site_value(site)
            state = analysis.before.get(id(site))
            if value is None or id(site) in headers or state is None or state.dead:
                continue
            if isinstance(site, VarDecl) and site.name == name:
                continue  # `T v = e op v` would read the new `v` in some languages
            if reaching.resolve(site, name) != written.variable:
                continue  # out of scope, or shadowed by another variable of that name
            if written.variable in reaching.writes(site):
                continue
            if _converted(VariableRef(type_, name), value.type) is None:
                continue
            site_divergent = site_types.get(id(site))
            if site_divergent is None:
                site_divergent = analysis.expression(value, state.copy()) or state.divergent_control
                site_types[id(site)] = site_divergent
            divergent_here = analysis.is_divergent_name(name, state)
            if site_divergent == divergent_definition and (site_divergent or not divergent_here):
                candidates.append(site)
        if candidates:
            site = rng.choice(candidates)
            _add_use(site, VariableRef(type_, name), rng, folds)
            across += lists.get(id(site)) != lists.get(id(stmt))
    return across


def _add_use(site: Statement, variable: VariableRef, rng: random.Random, folds: Folds) -> None:
    """Fold a read of `variable` into `site`'s right-hand side (when it is rewritten)."""
    site_value = _site_value(site)
    assert site_value is not None
    use = _converted(variable, site_value.type)
    assert use is not None
    folds.setdefault(id(site), []).append((_operator(site_value.type, rng), use))


def _containing_lists(body: Block) -> dict[int, int]:
    """id(statement) -> id of the statement list it is in (a `for` initialiser: its own)."""
    lists: dict[int, int] = {}
    for stmt in iter_statements(body):
        for items in _bodies(stmt):
            for item in items:
                lists[id(item)] = id(items)
        if isinstance(stmt, For) and stmt.init is not None:
            lists[id(stmt.init)] = id(stmt)
    return lists


# Conversions a folded use may go through: exact (bool to a number, int and uint into
# each other with wrap-around) or made exact by the reconditioner (a number to float).
_CONVERSIONS = {
    (ScalarKind.INT, ScalarKind.UINT),
    (ScalarKind.UINT, ScalarKind.INT),
    (ScalarKind.BOOL, ScalarKind.INT),
    (ScalarKind.BOOL, ScalarKind.UINT),
    (ScalarKind.BOOL, ScalarKind.FLOAT),
    (ScalarKind.INT, ScalarKind.FLOAT),
    (ScalarKind.UINT, ScalarKind.FLOAT),
    (ScalarKind.INT, ScalarKind.BOOL),
    (ScalarKind.UINT, ScalarKind.BOOL),
}


def _converted(use: VariableRef, to: Type) -> Expression | None:
    """`use` as a value of type `to`, or None when no safe conversion exists."""
    source = use.type
    if source == to:
        return use
    if not isinstance(source, ScalarType | VectorType) or not isinstance(
        to, ScalarType | VectorType
    ):
        return None
    if type(source) is not type(to) or (
        isinstance(source, VectorType) and isinstance(to, VectorType) and source.size != to.size
    ):
        return None
    if (source.kind, to.kind) not in _CONVERSIONS or not _foldable(to):
        return None
    return Construct(to, (use,))


def _folded(stmt: Statement, uses: list[tuple[BinaryOp, Expression]]) -> Statement:
    value = _site_value(stmt)
    assert value is not None
    for op, variable in uses:
        value = Binary(BOOL if op.is_logical else value.type, op, value, variable)
    if isinstance(stmt, VarDecl):
        return VarDecl(stmt.name, stmt.type, value, stmt.const, stmt.qualifiers)
    assert isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign)
    assign = stmt.expr
    return ExprStmt(Assign(assign.type, assign.op, assign.target, value))


# ---------------------------------------------------------------------------- the step

LIVENESS = "liveness"


@dataclass(frozen=True)
class LivenessParams:
    """M_liv applied after generation (the `liveness` step), with a stream of its own.
    The generator applies it inline with its own stream (generate/smith.py), which the
    generator's seed already replays."""

    seed: int
    probability: float
    # Uses anywhere the value reaches, or only at later statements of the definition's own
    # list: a record without it was made before across blocks existed, and replays so.
    across_blocks: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "probability": self.probability,
            "across_blocks": self.across_blocks,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LivenessParams:
        across_blocks = data.get("across_blocks", False)
        if not isinstance(across_blocks, bool):
            raise StepError("liveness: across_blocks must be true or false")
        return cls(int(data["seed"]), float(data["probability"]), across_blocks)


def liveness_step(program: Program, values: BufferValues, params: LivenessParams) -> StepResult:
    extension = liveness_extension(
        program, random.Random(params.seed), params.probability, params.across_blocks
    )
    report: dict[str, Any] = {"extended": extension.uses}
    if params.across_blocks:
        report["across_blocks"] = extension.across_blocks
    return StepResult(extension.program, values, report)


LIVENESS_STEP = Step(LIVENESS, LivenessParams.from_json, liveness_step)
