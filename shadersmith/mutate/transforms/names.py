"""Fresh names for what a transformation adds, and the names a program uses."""

from __future__ import annotations

from shadersmith.ir.expressions import Call, Construct, Expression, Literal, VariableRef
from shadersmith.ir.program import Program
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.walk import iter_nodes


def used_names(program: Program) -> set[str]:
    """Every identifier the program declares or mentions."""
    names: set[str] = {s.name for s in program.structs}
    for buffer in program.buffers:
        names.add(buffer.block_name)
        if buffer.instance_name:
            names.add(buffer.instance_name)
        names.update(f.name for f in buffer.fields)
    names.update(o.name for o in program.outputs)
    names.update(v.name for v in program.shared)
    for function in program.functions:
        names.add(function.name)
        names.update(p.name for p in function.params)
    for node in iter_nodes(program):
        if isinstance(node, VariableRef | VarDecl):
            names.add(node.name)
        elif isinstance(node, Call):
            names.add(node.callee)
    return names


def fresh_name(program: Program, stem: str, taken: set[str] | None = None) -> str:
    """`stem` followed by the smallest number no name of `program` (or `taken`) has."""
    used = used_names(program) | (taken or set())
    number = 0
    while f"{stem}{number}" in used:
        number += 1
    return f"{stem}{number}"


def is_plain_value(type_: Type) -> bool:
    """32-bit scalars and vectors: what identities and vectorisation work on."""
    return isinstance(type_, ScalarType | VectorType) and type_.bits == 32


def zero_of(type_: ScalarType | VectorType) -> Expression:
    """A constant of `type_` (0, 0u, 0.0, false, or a vector of them)."""
    component = ScalarType(type_.kind)
    literal = Literal(component, {ScalarKind.BOOL: False, ScalarKind.FLOAT: 0.0}.get(type_.kind, 0))
    if isinstance(type_, ScalarType):
        return literal
    return Construct(type_, (literal,) * type_.size)
