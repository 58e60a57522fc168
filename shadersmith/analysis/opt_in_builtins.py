"""Exact built-ins the generator offers only when asked (issue 36): isnan, isinf and the
normalized packing functions, on the exact float set S (interp/exactness.py: non-zero
integers of magnitude below 2^24).

- `isnan(x)`, `isinf(x)`: false for every value of S (real constant-folding coverage at
  no risk);
- `packUnorm4x8`, `packUnorm2x16`: `round(clamp(c, 0, 1) * 255.0)` (65535.0), which on S is
  0 or the maximum, never a rounding tie (GLSL leaves round's direction at .5 to the
  implementation); `packSnorm4x8`, `packSnorm2x16`: `round(clamp(c, -1, 1) * 127.0)`
  (32767.0), so -127, 0 or 127 (-32767, 0 or 32767). The first component fills the least
  significant bits;
- `ldexp(x, e)`: x * 2^e, which GLSL and WGSL compute exactly (the Vulkan precision table:
  "correct result") when it is representable. The reconditioner (recondition/wrappers/
  floating.py, LDEXP) keeps the exponent in [0, LDEXP_MAX_EXPONENT], so an integer x of S
  gives an integer below 2^32, exact in a float, and brings a result outside S back as
  MAKE_IN_RANGE does a product's. WGSL spells it alike.
- `packHalf2x16(v)`: each component's binary16 bits, the first in the low half. binary16
  holds every integer of magnitude up to 2048 exactly (interp/exactness.HALF_EXACT_LIMIT),
  so no rounding mode is involved there; the reconditioner (recondition/wrappers/
  floating.py, HALF_PACK) clamps the argument into that range where a component leaves it.
  WGSL's
  `pack2x16float` is the same function.
- `unpackHalf2x16(u)`: the two binary16 values in u's halves, the low one first. A half
  whose exponent field is 15 to 30 and whose fraction bits below its binary point are
  zero is a non-zero integer of magnitude 1 to 65504, so in S; every other pattern (zero,
  a denormal, a fraction, an infinity, a NaN) is not. The reconditioner (recondition/
  wrappers/floating.py, HALF_UNPACK) tests the bits with integer operations alone and,
  where a half is not such an integer, sets its exponent field to 25: `(u & 0x83ff83ff) |
  0x64006400`, each half then +-(1024 + its 10 fraction bits). WGSL's `unpack2x16float`.

- `frexp(x, out e)`: x = m * 2^e with |m| in [0.5, 1), exact for every float
  (the Vulkan precision table: "correct result"); for x of S, e is its bit length, 1 to 24.
  m leaves S, so the reconditioner (recondition/exact_floats.py) scales it back at once:
  `ldexp(frexp(x, e), FREXP_SCALE)`, m * 2^24 = x * 2^(24 - e), an integer of magnitude
  2^23 to 2^24 - 2, in S. The interpreter's sanitizer lets ldexp take such a significand
  (any float: the result is checked to be a float exactly). WGSL, which has no out
  parameters and whose frexp returns a struct, takes the same IR: the exponent's argument
  is a whole variable of the caller, the call a statement's whole initialiser
  (generate/statements.py), spelled with a helper that writes through its pointer
  (emit/wgsl_builtins.py).

Left out, with why: `unpack*norm` (a division by 255 or 65535 that GLSL does not round
exactly, and that leaves S).
Kept apart from analysis/builtins.py's exact overloads because adding a name there
changes every seed's program: these join the generator's rules only with
`SmithOptions.extra_builtin_probability` (generate/builtin_rules.py); adding one here
changes the programs of that option's seeds (ldexp: a float result's draws).
"""

from __future__ import annotations

import struct

from shadersmith.analysis.builtins import BuiltinOverload
from shadersmith.ir.types import BOOL, FLOAT, INT, UINT, ScalarKind, Type, VectorType

# The largest exponent the reconditioner lets ldexp take: below it, 2^24 * 2^8 = 2^32 is
# far from float32's overflow and GLSL's exponent bound of 128.
LDEXP_MAX_EXPONENT = 8
# The power of two the reconditioner scales frexp's mantissa by: 2^24 * m is an integer of
# S for every x of S (see the module).
FREXP_SCALE = 24


def _overloads() -> tuple[BuiltinOverload, ...]:
    overloads: list[BuiltinOverload] = []
    for name in ("isnan", "isinf"):
        overloads.append(BuiltinOverload(name, (FLOAT,), BOOL))
        for size in (2, 3, 4):
            vector = VectorType(ScalarKind.FLOAT, size)
            overloads.append(BuiltinOverload(name, (vector,), VectorType(ScalarKind.BOOL, size)))
    for name, size in (
        ("packUnorm2x16", 2),
        ("packSnorm2x16", 2),
        ("packUnorm4x8", 4),
        ("packSnorm4x8", 4),
    ):
        overloads.append(BuiltinOverload(name, (VectorType(ScalarKind.FLOAT, size),), UINT))
    overloads.append(BuiltinOverload("packHalf2x16", (VectorType(ScalarKind.FLOAT, 2),), UINT))
    overloads.append(BuiltinOverload("unpackHalf2x16", (UINT,), VectorType(ScalarKind.FLOAT, 2)))
    overloads.append(BuiltinOverload("ldexp", (FLOAT, INT), FLOAT))
    for size in (2, 3, 4):
        floats = VectorType(ScalarKind.FLOAT, size)
        overloads.append(
            BuiltinOverload("ldexp", (floats, VectorType(ScalarKind.INT, size)), floats)
        )
    # Last: adding it changed no draw of the overloads before it.
    out_exponent = frozenset({1})
    overloads.append(BuiltinOverload("frexp", (FLOAT, INT), FLOAT, out_exponent))
    for size in (2, 3, 4):
        floats = VectorType(ScalarKind.FLOAT, size)
        ints = VectorType(ScalarKind.INT, size)
        overloads.append(BuiltinOverload("frexp", (floats, ints), floats, out_exponent))
    return tuple(overloads)


OPT_IN_OVERLOADS: tuple[BuiltinOverload, ...] = _overloads()
OPT_IN_BY_RESULT: dict[Type, tuple[BuiltinOverload, ...]] = {}
for _overload in OPT_IN_OVERLOADS:
    OPT_IN_BY_RESULT[_overload.result] = (*OPT_IN_BY_RESULT.get(_overload.result, ()), _overload)

# name -> (bits a component, largest code): the normalized packing functions.
PACKINGS: dict[str, tuple[int, int]] = {
    "packUnorm2x16": (16, 65535),
    "packSnorm2x16": (16, 32767),
    "packUnorm4x8": (8, 255),
    "packSnorm4x8": (8, 127),
}


def packed(name: str, components: tuple[float, ...]) -> int:
    """The uint a packing function gives for `components` of S (see the module)."""
    bits, top = PACKINGS[name]
    signed = name.startswith("packS")
    word = 0
    for index, c in enumerate(components):
        low = -1.0 if signed else 0.0
        code = round(min(max(c, low), 1.0) * top)  # an integer: no tie to break
        word |= (code & ((1 << bits) - 1)) << (bits * index)
    return word


def half_packed(components: tuple[float, float]) -> int:
    """packHalf2x16's uint for two integers of magnitude up to 2048: each
    one's binary16 bits (exact there), the first in the low 16 bits."""
    low, high = (struct.unpack("<H", struct.pack("<e", c))[0] for c in components)
    return int(low | (high << 16))


# unpackHalf2x16's argument where a half is not an integer (see the module): the sign and
# fraction bits kept, the exponent field set to 25.
HALF_INTEGER_KEEP = 0x83FF83FF
HALF_INTEGER_EXPONENT = 0x64006400


def half_is_integer(half: int) -> bool:
    """Whether the 16 bits `half` are a binary16 non-zero integer (the module's test, as
    the reconditioner's wrapper writes it with integer operations)."""
    exponent = (half >> 10) & 31
    fraction = half & 1023
    if not 15 <= exponent <= 30:
        return False
    return (fraction & ((1 << (25 - min(exponent, 25))) - 1)) == 0


def half_unpacked(word: int) -> tuple[float, float]:
    """unpackHalf2x16's two floats: the low half's binary16 value first."""
    low, high = struct.unpack("<ee", struct.pack("<I", word & 0xFFFFFFFF))
    return float(low), float(high)


# Before GLSL 4.20 (the 3.30 text softpipe runs: rebuild/jobs.py), the half and 2x16 snorm
# packing functions come with GL_ARB_shading_language_packing; GLSL330's own
# GL_ARB_gpu_shader5 brings only the unorm ones and the 4x8 snorm ones.
PACKING_EXTENSION = "GL_ARB_shading_language_packing"
PACKING_CORE_SINCE = 420
_NEED_PACKING_EXTENSION = frozenset(
    {"packHalf2x16", "unpackHalf2x16", "packSnorm2x16", "unpackSnorm2x16"}
)


def packing_extensions(called: frozenset[str], version: int) -> tuple[str, ...]:
    """The `#extension` line a desktop GLSL `version` text calling the built-ins `called`
    needs for them."""
    if version >= PACKING_CORE_SINCE or not called & _NEED_PACKING_EXTENSION:
        return ()
    return (PACKING_EXTENSION,)
