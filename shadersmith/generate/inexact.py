"""Float expressions with the inexact operations, for interval mode (issue 37, item 3;
SmithOptions.float_mode "interval").

Exact mode keeps floats to + - * on small integers (values.py); here a float expression
may also divide and call the built-ins whose results round, as shaders do: sqrt,
inversesqrt, exp, exp2, log, log2, pow, sin, cos, fract, mod, mix, smoothstep, step,
length, distance, normalize, dot, and lighting-style arithmetic built from them (a
diffuse term `clamp(dot(normalize(n), normalize(l)), 0.0, 1.0)`, a specular power of
one, a mix of two colours by a clamped weight). The generator writes them as a shader
author would; recondition/interval_floats.py then keeps every argument where the
precision table of interp/precision.py bounds the result (a divisor away from zero, a
sine's argument in [-pi, pi], ...), so no program has undefined behaviour.

Integers and booleans derived from floats (conversions, comparisons, step) are decided
by the interpreter only when every value of the interval gives the same answer; a
program where they do not is refused. So this mode makes them rare: `rarely` redraws a
float comparison or conversion most of the time, and floatBitsToInt/Uint, which observe
every bit, are not drawn at all.

Each inexact form drawn is counted in the program's choices as `inexact:<form>`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Call, CallKind, Expression, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.profile import Language
from shadersmith.ir.types import FLOAT, ScalarKind, ScalarType, Type, VectorType

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator

# The share of float expressions (below the depth limit) drawn as an inexact form.
INEXACT_SHARE = 0.35
# The share of float comparisons and float-to-integer conversions kept when drawn (the
# others are drawn again): each may be refused by the interval interpreter.
KEPT_FLOAT_DECISIONS = 0.2
# Built-ins that read a float's bits: never drawn in interval mode (a rounded value's
# bits are any of several patterns; the interpreter refuses every one).
BIT_READERS = frozenset({"floatBitsToInt", "floatBitsToUint"})

FloatType = ScalarType | VectorType
Form = Callable[["InexactExpressions", FloatType, int], Expression | None]

# One-argument built-ins of the same type (genFType f(genFType)).
_UNARY = ("sqrt", "inversesqrt", "exp", "exp2", "log", "log2", "sin", "cos", "fract")


def _call(type_: Type, name: str, *args: Expression) -> Call:
    return Call(type_, name, args, CallKind.BUILTIN)


class InexactExpressions:
    """The inexact forms of one program's float expressions (see the module docstring)."""

    def __init__(self, expressions: ExpressionGenerator) -> None:
        self.expressions = expressions
        self.rng = expressions.rng
        self.choices = expressions.ctx.choices
        # WGSL has no normalize of a scalar (normalize takes vecN only).
        self._scalar_normalize = expressions.ctx.profile.language.family is not Language.WGSL

    def chance(self) -> bool:
        return self.rng.random() < INEXACT_SHARE

    def rarely(self) -> bool:
        """Whether a float decision (comparison, conversion to an integer) just drawn is
        kept: KEPT_FLOAT_DECISIONS of the time."""
        return self.rng.random() < KEPT_FLOAT_DECISIONS

    def value(self, type_: FloatType, depth: int) -> Expression | None:
        """An inexact expression of the float type `type_`, or None when the form drawn
        does not give it (the caller falls back to its own forms)."""
        forms = _SCALAR_FORMS if isinstance(type_, ScalarType) else _VECTOR_FORMS
        total = sum(weight for weight, _, _ in forms)
        draw = self.rng.random() * total
        for weight, label, form in forms:
            draw -= weight
            if draw < 0:
                result = form(self, type_, depth)
                if result is not None:
                    self.choices[f"inexact:{label}"] += 1
                return result
        return None

    # ------------------------------------------------------------------ parts

    def _float(self, type_: Type, depth: int) -> Expression:
        return self.expressions.expression(type_, depth)

    def _vector(self, depth: int) -> VectorType:
        return VectorType(ScalarKind.FLOAT, self.rng.randint(2, 4))

    # ------------------------------------------------------------------ forms

    def division(self, type_: FloatType, depth: int) -> Expression:
        """`a / b`, a vector over a scalar at times."""
        left = self._float(type_, depth)
        right_type: Type = type_
        if isinstance(type_, VectorType) and self.rng.random() < 0.3:
            right_type = FLOAT
        return Binary(type_, BinaryOp.DIV, left, self._float(right_type, depth))

    def unary(self, type_: FloatType, depth: int) -> Expression:
        name = self.rng.choice(_UNARY)
        self.choices[f"inexact:{name}"] += 1
        return _call(type_, name, self._float(type_, depth))

    def power(self, type_: FloatType, depth: int) -> Expression:
        return _call(type_, "pow", self._float(type_, depth), self._float(type_, depth))

    def modulo(self, type_: FloatType, depth: int) -> Expression:
        right: Type = type_
        if isinstance(type_, VectorType) and self.rng.random() < 0.3:
            right = FLOAT
        return _call(type_, "mod", self._float(type_, depth), self._float(right, depth))

    def mix(self, type_: FloatType, depth: int) -> Expression:
        weight: Type = type_
        if isinstance(type_, VectorType) and self.rng.random() < 0.5:
            weight = FLOAT
        return _call(
            type_,
            "mix",
            self._float(type_, depth),
            self._float(type_, depth),
            self._float(weight, depth),
        )

    def smoothstep(self, type_: FloatType, depth: int) -> Expression:
        edge: Type = type_
        if isinstance(type_, VectorType) and self.rng.random() < 0.5:
            edge = FLOAT
        return _call(
            type_,
            "smoothstep",
            self._float(edge, depth),
            self._float(edge, depth),
            self._float(type_, depth),
        )

    def step(self, type_: FloatType, depth: int) -> Expression | None:
        """step(edge, x): a comparison, so kept rarely."""
        if not self.rarely():
            return None
        edge: Type = type_
        if isinstance(type_, VectorType) and self.rng.random() < 0.5:
            edge = FLOAT
        return _call(type_, "step", self._float(edge, depth), self._float(type_, depth))

    def length(self, type_: FloatType, depth: int) -> Expression | None:
        if not isinstance(type_, ScalarType):
            return None
        return _call(FLOAT, "length", self._float(self._vector(depth), depth))

    def distance(self, type_: FloatType, depth: int) -> Expression | None:
        if not isinstance(type_, ScalarType):
            return None
        vector = self._vector(depth)
        return _call(FLOAT, "distance", self._float(vector, depth), self._float(vector, depth))

    def dot(self, type_: FloatType, depth: int) -> Expression | None:
        if not isinstance(type_, ScalarType):
            return None
        vector = self._vector(depth)
        return _call(FLOAT, "dot", self._float(vector, depth), self._float(vector, depth))

    def normalize(self, type_: FloatType, depth: int) -> Expression | None:
        if isinstance(type_, ScalarType) and not self._scalar_normalize:
            return None
        return _call(type_, "normalize", self._float(type_, depth))

    def diffuse(self, type_: FloatType, depth: int) -> Expression | None:
        """`clamp(dot(normalize(n), normalize(l)), 0.0, 1.0)`: Lambert's term."""
        if not isinstance(type_, ScalarType):
            return None
        vector = VectorType(ScalarKind.FLOAT, 3)
        n = _call(vector, "normalize", self._float(vector, depth))
        light = _call(vector, "normalize", self._float(vector, depth))
        cosine = _call(FLOAT, "dot", n, light)
        return _call(FLOAT, "clamp", cosine, Literal(FLOAT, 0.0), Literal(FLOAT, 1.0))

    def specular(self, type_: FloatType, depth: int) -> Expression | None:
        """`pow(diffuse-like term, shininess)`: Phong's specular power."""
        term = self.diffuse(type_, depth)
        if term is None:
            return None
        shininess = Literal(FLOAT, float(self.rng.choice((2, 4, 8, 16, 32))))
        return _call(FLOAT, "pow", term, shininess)

    def colour_mix(self, type_: FloatType, depth: int) -> Expression | None:
        """`mix(a, b, clamp(t, 0.0, 1.0))` of two colours (vec3 or vec4)."""
        if not isinstance(type_, VectorType) or type_.size < 3:
            return None
        weight = _call(
            FLOAT, "clamp", self._float(FLOAT, depth), Literal(FLOAT, 0.0), Literal(FLOAT, 1.0)
        )
        return _call(type_, "mix", self._float(type_, depth), self._float(type_, depth), weight)


# (weight, label, form): the forms a float scalar or vector expression is drawn from.
_COMMON: tuple[tuple[float, str, Form], ...] = (
    (6, "division", InexactExpressions.division),
    (9, "unary", InexactExpressions.unary),
    (2, "pow", InexactExpressions.power),
    (2, "mod", InexactExpressions.modulo),
    (3, "mix", InexactExpressions.mix),
    (2, "smoothstep", InexactExpressions.smoothstep),
    (1, "step", InexactExpressions.step),
    (2, "normalize", InexactExpressions.normalize),
)
_SCALAR_FORMS: tuple[tuple[float, str, Form], ...] = (
    *_COMMON,
    (2, "length", InexactExpressions.length),
    (2, "distance", InexactExpressions.distance),
    (2, "dot", InexactExpressions.dot),
    (2, "diffuse", InexactExpressions.diffuse),
    (1, "specular", InexactExpressions.specular),
)
_VECTOR_FORMS: tuple[tuple[float, str, Form], ...] = (
    *_COMMON,
    (3, "colour_mix", InexactExpressions.colour_mix),
)
