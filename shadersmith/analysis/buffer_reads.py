"""Which storage buffers a program reads: what decides whether a buffer may be `writeonly`
(GLSL refuses to compile a read of one). A read is any use of a field's value: a plain
assignment's target is written only, while a compound assignment, `++`/`--` and an
`inout` argument read it too (analysis/effects.py)."""

from __future__ import annotations

from shadersmith.analysis.calls import parameter_table
from shadersmith.analysis.effects import EffectsAnalysis
from shadersmith.analysis.traversal import iter_statements, statement_expressions
from shadersmith.ir.program import Program


def read_buffers(program: Program) -> frozenset[str]:
    """The block names of the storage buffers whose fields `program` may read."""
    # No callee summaries: every function's own reads are seen in its own body.
    analysis = EffectsAnalysis({}, parameter_table(program.functions))
    roots: set[str] = set()
    expressions = [g.init for g in program.globals if g.init is not None]
    for function in program.functions:
        for statement in iter_statements(function.body):
            expressions.extend(statement_expressions(statement))
    for expression in expressions:
        roots.update(path.root for path in analysis.of(expression).reads)
    read: set[str] = set()
    for buffer in program.buffers:
        if buffer.instance_name is None:
            if any(f.name in roots for f in buffer.fields):
                read.add(buffer.block_name)
        elif buffer.instance_name in roots:
            read.add(buffer.block_name)
    return frozenset(read)
