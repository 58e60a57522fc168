"""Which storage buffers a program reads: what decides whether a buffer may be `writeonly`
(GLSL refuses to compile a read of one). A read is any use of a field's value: a plain
assignment's target is written only, while a compound assignment, `++`/`--` and an
`inout` argument read it too (analysis/effects.py). So is the target of an assignment
whose value is used (`a = (w = 0.0)`, an argument, a condition): its value is the
target's after the store, and NVIDIA's GL compiler refuses it as a read of a writeonly
variable (issue 36's campaign on the H200), while glslang and Mesa accept it."""

from __future__ import annotations

from shadersmith.analysis.calls import parameter_table
from shadersmith.analysis.effects import EffectsAnalysis
from shadersmith.analysis.traversal import iter_expression, iter_statements, statement_expressions
from shadersmith.ir.expressions import Assign
from shadersmith.ir.program import Program
from shadersmith.ir.statements import ExprStmt, For


def read_buffers(program: Program) -> frozenset[str]:
    """The block names of the storage buffers whose fields `program` may read."""
    # No callee summaries: every function's own reads are seen in its own body.
    analysis = EffectsAnalysis({}, parameter_table(program.functions))
    roots: set[str] = set()
    expressions = [g.init for g in program.globals if g.init is not None]
    # Top-level expressions whose value is thrown away: an assignment there only stores.
    discarded: set[int] = set()
    for function in program.functions:
        for statement in iter_statements(function.body):
            expressions.extend(statement_expressions(statement))
            if isinstance(statement, ExprStmt):
                discarded.add(id(statement.expr))
            elif isinstance(statement, For) and statement.update is not None:
                discarded.add(id(statement.update))
    for expression in expressions:
        roots.update(path.root for path in analysis.of(expression).reads)
        for node in iter_expression(expression):
            if isinstance(node, Assign) and not (
                node is expression and id(expression) in discarded
            ):
                roots.update(path.root for path in analysis.of(node).writes)
    read: set[str] = set()
    for buffer in program.buffers:
        if buffer.instance_name is None:
            if any(f.name in roots for f in buffer.fields):
                read.add(buffer.block_name)
        elif buffer.instance_name in roots:
            read.add(buffer.block_name)
    return frozenset(read)
