"""Which float operations of a program may be evaluated at relaxed precision (`mediump`,
`lowp`; SPIR-V RelaxedPrecision), by GLSL's precision propagation (issue 36 item 2, issue
37 item 1). Read by the interval interpreter (interp/relaxed.py), which widens those values.

The rules (GLSL 4.60 section 4.7.3 "Precision Qualifiers", the same words as ESSL 3.10
section 4.7.3; paraphrased, check them against KhronosGroup/GLSL chapters/variables.adoc):
- "The precision used to internally evaluate an operation, and the precision qualification
  subsequently associated with any resulting intermediate values, must be at least as high
  as the highest precision qualification of the operands consumed by the operation."
- "Literal constants do not have precision qualifiers. Neither do Boolean variables.
  Neither do constructors." Where no operand has one, the precision comes from the next
  consuming operation, recursively: "the precision qualification of l-values for
  assignments, of the declared variable for initializers, of formal parameters for
  function call arguments, or of function return types for function return values"; and
  where nothing gives one, the default precision of the type (highp for float in every
  stage of desktop GLSL and of ESSL's compute and vertex shaders; the ESSL emitter writes
  `precision highp float;` for the fragment stage).
- Built-ins: "the precision qualification of the return value is the highest precision
  qualification of the actual input arguments" (GLSL 4.60 / ESSL 3.10 chapter 8's
  preamble; float arguments only here: an int argument is highp and would never lower it).
- Desktop GL ignores the qualifiers (GLSL 4.60 4.7: "no semantic meaning"); on Vulkan
  glslang decorates mediump and lowp alike RelaxedPrecision (GLSL 4.60 4.7.2 / KHR_vulkan_glsl).

"At least as high": a relaxed operation may also be computed in full precision, so each
relaxed interval holds the highp one. This analysis errs towards relaxed where the text
is read two ways (a constructor of a highp value feeding a mediump operation: relaxed),
which only widens an interval. Variables are relaxed by name per function (a name declared
mediump anywhere in the function or among the globals), the same over-approximation.
Function return types are never qualified by the generator (ir.program.Function has no
qualifiers), so a call's value is highp.
"""

from __future__ import annotations

import enum

from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
)
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.types import ScalarKind, Type, kind_of

# The words that make a declaration relaxed (mediump and lowp: RelaxedPrecision on Vulkan).
RELAXED_WORDS = frozenset({"mediump", "lowp"})


class Precision(enum.IntEnum):
    """Ordered as GLSL orders them: an operation takes the highest of its operands'."""

    NONE = 0  # a literal, a constructor, a bool: the consumer decides
    RELAXED = 1  # mediump or lowp
    HIGH = 2


def is_relaxed(qualifiers: Qualifiers) -> bool:
    return any(word in RELAXED_WORDS for word in qualifiers.words)


def is_float32(type_: Type) -> bool:
    """A 32-bit float scalar, vector or matrix (the types a precision qualifier relaxes)."""
    if kind_of(type_) is not ScalarKind.FLOAT:
        return False
    return getattr(type_, "bits", 32) == 32


def place_root(expr: Expression) -> VariableRef | None:
    """The variable a place expression (x, x[i], x.f, x.yz) names, or None."""
    while isinstance(expr, Swizzle | Index | Member):
        expr = expr.base
    return expr if isinstance(expr, VariableRef) else None


def own_precision(expr: Expression, relaxed_names: frozenset[str]) -> Precision:
    """The precision an expression has from its operands alone (NONE: from its consumer)."""
    if isinstance(expr, Literal | Construct):
        return Precision.NONE
    if isinstance(expr, VariableRef | Swizzle | Index | Member):
        root = place_root(expr)
        if root is None:
            return own_precision(expr.base, relaxed_names)  # type: ignore[union-attr]
        if not is_float32(expr.type):
            return Precision.HIGH
        return Precision.RELAXED if root.name in relaxed_names else Precision.HIGH
    if isinstance(expr, Unary):
        return own_precision(expr.operand, relaxed_names)
    if isinstance(expr, Binary):
        if expr.op.is_comparison or expr.op.is_logical:
            return Precision.NONE  # a bool
        return max(
            own_precision(expr.left, relaxed_names), own_precision(expr.right, relaxed_names)
        )
    if isinstance(expr, Assign | IncDec):
        return own_precision(expr.target, relaxed_names)
    if isinstance(expr, Ternary):
        return max(
            own_precision(expr.if_true, relaxed_names), own_precision(expr.if_false, relaxed_names)
        )
    if isinstance(expr, Sequence):
        return own_precision(expr.items[-1], relaxed_names)
    if isinstance(expr, Call):
        if expr.kind is not CallKind.BUILTIN:
            return Precision.HIGH  # return types are never qualified here
        floats = [own_precision(a, relaxed_names) for a in expr.args if is_float32(a.type)]
        return max(floats, default=Precision.HIGH)
    return Precision.HIGH


def operand_context(expr: Binary, relaxed_names: frozenset[str]) -> Precision:
    """The precision a comparison evaluates its operands at (its result is a bool)."""
    found = max(own_precision(expr.left, relaxed_names), own_precision(expr.right, relaxed_names))
    return found if found is not Precision.NONE else Precision.HIGH


def effective(expr: Expression, context: Precision, relaxed_names: frozenset[str]) -> Precision:
    """The precision `expr` is evaluated at when its consumer's is `context`."""
    own = own_precision(expr, relaxed_names)
    return own if own is not Precision.NONE else context
