"""Pass 0: free the reserved name prefixes.

Every name the reconditioner adds starts with `SAFE_` (wrappers) or `_ss_` (temporaries,
counters, the instrumentation buffer). A program that already uses such names, e.g. one
parsed back from reconditioned text, has them renamed to `user_...` first, so the names the
passes add cannot collide with its own.
"""

from __future__ import annotations

import dataclasses

from shadersmith.analysis.traversal import iter_statements, map_function, rewrite_expression
from shadersmith.ir.expressions import Call, CallKind, Expression, VariableRef
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import Block, VarDecl
from shadersmith.ir.walk import iter_nodes, transform

RESERVED_PREFIXES = ("SAFE_", "_ss_")


def is_reserved(name: str) -> bool:
    return name.startswith(RESERVED_PREFIXES)


def _interface_names(program: Program) -> list[str]:
    names = [s.name for s in program.structs]
    for buffer in program.buffers:
        names.append(buffer.block_name)
        if buffer.instance_name is not None:
            names.append(buffer.instance_name)
        names.extend(f.name for f in buffer.fields)
    names += [u.name for u in program.uniforms]
    names += [i.name for i in program.inputs] + [o.name for o in program.outputs]
    return names


def rename_reserved(program: Program) -> Program:
    """`program` with its functions, parameters and variables renamed away from the
    reserved prefixes; interface names (buffers, fields, ...) cannot be renamed since the
    harness uses them, and raise ValueError."""
    bad_interface = [n for n in _interface_names(program) if is_reserved(n)]
    if bad_interface:
        raise ValueError(f"interface names use a reserved prefix: {', '.join(bad_interface)}")
    declared: set[str] = {g.name for g in program.globals}
    used: set[str] = set(declared)
    for function in program.functions:
        declared.add(function.name)
        declared.update(p.name for p in function.params)
        for stmt in iter_statements(function.body):
            if isinstance(stmt, VarDecl):
                declared.add(stmt.name)
    reserved = sorted(n for n in declared if is_reserved(n))
    if not reserved:
        return program
    for function in program.functions:
        used.update(n.name for n in iter_nodes(function.body) if isinstance(n, VariableRef))
    taken = declared | used | set(_interface_names(program))
    mapping: dict[str, str] = {}
    for name in reserved:
        candidate = "user" + name if name.startswith("_") else "user_" + name
        while candidate in taken:
            candidate += "_"
        taken.add(candidate)
        mapping[name] = candidate

    def rename(node: Expression) -> Expression:
        if isinstance(node, VariableRef) and node.name in mapping:
            return VariableRef(node.type, mapping[node.name])
        if isinstance(node, Call) and node.kind is CallKind.USER and node.callee in mapping:
            return dataclasses.replace(node, callee=mapping[node.callee])
        return node

    def rename_expr(expr: Expression) -> Expression:
        return rewrite_expression(expr, rename)

    def rename_decl(decl: VarDecl) -> VarDecl:
        init = None if decl.init is None else rename_expr(decl.init)
        return dataclasses.replace(decl, name=mapping.get(decl.name, decl.name), init=init)

    def rename_function(function: Function) -> Function:
        body = _rename_decls(map_function(function, rename_expr).body, mapping)
        params = tuple(
            dataclasses.replace(p, name=mapping.get(p.name, p.name)) for p in function.params
        )
        return Function(
            mapping.get(function.name, function.name), function.return_type, params, body
        )

    return dataclasses.replace(
        program,
        functions=tuple(rename_function(f) for f in program.functions),
        globals=tuple(rename_decl(g) for g in program.globals),
    )


def _rename_decls(node: Block, mapping: dict[str, str]) -> Block:
    def visit(current: object) -> object:
        if isinstance(current, VarDecl) and current.name in mapping:
            return dataclasses.replace(current, name=mapping[current.name])
        return current

    return transform(node, visit)
