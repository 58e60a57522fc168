"""The specialization constants of a program: what a pipeline sets at its creation.

A global `const` with a `Specialization` (ir/statements.py) holds its VALUE as its
initialiser; the runners set that VALUE over the DEFAULT the compiled module holds. This
is the one place that turns the declarations into the job's and the record's entries.
"""

from __future__ import annotations

from shadersmith.ir.expressions import Literal
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, ScalarType

# (constant id, scalar type name, value): a bool's value is 0 or 1, an int's and a
# uint's the 32-bit number (uint in [0, 2^32)).
SpecializationEntry = tuple[int, str, int]

# The scalar types a specialization constant of ours may have: exact, 32 bits wide.
SPECIALIZABLE = {ScalarKind.INT: "int", ScalarKind.UINT: "uint", ScalarKind.BOOL: "bool"}


def specialization_of(program: Program) -> tuple[SpecializationEntry, ...]:
    """The program's specialization constants, in declaration order; ValueError for one
    whose type is not an int, uint or bool scalar or whose VALUE is not a literal."""
    entries: list[SpecializationEntry] = []
    for decl in program.globals:
        if decl.specialization is None:
            continue
        init = decl.init
        kind = decl.type.kind if isinstance(decl.type, ScalarType) else None
        if kind not in SPECIALIZABLE or not isinstance(init, Literal):
            raise ValueError(
                f"specialization constant {decl.name}: not a literal int, uint or bool"
            )
        entries.append((decl.specialization.constant_id, SPECIALIZABLE[kind], int(init.value)))
    return tuple(entries)
