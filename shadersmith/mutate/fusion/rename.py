"""Renaming one part of a fused program so that it shares no name with another part.

Every name the part declares (globals, functions and their parameters and locals,
structs, uniform blocks, their instances and, for a block without instance, its
fields, the colour output) gets the suffix `_f<k>`. One suffix for all of the part's
names keeps every shadowing relation inside the part as it was, and two parts never
capture each other's names. A suffix rather than a prefix because signatures normalise
generated names by their start (`var_12_f2` still reads `ID`: oracle/normalise.py), and
a prefix would turn `_ss_loop_total` into a reserved `p1__ss_loop_total`.

Names the part only uses (built-in functions and variables such as `gl_FragCoord`,
struct fields reached through `.`) stay as they are.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import Any

from shadersmith.analysis.traversal import iter_statements
from shadersmith.ir.expressions import Call, CallKind, VariableRef
from shadersmith.ir.program import BufferField, Function, Program, StorageBuffer
from shadersmith.ir.statements import For, VarDecl
from shadersmith.ir.types import ArrayType, StructField, StructType, Type
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes, transform


class FusionError(ValueError):
    """Programs that cannot be fused as asked (one line)."""


def suffixed(name: str, part: int) -> str:
    return f"{name}_f{part}"


def declared_names(program: Program) -> set[str]:
    """Every name `program` declares, at any scope."""
    names: set[str] = {g.name for g in program.globals}
    names.update(s.name for s in program.structs)
    names.update(o.name for o in program.outputs)
    for buffer in program.buffers:
        names.add(buffer.block_name)
        if buffer.instance_name is None:
            names.update(f.name for f in buffer.fields)
        else:
            names.add(buffer.instance_name)
    for function in program.functions:
        names.add(function.name)
        names.update(p.name for p in function.params)
        names.update(local_names(function))
    return names


def local_names(function: Function) -> list[str]:
    """The names of every local a function declares (a `for` initialiser included)."""
    found: list[str] = []
    for stmt in iter_statements(function.body):
        if isinstance(stmt, VarDecl):
            found.append(stmt.name)
        elif isinstance(stmt, For) and isinstance(stmt.init, VarDecl):
            found.append(stmt.init.name)
    return found


def rename_part(
    program: Program, values: BufferValues, part: int, first_binding: int
) -> tuple[Program, BufferValues]:
    """`program` with every declared name suffixed for `part` and its uniform blocks
    bound from `first_binding` on, and its block values keyed by the new names."""
    if program.uniforms or program.inputs or program.blocks or program.shared:
        raise FusionError("only generated fragment programs (uniform blocks, no stage inputs) fuse")
    renames = {name: suffixed(name, part) for name in declared_names(program)}
    if any("__" in new for new in renames.values()):
        raise FusionError("a renamed identifier would hold a reserved '__'")
    rename_type = _type_renamer(renames)

    def node(current: Any) -> Any:
        changes: dict[str, Any] = {}
        if isinstance(current, VariableRef) and current.name in renames:
            changes["name"] = renames[current.name]
        elif isinstance(current, Call) and current.kind is CallKind.USER:
            changes["callee"] = renames.get(current.callee, current.callee)
        elif isinstance(current, VarDecl):
            changes["name"] = renames.get(current.name, current.name)
        if isinstance(current, Function):
            changes["name"] = renames.get(current.name, current.name)
            changes["return_type"] = rename_type(current.return_type)
            changes["params"] = tuple(
                dataclasses.replace(p, name=renames.get(p.name, p.name), type=rename_type(p.type))
                for p in current.params
            )
        elif isinstance(getattr(current, "type", None), Type):
            renamed = rename_type(current.type)
            if renamed is not current.type:
                changes["type"] = renamed
        return dataclasses.replace(current, **changes) if changes else current

    renamed = transform(program, node)
    buffers = tuple(
        _renamed_buffer(buffer, renames, rename_type, first_binding + i)
        for i, buffer in enumerate(program.buffers)
    )
    structs = tuple(rename_type(s) for s in program.structs)
    outputs = tuple(
        dataclasses.replace(o, name=renames[o.name], type=rename_type(o.type))
        for o in program.outputs
    )
    result = dataclasses.replace(
        renamed,
        buffers=buffers,
        structs=tuple(s for s in structs if isinstance(s, StructType)),
        outputs=outputs,
    )
    new_values = {
        renames[block]: {
            (renames[name] if _unnamed_instance(program, block) else name): value
            for name, value in fields.items()
        }
        for block, fields in values.items()
    }
    return result, new_values


def _unnamed_instance(program: Program, block: str) -> bool:
    return any(b.block_name == block and b.instance_name is None for b in program.buffers)


def _renamed_buffer(
    buffer: StorageBuffer,
    renames: dict[str, str],
    rename_type: Callable[[Type], Type],
    binding: int,
) -> StorageBuffer:
    fields = tuple(
        BufferField(
            renames[f.name] if buffer.instance_name is None else f.name, rename_type(f.type)
        )
        for f in buffer.fields
    )
    instance = None if buffer.instance_name is None else renames[buffer.instance_name]
    return dataclasses.replace(
        buffer,
        block_name=renames[buffer.block_name],
        instance_name=instance,
        binding=binding,
        fields=fields,
    )


def _type_renamer(renames: dict[str, str]) -> Callable[[Type], Type]:
    """A type with its struct names (at any depth) renamed; the same object when none is."""

    @functools.cache
    def rename(type_: Type) -> Type:
        if isinstance(type_, ArrayType):
            element = rename(type_.element)
            return type_ if element is type_.element else ArrayType(element, type_.length)
        if isinstance(type_, StructType):
            return StructType(
                renames.get(type_.name, type_.name),
                tuple(StructField(f.name, rename(f.type)) for f in type_.fields),
            )
        return type_

    return rename


def referenced_names(nodes: Iterable[Any]) -> set[str]:
    """Variables and user functions that `nodes` (statements, expressions) name."""

    names: set[str] = set()
    for root in nodes:
        for current in iter_nodes(root):
            if isinstance(current, VariableRef):
                names.add(current.name)
            elif isinstance(current, Call) and current.kind is CallKind.USER:
                names.add(current.callee)
    return names
