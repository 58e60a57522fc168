"""The call graph and what each user function does to state its caller can see.

GLSL forbids recursion and requires a function to be defined before it is called, so the
summaries are computed in one pass in definition order. A summary names the globals
(global variables, buffer fields and buffer instances, uniforms, stage inputs and outputs)
a call may read or write, callees included, and the qualifiers of the parameters, which
decide which arguments are written back when the call returns.

Names are compared without scopes: a local that shadows a global is counted as the global.
That only ever adds effects, so analyses built on the summaries stay conservative.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.analysis.builtins import find_exact
from shadersmith.analysis.traversal import iter_function_expressions
from shadersmith.ir.expressions import Assign, Call, CallKind, IncDec, VariableRef, root_variable
from shadersmith.ir.program import Function, ParamQualifier, Program


@dataclass(frozen=True, slots=True)
class FunctionSummary:
    reads: frozenset[str]
    writes: frozenset[str]
    qualifiers: tuple[ParamQualifier, ...]
    callees: frozenset[str]


def global_names(program: Program) -> frozenset[str]:
    """Every name visible in all functions: what a callee can share with its caller."""
    names: set[str] = {decl.name for decl in program.globals}
    for buffer in program.buffers:
        if buffer.instance_name is None:
            names.update(field.name for field in buffer.fields)
        else:
            names.add(buffer.instance_name)
    names.update(u.name for u in program.uniforms)
    names.update(i.name for i in program.inputs)
    names.update(o.name for o in program.outputs)
    return frozenset(names)


def summarise_functions(program: Program) -> dict[str, FunctionSummary]:
    """Summaries of every function of `program`, callees' effects included."""
    shared = global_names(program)
    summaries: dict[str, FunctionSummary] = {}
    for function in program.functions:
        summaries[function.name] = _summarise(function, shared, summaries)
    return summaries


def _summarise(
    function: Function, shared: frozenset[str], known: dict[str, FunctionSummary]
) -> FunctionSummary:
    reads: set[str] = set()
    writes: set[str] = set()
    callees: set[str] = set()
    for node in iter_function_expressions(function):
        if isinstance(node, VariableRef):
            if node.name in shared:
                reads.add(node.name)
        elif isinstance(node, Assign | IncDec):
            root = root_variable(node.target)
            if root in shared:
                writes.add(root)
        elif isinstance(node, Call):
            qualifiers: tuple[ParamQualifier, ...] = ()
            if node.kind is CallKind.USER:
                callee = known.get(node.callee)
                if callee is not None:
                    callees.add(node.callee)
                    callees.update(callee.callees)
                    reads.update(callee.reads)
                    writes.update(callee.writes)
                    qualifiers = callee.qualifiers
            else:
                qualifiers = builtin_qualifiers(node)
            for arg, qualifier in zip(node.args, qualifiers, strict=False):
                root = root_variable(arg)
                if qualifier.writes_back and root in shared:
                    writes.add(root)
    return FunctionSummary(
        reads=frozenset(reads),
        writes=frozenset(writes),
        qualifiers=tuple(p.qualifier for p in function.params),
        callees=frozenset(callees),
    )


def builtin_qualifiers(call: Call) -> tuple[ParamQualifier, ...]:
    """The parameter qualifiers of a built-in call: `out` where the overload writes."""
    overload = find_exact(call.callee, tuple(a.type for a in call.args))
    if overload is None or not overload.out_params:
        return (ParamQualifier.IN,) * len(call.args)
    return tuple(
        ParamQualifier.OUT if i in overload.out_params else ParamQualifier.IN
        for i in range(len(call.args))
    )


def call_qualifiers(
    call: Call, summaries: dict[str, FunctionSummary]
) -> tuple[ParamQualifier, ...]:
    """The qualifier of each argument's parameter; `in` for what is not known."""
    if call.kind is CallKind.BUILTIN:
        return builtin_qualifiers(call)
    summary = summaries.get(call.callee)
    if summary is None or len(summary.qualifiers) != len(call.args):
        return (ParamQualifier.IN,) * len(call.args)
    return summary.qualifiers
