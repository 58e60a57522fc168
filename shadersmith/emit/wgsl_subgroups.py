"""GL_KHR_shader_subgroup's built-ins of the IR spelled in WGSL (analysis/subgroups.py).

WGSL's subgroup built-ins (the `subgroups` feature of the device) as naga 29 reads them:
the reductions of Add, Mul, Min, Max, And, Or and Xor, the inclusive and exclusive scans
of Add and Mul, subgroupAll, subgroupAny, subgroupBallot (a vec4<u32>, as GLSL's uvec4),
subgroupBroadcast with a constant u32 lane and subgroupBroadcastFirst keep their GLSL
names. naga 29 refuses `enable subgroups;` ("not yet supported") and offers them without
it, so the module has no enable directive. The others, each meaning what GLSL's does:

- `subgroupElect()` is `subgroupExclusiveAdd(1u) == 0u`: only the lowest active lane has
  no active lane below it (naga 29 has no subgroupElect);
- `subgroupAllEqual(x)` is a helper function of the module, called where GLSL's is (in
  uniform control flow): `subgroupAll(subgroupBroadcastFirst(x) == x)` on integers,
  `subgroupAll(x) == subgroupAny(x)` on bools (subgroupBroadcastFirst takes no bool); `x`
  is evaluated once, as the helper's argument;
- the ballot readers read only the invocation's own ballot and lane, so helpers spell them
  with bit operations: BitCount counts the bits below 128, Inclusive/ExclusiveBitCount
  those below the lane + 1 / the lane, InverseBallot extracts the lane's bit and
  BitExtract the given one; the lane is `gl_SubgroupInvocationID`, which the entry point
  then fills from `@builtin(subgroup_invocation_id)` (wgsl.py).

The inclusive and exclusive scans of Min, Max, And, Or and Xor have no WGSL counterpart
(the WGSL profile lists them missing) and subgroupBallotFindLSB/MSB are never generated:
they raise WGSLEmitError.
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.analysis.subgroups import EXTENSION_OF
from shadersmith.emit.wgsl_types import WGSLEmitError, type_text
from shadersmith.ir.expressions import Call, CallKind, Expression
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, Type, kind_of
from shadersmith.ir.walk import iter_nodes

Text = Callable[[Expression], str]

LANE = "gl_SubgroupInvocationID"

_SAME = frozenset(
    {f"subgroup{op}" for op in ("Add", "Mul", "Min", "Max", "And", "Or", "Xor")}
    | {f"subgroup{scan}{op}" for scan in ("Inclusive", "Exclusive") for op in ("Add", "Mul")}
    | {
        "subgroupAll",
        "subgroupAny",
        "subgroupBallot",
        "subgroupBroadcast",
        "subgroupBroadcastFirst",
    }
)

# The ballot readers spelled by a helper: (helper, its second argument).
_BALLOT_HELPERS = {
    "subgroupBallotBitCount": ("_ss_ballot_below", "128u"),
    "subgroupBallotInclusiveBitCount": ("_ss_ballot_below", f"{LANE} + 1u"),
    "subgroupBallotExclusiveBitCount": ("_ss_ballot_below", LANE),
    "subgroupInverseBallot": ("_ss_ballot_bit", LANE),
}
_BALLOT_BELOW = """\
fn _ss_ballot_below(ballot: vec4<u32>, end: u32) -> u32 {
    var count = 0u;
    for (var word = 0u; word < 4u; word++) {
        let start = word * 32u;
        if end > start {
            count += countOneBits(extractBits(ballot[word], 0u, end - start));
        }
    }
    return count;
}"""
_BALLOT_BIT = """\
fn _ss_ballot_bit(ballot: vec4<u32>, bit: u32) -> bool {
    return extractBits(ballot[min(bit / 32u, 3u)], bit % 32u, 1u) != 0u;
}"""


def _all_equal_name(type_: Type) -> str:
    return f"_ss_subgroupAllEqual_{type_text(type_).replace('<', '_').replace('>', '')}"


def _all_equal(type_: Type) -> str:
    name, spelled = _all_equal_name(type_), type_text(type_)
    if kind_of(type_) is ScalarKind.BOOL:
        body = "return subgroupAll(x) == subgroupAny(x);"
    else:
        body = "return subgroupAll(subgroupBroadcastFirst(x) == x);"
    return f"fn {name}(x: {spelled}) -> bool {{\n    {body}\n}}"


def subgroup_call(call: Call, text: Text) -> str:
    """`call`, a subgroup built-in, in WGSL; `text` spells an argument."""
    name, args = call.callee, call.args
    spelled = [text(a) for a in args]
    if name in _SAME:
        return f"{name}({', '.join(spelled)})"
    if name == "subgroupElect":
        return "(subgroupExclusiveAdd(1u) == 0u)"
    if name == "subgroupAllEqual":
        return f"{_all_equal_name(args[0].type)}({spelled[0]})"
    if name in _BALLOT_HELPERS:
        helper, second = _BALLOT_HELPERS[name]
        return f"{helper}({spelled[0]}, {second})"
    if name == "subgroupBallotBitExtract":
        return f"_ss_ballot_bit({spelled[0]}, {spelled[1]})"
    raise WGSLEmitError(f"built-in {name} has no WGSL spelling here")


def _subgroup_calls(program: Program) -> list[Call]:
    return [
        node
        for node in iter_nodes(program)
        if isinstance(node, Call) and node.kind is CallKind.BUILTIN and node.callee in EXTENSION_OF
    ]


def reads_lane(program: Program) -> bool:
    """Whether the WGSL spelling of `program` reads the lane for a ballot reader."""
    lane_readers = {n for n, (_, second) in _BALLOT_HELPERS.items() if LANE in second}
    return any(call.callee in lane_readers for call in _subgroup_calls(program))


def helper_functions(program: Program) -> list[str]:
    """The helper functions `program`'s subgroup built-ins are spelled with, in a fixed
    order (none for a program without them, whose text stays as it was)."""
    calls = _subgroup_calls(program)
    called = {call.callee for call in calls}
    helpers: list[str] = []
    equal_types = sorted(
        {
            type_text(call.args[0].type): call.args[0].type
            for call in calls
            if call.callee == "subgroupAllEqual"
        }.items()
    )
    helpers.extend(_all_equal(type_) for _, type_ in equal_types)
    if called & {n for n, (helper, _) in _BALLOT_HELPERS.items() if helper == "_ss_ballot_below"}:
        helpers.append(_BALLOT_BELOW)
    if called & {"subgroupInverseBallot", "subgroupBallotBitExtract"}:
        helpers.append(_BALLOT_BIT)
    return helpers
