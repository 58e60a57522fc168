"""A compiled user function: its frame layout and its body, plain and tracked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shadersmith.interp.frames import Frame
from shadersmith.interp.variables import Variable
from shadersmith.ir.program import Function, ParamQualifier
from shadersmith.ir.types import ScalarType, Type, VoidType

Body = Callable[[Frame], int | None]


@dataclass(slots=True)
class ParameterSlot:
    offset: int
    type: Type
    qualifier: ParamQualifier
    size: int

    @property
    def is_scalar(self) -> bool:
        return isinstance(self.type, ScalarType)


@dataclass(slots=True)
class CompiledBody:
    body: Body
    # Initial content of the locals of an activation (undefined or zero slots).
    template: list[Any]
    # Every local and parameter, for naming slots in messages.
    variables: list[Variable]


class CompiledFunction:
    """`plain` runs plainly; `tracked()` is the variant that logs every access, for calls
    made under an evaluation-order check. It is compiled on first use, which is while the
    caller is compiled (callees come first), so that nothing compiles at run time."""

    def __init__(
        self,
        function: Function,
        params: list[ParameterSlot],
        compile_body: Callable[[bool], CompiledBody],
    ) -> None:
        self.function = function
        self.name = function.name
        self.params = params
        self.returns_value = not isinstance(function.return_type, VoidType)
        self._compile_body = compile_body
        self.plain = compile_body(False)
        self._tracked: CompiledBody | None = None

    @property
    def param_types(self) -> tuple[Type, ...]:
        return tuple(p.type for p in self.function.params)

    def tracked(self) -> CompiledBody:
        if self._tracked is None:
            self._tracked = self._compile_body(True)
        return self._tracked
