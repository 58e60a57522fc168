"""The call graph and what each user function does to state its caller can see.

GLSL forbids recursion and requires a function to be defined before it is called, so the
summaries are computed in one pass in definition order. A summary names the globals
(global variables, buffer fields and buffer instances, uniforms, stage inputs and outputs)
a call may read or write, callees included. Which arguments a call writes back when it
returns is `argument_qualifiers` (below), the one answer every analysis, the mutator, the
reducer and the interpreter use.

Names are compared without scopes: a local that shadows a global is counted as the global.
That only ever adds effects, so analyses built on the summaries stay conservative.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from shadersmith.analysis.builtins import (
    EXACT_BY_NAME,
    ORDER_INDEPENDENT_ATOMICS,
    ORDER_INDEPENDENT_IMAGE_ATOMICS,
)
from shadersmith.analysis.opt_in_builtins import OPT_IN_OVERLOADS
from shadersmith.analysis.traversal import iter_function_expressions
from shadersmith.ir.expressions import Assign, Call, CallKind, IncDec, VariableRef, root_variable
from shadersmith.ir.program import Function, ParamQualifier, Program

# The parameter qualifiers of each user function, by name (`parameter_table`).
ParameterTable = Mapping[str, tuple[ParamQualifier, ...]]


@dataclass(frozen=True, slots=True)
class FunctionSummary:
    reads: frozenset[str]
    writes: frozenset[str]
    callees: frozenset[str]


# ---------------------------------------------------------------- written-back arguments


def parameter_table(functions: Iterable[Function]) -> dict[str, tuple[ParamQualifier, ...]]:
    """The parameter qualifiers of every function, by name. The overloads of one name
    (real-world shaders have them; generated programs do not) are merged position by
    position: a position that one overload writes back is written back, and one that
    overloads disagree on is `inout` (read as by `in`, written as by `out`), so that
    whatever overload a call resolves to, an analysis of the merged table stays
    conservative."""
    table: dict[str, tuple[ParamQualifier, ...]] = {}
    for function in functions:
        qualifiers = tuple(p.qualifier for p in function.params)
        known = table.get(function.name)
        table[function.name] = qualifiers if known is None else _merged(known, qualifiers)
    return table


def _merged(
    first: tuple[ParamQualifier, ...], second: tuple[ParamQualifier, ...]
) -> tuple[ParamQualifier, ...]:
    length = max(len(first), len(second))
    padded = [(*q, *(ParamQualifier.IN,) * (length - len(q))) for q in (first, second)]
    return tuple(a if a is b else ParamQualifier.INOUT for a, b in zip(*padded, strict=True))


# A built-in's `out` parameters by name, of the exact overloads and the opt-in ones
# (frexp's exponent): every overload of one name has the same (uaddCarry's carry,
# imulExtended's two halves), so a call need not be resolved first. Not the whole
# catalogue's: an atomic function's memory is `inout` there, and its order-independent
# update is not an unsequenced write (interp/evaluation_order.py).
_BUILTIN_OUT_PARAMS: dict[str, frozenset[int]] = {
    name: overloads[0].out_params for name, overloads in EXACT_BY_NAME.items()
}
for _overload in OPT_IN_OVERLOADS:
    _BUILTIN_OUT_PARAMS.setdefault(_overload.name, _overload.out_params)


def builtin_out_params(name: str) -> tuple[int, ...]:
    """The positions of built-in `name`'s `out` parameters, in order (none for a name
    the catalogue does not hold)."""
    return tuple(sorted(_BUILTIN_OUT_PARAMS.get(name, frozenset())))


def argument_qualifiers(call: Call, parameters: ParameterTable) -> tuple[ParamQualifier, ...]:
    """The qualifier of the parameter each argument of `call` is bound to: `out` and
    `inout` arguments are l-values that the call writes back when it returns.

    One answer, because everything that reads or rewrites a call must agree on it: the
    mutator and the reducer must leave such an argument an l-value, the interpreter's
    sanitizer and the effect analyses must count the write, and the reconditioner must
    order it. Five copies of this question (by exact overload or by name, the last
    overload or all of them) had begun to drift.

    `parameters`: the program's `parameter_table`. A built-in's `out` parameters come
    from the exact built-ins (analysis/builtins.py); the others' (modf, frexp, the
    atomics: neither the generator nor the interpreter uses them) count as `in`, as do
    an unknown callee's arguments and those beyond its parameters."""
    count = len(call.args)
    if call.kind is CallKind.BUILTIN:
        outs = _BUILTIN_OUT_PARAMS.get(call.callee, frozenset())
        return tuple(ParamQualifier.OUT if i in outs else ParamQualifier.IN for i in range(count))
    qualifiers = parameters.get(call.callee, ())
    if len(qualifiers) == count:
        return qualifiers
    return (*qualifiers[:count], *(ParamQualifier.IN,) * (count - len(qualifiers)))


# Built-ins that store into the storage their first argument names while GLSL's prototype
# does not write the argument back: imageStore's image (an `in` image handle whose texel
# it writes), the atomics' memory and the image atomics' image. The effect analyses count
# the store, or a callee that stores to an image twice in one expression (`f() & f()`)
# looks pure to the reconditioner's evaluation order, which then leaves the two stores
# unsequenced (bench/constructs.py, seed 8371 with textures on).
STORING_BUILTINS: frozenset[str] = frozenset(
    {
        "imageStore",
        *ORDER_INDEPENDENT_ATOMICS,
        "atomicExchange",
        "atomicCompSwap",
        *ORDER_INDEPENDENT_IMAGE_ATOMICS,
        "imageAtomicExchange",
        "imageAtomicCompSwap",
    }
)


def stored_root(call: Call) -> str | None:
    """The variable a storing built-in (STORING_BUILTINS) writes into, else None."""
    if call.kind is not CallKind.BUILTIN or call.callee not in STORING_BUILTINS:
        return None
    return root_variable(call.args[0]) if call.args else None


def written_back_arguments(call: Call, parameters: ParameterTable) -> frozenset[int]:
    """The positions of the arguments `call` writes back (`argument_qualifiers`)."""
    return frozenset(
        i for i, q in enumerate(argument_qualifiers(call, parameters)) if q.writes_back
    )


def written_back_roots(call: Call, parameters: ParameterTable) -> frozenset[str]:
    """The variables whose storage `call` writes back into (the roots of its written-back
    arguments: `a` of `a[i].x`)."""
    roots = (root_variable(call.args[i]) for i in written_back_arguments(call, parameters))
    return frozenset(root for root in roots if root is not None)


# ---------------------------------------------------------------- summaries


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
    # A work group's shared memory and the images a callee may store into are globals
    # too; left out, a callee's store to one looked pure to the reconditioner.
    names.update(v.name for v in program.shared)
    names.update(t.name for t in program.textures)
    return frozenset(names)


def summarise_functions(program: Program) -> dict[str, FunctionSummary]:
    """Summaries of every function of `program`, callees' effects included."""
    shared = global_names(program)
    parameters = parameter_table(program.functions)
    summaries: dict[str, FunctionSummary] = {}
    for function in program.functions:
        summaries[function.name] = _summarise(function, shared, summaries, parameters)
    return summaries


def _summarise(
    function: Function,
    shared: frozenset[str],
    known: dict[str, FunctionSummary],
    parameters: ParameterTable,
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
            if node.kind is CallKind.USER:
                callee = known.get(node.callee)
                if callee is None:
                    continue  # not defined before the call (not GLSL): nothing known
                callees.add(node.callee)
                callees.update(callee.callees)
                reads.update(callee.reads)
                writes.update(callee.writes)
            writes.update(written_back_roots(node, parameters) & shared)
            stored = stored_root(node)
            if stored in shared:
                writes.add(stored)
    return FunctionSummary(
        reads=frozenset(reads), writes=frozenset(writes), callees=frozenset(callees)
    )
