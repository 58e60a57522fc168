"""Who runs a generated program: one invocation, or work groups of several.

A multi-invocation program (ShaDiv's setting) is dispatched as `workgroups` work groups of
`local_size` invocations. It stays free of data races by construction: every output
buffer field holds one element per invocation of the dispatch, and an invocation reads and
writes only its own element, at its *slot* (its index in the whole dispatch, spelt from
the invocation ids); input buffers are read-only. Values cross invocations only through
`shared` arrays, written at the own slot and read after a barrier (divergence.py).

The dispatch is drawn from a random stream of its own (seeded by the seed), so that a
single-invocation program of a seed is the very program the generator made before
multi-invocation programs existed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.config.generator_options import SmithOptions
from shadersmith.ir.expressions import Binary, Expression, Literal, Swizzle, VariableRef
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import UINT, ScalarKind, Type, VectorType

UVEC3 = VectorType(ScalarKind.UINT, 3)
# The compute built-in variables the generator reads, with their types (all read-only).
INVOCATION_BUILTINS: tuple[tuple[str, Type], ...] = (
    ("gl_LocalInvocationID", UVEC3),
    ("gl_GlobalInvocationID", UVEC3),
    ("gl_LocalInvocationIndex", UINT),
    ("gl_WorkGroupID", UVEC3),
    ("gl_NumWorkGroups", UVEC3),
)


@dataclass(frozen=True)
class InvocationLayout:
    local_size: tuple[int, int, int]
    workgroups: tuple[int, int, int]
    # How the slot is spelt: "group" (work group id and local index) or "global"
    # (the global invocation id, row by row).
    slot_form: str = "group"

    @property
    def group_size(self) -> int:
        x, y, z = self.local_size
        return x * y * z

    @property
    def invocations(self) -> int:
        x, y, z = self.workgroups
        return self.group_size * x * y * z

    def slot(self) -> Expression:
        """The invocation's index in the dispatch, a uint in [0, invocations)."""
        if self.slot_form == "global":
            # gid.x + width * (gid.y + height * gid.z), width and height of the dispatch.
            width = self.local_size[0] * self.workgroups[0]
            height = self.local_size[1] * self.workgroups[1]
            gid = VariableRef(UVEC3, "gl_GlobalInvocationID")
            result: Expression = _component(gid, 0)
            row: Expression = _component(gid, 1)
            if self.local_size[2] * self.workgroups[2] > 1:
                row = _add(row, _mul(_lit(height), _component(gid, 2)))
            if height * self.local_size[2] * self.workgroups[2] > 1:
                result = _add(result, _mul(_lit(width), row))
            return result
        index: Expression = VariableRef(UINT, "gl_LocalInvocationIndex")
        groups = self.workgroups[0] * self.workgroups[1] * self.workgroups[2]
        if groups == 1:
            return index
        group = VariableRef(UVEC3, "gl_WorkGroupID")
        flat: Expression = _component(group, 0)
        if self.workgroups[1] * self.workgroups[2] > 1:
            upper: Expression = _component(group, 1)
            if self.workgroups[2] > 1:
                upper = _add(upper, _mul(_lit(self.workgroups[1]), _component(group, 2)))
            flat = _add(flat, _mul(_lit(self.workgroups[0]), upper))
        return _add(_mul(flat, _lit(self.group_size)), index)

    def local_slot(self) -> Expression:
        """The invocation's index in its work group (a `shared` array's own element)."""
        return VariableRef(UINT, "gl_LocalInvocationIndex")


def _lit(value: int) -> Literal:
    return Literal(UINT, value)


def _component(vector: Expression, index: int) -> Expression:
    return Swizzle(UINT, vector, (index,))


def _add(a: Expression, b: Expression) -> Expression:
    return Binary(UINT, BinaryOp.ADD, a, b)


def _mul(a: Expression, b: Expression) -> Expression:
    return Binary(UINT, BinaryOp.MUL, a, b)


@dataclass(frozen=True)
class FragmentLayout:
    """A fragment shader's invocations: one per pixel of a `width` x `height` target.

    Its ids are the fragment's coordinates, `uint(gl_FragCoord.x)` and `.y` (never the
    raw float, whose halves would leave the exact-integer floats of the reconditioner).
    Fragments have no work groups, shared memory or barriers.
    """

    width: int = 64
    height: int = 64

    @property
    def group_size(self) -> int:
        """The range of an id (a row's width), what id-based conditions compare against."""
        return self.width

    @property
    def invocations(self) -> int:
        return self.width * self.height


def choose_layout(seed: int, options: SmithOptions) -> InvocationLayout | None:
    """The dispatch of the program of `seed`: None for a single invocation."""
    if options.multi_invocation_probability <= 0.0:
        return None
    rng = random.Random(f"shadersmith-dispatch-{seed}")
    if rng.random() >= options.multi_invocation_probability:
        return None
    x = rng.randint(1, options.max_local_size_x)
    y = rng.randint(1, options.max_local_size_y)
    z = rng.randint(1, options.max_local_size_z)
    groups = rng.randint(1, options.max_workgroups_x)
    if x * y * z * groups == 1:
        if options.max_local_size_x > 1:
            x = 2
        elif options.max_workgroups_x > 1:
            groups = 2
        else:
            return None  # the options allow one invocation only
    slot_form = "global" if rng.random() < 0.4 else "group"
    return InvocationLayout((x, y, z), (groups, 1, 1), slot_form)
