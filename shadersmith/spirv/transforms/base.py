"""What a SPIR-V transformation is: a name, frozen parameters that write and read JSON, a
finder, a precondition and an effect; and the record a list of them is kept as.

The record has the shape of the GLSL steps' records (`{"name": ..., "params": {...}}`,
shadersmith/steps/record.py), so a test keeps either list the same way. The steps'
registry itself cannot hold these: its steps run on the IR's `Program` and
`BufferValues`, and this package must stay a leaf below the IR.

The contract every transformation keeps:
- `applies(module, params)` never raises on a stale or hand-edited record: it says False
  (an id no longer defined, a block that is gone), so a list replays where it still holds;
- `apply(module, params)` is only called where `applies` said True, returns a new module,
  and never edits the caller's (base.clone first);
- every output of `apply` passes spirv-val (valid by construction), and computes what the
  input computed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from shadersmith.spirv.module import Module


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
