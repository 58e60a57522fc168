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

from shadersmith.interp.errors import InterpreterError, UBCategory
from shadersmith.interp.evaluation_order import EffectAnalysis
from shadersmith.interp.expressions import ExpressionCompiler, ProgramScope
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
from shadersmith.interp.layout import flatten, slot_count, unflatten, zero_slots
from shadersmith.interp.places import BufferInstance
from shadersmith.interp.sites import Site
from shadersmith.interp.statements import Stmt, compile_function_body
from shadersmith.interp.variables import Variable
from shadersmith.ir.program import Function, Program, Stage, StorageBuffer
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import UINT, ArrayType, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value

_UVEC3 = VectorType(UINT.kind, 3)

# Compute built-in variables, read-only globals filled per invocation.
COMPUTE_BUILTIN_VARIABLES: tuple[tuple[str, Type], ...] = (
    ("gl_LocalInvocationID", _UVEC3),
    ("gl_GlobalInvocationID", _UVEC3),
    ("gl_WorkGroupID", _UVEC3),
    ("gl_NumWorkGroups", _UVEC3),
    ("gl_WorkGroupSize", _UVEC3),
    ("gl_LocalInvocationIndex", UINT),
)


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
        self, program: Program, *, sanitize: bool = True, abs_int_min_is_ub: bool = True
    ) -> None:
        self.program = program
        self.sanitize = sanitize
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
        }
        self._uniforms = [declare_global(u.name, u.type, False, True) for u in program.uniforms]
        self.scope = ProgramScope(
            sanitize=sanitize,
            abs_int_min_is_ub=abs_int_min_is_ub,
            effects=self.effects,
            global_variables=global_variables,
            buffer_variables=[layout.fields for layout in self._buffers],
            names=names,
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
                if variable.name in given:
                    field_slots = flatten(given[variable.name], variable.type, where)
                elif isinstance(variable.type, ArrayType) and variable.type.length is None:
                    field_slots = []
                else:
                    field_slots = zero_slots(variable.type)
                if isinstance(variable.type, ArrayType) and variable.type.length is None:
                    length = len(field_slots) // max(layout.runtime_element_size, 1)
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
    ) -> ExecutionResult:
        """Run one invocation (work group and invocation ids 0) on `buffer_values`."""
        with _collector_paused():
            return self._run(buffer_values, step_budget, uniform_values)

    def _run(
        self,
        buffer_values: BufferValues,
        step_budget: int,
        uniform_values: Mapping[str, Value] | None,
    ) -> ExecutionResult:
        if self.program.stage is not Stage.COMPUTE:
            raise InterpreterError("only compute shaders are run for now")
        if self.program.local_size != (1, 1, 1):
            raise InterpreterError(
                f"local size {self.program.local_size}: only single invocations are run"
            )
        contents, runtime_lengths = self._buffer_slots(buffer_values)
        buffer_ids: list[int] = []
        next_id = len(self._globals_template)
        for slots in contents:
            buffer_ids.append(next_id)
            next_id += len(slots)
        invocation = Invocation(
            step_budget=step_budget,
            buffer_ids=buffer_ids,
            runtime_lengths=runtime_lengths,
            first_frame_id=next_id,
            local_id=(0, 0, 0),
            workgroup_id=(0, 0, 0),
        )
        globals_slots = self._globals_template.copy()
        builtin_values = invocation.builtin_values(self.program.local_size, (1, 1, 1))
        for name, offset in self._builtin_offsets.items():
            value = builtin_values[name]
            if isinstance(value, tuple):
                globals_slots[offset : offset + len(value)] = value
            else:
                globals_slots[offset] = value
        for uniform in self._uniforms:
            value = (uniform_values or {}).get(uniform.name)
            size = slot_count(uniform.type)
            globals_slots[uniform.offset : uniform.offset + size] = (
                flatten(value, uniform.type, f"uniform {uniform.name}")
                if value is not None
                else zero_slots(uniform.type)
            )
        header: Frame = [globals_slots, invocation, [], next_id, None, *contents]
        for initialise in self._global_initialisers:
            initialise(header)
        main = self._main
        frame = header.copy()
        frame[LOCALS] = main.plain.template.copy()
        frame[FRAME_ID] = invocation.next_frame_id
        invocation.next_frame_id += len(frame[LOCALS])
        main.plain.body(frame)
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
                fields[variable.name] = unflatten(slots[variable.offset : end], variable.type)
            result[layout.buffer.block_name] = fields
        return ExecutionResult(result, invocation.steps)

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
                raise site.ub(
                    UBCategory.UNINITIALISED,
                    f"buffer {layout.buffer.block_name} field {name} ends up undefined "
                    "(an out argument the callee never wrote)",
                )


def compile_program(
    program: Program, *, sanitize: bool = True, abs_int_min_is_ub: bool = True
) -> CompiledProgram:
    with _collector_paused():
        return CompiledProgram(program, sanitize=sanitize, abs_int_min_is_ub=abs_int_min_is_ub)


def run_compute(
    program: Program,
    buffer_values: BufferValues,
    *,
    step_budget: int = 2_000_000,
    sanitize: bool = True,
    abs_int_min_is_ub: bool = True,
    uniform_values: Mapping[str, Value] | None = None,
) -> ExecutionResult:
    """Run a compute shader's single invocation on `buffer_values` with exact GLSL
    semantics. With `sanitize`, stop at the first undefined behaviour and raise
    `UndefinedBehaviour`; without it, undefined operations give some deterministic value.
    `abs_int_min_is_ub`: whether abs(INT_MIN) counts as BUILTIN_DOMAIN (see the package
    docstring)."""
    compiled = compile_program(program, sanitize=sanitize, abs_int_min_is_ub=abs_int_min_is_ub)
    return compiled.run(buffer_values, step_budget=step_budget, uniform_values=uniform_values)
