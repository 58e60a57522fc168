"""GLSL built-in calls of the IR spelled in WGSL.

The IR names built-ins as GLSL does (analysis/builtins.py); each exact built-in the
generator and the reconditioner use has a WGSL counterpart, with these differences:
- `min`/`max`/`clamp` with scalar bounds on a vector: WGSL wants one type, so the bounds
  are splatted;
- `mix(x, y, b)` with bool `b` is `select(x, y, b)` (same operand order, both evaluated,
  as mix's are); a float mix, step and smoothstep splat their scalar arguments;
- interval mode's inexact built-ins (generate/inexact.py) are spelled alike but
  `inversesqrt` (`inverseSqrt`) and `mod`, which WGSL lacks for floats: it is GLSL's
  definition, `x - y * floor(x / y)`;
- the bit-field functions take u32 offsets and counts (WGSL clamps them; the interpreter's
  WGSL mode does the same), and `bitCount`/`findLSB`/`findMSB` return the argument's type
  in WGSL but int in GLSL, so a uint result is converted (bits kept: i32(u32) reinterprets);
- the vector relations (`lessThan`, `equal`, `not`, ...) are WGSL's component-wise
  operators;
- `floatBitsToInt` is `bitcast<i32>`, `intBitsToFloat` `bitcast<f32>`;
- `transpose`, `determinant` and `distance` are spelled alike; `matrixCompMult` and
  `outerProduct` have no counterpart (the WGSL profile lists them as missing);
- texelFetch, imageLoad and imageStore are textureLoad and textureStore (wgsl_textures.py);
- `frexp(x, e)` (--extra-builtins) writes its exponent to an out parameter, which WGSL has
  not, and WGSL's `frexp(x)` returns a struct (`fract`, `exp`): the call is one of a helper
  function of the module, one per type, `_ss_frexp_f32(x, &e)`, which takes the exponent's
  pointer (a whole variable of the caller, as a user function's out argument: wgsl.py),
  writes `exp` through it and returns `fract`; frexp(0) is (0, 0) in both languages.
The void synchronisation built-ins are statements (see wgsl.py); the subgroup built-ins
are wgsl_subgroups.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.analysis.subgroups import EXTENSION_OF
from shadersmith.emit.wgsl_subgroups import subgroup_call
from shadersmith.emit.wgsl_textures import TEXTURE_BUILTINS, texture_call
from shadersmith.emit.wgsl_types import WGSLEmitError, type_text, with_kind
from shadersmith.ir.expressions import Call, CallKind, Expression
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind, Type, VectorType, kind_of
from shadersmith.ir.walk import iter_nodes

# Renamed one to one: same arguments, same result.
_SAME = {
    name: name
    for name in (
        "abs",
        "sign",
        "floor",
        "ceil",
        "trunc",
        "round",
        "dot",
        "cross",
        "any",
        "all",
        "transpose",
        "determinant",
        "distance",
        # --extra-builtins (analysis/opt_in_builtins.py): ldexp(f32, i32), componentwise
        "ldexp",
        # interval mode's inexact built-ins (generate/inexact.py)
        "sqrt",
        "exp",
        "exp2",
        "log",
        "log2",
        "pow",
        "sin",
        "cos",
        "fract",
        "length",
        "normalize",
    )
}
_RENAMED = {
    **_SAME,
    "inversesqrt": "inverseSqrt",
    "roundEven": "round",  # WGSL's round is round-half-to-even
    "bitfieldReverse": "reverseBits",
    # The normalized packing functions (analysis/opt_in_builtins.py): the same rounding
    # and order of components.
    "packUnorm4x8": "pack4x8unorm",
    "packSnorm4x8": "pack4x8snorm",
    "packUnorm2x16": "pack2x16unorm",
    "packSnorm2x16": "pack2x16snorm",
    "packHalf2x16": "pack2x16float",
    "unpackHalf2x16": "unpack2x16float",
}
_RELATIONS = {
    "lessThan": "<",
    "lessThanEqual": "<=",
    "greaterThan": ">",
    "greaterThanEqual": ">=",
    "equal": "==",
    "notEqual": "!=",
}
_BIT_QUERIES = {
    "bitCount": "countOneBits",
    "findLSB": "firstTrailingBit",
    "findMSB": "firstLeadingBit",
}

Text = Callable[[Expression], str]


def builtin_call(call: Call, text: Text, operand: Text, pointer: Text) -> str:
    """`call` in WGSL; `text` spells an argument (parenthesised when binary), `operand` one
    that an operator applies to (parenthesised unless primary), `pointer` an out argument
    (`&v`)."""
    name = call.callee
    args = call.args
    if name == "frexp":
        return f"{_frexp_name(args[0].type)}({text(args[0])}, {pointer(args[1])})"
    if name in EXTENSION_OF:
        return subgroup_call(call, text)
    if name in _RENAMED:
        return f"{_RENAMED[name]}({', '.join(text(a) for a in args)})"
    if name in ("min", "max", "clamp"):
        first = args[0].type
        spelled = [text(args[0])] + [_splat(a, first, text) for a in args[1:]]
        return f"{name}({', '.join(spelled)})"
    if name == "mix":
        if kind_of(args[2].type) is not ScalarKind.BOOL:
            weight = _splat(args[2], args[0].type, text)
            return f"mix({text(args[0])}, {text(args[1])}, {weight})"
        return f"select({text(args[0])}, {text(args[1])}, {text(args[2])})"
    if name in ("step", "smoothstep"):
        # Scalar edges of a vector: WGSL wants one type.
        spelled = [_splat(a, call.type, text) for a in args[:-1]] + [text(args[-1])]
        return f"{name}({', '.join(spelled)})"
    if name == "mod":
        # No float mod in WGSL (its % truncates): GLSL's definition, x - y * floor(x / y).
        # Each operand is spelled twice: the reconditioner passes mod's operands through
        # a wrapper's parameters (interval_floats.py), so a call in them runs once.
        x, y = operand(args[0]), operand(args[1])
        return f"({x} - {y} * floor({x} / {y}))"
    if name == "bitfieldExtract":
        value, offset, bits = args
        return f"extractBits({text(value)}, {_as_u32(offset, text)}, {_as_u32(bits, text)})"
    if name == "bitfieldInsert":
        base, insert, offset, bits = args
        return (
            f"insertBits({text(base)}, {text(insert)}, "
            f"{_as_u32(offset, text)}, {_as_u32(bits, text)})"
        )
    if name in _BIT_QUERIES:
        inner = f"{_BIT_QUERIES[name]}({text(args[0])})"
        if kind_of(args[0].type) is ScalarKind.UINT:
            return f"{type_text(call.type)}({inner})"
        return inner
    if name in _RELATIONS:
        return f"({operand(args[0])} {_RELATIONS[name]} {operand(args[1])})"
    if name == "not":
        return f"!{operand(args[0])}"
    if name in TEXTURE_BUILTINS:
        return texture_call(call, text)
    if name in ("floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat"):
        return f"bitcast<{type_text(call.type)}>({text(args[0])})"
    raise WGSLEmitError(f"built-in {name} has no WGSL spelling here")


def _splat(arg: Expression, like: object, text: Text) -> str:
    """`arg`, widened to the vector type `like` when it is a scalar bound."""
    if isinstance(like, VectorType) and not isinstance(arg.type, VectorType):
        return f"{type_text(like)}({text(arg)})"
    return text(arg)


def _as_u32(arg: Expression, text: Text) -> str:
    if kind_of(arg.type) is ScalarKind.UINT:
        return text(arg)
    return f"{type_text(with_kind(arg.type, ScalarKind.UINT))}({text(arg)})"


def _frexp_name(type_: Type) -> str:
    return f"_ss_frexp_{type_text(type_).replace('<', '_').replace('>', '')}"


def _frexp_helper(type_: Type) -> str:
    """`frexp(x, out e)` as a function of the module (module docstring)."""
    floats, ints = type_text(type_), type_text(with_kind(type_, ScalarKind.INT))
    return (
        f"fn {_frexp_name(type_)}(x: {floats}, e: ptr<function, {ints}>) -> {floats} {{\n"
        "    let r = frexp(x);\n"
        "    *e = r.exp;\n"
        "    return r.fract;\n"
        "}"
    )


def out_helper_functions(program: Program) -> list[str]:
    """The helper functions `program`'s built-ins with out parameters are spelled with
    (frexp's), one per type, in a fixed order: none for a program without them, whose
    text stays as it was."""
    types = {
        type_text(node.args[0].type): node.args[0].type
        for node in iter_nodes(program)
        if isinstance(node, Call) and node.kind is CallKind.BUILTIN and node.callee == "frexp"
    }
    return [_frexp_helper(type_) for _, type_ in sorted(types.items())]
