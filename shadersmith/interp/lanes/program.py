"""A whole program compiled once for lane runs: its statics (buffer fields, built-in and
stage variables, uniforms, globals), its functions, and running `main` for N lanes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.fragment import FRAG_COORD
from shadersmith.interp.lanes.expressions import (
    ExpressionCompiler,
    LaneFunction,
    ProgramScope,
    own,
)
from shadersmith.interp.lanes.places import BufferInstance, Evaluator, LaneVariable
from shadersmith.interp.lanes.state import Frame, Run
from shadersmith.interp.lanes.statements import compile_function
from shadersmith.interp.lanes.values import Lanes, homogeneous_bits, homogeneous_kind, zeros
from shadersmith.interp.program import COMPUTE_BUILTIN_VARIABLES
from shadersmith.interp.textures import lower_textures
from shadersmith.ir.expressions import Call, CallKind
from shadersmith.ir.program import Program, Stage, StorageBuffer
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.walk import iter_nodes

_VEC4 = VectorType(ScalarKind.FLOAT, 4)
_UINT_VECTORS = ("gl_LocalInvocationID", "gl_GlobalInvocationID", "gl_WorkGroupID")


@contextmanager
def quiet_numpy() -> Iterator[None]:
    """Lanes that do not run compute too, on values they never use (a division by zero,
    a float out of int range): numpy must neither warn nor raise for them."""
    with np.errstate(all="ignore"):
        yield


class LaneProgram:
    """A program compiled for lane runs. `statics` lists every variable outside the
    functions (buffer fields first, in buffer and field order)."""

    def __init__(self, program: Program) -> None:
        # Textures and images run as buffers and helper functions (interp/textures.py).
        program = lower_textures(program)
        self.program = program
        _refuse_unsupported(program)
        self.statics: list[LaneVariable] = []
        self.initial: dict[int, Lanes] = {}
        names: dict[str, LaneVariable | BufferInstance] = {}
        self.buffer_fields: list[tuple[StorageBuffer, list[LaneVariable]]] = []
        for buffer in program.buffers:
            fields = [
                self._static(f.name, f.type, buffer.readonly or buffer.uniform)
                for f in buffer.fields
            ]
            self.buffer_fields.append((buffer, fields))
            if buffer.instance_name is None:
                names.update({v.name: v for v in fields})
            else:
                names[buffer.instance_name] = BufferInstance(
                    buffer.instance_name, {v.name: v for v in fields}
                )
        # Per-lane stage inputs, filled by the caller of `run`.
        self.stage_inputs: dict[str, LaneVariable] = {}
        for name, type_, value in _builtin_variables(program):
            variable = self._static(name, type_, True)
            names[name] = variable
            if value is None:
                self.stage_inputs[name] = variable
            else:
                self.initial[variable.index] = value
        self.outputs: dict[str, LaneVariable] = {}
        for output in program.outputs:
            variable = self._static(output.name, output.type, False)
            names[output.name] = variable
            self.outputs[output.name] = variable
        for uniform in program.uniforms:
            # The scalar interpreter reads uniforms nobody set as zero.
            names[uniform.name] = self._static(uniform.name, uniform.type, True)
        self.scope = ProgramScope(names)
        self._initialisers: list[tuple[int, Evaluator]] = []
        compiler = ExpressionCompiler(self.scope, "<global>", lambda name: None)
        for decl in program.globals:
            init = compiler.expression(decl.init) if decl.init is not None else None
            variable = self._static(decl.name, decl.type, decl.const)
            names[decl.name] = variable
            if init is not None:
                self._initialisers.append((variable.index, init))
        for function in program.functions:
            compiled = compile_function(self.scope, function)
            self.scope.functions.setdefault(function.name, []).append(compiled)
        mains = self.scope.functions.get("main")
        if not mains:
            raise InterpreterError("the program has no main function")
        self.main: LaneFunction = mains[0]

    def _static(self, name: str, type_: Type, readonly: bool) -> LaneVariable:
        variable = LaneVariable(name, type_, False, len(self.statics), readonly)
        self.statics.append(variable)
        return variable

    def _initial(self, variable: LaneVariable) -> Lanes:
        value = self.initial.get(variable.index)
        return zeros(variable.type) if value is None else value.copy()

    def run(self, count: int, given: dict[int, Lanes], runtime_lengths: dict[int, int]) -> Run:
        """Run `main` for `count` lanes; `given` holds the initial storage of statics by
        index (buffer fields, stage inputs), every other static starts at zero."""
        run = Run(count)
        run.runtime_lengths = runtime_lengths
        run.statics = [
            given[v.index] if v.index in given else self._initial(v) for v in self.statics
        ]
        with quiet_numpy():
            header = Frame(run, 0)
            for index, init in self._initialisers:
                run.statics[index] = own(init(header, run.full))
            frame = Frame(run, self.main.local_count)
            self.main.body(frame, run.full)
        return run


def _refuse_unsupported(program: Program) -> None:
    if program.shared:
        raise InterpreterError("lane mode runs single invocations: shared variables")
    if program.stage is Stage.COMPUTE and program.local_size != (1, 1, 1):
        raise InterpreterError(
            f"lane mode runs single invocations, not a local size of {program.local_size}"
        )
    if program.inputs or program.blocks:
        raise InterpreterError("lane mode: stage inputs and foreign interface blocks")
    for node in iter_nodes(program):
        type_ = getattr(node, "type", None)
        if type_ is not None and _wide(type_) and not _held_at_width(type_):
            raise InterpreterError(f"lane mode: {type_} ({_bits(type_)}-bit) is not supported")
        if (
            isinstance(node, Call)
            and node.kind is CallKind.BUILTIN
            and (node.callee == "barrier" or node.callee.startswith("atomic"))
        ):
            raise InterpreterError(f"lane mode: {node.callee}() is not supported")


def _bits(type_: Type) -> int:
    """The width of `type_`'s scalars (an array's or struct's first not 32 bits wide)."""
    if isinstance(type_, ScalarType | VectorType | MatrixType):
        return type_.bits
    if isinstance(type_, ArrayType):
        return _bits(type_.element)
    if isinstance(type_, StructType):
        return next((_bits(f.type) for f in type_.fields if _wide(f.type)), 32)
    return 32


def _held_at_width(type_: Type) -> bool:
    """Whether a type with scalars not 32 bits wide has lanes of its own dtype (int8 ...
    uint64, float64): every scalar of one kind and one width. Mixed kinds are held as
    32-bit patterns, which a wider scalar does not fit."""
    return homogeneous_kind(type_) is not None and homogeneous_bits(type_) is not None


def _wide(type_: Type) -> bool:
    """Whether `type_` holds a scalar of another width than 32 bits (double, int64_t,
    int8_t, ...) anywhere."""
    if isinstance(type_, ScalarType | VectorType | MatrixType):
        return type_.bits != 32
    if isinstance(type_, ArrayType):
        return _wide(type_.element)
    if isinstance(type_, StructType):
        return any(_wide(f.type) for f in type_.fields)
    return False


def _builtin_variables(program: Program) -> list[tuple[str, Type, Lanes | None]]:
    """Built-in variables a program of its stage may read: name, type, and the value of
    every lane (None: the caller gives it per lane)."""
    if program.stage is Stage.FRAGMENT:
        return [(FRAG_COORD, _VEC4, None)]
    # One invocation of one work group: every id is zero.
    values: dict[str, tuple[int, ...]] = {
        "gl_NumWorkGroups": (1, 1, 1),
        "gl_WorkGroupSize": program.local_size,
        "gl_LocalInvocationIndex": (0,),
    }
    found: list[tuple[str, Type, Lanes | None]] = []
    for name, type_ in COMPUTE_BUILTIN_VARIABLES:
        value = values.get(name, (0, 0, 0) if name in _UINT_VECTORS else (0,))
        found.append((name, type_, np.array(value, np.uint32).reshape(-1, 1)))
    return found


def is_runtime_sized(type_: Type) -> bool:
    return isinstance(type_, ArrayType) and type_.length is None
