"""FShader's metamorphic relations (seed 001, section IV-A) as colour expressions, twice:
as IR (what the fused program computes) and as numpy float32 (what the oracle computes
from the parts' images). The two are written side by side so that they stay one formula.

Each part's colour is its 8-bit hash as a float, `vec4(part) / 255.0`: exactly the value
its own RGBA8 image holds (k / 255 converts back to k), so the oracle can start from the
part's image and follow the same float32 operations the shader does. A part of the
interval float mode (issue 37) computes a float colour itself: its leaf is that `vec4`,
and the oracle starts from the interval interpreter's colours of the part instead
(oracle/fusion_intervals.py follows these formulas on intervals).

- ADD (MR+): (a + b) / 2
- SUBTRACT (MR-): abs(a - b)
- LIGHT (MR_l): a's colour lit by b's grey level, gray(b) = (b.r + b.g + b.b) / 3. Alpha
  stays a's: light changes how an object looks, not how opaque it is, and scaling alpha
  too would only repeat what the colour channels already test.
- OCCLUDE (MR_o): not a formula but a choice, made per fragment by the program itself
  (mutate/fusion/occlusion.py); the oracle checks that each pixel is one part's.
"""

from __future__ import annotations

import enum

import numpy as np
import numpy.typing as npt

from shadersmith.ir.expressions import (
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    Literal,
    Swizzle,
    Ternary,
    VariableRef,
)
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.types import BOOL, FLOAT, ScalarKind, VectorType

VEC3 = VectorType(ScalarKind.FLOAT, 3)
VEC4 = VectorType(ScalarKind.FLOAT, 4)
UVEC4 = VectorType(ScalarKind.UINT, 4)
Floats = npt.NDArray[np.float32]


class Relation(enum.Enum):
    ADD = "add"
    SUBTRACT = "subtract"
    LIGHT = "light"
    OCCLUDE = "occlude"

    @property
    def paper_name(self) -> str:
        return {"add": "MR+", "subtract": "MR-", "light": "MR_l", "occlude": "MR_o"}[self.value]


def _float(value: float) -> Literal:
    return Literal(FLOAT, value)


def leaf(name: str, colour: VectorType = UVEC4) -> Expression:
    """`vec4(name) / 255.0`: a part's 8-bit colour (a uvec4 of bytes) as unorm floats; a
    float colour (`colour` VEC4, an interval-mode part's) as it is."""
    if colour == VEC4:
        return VariableRef(VEC4, name)
    return Binary(VEC4, BinaryOp.DIV, Construct(VEC4, (VariableRef(UVEC4, name),)), _float(255.0))


def combine(relation: Relation, first: Expression, second: Expression) -> Expression:
    """The fused colour of two colours under `relation` (not OCCLUDE: see `occluded`)."""
    if relation is Relation.ADD:
        return Binary(VEC4, BinaryOp.DIV, Binary(VEC4, BinaryOp.ADD, first, second), _float(2.0))
    if relation is Relation.SUBTRACT:
        difference = Binary(VEC4, BinaryOp.SUB, first, second)
        return Call(VEC4, "abs", (difference,), CallKind.BUILTIN)
    if relation is Relation.LIGHT:
        channels = [Swizzle(FLOAT, second, (i,)) for i in range(3)]
        total = Binary(FLOAT, BinaryOp.ADD, Binary(FLOAT, BinaryOp.ADD, *channels[:2]), channels[2])
        gray = Binary(FLOAT, BinaryOp.DIV, total, _float(3.0))
        lit = Binary(VEC3, BinaryOp.MUL, Swizzle(VEC3, first, (0, 1, 2)), gray)
        return Construct(VEC4, (lit, Swizzle(FLOAT, first, (3,))))
    raise ValueError(f"{relation.value} is not a colour formula")


def occluded(flag: str, front: Expression, back: Expression) -> Expression:
    """MR_o's colour: `back` where the occluding branch ran (`flag`), else `front`."""
    return Ternary(VEC4, VariableRef(BOOL, flag), back, front)


# ---------------------------------------------------------------------------- numpy


def leaf_image(image: npt.NDArray[np.uint8]) -> Floats:
    """An RGBA8 image as the floats `leaf` gives for its bytes."""
    return image.astype(np.float32) / np.float32(255.0)


def combine_images(relation: Relation, first: Floats, second: Floats) -> Floats:
    """`combine` on HxWx4 float32 arrays, operation for operation in float32."""
    if relation is Relation.ADD:
        return (first + second) / np.float32(2.0)
    if relation is Relation.SUBTRACT:
        difference: Floats = np.abs(first - second)
        return difference
    if relation is Relation.LIGHT:
        gray = (second[..., 0] + second[..., 1] + second[..., 2]) / np.float32(3.0)
        lit = first.copy()
        lit[..., :3] = first[..., :3] * gray[..., None]
        return lit
    raise ValueError(f"{relation.value} is not a colour formula")
