"""Output writes (GraphicsFuzz's dead and live fragment-colour writes, generalised to
compute shaders' output buffers).

    dead-output-write  `if (opaque false) { <output> = <fuzzed value>; }` anywhere: a
                       fragment shader's colour, or an element of a compute shader's
                       output buffer
    live-output-write  an output written with a value that does not last:
                       - fragment: `_color = <opaque value>;` anywhere in `main` before
                         its final write of the colour, which overwrites it, or in the
                         body function it calls;
                       - compute: `T _out0 = o; o = <opaque value>; ...; o = _out0;` in
                         `main`, around statements that touch neither `o` nor anything
                         that may (no user call but the reconditioner's wrappers), with
                         no jump that would skip the restore

In a multi-invocation compute shader an invocation reads and writes only its own element
of an output field (generate/invocations.py: its slot): a live write goes to that
element, through the very index expression the program uses for it, so no other
invocation can see the transient value and no race is made. A dead write may go
anywhere (it never runs). The transient value is an opaque value (opaque.py), exact in
every implementation; it never reaches the output.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.calls import parameter_table
from shadersmith.generate.fragment import BODY_FUNCTION
from shadersmith.generate.interface import field_access
from shadersmith.ir.expressions import (
    Assign,
    Call,
    CallKind,
    Construct,
    Expression,
    Index,
    Literal,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Program, Stage, StorageBuffer
from shadersmith.ir.statements import (
    Block,
    Discard,
    ExprStmt,
    If,
    Return,
    Statement,
    VarDecl,
)
from shadersmith.ir.types import (
    INT,
    ArrayType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.mutate.transforms.common import (
    SiteParams,
    applied,
    calls_beyond_wrappers,
    has_free_jump,
    is_pure,
    rng_of,
    unchanged,
)
from shadersmith.mutate.transforms.fuzzing import fuzzer
from shadersmith.mutate.transforms.names import fresh_name
from shadersmith.mutate.transforms.opaque import (
    OPAQUE_BLOCK,
    SYNTHESISED,
    OpaqueValues,
    opaque_values,
)
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.steps.registry import Step, StepResult

DEAD_OUTPUT_WRITE = "dead-output-write"
LIVE_OUTPUT_WRITE = "live-output-write"
_INVOCATION_IDS = frozenset(
    {"gl_LocalInvocationID", "gl_GlobalInvocationID", "gl_LocalInvocationIndex", "gl_WorkGroupID"}
)


@dataclasses.dataclass(frozen=True)
class Output:
    """One output a write may target: its l-value and the type written there."""

    name: str  # the field or output variable
    target: Expression
    type: ScalarType | VectorType

    @property
    def root(self) -> str | None:
        """The variable a statement must not mention to leave the output alone: the
        block's instance (`out_1` of `out_1.f[i]`) or the field itself."""
        return root_variable(self.target)


def _output_buffers(program: Program) -> list[StorageBuffer]:
    return [
        b
        for b in program.buffers
        if b.block_name != OPAQUE_BLOCK and not b.readonly and not b.uniform
    ]


def _plain(type_: Type) -> bool:
    return isinstance(type_, ScalarType | VectorType) and type_.bits == 32


def _dead_outputs(program: Program) -> list[Output]:
    """Every output a dead write may target: array elements at a literal index."""
    found: list[Output] = []
    for output in program.outputs:
        if _plain(output.type):
            assert isinstance(output.type, ScalarType | VectorType)
            found.append(Output(output.name, VariableRef(output.type, output.name), output.type))
    for buffer in _output_buffers(program):
        for field in buffer.fields:
            access = field_access(buffer, field)
            type_ = field.type
            if isinstance(type_, ArrayType) and type_.length is not None:
                access = Index(type_.element, access, Literal(INT, type_.length - 1))
                type_ = type_.element
            if _plain(type_):
                assert isinstance(type_, ScalarType | VectorType)
                found.append(Output(field.name, access, type_))
    return found


def _opaque_value(values_of: OpaqueValues, type_: ScalarType | VectorType, seed: int) -> Expression:
    """A value of `type_` made of opaque values: small integers (exact as floats too)."""
    numbers = [(seed * 7 + 3 * i) % 9 - 2 for i in range(4)]

    def scalar(kind: ScalarKind, number: int) -> Expression:
        if kind is ScalarKind.BOOL:
            return values_of.boolean(number % 2 == 1)
        if kind is ScalarKind.UINT:
            return values_of.number(kind, abs(number))
        if kind is ScalarKind.FLOAT and number == 0:
            number = 5  # nonzero: a float in the exact set S
        return values_of.number(kind, number)

    if isinstance(type_, ScalarType):
        return scalar(type_.kind, numbers[0])
    return Construct(type_, tuple(scalar(type_.kind, numbers[i]) for i in range(type_.size)))


def _assign(target: Expression, value: Expression) -> Statement:
    return ExprStmt(Assign(target.type, AssignOp.ASSIGN, target, value))


def dead_output_write(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """`if (opaque false) { <output> = <fuzzed value>; }` at one point."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    outputs = _dead_outputs(program)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(items) + 1 if outputs else 0

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    output = outputs[rng.randrange(len(outputs))]
    fuzz_seed = rng.randrange(2**31)

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        generator = fuzzer(program, context.function, context.visible(items, local), fuzz_seed)
        write = _assign(output.target, generator.expression(output.type, 0))
        return (*items[:local], If(values_of.false(), Block((write,))), *items[local:])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, output=output.name)


# ---------------------------------------------------------------------------- live writes


def _final_colour_write(program: Program) -> str | None:
    """The fragment output `main` writes last, as its last statement, with a value that
    reads no output and calls no function of the program: everything before it may
    write that output freely."""
    if program.stage is not Stage.FRAGMENT:
        return None
    try:
        body = program.entry_point.body.body
    except KeyError:
        return None
    last = body[-1] if body else None
    outputs = {o.name for o in program.outputs}
    if not (
        isinstance(last, ExprStmt)
        and isinstance(last.expr, Assign)
        and last.expr.op is AssignOp.ASSIGN
        and isinstance(last.expr.target, VariableRef)
        and last.expr.target.name in outputs
        and _plain(last.expr.target.type)
    ):
        return None
    for node in iter_nodes(last.expr.value):
        if isinstance(node, VariableRef) and node.name in outputs:
            return None
        if isinstance(node, Call) and node.kind is CallKind.USER:
            return None
    return last.expr.target.name


def _own_slot_outputs(program: Program) -> list[Output]:
    """The output elements an invocation of a compute shader owns: a whole field where
    the program tells no invocations apart (it then runs as one), else the element of
    an array field at the index expression every access of the field uses, made of the
    invocation ids alone."""
    distinguishes = any(
        isinstance(n, VariableRef) and n.name in _INVOCATION_IDS for n in iter_nodes(program)
    )
    atomic = _atomically_updated(program)
    found: list[Output] = []
    for buffer in _output_buffers(program):
        for field in buffer.fields:
            access = field_access(buffer, field)
            if access in atomic:
                continue  # another invocation may update any element at any time
            if not distinguishes:
                if _plain(field.type):
                    assert isinstance(field.type, ScalarType | VectorType)
                    found.append(Output(field.name, access, field.type))
                continue
            slot = _common_index(program, access)
            element = field.type.element if isinstance(field.type, ArrayType) else None
            if slot is not None and element is not None and _plain(element):
                assert isinstance(element, ScalarType | VectorType)
                found.append(Output(field.name, Index(element, access, slot), element))
    return found


def _atomically_updated(program: Program) -> set[Expression]:
    """The fields (their access expressions) that an atomic built-in updates anywhere in
    the program (generate/atomics.py's counters): every invocation may update any of
    their elements, so a save and restore of one races with the others' updates."""
    updated: set[Expression] = set()
    for node in iter_nodes(program):
        if isinstance(node, Call) and node.callee.startswith("atomic") and node.args:
            target = node.args[0]
            updated.add(target.base if isinstance(target, Index) else target)
    return updated


def _common_index(program: Program, access: Expression) -> Expression | None:
    """The one index expression every `access[i]` of the program has, when it reads
    invocation ids (at least one: a constant index is every invocation's element), and
    otherwise only literals and the reconditioner's wrappers."""
    indices = {
        node.index
        for node in iter_nodes(program)
        if isinstance(node, Index) and node.base == access
    }
    if len(indices) != 1:
        return None
    (index,) = indices
    names = {node.name for node in iter_nodes(index) if isinstance(node, VariableRef)}
    if not names or not names <= _INVOCATION_IDS:
        return None
    return index if is_pure(index, parameter_table(program.functions)) else None


def _untouching(stmt: Statement, name: str | None) -> bool:
    """Whether `stmt` may sit between a save and a restore of output `name`: it does not
    mention it, calls no user function but the wrappers, and cannot jump past the restore."""
    if isinstance(stmt, VarDecl) or has_free_jump(stmt):
        return False
    for node in iter_nodes(stmt):
        if isinstance(node, Return | Discard):
            return False
        if isinstance(node, VariableRef) and node.name == name:
            return False
        if calls_beyond_wrappers(node):
            return False
    return True


def live_output_write(program: Program, values: BufferValues, params: SiteParams) -> StepResult:
    """An output written with a transient opaque value: overwritten by the fragment
    shader's final colour write, or saved and restored around it in a compute shader."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque, SYNTHESISED)
    colour = _final_colour_write(program)
    if colour is not None:
        return _overwritten(program, values, rng.randrange(2**31), rng.random(), values_of)
    outputs = _own_slot_outputs(program) if program.stage is Stage.COMPUTE else []
    if not outputs:
        return unchanged(program, values)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(items) + 1 if context.function.name == "main" else 0

    sites = statement_list_sites(program, accept)
    chosen = rng.randrange(sites)
    output = outputs[rng.randrange(len(outputs))]
    covered_wanted, value_seed = rng.randint(0, 3), rng.randrange(2**31)
    saved = fresh_name(program, "_out")
    made: list[int] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        covered = 0
        while (
            covered < covered_wanted
            and local + covered < len(items)
            and _untouching(items[local + covered], output.root)
        ):
            covered += 1
        made.append(covered)
        save = VarDecl(saved, output.type, output.target)
        junk = _assign(output.target, _opaque_value(values_of, output.type, value_seed))
        restore = _assign(output.target, VariableRef(output.type, saved))
        inner = items[local : local + covered]
        wrapped = Block((save, junk, *inner, restore))
        return (*items[:local], wrapped, *items[local + covered :])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(
        changed, values, chosen, sites, form="restored", output=output.name, covered=made[0]
    )


def _overwritten(
    program: Program,
    values: BufferValues,
    value_seed: int,
    draw: float,
    values_of: OpaqueValues,
) -> StepResult:
    colour = _final_colour_write(program)
    assert colour is not None
    output = next(o for o in program.outputs if o.name == colour)
    type_ = output.type
    assert isinstance(type_, ScalarType | VectorType)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        # In `main` (before its final write: not its list's last point) or the body it
        # calls as a statement: a write in a function called within an expression could
        # be unsequenced against another call's (the wrappers are called so).
        if context.function.name == "main":
            return len(items) if context.depth == 0 else len(items) + 1
        return len(items) + 1 if context.function.name == BODY_FUNCTION else 0

    sites = statement_list_sites(program, accept)
    chosen = int(draw * sites)

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        target = VariableRef(type_, output.name)
        write = _assign(target, _opaque_value(values_of, type_, value_seed))
        return (*items[:local], write, *items[local:])

    changed = rewrite_statement_list(program, accept, chosen, change)
    return applied(changed, values, chosen, sites, form="overwritten", output=colour)


DEAD_OUTPUT_WRITE_STEP = Step(DEAD_OUTPUT_WRITE, SiteParams.from_json, dead_output_write)
LIVE_OUTPUT_WRITE_STEP = Step(LIVE_OUTPUT_WRITE, SiteParams.from_json, live_output_write)
