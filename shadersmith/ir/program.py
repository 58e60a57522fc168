"""Functions, the shader interface, and the program."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from shadersmith.ir.statements import Block, VarDecl
from shadersmith.ir.types import StructType, Type


class ParamQualifier(enum.Enum):
    IN = "in"
    OUT = "out"
    INOUT = "inout"

    @property
    def writes_back(self) -> bool:
        return self is not ParamQualifier.IN


@dataclass(frozen=True, slots=True)
class Parameter:
    name: str
    type: Type
    qualifier: ParamQualifier = ParamQualifier.IN
    const: bool = False


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    return_type: Type
    params: tuple[Parameter, ...]
    body: Block


class Stage(enum.Enum):
    COMPUTE = "compute"
    FRAGMENT = "fragment"


class BufferAccess(enum.Enum):
    """How the harness treats a storage buffer: filled before, read back after, or both."""

    INPUT = "input"
    OUTPUT = "output"
    INPUT_OUTPUT = "input_output"


@dataclass(frozen=True, slots=True)
class BufferField:
    name: str
    type: Type


@dataclass(frozen=True, slots=True)
class StorageBuffer:
    """A std430 shader storage block.

    With `instance_name` None the fields are global names in the shader; otherwise they
    are reached as `instance_name.field`.
    """

    block_name: str
    instance_name: str | None
    binding: int
    fields: tuple[BufferField, ...]
    access: BufferAccess = BufferAccess.INPUT_OUTPUT
    readonly: bool = False


@dataclass(frozen=True, slots=True)
class Uniform:
    """A default-block uniform (GL) or a member of a uniform block (Vulkan)."""

    name: str
    type: Type
    location: int


@dataclass(frozen=True, slots=True)
class StageInput:
    name: str
    type: Type
    location: int


@dataclass(frozen=True, slots=True)
class StageOutput:
    name: str
    type: Type
    location: int


@dataclass(frozen=True, slots=True)
class Program:
    """One shader: its interface, its declarations and its functions (entry point `main`).

    Functions appear in definition order; a function is defined before any call to it,
    which GLSL requires and which also rules out recursion.
    """

    stage: Stage
    functions: tuple[Function, ...]
    structs: tuple[StructType, ...] = ()
    buffers: tuple[StorageBuffer, ...] = ()
    uniforms: tuple[Uniform, ...] = ()
    inputs: tuple[StageInput, ...] = ()
    outputs: tuple[StageOutput, ...] = ()
    globals: tuple[VarDecl, ...] = ()
    local_size: tuple[int, int, int] = field(default=(1, 1, 1))

    def function(self, name: str) -> Function:
        for candidate in self.functions:
            if candidate.name == name:
                return candidate
        raise KeyError(f"no function {name}")

    @property
    def entry_point(self) -> Function:
        return self.function("main")
