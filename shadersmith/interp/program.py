"""Compile a whole program once, run it on buffer contents, read the buffers back.

`run_compute` is the entry point others use. The compiled form keeps what is shared by
all invocations (buffers) apart from what each invocation owns (globals, frames, the
`Invocation`), so that several invocations can later run against the same buffers.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from shadersmith.analysis.buffer_reads import read_buffers
from shadersmith.analysis.subgroups import uses_subgroups
from shadersmith.analysis.wgsl_constants import creation_errors
from shadersmith.interp.dispatch import run_in_phases, run_sequentially
from shadersmith.interp.errors import InterpreterError, UBCategory, UndefinedBehaviour
from shadersmith.interp.evaluation_order import EffectAnalysis
from shadersmith.interp.expressions import ExpressionCompiler
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.frames import (
    FIRST_BUFFER,
    FRAME_ID,
    GLOBALS,
    LOCALS,
    UNDEF,
    Frame,
    Invocation,
)
from shadersmith.interp.functions import CompiledBody, CompiledFunction, ParameterSlot
from shadersmith.interp.interval_program import as_intervals, refuse_for_intervals
from shadersmith.interp.layout import flatten, slot_count, unflatten, zero_slots
from shadersmith.interp.places import BufferInstance
from shadersmith.interp.program_scope import ProgramScope
from shadersmith.interp.races import HOST, RaceClock, TrackedSlots
from shadersmith.interp.relaxed import relaxed_program
from shadersmith.interp.semantics import Language
from shadersmith.interp.sites import Site
from shadersmith.interp.statements import Stmt, compile_function_body
from shadersmith.interp.textures import lower_textures
from shadersmith.interp.variables import Variable, describe_slot
from shadersmith.ir.expressions import Call, CallKind
from shadersmith.ir.program import Function, Program, Stage, StorageBuffer
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import UINT, ArrayType, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value
from shadersmith.ir.walk import iter_nodes

_UVEC3 = VectorType(UINT.kind, 3)
# The most invocations one dispatch may have: the interpreter runs each one in turn.
MAX_INVOCATIONS = 4096

# Compute built-in variables, read-only globals filled per invocation.
COMPUTE_BUILTIN_VARIABLES: tuple[tuple[str, Type], ...] = (
    ("gl_LocalInvocationID", _UVEC3),
    ("gl_GlobalInvocationID", _UVEC3),
    ("gl_WorkGroupID", _UVEC3),
    ("gl_NumWorkGroups", _UVEC3),
    ("gl_WorkGroupSize", _UVEC3),
    ("gl_LocalInvocationIndex", UINT),
)
# GL_KHR_shader_subgroup_basic's, declared for the programs that use subgroups.
SUBGROUP_BUILTIN_VARIABLES: tuple[tuple[str, Type], ...] = (
    ("gl_SubgroupSize", UINT),
    ("gl_SubgroupInvocationID", UINT),
)
# The subgroup size a run models unless told (Job.subgroup_size): SwiftShader's.
DEFAULT_SUBGROUP_SIZE = 4


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while compiling or running.

    Both allocate many small objects (closures, tuples, frames) that form no cycles; left
    on, the collector runs full passes over the caller's whole heap and more than doubles
    compile time. The previous state is restored on the way out."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@dataclass(frozen=True, slots=True)
class ExecutionResult:
    """Final contents of every buffer (same shape as the input) and the steps taken."""

    buffers: BufferValues
    steps: int


@dataclass(slots=True)
class _BufferLayout:
    buffer: StorageBuffer
    fields: list[Variable]
    # Slots before the runtime-sized array that may end the buffer.
    fixed_size: int
    runtime_element_size: int  # 0 when the buffer has no runtime-sized array


class CompiledProgram:
    """A program compiled once; `run` executes it on given buffer contents."""

    def __init__(
        self,
        program: Program,
        *,
        sanitize: bool = True,
        abs_int_min_is_ub: bool = True,
        undefined_blocks: frozenset[str] = frozenset(),
        language: Language = Language.GLSL,
        floats: FloatMode = FloatMode.EXACT,
    ) -> None:
        if floats is FloatMode.INTERVAL:
            refuse_for_intervals(program, sanitize)
            # mediump/lowp values widened where GLSL lets them be relaxed (relaxed.py).
            program = relaxed_program(program)
        # Textures and images run as buffers and helper functions (interp/textures.py).
        program = lower_textures(program)
        self.program = program
        self.language = language
        self.sanitize = sanitize
        self.floats = floats
        if sanitize and language is Language.WGSL:
            _refuse_invalid_wgsl(program)
        _refuse_writeonly_reads(program)
        # Buffers that start undefined: a fragment shader's outputs (interp/fragment.py),
        # which must all be written before the end.
        self.undefined_blocks = undefined_blocks
        nonlocal_names = {d.name for d in program.globals} | {u.name for u in program.uniforms}
        for buffer in program.buffers:
            nonlocal_names.update(f.name for f in buffer.fields)
            if buffer.instance_name is not None:
                nonlocal_names.add(buffer.instance_name)
        self.effects = EffectAnalysis(program, nonlocal_names)
        out_roots = frozenset(self.effects.out_argument_roots)
        names: dict[str, Variable | BufferInstance] = {}
        self._buffers = [
            self._buffer_layout(b, i, out_roots) for i, b in enumerate(program.buffers)
        ]
        for layout in self._buffers:
            instance = layout.buffer.instance_name
            if instance is None:
                names.update({v.name: v for v in layout.fields})
            else:
                names[instance] = BufferInstance(instance, {v.name: v for v in layout.fields})
        # `shared` variables: one more storage root after the buffers, one per work group.
        self._shared_index = len(program.buffers)
        self._shared: list[Variable] = []
        self._shared_size = 0
        for shared in program.shared:
            variable = Variable(
                shared.name,
                shared.type,
                FIRST_BUFFER + self._shared_index,
                self._shared_size,
                sanitize,
                buffer=self._shared_index,
                shared=True,
            )
            self._shared.append(variable)
            names[shared.name] = variable
            self._shared_size += slot_count(shared.type)
        self._has_barrier = any(
            isinstance(node, Call) and node.kind is CallKind.BUILTIN and node.callee == "barrier"
            for function in program.functions
            for node in iter_nodes(function.body)
        )
        # Subgroup operations exchange values: the invocations run in phases, as with
        # barriers (dispatch.py).
        self._has_subgroups = uses_subgroups(program)
        self._globals_template: list[Any] = []
        global_variables: list[Variable] = []

        def declare_global(name: str, type_: Type, may_undef: bool, readonly: bool) -> Variable:
            variable = Variable(
                name, type_, GLOBALS, len(self._globals_template), may_undef, readonly=readonly
            )
            self._globals_template.extend(
                [UNDEF] * slot_count(type_) if sanitize else zero_slots(type_)
            )
            global_variables.append(variable)
            names[name] = variable
            return variable

        self._builtin_offsets = {
            name: declare_global(name, type_, False, True).offset
            for name, type_ in COMPUTE_BUILTIN_VARIABLES
            + (SUBGROUP_BUILTIN_VARIABLES if self._has_subgroups else ())
        }
        self._uniforms = [declare_global(u.name, u.type, False, True) for u in program.uniforms]
        self.scope = ProgramScope(
            sanitize=sanitize,
            abs_int_min_is_ub=abs_int_min_is_ub,
            effects=self.effects,
            global_variables=global_variables,
            buffer_variables=[*(layout.fields for layout in self._buffers), self._shared],
            names=names,
            language=language,
            floats=floats,
        )
        self._global_initialisers = [
            self._global(decl, declare_global, out_roots) for decl in program.globals
        ]
        for function in program.functions:
            params: list[ParameterSlot] = []
            offset = 0
            for p in function.params:
                size = slot_count(p.type)
                params.append(ParameterSlot(offset, p.type, p.qualifier, size))
                offset += size

            def compile_body(
                tracked: bool,
                function: Function = function,
                scope: ProgramScope = self.scope,
                stage: Stage = program.stage,
            ) -> CompiledBody:
                return compile_function_body(
                    scope, function, tracked=tracked, out_argument_roots=out_roots, stage=stage
                )

            compiled = CompiledFunction(function, params, compile_body)
            self.scope.functions.setdefault(function.name, []).append(compiled)
        mains = self.scope.functions.get("main")
        if not mains:
            raise InterpreterError("the program has no main function")
        self._main = mains[0]
        # Calls are resolved: dropping the registry leaves the compiled closures free of
        # reference cycles, so a program no longer used is freed at once.
        self.scope.functions.clear()

    def _buffer_layout(
        self, buffer: StorageBuffer, index: int, out_roots: frozenset[str]
    ) -> _BufferLayout:
        fields: list[Variable] = []
        offset = 0
        runtime_element_size = 0
        for position, field in enumerate(buffer.fields):
            may_undef = field.name in out_roots or buffer.instance_name in out_roots
            fields.append(
                Variable(
                    field.name,
                    field.type,
                    FIRST_BUFFER + index,
                    offset,
                    may_undef,
                    buffer=index,
                    readonly=buffer.readonly,
                )
            )
            if isinstance(field.type, ArrayType) and field.type.length is None:
                if position != len(buffer.fields) - 1:
                    raise InterpreterError(
                        f"buffer {buffer.block_name}: only the last field may be runtime-sized"
                    )
                runtime_element_size = slot_count(field.type.element)
            else:
                offset += slot_count(field.type)
        return _BufferLayout(buffer, fields, offset, runtime_element_size)

    def _global(self, decl: VarDecl, declare: Any, out_roots: frozenset[str]) -> Stmt:
        """Compile a global declaration; its initialiser runs at the start of main."""
        compiler = ExpressionCompiler(self.scope, "<global>", lambda name: None, [])
        compiler.statement = decl
        init = compiler.expression(decl.init, False) if decl.init is not None else None
        may_undef = init is None or decl.name in out_roots
        variable: Variable = declare(decl.name, decl.type, may_undef, decl.const)
        offset, size = variable.offset, slot_count(decl.type)
        scalar = isinstance(decl.type, ScalarType)

        def initialise(fr: Frame) -> int | None:
            if init is not None:
                if scalar:
                    fr[GLOBALS][offset] = init(fr)
                else:
                    fr[GLOBALS][offset : offset + size] = init(fr)
            return None

        return initialise

    # ------------------------------------------------------------ running

    def _buffer_slots(self, buffer_values: BufferValues) -> tuple[list[list[Any]], list[int]]:
        contents: list[list[Any]] = []
        runtime_lengths: list[int] = []
        for layout in self._buffers:
            block = layout.buffer.block_name
            given = buffer_values.get(block, {})
            slots: list[Any] = []
            length = 0
            for variable in layout.fields:
                where = f"buffer {block} field {variable.name}"
                if block in self.undefined_blocks and self.sanitize:
                    field_slots: list[Any] = [UNDEF] * slot_count(variable.type)
                elif variable.name in given:
                    field_slots = flatten(given[variable.name], variable.type, where)
                elif isinstance(variable.type, ArrayType) and variable.type.length is None:
                    field_slots = []
                else:
                    field_slots = zero_slots(variable.type)
                if isinstance(variable.type, ArrayType) and variable.type.length is None:
                    length = len(field_slots) // max(layout.runtime_element_size, 1)
                field_slots = as_intervals(field_slots, self.floats)
                slots.extend(field_slots)
            contents.append(slots)
            runtime_lengths.append(length)
        return contents, runtime_lengths

    def run(
        self,
        buffer_values: BufferValues,
        *,
        step_budget: int = 2_000_000,
        uniform_values: Mapping[str, Value] | None = None,
        workgroups: tuple[int, int, int] = (1, 1, 1),
        subgroup_size: int = DEFAULT_SUBGROUP_SIZE,
    ) -> ExecutionResult:
        """Run every invocation of a dispatch of `workgroups` work groups on
        `buffer_values`; `step_budget` bounds each invocation; subgroups have
        `subgroup_size` lanes (interp/subgroups.py)."""
        with _collector_paused():
            return self._run(buffer_values, step_budget, uniform_values, workgroups, subgroup_size)

    def _run(
        self,
        buffer_values: BufferValues,
        step_budget: int,
        uniform_values: Mapping[str, Value] | None,
        workgroups: tuple[int, int, int],
        subgroup_size: int,
    ) -> ExecutionResult:
        if subgroup_size < 1:
            raise InterpreterError(f"subgroup size {subgroup_size}")
        if self.program.stage is not Stage.COMPUTE:
            raise InterpreterError("only compute shaders are run for now")
        local_size = self.program.local_size
        group_size = local_size[0] * local_size[1] * local_size[2]
        group_count = workgroups[0] * workgroups[1] * workgroups[2]
        if min(*local_size, *workgroups) < 1:
            raise InterpreterError(f"local size {local_size}, work groups {workgroups}")
        if group_size * group_count > MAX_INVOCATIONS:
            raise InterpreterError(
                f"{group_size * group_count} invocations: at most {MAX_INVOCATIONS} are run"
            )
        contents, runtime_lengths = self._buffer_slots(buffer_values)
        clock = RaceClock(lambda index: _describe_invocation(index, local_size, workgroups))
        tracking = self.sanitize and group_size * group_count > 1
        if tracking:
            contents = [
                TrackedSlots(slots, clock, "buffer", self._slot_namer(b))
                for b, slots in enumerate(contents)
            ]
        buffer_ids: list[int] = []
        next_id = len(self._globals_template)
        for slots in contents:
            buffer_ids.append(next_id)
            next_id += len(slots)
        buffer_ids.append(next_id)  # the shared variables
        next_id += self._shared_size
        runtime_lengths.append(0)
        globals_template = self._globals_template.copy()
        for uniform in self._uniforms:
            value = (uniform_values or {}).get(uniform.name)
            size = slot_count(uniform.type)
            globals_template[uniform.offset : uniform.offset + size] = as_intervals(
                flatten(value, uniform.type, f"uniform {uniform.name}")
                if value is not None
                else zero_slots(uniform.type),
                self.floats,
            )
        steps = 0
        index = 0
        for workgroup_id in _ids(workgroups):
            shared: list[Any] = (
                [UNDEF] * self._shared_size
                if self.sanitize
                else [slot for v in self._shared for slot in zero_slots(v.type)]
            )
            tracked_shared: TrackedSlots | None = None
            if tracking:
                tracked_shared = TrackedSlots(
                    shared, clock, "shared", self._slot_namer(self._shared_index)
                )
                shared = tracked_shared
            invocations: list[Invocation] = []
            starts = []
            for local_index, local_id in enumerate(_ids(local_size)):
                invocation = Invocation(
                    step_budget=step_budget,
                    buffer_ids=buffer_ids,
                    runtime_lengths=runtime_lengths,
                    first_frame_id=next_id,
                    local_id=local_id,
                    workgroup_id=workgroup_id,
                )
                invocation.subgroup_size = subgroup_size
                invocation.subgroup_lane = local_index % subgroup_size
                invocations.append(invocation)
                starts.append(
                    self._start(invocation, globals_template, contents, shared, workgroups)
                )
            if (self._has_barrier or self._has_subgroups) and len(starts) > 1:
                run_in_phases(starts, invocations, clock, index, tracked_shared, subgroup_size)
            else:
                run_sequentially(starts, clock, index)
            steps += sum(invocation.steps for invocation in invocations)
            index += len(starts)
        clock.current = HOST
        if self.sanitize:
            self._check_defined(contents)
        result: BufferValues = {}
        for layout, slots in zip(self._buffers, contents, strict=True):
            fields: dict[str, Value] = {}
            for variable in layout.fields:
                end = (
                    len(slots)
                    if isinstance(variable.type, ArrayType) and variable.type.length is None
                    else variable.offset + slot_count(variable.type)
                )
                fields[variable.name] = unflatten(
                    list.__getitem__(slots, slice(variable.offset, end)), variable.type
                )
            result[layout.buffer.block_name] = fields
        return ExecutionResult(result, steps)

    def _start(
        self,
        invocation: Invocation,
        globals_template: list[Any],
        contents: list[list[Any]],
        shared: list[Any],
        workgroups: tuple[int, int, int],
    ) -> Any:
        """What runs one invocation: its globals and frame, then `main`."""
        main = self._main
        initialisers = self._global_initialisers
        builtin_values = invocation.builtin_values(self.program.local_size, workgroups)
        offsets = self._builtin_offsets

        def start() -> None:
            globals_slots = globals_template.copy()
            for name, offset in offsets.items():
                value = builtin_values[name]
                if isinstance(value, tuple):
                    globals_slots[offset : offset + len(value)] = value
                else:
                    globals_slots[offset] = value
            header: Frame = [globals_slots, invocation, [], 0, None, *contents, shared]
            header[FRAME_ID] = invocation.next_frame_id
            for initialise in initialisers:
                initialise(header)
            frame = header.copy()
            frame[LOCALS] = main.plain.template.copy()
            frame[FRAME_ID] = invocation.next_frame_id
            invocation.next_frame_id += len(frame[LOCALS])
            main.plain.body(frame)

        return start

    def _slot_namer(self, index: int) -> Any:
        variables = self._shared if index == self._shared_index else self._buffers[index].fields
        root = FIRST_BUFFER + index
        block = "" if index == self._shared_index else self._buffers[index].buffer.block_name + " "

        def name(slot: int) -> str:
            return block + (describe_slot(variables, root, slot) or f"slot {slot}")

        return name

    def _check_defined(self, contents: list[list[Any]]) -> None:
        """Undefined slots can reach a buffer only through an `out` argument; the output
        then holds an undefined value."""
        for layout, slots in zip(self._buffers, contents, strict=True):
            if UNDEF in slots:
                where = slots.index(UNDEF)
                site = Site("main", None, None)
                name = next(
                    (v.name for v in reversed(layout.fields) if v.offset <= where),
                    layout.buffer.block_name,
                )
                if layout.buffer.block_name in self.undefined_blocks:
                    raise site.ub(UBCategory.UNINITIALISED, f"output {name} is never written")
                raise site.ub(
                    UBCategory.UNINITIALISED,
                    f"buffer {layout.buffer.block_name} field {name} ends up undefined "
                    "(an out argument the callee never wrote)",
                )


def _refuse_writeonly_reads(program: Program) -> None:
    """A read of a `writeonly` buffer is a compile error, not a value: the program is
    outside what the interpreter runs (the reconditioner drops such a `writeonly`)."""
    marked = {b.block_name for b in program.buffers if "writeonly" in b.memory}
    read = sorted(marked & read_buffers(program)) if marked else []
    if read:
        raise InterpreterError(f"the program reads the writeonly buffer {read[0]}")


def _refuse_invalid_wgsl(program: Program) -> None:
    """WGSL makes some const-expressions errors of the whole module, run or not: such a
    program is not valid WGSL, and the sanitizer reports it before anything runs."""
    errors = creation_errors(program)
    if errors:
        first = errors[0]
        raise UndefinedBehaviour(
            UBCategory.WGSL_CREATION_ERROR,
            "",
            "module",
            f"not valid WGSL ({len(errors)} shader-creation error(s)): {first.rule}: {first.text}",
        )


def compile_program(
    program: Program,
    *,
    sanitize: bool = True,
    abs_int_min_is_ub: bool = True,
    language: Language = Language.GLSL,
    floats: FloatMode = FloatMode.EXACT,
) -> CompiledProgram:
    with _collector_paused():
        return CompiledProgram(
            program,
            sanitize=sanitize,
            abs_int_min_is_ub=abs_int_min_is_ub,
            language=language,
            floats=floats,
        )


def run_compute(
    program: Program,
    buffer_values: BufferValues,
    *,
    step_budget: int = 2_000_000,
    sanitize: bool = True,
    abs_int_min_is_ub: bool = True,
    uniform_values: Mapping[str, Value] | None = None,
    workgroups: tuple[int, int, int] = (1, 1, 1),
    language: Language = Language.GLSL,
    subgroup_size: int = DEFAULT_SUBGROUP_SIZE,
    floats: FloatMode = FloatMode.EXACT,
) -> ExecutionResult:
    """Run a compute shader's dispatch of `workgroups` work groups (each of the
    program's local size) on `buffer_values` with exact GLSL semantics. With `sanitize`,
    stop at the first undefined behaviour and raise `UndefinedBehaviour`; without it,
    undefined operations give some deterministic value.
    `abs_int_min_is_ub`: whether abs(INT_MIN) counts as BUILTIN_DOMAIN (see the package
    docstring). `language` WGSL: WGSL's semantics where they differ (interp/semantics.py).
    `floats` INTERVAL: each float is an interval (float_mode.py); float outputs are
    `Interval`s or UNBOUNDED (interval_operators.py)."""
    compiled = compile_program(
        program,
        sanitize=sanitize,
        abs_int_min_is_ub=abs_int_min_is_ub,
        language=language,
        floats=floats,
    )
    return compiled.run(
        buffer_values,
        step_budget=step_budget,
        uniform_values=uniform_values,
        workgroups=workgroups,
        subgroup_size=subgroup_size,
    )


def _ids(size: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Every id in a grid of `size`, x fastest: the order of gl_LocalInvocationIndex."""
    x, y, z = size
    return [(i, j, k) for k in range(z) for j in range(y) for i in range(x)]


def _describe_invocation(
    index: int, local_size: tuple[int, int, int], workgroups: tuple[int, int, int]
) -> str:
    if index < 0:
        return "another invocation"
    group_size = local_size[0] * local_size[1] * local_size[2]
    group, local = divmod(index, group_size)
    return f"invocation {_ids(local_size)[local]} of work group {_ids(workgroups)[group]}"
