"""Wrapper pruning by a "double run" (seed 003 sections 6.1 and 7; Csmith-Edge).

A reconditioned program calls wrappers at many sites, most of which never meet the values
they guard against. `instrument` makes a variant in which every wrapper call site records,
in an extra output buffer, whether its unsafe path was taken; after that variant has run
(on a real target or in the interpreter, on the same inputs), `wrapper_hits` decodes the
buffer and `prune_wrappers` replaces every call whose unsafe path was never taken by the
plain operation. The pruned program computes exactly what the reconditioned one does on
those inputs, with fewer wrappers in the way of the compiler under test.

Sites are the wrapper calls of the program's functions, numbered in pre-order (a call
before the calls in its arguments), and named `SAFE_...#<number>`. Wrappers whose safe path
is always taken (float division) are never pruned.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import Any

from shadersmith.ir.expressions import (
    Call,
    CallKind,
    Expression,
    Index,
    Literal,
    Member,
    VariableRef,
)
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Parameter,
    Program,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, ExprStmt, If, Statement
from shadersmith.ir.types import INT, UINT, ArrayType, StructField, StructType
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import map_children
from shadersmith.recondition.build import assign
from shadersmith.recondition.materialise import (
    add_wrapper_definitions,
    called_wrappers,
    without_wrappers,
)
from shadersmith.recondition.pipeline import Reconditioned
from shadersmith.recondition.wrappers.registry import (
    is_wrapper_name,
    plain_operation,
    wrapper_body,
    wrapper_function,
)

HITS_BLOCK = "_ss_WrapperHits"
HITS_INSTANCE = "_ss_wrapper_hits"
HITS_FIELD = "hits"
SITE_PARAM = "_ss_site"


def _is_wrapper_call(node: object) -> bool:
    return isinstance(node, Call) and node.kind is CallKind.USER and is_wrapper_name(node.callee)


def _map_sites(program: Program, fn: Callable[[Call, int], Expression]) -> Program:
    """`program` with `fn(call, site)` applied to every wrapper call of its functions."""
    counter = 0

    def visit(node: Any) -> Any:
        nonlocal counter
        if _is_wrapper_call(node):
            site = counter
            counter += 1
            return fn(map_children(node, visit), site)
        return map_children(node, visit)

    functions = tuple(f if is_wrapper_name(f.name) else visit(f) for f in program.functions)
    return dataclasses.replace(program, functions=functions)


def wrapper_sites(reconditioned: Reconditioned) -> tuple[str, ...]:
    """The name of every wrapper call site, by site number."""
    names: dict[int, str] = {}

    def record(call: Call, site: int) -> Expression:
        names[site] = f"{call.callee}#{site}"
        return call

    _map_sites(reconditioned.program, record)
    return tuple(names[site] for site in range(len(names)))


def _hits_type(count: int) -> tuple[ArrayType, StructType]:
    array = ArrayType(UINT, max(count, 1))
    return array, StructType(HITS_BLOCK, (StructField(HITS_FIELD, array),))


def instrument(reconditioned: Reconditioned) -> Program:
    """The reconditioned program, recording in buffer `_ss_WrapperHits` (instance
    `_ss_wrapper_hits`, field `hits`: one uint per site, 1 when the site's unsafe path
    was taken). The harness must start the buffer at zero (see `hits_buffer_values`)."""
    program = reconditioned.program
    count = len(wrapper_sites(reconditioned))
    array, instance_type = _hits_type(count)
    site = VariableRef(INT, SITE_PARAM)
    hits = Member(array, VariableRef(instance_type, HITS_INSTANCE), HITS_FIELD)
    record: Statement = ExprStmt(assign(Index(UINT, hits, site), Literal(UINT, 1)))

    def probe(name: str) -> Statement:
        body = wrapper_body(name)
        return record if body.always_unsafe else If(body.unsafe, Block((record,)))

    names = called_wrappers(program)
    site_param = (Parameter(SITE_PARAM, INT),)
    definitions = tuple(wrapper_function(n, probe(n), site_param) for n in names)
    calls = _map_sites(
        without_wrappers(program),
        lambda call, number: dataclasses.replace(call, args=(*call.args, Literal(INT, number))),
    )
    binding = max((b.binding for b in program.buffers), default=-1) + 1
    buffer = StorageBuffer(
        block_name=HITS_BLOCK,
        instance_name=HITS_INSTANCE,
        binding=binding,
        fields=(BufferField(HITS_FIELD, array),),
        access=BufferAccess.OUTPUT,
    )
    return dataclasses.replace(
        calls,
        functions=definitions + calls.functions,
        buffers=(*program.buffers, buffer),
    )


def hits_buffer_values(reconditioned: Reconditioned) -> BufferValues:
    """The buffer values to run `instrument(reconditioned)` with: the program's own, and
    the hit buffer at zero."""
    count = max(len(wrapper_sites(reconditioned)), 1)
    values = dict(reconditioned.buffer_values)
    values[HITS_BLOCK] = {HITS_FIELD: (0,) * count}
    return values


def wrapper_hits(reconditioned: Reconditioned, values_after_run: BufferValues) -> set[str]:
    """The sites whose unsafe path was taken, from the buffers read back after running
    `instrument(reconditioned)`."""
    sites = wrapper_sites(reconditioned)
    flags = values_after_run.get(HITS_BLOCK, {}).get(HITS_FIELD, ())
    if not isinstance(flags, tuple):
        raise ValueError(f"{HITS_BLOCK}.{HITS_FIELD} should be an array of uints")
    return {name for name, flag in zip(sites, flags, strict=False) if flag}


def prune_wrappers(
    reconditioned: Reconditioned, unsafe_paths_taken: Collection[str]
) -> Reconditioned:
    """Replace the wrapper calls whose unsafe path was not taken by the plain operation.
    `unsafe_paths_taken` holds site names (`SAFE_DIV_int_int#3`) or wrapper names (all
    sites of that wrapper)."""
    taken = set(unsafe_paths_taken)

    def prune(call: Call, site: int) -> Expression:
        if f"{call.callee}#{site}" in taken or call.callee in taken:
            return call
        if wrapper_body(call.callee).always_unsafe:
            return call
        return plain_operation(call.callee, call.args)

    pruned = _map_sites(without_wrappers(reconditioned.program), prune)
    names = called_wrappers(pruned)
    program = add_wrapper_definitions(pruned, names)
    return dataclasses.replace(reconditioned, program=program, wrappers_used=names)
