"""Code injection from donors (GraphicsFuzz): dead code under `if (opaque false)` and
live code whose effects never reach the outputs: on its own variables, and (plans made
since, the parameter `state`) on recipient variables it saves and restores (state.py).

A donor is another generated program of the same stage, regenerated from its seed (so a
step's parameters replay it), or a real-world shader of a corpus (issue 20, part 3:
the step's parameter `corpus_donor` holds its record, front/corpus_record.py, the program's
text and input values, so it replays without the corpus), reconditioned so it is free of
undefined behaviour on its own, and made self-contained: its buffers become global
variables holding the values the buffers would have held, its entry point (`main`, or a
fragment program's `fragment_body`) an ordinary function, and every name it declares gets
a prefix of its own. It then shares nothing with the recipient: running it changes only
its own globals, so a call of it is live code that cannot change what the recipient
computes, and the recipient's loop limiters, counters and wrappers are untouched (the
donor has its own).

Live code is called only from the entry function's top-level list, so it runs at most
once per invocation, from the state its reconditioning assumed.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from shadersmith.case.inputs import TestCaseError
from shadersmith.config.generator_options import SmithOptions
from shadersmith.front.corpus_record import program_of_record
from shadersmith.generate.fragment import BODY_FUNCTION, value_expression
from shadersmith.generate.interface import instance_type
from shadersmith.generate.smith import generate
from shadersmith.ir.expressions import Call, CallKind, Construct, VariableRef
from shadersmith.ir.program import BufferField, Function, Parameter, Program, Stage, StorageBuffer
from shadersmith.ir.statements import Block, Discard, ExprStmt, If, Return, Statement, VarDecl
from shadersmith.ir.types import VOID, ArrayType, StructField, StructType, Type
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes, transform
from shadersmith.mutate.transforms.common import applied, optional_int, rng_of, unchanged
from shadersmith.mutate.transforms.names import used_names
from shadersmith.mutate.transforms.opaque import opaque_values
from shadersmith.mutate.transforms.sites import (
    ListContext,
    rewrite_statement_list,
    statement_list_sites,
)
from shadersmith.mutate.transforms.state import (
    Binding,
    bound_body,
    bound_entry,
    choose_bindings,
    recipient_variables,
    saved_and_restored,
)
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.steps.registry import Step, StepError, StepResult

DEAD_CODE = "dead-code"
LIVE_CODE = "live-code"
ENTRY = "entry"
# The step parameter holding a corpus donor's record (absent: a generated donor).
CORPUS_DONOR = "corpus_donor"


@dataclasses.dataclass(frozen=True)
class Donor:
    structs: tuple[StructType, ...]
    globals: tuple[VarDecl, ...]
    functions: tuple[Function, ...]  # the entry point last
    entry: Function

    @property
    def returns(self) -> bool:
        return any(isinstance(n, Return | Discard) for n in iter_nodes(self.entry.body))


def donor_options(stage: Stage) -> SmithOptions:
    """Small single-invocation programs: no barriers or shared memory, which live code
    in divergent control flow could not have."""
    return SmithOptions(
        max_statements_main=14,
        max_functions=2,
        multi_invocation_probability=0.0,
        fragment_probability=1.0 if stage is Stage.FRAGMENT else 0.0,
    )


# A donor's buffers become plain globals (above), which no memory qualifier reaches: the
# reconditioner's copies of qualified arguments would change nothing but the text, and
# every recorded plan's donor replays byte for byte without them.
_DONOR_RECONDITIONING = ReconditionOptions(qualified_copies=False)


@lru_cache(maxsize=64)
def _reconditioned_donor(seed: int, stage: Stage) -> tuple[Program, Any]:
    generated = generate(seed, donor_options(stage))
    result = recondition(generated.program, generated.buffer_values, _DONOR_RECONDITIONING)
    return result.program, result.buffer_values


# The naming of donors' identifiers, a step parameter so that every recorded test replays
# byte for byte: 2 (plans since) never makes a reserved "__"; 1 (the first campaigns) did.
NAMING = 2


@lru_cache(maxsize=64)
def _reconditioned_corpus_donor(record: str) -> tuple[Program, Any]:
    # Imported here: corpus/ reads real-world shaders, which only corpus donors need.

    try:
        shader = program_of_record(json.loads(record), f"step parameter {CORPUS_DONOR}")
    except TestCaseError as error:
        raise StepError(str(error)) from None
    result = recondition(shader.program, shader.values, _DONOR_RECONDITIONING)
    return result.program, result.buffer_values


@dataclasses.dataclass(frozen=True)
class DonorParams:
    """The parameters of dead-code: the seed of its choices, and its donor."""

    seed: int
    donor: int  # the generated donor's seed (a corpus donor's picked it)
    # The naming of the donor's identifiers (NAMING; absent in the first campaigns' 1).
    naming: int = 1
    # A corpus donor's record (front/corpus_record.py); None: the generated donor `donor`.
    corpus_donor: dict[str, Any] | None = None
    opaque: int | None = None  # as SiteParams.opaque (its default DIRECT)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed, "donor": self.donor, "naming": self.naming}
        if self.corpus_donor is not None:
            data[CORPUS_DONOR] = self.corpus_donor
        if self.opaque is not None:
            data["opaque"] = self.opaque
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DonorParams:
        record = data.get(CORPUS_DONOR)
        return cls(
            int(data["seed"]),
            int(data["donor"]),
            int(data.get("naming", 1)),
            None if record is None else dict(record),
            optional_int(data, "opaque"),
        )


@dataclasses.dataclass(frozen=True)
class LiveCodeParams(DonorParams):
    # Some of the donor's locals bound to recipient variables, saved and restored
    # (plans since; a record without it runs the donor on its own variables only).
    state: bool = False

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "state": self.state}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveCodeParams:
        donor = DonorParams.from_json(data)
        return cls(
            donor.seed,
            donor.donor,
            donor.naming,
            donor.corpus_donor,
            donor.opaque,
            bool(data.get("state")),
        )


def donor_of(params: DonorParams, stage: Stage, prefix: str) -> Donor:
    """The donor a dead-code or live-code step's parameters name: a corpus donor's
    record, or a generated donor's seed."""
    if params.corpus_donor is None:
        return make_donor(params.donor, stage, prefix, params.naming)
    record = json.dumps(params.corpus_donor, sort_keys=True)
    program, values = _reconditioned_corpus_donor(record)
    if program.stage is not stage:
        raise StepError(f"a {program.stage.value} donor for a {stage.value} program")
    return self_contained_donor(program, values, prefix, params.naming)


def make_donor(seed: int, stage: Stage, prefix: str, naming: int = NAMING) -> Donor:
    program, values = _reconditioned_donor(seed, stage)
    return self_contained_donor(program, values, prefix, naming)


def self_contained_donor(program: Program, values: BufferValues, prefix: str, naming: int) -> Donor:
    """A reconditioned program as a donor: its buffers as globals holding their values,
    its entry an ordinary function, its names prefixed (see the module docstring)."""
    structs = list(program.structs)
    globals_: list[VarDecl] = []
    for buffer in program.buffers:
        given = values[buffer.block_name]
        buffer = _sized(buffer, given)
        if buffer.instance_name is None:
            globals_ += [
                VarDecl(f.name, f.type, value_expression(f.type, given[f.name]))
                for f in buffer.fields
            ]
            continue
        struct = instance_type(buffer)
        structs.append(struct)
        init = Construct(
            struct, tuple(value_expression(f.type, given[f.name]) for f in buffer.fields)
        )
        globals_.append(VarDecl(buffer.instance_name, struct, init))
    globals_ += program.globals
    entry_name = BODY_FUNCTION if program.stage is Stage.FRAGMENT else "main"
    functions = [f for f in program.functions if f.name != "main" or entry_name == "main"]
    entry = next(f for f in functions if f.name == entry_name)
    functions = [f for f in functions if f is not entry]
    entry = dataclasses.replace(entry, name=ENTRY)
    renamer = _Renamer(prefix, separated=naming >= 2)
    return Donor(
        structs=tuple(renamer.struct(s) for s in structs),
        globals=tuple(renamer.node(g) for g in globals_),
        functions=tuple(renamer.function(f) for f in (*functions, entry)),
        entry=renamer.function(entry),
    )


def _sized(buffer: StorageBuffer, given: Mapping[str, Any]) -> StorageBuffer:
    """`buffer` with a runtime-sized array (a corpus program's) given the length of its
    values: a global array needs one."""
    fields = []
    for field in buffer.fields:
        if isinstance(field.type, ArrayType) and field.type.length is None:
            field = BufferField(field.name, ArrayType(field.type.element, len(given[field.name])))
        fields.append(field)
    return dataclasses.replace(buffer, fields=tuple(fields))


class _Renamer:
    """Every name a donor declares gets `prefix` (and one underscore between);
    built-ins (`gl_*`) and field names stay."""

    def __init__(self, prefix: str, separated: bool = True) -> None:
        self.prefix = prefix
        self.separated = separated
        self.types: dict[Type, Type] = {}

    def name(self, name: str) -> str:
        # `_d0` + `_ss_total`, never `_d0__ss_total`: GLSL reserves every identifier
        # holding "__", and NVIDIA's GL compiler rejects one.
        if name.startswith("gl_"):
            return name
        if not self.separated:  # plans made before version 2 of the naming (replay only)
            return f"{self.prefix}_{name}"
        return self.prefix + (name if name.startswith("_") else "_" + name)

    def type(self, type_: Type) -> Type:
        if type_ in self.types:
            return self.types[type_]
        renamed: Type = type_
        if isinstance(type_, StructType):
            renamed = self.struct(type_)
        elif isinstance(type_, ArrayType):
            renamed = dataclasses.replace(type_, element=self.type(type_.element))
        self.types[type_] = renamed
        return renamed

    def struct(self, struct: StructType) -> StructType:
        fields = tuple(StructField(f.name, self.type(f.type)) for f in struct.fields)
        return StructType(self.name(struct.name), fields)

    def node(self, node: Any) -> Any:
        def rename(current: Any) -> Any:
            changes: dict[str, Any] = {}
            if hasattr(current, "type") and not isinstance(current, Function):
                changes["type"] = self.type(current.type)
            if isinstance(current, VariableRef | VarDecl):
                changes["name"] = self.name(current.name)
            if isinstance(current, Call) and current.kind is CallKind.USER:
                changes["callee"] = self.name(current.callee)
            return dataclasses.replace(current, **changes) if changes else current

        return transform(node, rename)

    def function(self, function: Function) -> Function:
        body = self.node(function.body)
        params = tuple(
            Parameter(self.name(p.name), self.type(p.type), p.qualifier, p.const, p.qualifiers)
            for p in function.params
        )
        return Function(self.name(function.name), self.type(function.return_type), params, body)


def _prefix(program: Program) -> str:
    used = used_names(program)
    number = 0
    while any(name.startswith(f"_d{number}_") for name in used):
        number += 1
    return f"_d{number}"


def _with_donor(program: Program, donor: Donor) -> Program:
    return dataclasses.replace(
        program,
        structs=(*donor.structs, *program.structs),
        globals=(*donor.globals, *program.globals),
        functions=(*donor.functions, *program.functions),
    )


def _call(donor: Donor) -> Statement:
    return ExprStmt(Call(VOID, donor.entry.name, (), CallKind.USER))


def _entry_function(program: Program) -> str:
    return BODY_FUNCTION if program.stage is Stage.FRAGMENT else "main"


def dead_code(program: Program, values: BufferValues, params: DonorParams) -> StepResult:
    """`if (opaque false) { <donor> }` at one point: the donor's entry called, or its body
    inlined where the recipient function returns nothing (its `return`s then fit)."""
    rng = rng_of(params.seed)
    values_of = opaque_values(program, params.seed, params.opaque)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(items) + 1

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    inline_wanted = rng.random() < 0.5
    donor = donor_of(params, program.stage, _prefix(program))
    forms: list[str] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        inline = inline_wanted and context.function.return_type == VOID
        forms.append("inline" if inline else "call")
        dead = donor.entry.body if inline else Block((_call(donor),))
        return (*items[:local], If(values_of.false(), dead), *items[local:])

    changed = _with_donor(rewrite_statement_list(program, accept, chosen, change), donor)
    return applied(changed, values, chosen, sites, form=forms[0] if forms else None)


def live_code(program: Program, values: BufferValues, params: LiveCodeParams) -> StepResult:
    """The donor run at one point of the entry function's own list: called, or inlined
    as a block when it has no `return` (which would leave the recipient). With the
    parameter `state` (plans made since), some of its locals are bound to recipient
    variables in scope there, saved before and restored after (state.py)."""
    rng = rng_of(params.seed)
    entry = _entry_function(program)

    def accept(items: tuple[Statement, ...], context: ListContext) -> int:
        return len(items) + 1 if context.depth == 0 and context.function.name == entry else 0

    sites = statement_list_sites(program, accept)
    if not sites:
        return unchanged(program, values)
    chosen = rng.randrange(sites)
    inline_wanted = rng.random() < 0.5
    donor = donor_of(params, program.stage, _prefix(program))
    if any(isinstance(n, Discard) for f in donor.functions for n in iter_nodes(f.body)):
        return unchanged(program, values, sites)  # it would end the recipient's fragment
    inline = inline_wanted and not donor.returns
    state = random.Random(rng.randrange(2**31)) if params.state else None
    bound: list[Binding] = []

    def change(
        items: tuple[Statement, ...], context: ListContext, local: int
    ) -> tuple[Statement, ...]:
        nonlocal donor
        if state is not None:
            candidates = recipient_variables(program, context.visible(items, local))
            bound.extend(choose_bindings(donor.entry, candidates, state))
        live: Statement
        if inline:
            names = {b.donor: b.recipient for b in bound}
            live = bound_body(donor.entry.body, bound, names) if bound else donor.entry.body
        elif bound:
            entry_function = bound_entry(donor.entry, bound)
            donor = dataclasses.replace(
                donor, functions=(*donor.functions[:-1], entry_function), entry=entry_function
            )
            args = tuple(VariableRef(b.type, b.recipient) for b in bound)
            live = ExprStmt(Call(VOID, donor.entry.name, args, CallKind.USER))
        else:
            live = _call(donor)
        if bound:
            live = saved_and_restored(program, bound, live)
        return (*items[:local], live, *items[local:])

    changed = rewrite_statement_list(program, accept, chosen, change)
    changed = _with_donor(changed, donor)
    extra: dict[str, Any] = {}
    if state is not None:
        extra = {"bound": len(bound), "read": sum(b.reads for b in bound)}
    return applied(changed, values, chosen, sites, form="inline" if inline else "call", **extra)


DEAD_CODE_STEP = Step(DEAD_CODE, DonorParams.from_json, dead_code)
LIVE_CODE_STEP = Step(LIVE_CODE, LiveCodeParams.from_json, live_code)
