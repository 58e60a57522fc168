"""Pass: keep every float an exact integer of S (seed 003, section 4.3; see
wrappers/floating.py for S and the wrappers).

- float literals are mapped into S (buffer contents are mapped by buffer_values.py);
- `a + b`, `a - b`, `a * b` on floats (scalars, vectors, componentwise on matrices) become
  `SAFE_MAKE_IN_RANGE(a op b)`; a matrix product, dot, cross and determinant get guarded
  wrappers; matrixCompMult and outerProduct, componentwise products, get MAKE_IN_RANGE;
  float division, whose result GLSL only bounds to 2.5 ULP, becomes an integer division;
- compound assignments and ++/-- on floats become `inout` wrappers;
- a constructor that converts to float (`float(i)`, `vec3(ivec3)`, `float(b)`) is wrapped
  in MAKE_IN_RANGE: converting an integer of magnitude 2^24 or more rounds, to a value of
  magnitude 2^24 or more, which MAKE_IN_RANGE catches; so is a matrix built from a scalar
  or another matrix, whose zeros would leave S;
- a half (float16_t, f16vecN) is kept to S16, the integers below 2048 in magnitude
  (build.HALF_EXACT_LIMIT): its literals, its MAKE_IN_RANGE, and its constructors from
  anything but halves (float16_t(f) of a float of S may round: its operands are clamped
  to +-4096 first, so that it never overflows), and its products go through HALF_MUL (a
  product of two halves of S16 may overflow binary16);
- a conversion to uint of a float (undefined when negative) goes through SAFE_TO_UINT;
- `ldexp(x, e)` (--extra-builtins) goes through SAFE_LDEXP: its exponent kept in [0, 8], so
  an integer stays an integer, exact, and the result brought into S;
- `frexp(x, e)` (--extra-builtins) becomes `ldexp(frexp(x, e), 24)`: its mantissa, outside
  S, scaled at once to x * 2^(24 - e), an integer of S (analysis/opt_in_builtins.py).

Negation, comparisons, selection and the built-ins that only select or compare (abs,
sign, min, max, clamp, mix, floor and the other roundings, which are exact on integers)
keep S as they are. An operation on two literals whose result is in S stays as written,
so constant expressions stay constant.
"""

from __future__ import annotations

from shadersmith.analysis.opt_in_builtins import FREXP_SCALE
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Literal,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.types import (
    FLOAT,
    MatrixType,
    ScalarKind,
    ScalarType,
    VectorType,
    component_count,
    kind_of,
)
from shadersmith.recondition.buffer_values import exact_float
from shadersmith.recondition.build import builtin, exact_limit, splat
from shadersmith.recondition.rewrite import rewrite_program_expressions
from shadersmith.recondition.wrappers.floating import (
    CROSS,
    DETERMINANT,
    DOT,
    FLOAT_ASSIGN_KINDS,
    FLOAT_DIV,
    HALF_CLAMP,
    HALF_MUL,
    HALF_PACK,
    HALF_UNPACK,
    LDEXP,
    MAKE_IN_RANGE,
    MATRIX_PRODUCT,
    MATRIX_PRODUCT_ASSIGN,
    STEP_KINDS,
    TO_UINT,
)
from shadersmith.recondition.wrappers.registry import wrapper_call

_ARITHMETIC = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL)
_COMPONENTWISE_PRODUCTS = frozenset({"matrixCompMult", "outerProduct"})


def _is_float(expr: Expression) -> bool:
    return kind_of(expr.type) is ScalarKind.FLOAT


def _is_linear_algebra(left: Expression, right: Expression) -> bool:
    """`*` between a matrix and a vector or matrix is a sum of products."""
    matrices = isinstance(left.type, MatrixType) + isinstance(right.type, MatrixType)
    scalars = isinstance(left.type, ScalarType) + isinstance(right.type, ScalarType)
    return matrices >= 1 and scalars == 0


def _folds_exactly(expr: Binary) -> bool:
    if not (isinstance(expr.left, Literal) and isinstance(expr.right, Literal)):
        return False
    a, b = float(expr.left.value), float(expr.right.value)
    value = {BinaryOp.ADD: a + b, BinaryOp.SUB: a - b, BinaryOp.MUL: a * b}[expr.op]
    return 0 < abs(value) < exact_limit(expr.type)


def _converts_to_float(expr: Construct) -> bool:
    """Whether the constructor may produce a float outside S from operands in S: from
    integers or bools, and a half from a wider float (float16_t(f) of an f of S above
    2047 rounds, or overflows, to a magnitude of 2048 or more: MAKE_IN_RANGE at the
    half's width catches it)."""
    if any(kind_of(a.type) is not ScalarKind.FLOAT for a in expr.args):
        return True
    bits = getattr(expr.type, "bits", 32)
    if bits == 16 and any(getattr(a.type, "bits", 32) != 16 for a in expr.args):
        return True
    if isinstance(expr.type, MatrixType) and len(expr.args) == 1:
        return expr.args[0].type != expr.type  # a scalar (diagonal) or a resize
    return False


def _half_operands(expr: Binary) -> bool:
    """A half product of one shape (f16vec3 * f16vec3, float16_t * float16_t): HALF_MUL's."""
    return expr.left.type == expr.right.type and getattr(expr.type, "bits", 32) == 16


def _clamped_for_half(expr: Construct) -> Construct:
    """A half built from wider values with each of them clamped to +-4096 first (0 to
    4096 for a uint), so that the conversion never overflows binary16 (an infinity no
    shader may rely on); MAKE_IN_RANGE then replaces what is 2048 or more."""
    if getattr(expr.type, "bits", 32) != 16:
        return expr
    args = tuple(_clamped(a) for a in expr.args)
    return expr if args == expr.args else Construct(expr.type, args)


def _clamped(arg: Expression) -> Expression:
    type_ = arg.type
    if not isinstance(type_, ScalarType | VectorType) or type_.bits == 16:
        return arg
    if type_.kind is ScalarKind.BOOL:
        return arg
    low = 0 if type_.kind is ScalarKind.UINT else -HALF_CLAMP
    return builtin("clamp", arg, splat(type_, low), splat(type_, HALF_CLAMP))


def _uint_arguments(expr: Construct) -> Expression:
    if len(expr.args) == 1 and _is_float(expr.args[0]):
        arg = expr.args[0]
        if isinstance(arg.type, ScalarType | VectorType) and component_count(
            arg.type
        ) == component_count(expr.type):
            return wrapper_call(TO_UINT, (arg,))
    args = tuple(
        wrapper_call(TO_UINT, (a,))
        if _is_float(a) and isinstance(a.type, ScalarType | VectorType)
        else a
        for a in expr.args
    )
    if all(new is old for new, old in zip(args, expr.args, strict=True)):
        return expr
    return Construct(expr.type, args)


def float_rewrite(expr: Expression) -> Expression:
    """The node rewrite of this pass."""
    if isinstance(expr, Literal):
        if expr.type.kind is ScalarKind.FLOAT:
            value = exact_float(float(expr.value), exact_limit(expr.type))
            if value != expr.value:
                # A double literal stays a double (into S as a float's), a half's a half
                # (into S16).
                return Literal(expr.type, value)
        return expr
    if isinstance(expr, Binary):
        if not _is_float(expr):
            return expr
        if expr.op is BinaryOp.DIV:
            return wrapper_call(FLOAT_DIV, (expr.left, expr.right))
        if expr.op not in _ARITHMETIC or _folds_exactly(expr):
            return expr
        if expr.op is BinaryOp.MUL and _is_linear_algebra(expr.left, expr.right):
            return wrapper_call(MATRIX_PRODUCT, (expr.left, expr.right))
        if expr.op is BinaryOp.MUL and _half_operands(expr):
            product = wrapper_call(HALF_MUL, (expr.left, expr.right))
            return wrapper_call(MAKE_IN_RANGE, (product,))
        return wrapper_call(MAKE_IN_RANGE, (expr,))
    if isinstance(expr, Assign):
        if expr.op is AssignOp.ASSIGN or not _is_float(expr):
            return expr
        if expr.op is AssignOp.MUL and _is_linear_algebra(expr.target, expr.value):
            return wrapper_call(MATRIX_PRODUCT_ASSIGN, (expr.target, expr.value))
        assign_kind = FLOAT_ASSIGN_KINDS.get(expr.op)
        if assign_kind is None:
            return expr
        return wrapper_call(assign_kind, (expr.target, expr.value))
    if isinstance(expr, IncDec):
        if not _is_float(expr):
            return expr
        return wrapper_call(STEP_KINDS[expr.op], (expr.target,))
    if isinstance(expr, Construct):
        kind = kind_of(expr.type)
        if kind is ScalarKind.FLOAT and _converts_to_float(expr):
            return wrapper_call(MAKE_IN_RANGE, (_clamped_for_half(expr),))
        if kind is ScalarKind.UINT:
            return _uint_arguments(expr)
        return expr
    if isinstance(expr, Call) and expr.kind is CallKind.BUILTIN:
        if expr.callee == "dot":
            return wrapper_call(DOT, expr.args)
        if expr.callee == "cross":
            return wrapper_call(CROSS, expr.args)
        if expr.callee == "determinant" and kind_of(expr.type) is ScalarKind.FLOAT:
            return wrapper_call(DETERMINANT, expr.args)
        if expr.callee in _COMPONENTWISE_PRODUCTS and kind_of(expr.type) is ScalarKind.FLOAT:
            return wrapper_call(MAKE_IN_RANGE, (expr,))
        if expr.callee == "ldexp":
            return wrapper_call(LDEXP, expr.args)
        if expr.callee == "frexp":
            exponent = splat(expr.args[1].type, FREXP_SCALE)
            return Call(expr.type, "ldexp", (expr, exponent), CallKind.BUILTIN)
        if expr.callee == "packHalf2x16":
            return wrapper_call(HALF_PACK, expr.args)
        if expr.callee == "unpackHalf2x16":
            return wrapper_call(HALF_UNPACK, expr.args)
    return expr


def wgsl_float_rewrite(expr: Expression) -> Expression:
    """`float_rewrite` for WGSL, where assignments are statements and have no value, and
    no function takes `inout`: `x op= v` becomes `x = SAFE_MAKE_IN_RANGE(x op v)` and
    `x++` becomes `x = SAFE_MAKE_IN_RANGE(x + 1.0)` (the l-value is evaluated twice, by the
    interpreter as by the compiled shader, and every index in it is bounded). A float
    converted to uint is left alone: WGSL saturates it (u32(-5.0) is 0), as the
    interpreter does in WGSL mode."""
    if isinstance(expr, Assign) and _is_float(expr) and expr.op is not AssignOp.ASSIGN:
        binary_op = expr.op.binary
        product = binary_op is BinaryOp.MUL and _is_linear_algebra(expr.target, expr.value)
        if binary_op in _ARITHMETIC and not product:
            assert binary_op is not None
            value = Binary(expr.type, binary_op, expr.target, expr.value)
            return Assign(
                expr.type, AssignOp.ASSIGN, expr.target, wrapper_call(MAKE_IN_RANGE, (value,))
            )
    if isinstance(expr, IncDec) and _is_float(expr):
        op = BinaryOp.ADD if expr.op.is_increment else BinaryOp.SUB
        one: Expression = Literal(FLOAT, 1.0)
        if isinstance(expr.type, VectorType):
            one = Construct(expr.type, (one,))
        value = Binary(expr.type, op, expr.target, one)
        return Assign(
            expr.type, AssignOp.ASSIGN, expr.target, wrapper_call(MAKE_IN_RANGE, (value,))
        )
    if isinstance(expr, Construct) and kind_of(expr.type) is ScalarKind.UINT:
        return expr
    return float_rewrite(expr)


def make_floats_exact(program: Program) -> Program:
    return rewrite_program_expressions(program, float_rewrite)
