"""One bucket per root cause: the shape of a reduced program.

Signatures split one bug into several buckets when it shows several ways: Mesa's GLSL
optimiser turning `umulExtended(x, 1u, ...)` into a 32-bit value gives a wrong result
for one program, an LLVM abort for another and a segfault for a third. Reduced, the
three programs keep only what the bug needs, and that is the same: the operation the
bug lives in. A bucket's root cause is therefore its blamed component with the shape of
its reduced program: the built-in functions it calls (signed and unsigned variants of
one operation together) or, when it calls none, the operators and access forms it uses.
For a spirv-opt bug the first bad pass of the reduced pass list (reduce/pass_list.py)
names it better than a shape: the pass after which the module is invalid at all, or the
wrong value or crash first shows, so that two symptoms of one pass's bug (a bad store
after `--loop-unswitch` that a later pass turns into a bad OpPhi) share it. Two buckets
with the same root cause are shown as one bug.
"""

from __future__ import annotations

from shadersmith.analysis.builtins import SYNCHRONISATION
from shadersmith.ir.expressions import Binary, Call, CallKind, Index, Swizzle, Ternary, Unary
from shadersmith.ir.program import Program
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.components import UNKNOWN
from shadersmith.targets.catalogue.components import SPIRV_OPT

# Built-ins that are one operation in signed and unsigned flavours.
_FAMILIES = {"umulExtended": "mulExtended", "imulExtended": "mulExtended"}
# analysis/builtins.SYNCHRONISATION orders invocations rather than computes: a multi-invocation
# program keeps `barrier()` between its shared-memory stores and loads whatever its bug,
# so they name no operation. With them in the shape, every reduced program of one
# component with a barrier was one root cause: the every-feature campaign's Mesa bucket
# was `mesa-glsl|builtins:barrier` though its bug is an index into a swizzle (row 2).


def program_shape(program: Program) -> str:
    """`builtins:mulExtended`, or `ops:index-of-swizzle,>>=,...` for a program without
    built-in calls (barriers aside); stable across names, literals and statement order."""
    builtins = sorted(
        {
            _FAMILIES.get(node.callee, node.callee)
            for node in iter_nodes(program)
            if isinstance(node, Call)
            and node.kind is CallKind.BUILTIN
            and node.callee not in SYNCHRONISATION
        }
    )
    if builtins:
        return "builtins:" + ",".join(builtins)
    forms: set[str] = set()
    for node in iter_nodes(program):
        if isinstance(node, Binary | Unary):
            forms.add(str(node.op.value))
        elif isinstance(node, Index) and isinstance(node.base, Swizzle):
            forms.add("index-of-swizzle")
        elif isinstance(node, Ternary):
            forms.add("?:")
        elif isinstance(node, Call) and node.callee not in SYNCHRONISATION:
            forms.add("call")
    return "ops:" + ",".join(sorted(forms))


# A first bad pass names a root cause of spirv-opt alone. Any other component's bug only shows
# after some pass: glslang's invalid module is there before every pass (a list of one
# pass has no shorter prefix to rule it out), and spirv-cross or a driver fails on a
# shape that several passes make (yield bench: one spirv-cross assertion after
# --merge-blocks in one campaign, after --redundancy-elimination in three).


def root_cause(blamed: str, program: Program, first_bad_pass: str | None = None) -> str:
    """The key buckets of one bug share: the first blamed component, and for spirv-opt
    the first bad pass when the reduced pass list names one (a better name for an
    optimiser bug than any program shape), else the program's shape. An unknown pair
    with spirv-opt among its two suspects (`unknown,spirv-opt,lavapipe`) is keyed by the
    first bad pass too, so that it is known by a spirv-opt finding of that pass
    (known_findings: an unknown pair is known by either suspect's root cause)."""
    names = blamed.split(",")
    component = names[0]
    suspects = names[1:3] if component == UNKNOWN else names[:1]
    if first_bad_pass and SPIRV_OPT in suspects:
        return f"{component}|first-bad-pass:{first_bad_pass}"
    return f"{component}|{program_shape(program)}"


def cause_key(signature: str, root_cause: str | None) -> str:
    """What groups a campaign's buckets into bugs: the root cause once reduced, else the
    bucket's own signature (an unreduced bucket is a bug of its own)."""
    return root_cause or f"signature|{signature}"
