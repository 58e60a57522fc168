"""The subgroup built-ins of GL_KHR_shader_subgroup: which there are, which extension
each needs, and which exchange values between the invocations of a subgroup.

A *collective* operation (subgroupAdd, subgroupBallot, ...) combines a value from every
active invocation of the subgroup: it is defined only where all of them reach it together
(in uniform control flow, as the generator places them), and the interpreter runs it as a
rendezvous of the subgroup (interp/dispatch.py). The others read only the invocation's
own ballot bits, its subgroup size and its lane (subgroupBallotBitCount, ...). Their
results depend on the subgroup size, a run parameter (Job.subgroup_size).
"""

from __future__ import annotations

from shadersmith.ir.expressions import Call, CallKind, VariableRef
from shadersmith.ir.program import Program
from shadersmith.ir.walk import iter_nodes

# Every built-in of the four extensions the generator uses, by extension suffix
# (GL_KHR_shader_subgroup_<suffix>), and whether it exchanges values.
_BY_EXTENSION: dict[str, tuple[str, ...]] = {
    "basic": ("subgroupElect",),
    "vote": ("subgroupAll", "subgroupAny", "subgroupAllEqual"),
    "arithmetic": tuple(
        f"subgroup{scan}{op}"
        for scan in ("", "Inclusive", "Exclusive")
        for op in ("Add", "Mul", "Min", "Max", "And", "Or", "Xor")
    ),
    "ballot": (
        "subgroupBroadcast",
        "subgroupBroadcastFirst",
        "subgroupBallot",
        "subgroupInverseBallot",
        "subgroupBallotBitExtract",
        "subgroupBallotBitCount",
        "subgroupBallotInclusiveBitCount",
        "subgroupBallotExclusiveBitCount",
        "subgroupBallotFindLSB",
        "subgroupBallotFindMSB",
    ),
}
EXTENSION_OF: dict[str, str] = {
    name: f"GL_KHR_shader_subgroup_{suffix}"
    for suffix, names in _BY_EXTENSION.items()
    for name in names
}
# The built-ins that read only the invocation's own values.
LOCAL = frozenset(
    {
        "subgroupInverseBallot",
        "subgroupBallotBitExtract",
        "subgroupBallotBitCount",
        "subgroupBallotInclusiveBitCount",
        "subgroupBallotExclusiveBitCount",
        "subgroupBallotFindLSB",
        "subgroupBallotFindMSB",
    }
)
COLLECTIVE = frozenset(EXTENSION_OF) - LOCAL
# The built-in variables, both of GL_KHR_shader_subgroup_basic; gl_SubgroupSize is the
# same in every invocation, gl_SubgroupInvocationID (the lane) is not.
VARIABLES = {"gl_SubgroupSize", "gl_SubgroupInvocationID"}
BASIC = "GL_KHR_shader_subgroup_basic"


def rows_agree_with_linear(local_size: tuple[int, int, int], size: int) -> bool:
    """Whether subgroups cut out of each row of the work group (lavapipe: chunks of `size`
    along x, each row's last chunk partial) are the subgroups of consecutive local
    invocation indices (SwiftShader, NVIDIA; what the interpreter models): when every row
    splits into whole subgroups, or there is one row. Seen on the drivers with
    tests/test_subgroups.py: lavapipe puts (5, 2, 1)'s rows in two subgroups of 5."""
    x, y, z = local_size
    return x % size == 0 or y * z == 1


def is_subgroup_call(node: object) -> bool:
    return isinstance(node, Call) and node.kind is CallKind.BUILTIN and node.callee in EXTENSION_OF


def subgroup_extensions(program: Program) -> tuple[str, ...]:
    """The extensions `program` needs, in a fixed order; none for a program without
    subgroup built-ins (every other extension of the family requires _basic)."""
    needed: set[str] = set()
    for node in iter_nodes(program):
        if is_subgroup_call(node):
            assert isinstance(node, Call)
            needed.add(EXTENSION_OF[node.callee])
        elif isinstance(node, VariableRef) and node.name in VARIABLES:
            needed.add(BASIC)
    if not needed:
        return ()
    needed.add(BASIC)
    order = [f"GL_KHR_shader_subgroup_{suffix}" for suffix in _BY_EXTENSION]
    return tuple(e for e in order if e in needed)


def uses_subgroups(program: Program) -> bool:
    return bool(subgroup_extensions(program))
