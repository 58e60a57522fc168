"""What a SPIR-V transformation is: a name, frozen parameters that write and read JSON, a
finder, a precondition and an effect; and the record a list of them is kept as.

The record has the shape of the GLSL steps' records (`{"name": ..., "params": {...}}`,
shadersmith/steps/record.py), so a test keeps either list the same way. The steps'
registry itself cannot hold these: its steps run on the IR's `Program` and
`BufferValues`, and this package must stay a leaf below the IR.

Parameters are frozen dataclasses of ids, offsets and names that inherit
`FieldParameters`: their JSON is their fields, read back strictly by declared type (a
hand-edited record with a string for an id is refused, never coerced).

The contract every transformation keeps:
- `applies(module, params)` never raises on a stale or hand-edited record: it says False
  (an id no longer defined, a block that is gone), so a list replays where it still holds;
- `apply(module, params)` is only called where `applies` said True, returns a new module,
  and never edits the caller's (base.clone first);
- every output of `apply` passes spirv-val (valid by construction), and computes what the
  input computed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, cast

from shadersmith.spirv.module import Module

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class Parameters(Protocol):
    """A transformation's parameters as a record keeps them (JSON values only)."""

    def to_json(self) -> dict[str, Any]: ...


P = TypeVar("P", bound=Parameters)


@dataclass(frozen=True)
class Transformation(Generic[P]):
    """One kind of transformation. `find` proposes parameters (None where the module offers
    nothing to transform); `read` is the parameters' `from_json`."""

    name: str
    read: Callable[[Mapping[str, Any]], P]
    find: Callable[[Module, random.Random], P | None]
    applies: Callable[[Module, P], bool]
    apply: Callable[[Module, P], Module]

    def record(self, params: P) -> TransformationRecord:
        return TransformationRecord(self.name, params.to_json())

    def applies_to_record(self, module: Module, params: Mapping[str, Any]) -> P | None:
        """The record's parameters where they read and still hold on `module`, else None."""
        try:
            typed = self.read(params)
        except (KeyError, TypeError, ValueError):
            return None
        return typed if self.applies(module, typed) else None


@dataclass(frozen=True)
class TransformationRecord:
    """One applied transformation as a list keeps it."""

    name: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TransformationRecord:
        return cls(str(data["name"]), dict(data["params"]))


class FieldParameters:
    """Parameters that are their dataclass's fields, written to JSON as they are (a tuple
    as a list) and read back by each field's declared type: `int`, `str` or a tuple of
    ints. A value of another type is refused (ValueError), as is a missing field."""

    def to_json(self) -> dict[str, Any]:
        written: dict[str, Any] = {}
        for field in dataclasses.fields(cast("DataclassInstance", self)):
            value = getattr(self, field.name)
            written[field.name] = list(value) if isinstance(value, tuple) else value
        return written

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cast("type[DataclassInstance]", cls)):
            values[field.name] = _read_field(str(field.type), data[field.name])
        return cls(**values)


def _read_field(declared: str, raw: Any) -> Any:
    if declared == "int":
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ValueError(f"{raw!r} is not an integer")
        return raw
    if declared == "str":
        if not isinstance(raw, str):
            raise ValueError(f"{raw!r} is not a string")
        return raw
    if declared.startswith("tuple[int"):
        values = tuple(_read_field("int", value) for value in raw)
        if not declared.endswith(", ...]") and len(values) != declared.count("int"):
            raise ValueError(f"{raw!r} does not have {declared.count('int')} integers")
        return values
    raise ValueError(f"a parameter of type {declared} cannot be read")
