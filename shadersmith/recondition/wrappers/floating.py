"""Wrappers that keep every float in the exact set S of seed 003, section 4.3.

S is the integers of magnitude 1 to 2^24 - 2. For x, y in S, x + y, x - y and x * y are
either exact or of magnitude 2^24 or more (every rounding keeps them there), and zero is
excluded because its sign is not portable. MAKE_IN_RANGE brings such a result back:
`abs(x) < 0.1 || abs(x) >= 16777215.0 ? 10.0 : x` (EXACT_LIMIT = 2^24 - 1), per component
for vectors and matrices. It only compares the possibly rounded value, which gives the same
answer whatever the rounding.

Operations built on several products (dot, cross, matrix products) could round in an
intermediate sum and come back into range with a wrong value, so their wrappers first
check, without ever feeding a rounded value into further arithmetic, that every product
and every partial sum of absolute values stays below EXACT_LIMIT: then every order of
evaluation, fused or not, is exact. Float division is only accurate to 2.5 ULP in GLSL, so it is
replaced outright by a truncating integer division of the (integer) operands.
"""

from __future__ import annotations

import itertools

from shadersmith.analysis.opt_in_builtins import (
    HALF_INTEGER_EXPONENT,
    HALF_INTEGER_KEEP,
    LDEXP_MAX_EXPONENT,
)
from shadersmith.ir.expressions import (
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Swizzle,
    Ternary,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import (
    FLOAT,
    UINT,
    MatrixType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
    vector_or_scalar,
)
from shadersmith.recondition.build import (
    EXACT_LIMIT,
    FLOAT_DEFAULT,
    HALF_EXACT_LIMIT,
    all_of,
    any_of,
    binary,
    bool_lit,
    builtin,
    compare,
    exact_limit,
    float_lit,
    index,
    int_lit,
    literal,
    logical_and,
    logical_not,
    logical_or,
    select,
    splat,
)
from shadersmith.recondition.wrappers.base import Params, WrapperBody, WrapperKind, assigning

SMALL = 0.1  # below 1: anything under it is zero, since floats are integers


def _bound(x: Expression, value: float) -> Expression:
    """The float literal `value` at `x`'s width (`0.1lf` for a double, `float16_t(0.1)`
    for a half: lane mode and the emitted text compare like with like)."""
    type_ = x.type
    if isinstance(type_, ScalarType | VectorType | MatrixType) and type_.bits != 32:
        return splat(ScalarType(ScalarKind.FLOAT, type_.bits), value)
    return float_lit(value)


def out_of_range(x: Expression) -> Expression:
    """Whether any component of `x` is zero or of magnitude 2^24 or more (2048 for a
    half: build.HALF_EXACT_LIMIT)."""
    if isinstance(x.type, MatrixType):
        return logical_or(*(out_of_range(index(x, i)) for i in range(x.type.columns)))
    magnitude = builtin("abs", x)
    return logical_or(
        any_of(compare(BinaryOp.LT, magnitude, _bound(x, SMALL))),
        any_of(compare(BinaryOp.GE, magnitude, _bound(x, exact_limit(x.type)))),
    )


def bring_in(x: Expression) -> Expression:
    """`x` with every component outside S replaced by the default, 10.0."""
    if isinstance(x.type, MatrixType):
        columns = tuple(bring_in(index(x, i)) for i in range(x.type.columns))
        return Construct(x.type, columns)
    if isinstance(x.type, ScalarType):
        return _bound(x, FLOAT_DEFAULT)
    magnitude = builtin("abs", x)
    default = splat(x.type, FLOAT_DEFAULT)
    small = compare(BinaryOp.LT, magnitude, _bound(x, SMALL))
    large = compare(BinaryOp.GE, magnitude, _bound(x, exact_limit(x.type)))
    return select(large, default, select(small, default, x))


def replace_zeros(x: Expression) -> Expression:
    """`x`, known to be below 2^24 in magnitude, with zero components replaced."""
    if isinstance(x.type, MatrixType):
        columns = tuple(replace_zeros(index(x, i)) for i in range(x.type.columns))
        return Construct(x.type, columns)
    zero = compare(BinaryOp.LT, builtin("abs", x), _bound(x, SMALL))
    return select(zero, splat(x.type, FLOAT_DEFAULT), x)


def _make_in_range(p: Params) -> WrapperBody:
    (x,) = p
    return WrapperBody(x.type, out_of_range(x), bring_in(x), x)


def _local(name: str, value: Expression) -> tuple[VarDecl, VariableRef]:
    return VarDecl(name, value.type, value), VariableRef(value.type, name)


def _arithmetic(op: BinaryOp) -> WrapperKind:
    """`a op b` brought back into S; only its compound-assignment form is used (a plain
    `a op b` is wrapped as MAKE_IN_RANGE(a op b), which keeps the operator in the caller)."""

    def build(p: Params) -> WrapperBody:
        a, b = p
        decl, result = _local("_ss_n", binary(op, a, b))
        return WrapperBody(a.type, out_of_range(result), bring_in(result), result, (decl,))

    return WrapperKind(f"F{op.name}", build, lambda args: binary(op, args[0], args[1]))


def _step(op: IncDecOp) -> WrapperKind:
    def build(p: Params) -> WrapperBody:
        (a,) = p
        locals_: list[VarDecl] = []
        result: Expression = a
        if not op.is_prefix:
            old_decl, result = _local("_ss_old", a)
            locals_.append(old_decl)
        arithmetic = BinaryOp.ADD if op.is_increment else BinaryOp.SUB
        decl, new = _local("_ss_n", binary(arithmetic, a, _bound(a, 1.0)))
        locals_.append(decl)
        return WrapperBody(
            a.type, out_of_range(new), bring_in(new), new, tuple(locals_), result=result
        )

    name = ("PRE_" if op.is_prefix else "POST_") + ("INC" if op.is_increment else "DEC")
    return WrapperKind(name, build, lambda args: IncDec(args[0].type, op, args[0]), assigns=True)


def _component(v: Expression, k: int) -> Expression:
    type_ = v.type.component if isinstance(v.type, VectorType) else FLOAT
    return Swizzle(type_, v, (k,))


def _all_below(x: Expression, limit: float = EXACT_LIMIT) -> Expression:
    return all_of(compare(BinaryOp.LT, x, _bound(x, limit)))


def _component_sum_guard(terms: Expression, limit: float = EXACT_LIMIT) -> list[Expression]:
    """`terms` holds non-negative products: each and each partial sum of its components
    must stay below `limit` (2^24). The sums are only reached, by short-circuit, once
    every operand is known to be in S."""
    size = terms.type.size if isinstance(terms.type, VectorType) else 1
    guards = [_all_below(terms, limit)]
    total = _component(terms, 0)
    for k in range(1, size):
        total = binary(BinaryOp.ADD, total, _component(terms, k))
        guards.append(_all_below(total, limit))
    return guards


def _vector_sum_guard(terms: list[Expression], limit: float = EXACT_LIMIT) -> list[Expression]:
    """Vectors of non-negative products summed componentwise: same conditions."""
    guards = [_all_below(t, limit) for t in terms]
    total = terms[0]
    for term in terms[1:]:
        total = binary(BinaryOp.ADD, total, term)
        guards.append(_all_below(total, limit))
    return guards


class _Terms:
    """Local variables holding |products|, named in order."""

    def __init__(self) -> None:
        self.decls: list[VarDecl] = []

    def abs_of(self, product: Expression) -> Expression:
        decl, ref = _local(f"_ss_p{len(self.decls)}", builtin("abs", product))
        self.decls.append(decl)
        return ref


def _guarded(
    result: Expression, guards: list[Expression], terms: _Terms, result_type: Type
) -> WrapperBody:
    ok_decl, ok = _local("_ss_ok", logical_and(*guards))
    unsafe = logical_or(logical_not(ok), out_of_range(result))
    safe: Expression
    if isinstance(result_type, MatrixType):
        # Column by column: WGSL's select() takes vectors but no matrix.
        column = result_type.column_type
        safe = Construct(
            result_type,
            tuple(
                Ternary(column, ok, replace_zeros(index(result, i)), splat(column, FLOAT_DEFAULT))
                for i in range(result_type.columns)
            ),
        )
    else:
        safe = Ternary(result_type, ok, replace_zeros(result), splat(result_type, FLOAT_DEFAULT))
    return WrapperBody(result_type, unsafe, safe, result, (*terms.decls, ok_decl))


def _dot(p: Params) -> WrapperBody:
    a, b = p
    terms = _Terms()
    guards = _component_sum_guard(terms.abs_of(binary(BinaryOp.MUL, a, b)))
    plain = builtin("dot", a, b)
    return _guarded(plain, guards, terms, plain.type)


def _cross(p: Params) -> WrapperBody:
    a, b = p
    terms = _Terms()

    def swizzle(v: Expression, order: tuple[int, ...]) -> Expression:
        return Swizzle(v.type, v, order)

    first = terms.abs_of(binary(BinaryOp.MUL, swizzle(a, (1, 2, 0)), swizzle(b, (2, 0, 1))))
    second = terms.abs_of(binary(BinaryOp.MUL, swizzle(a, (2, 0, 1)), swizzle(b, (1, 2, 0))))
    guards = _vector_sum_guard([first, second])
    plain = builtin("cross", a, b)
    return _guarded(plain, guards, terms, plain.type)


def _single(x: Expression) -> Expression:
    """A half vector or matrix as its float32 twin (exact: binary16 widens exactly)."""
    type_ = x.type
    if isinstance(type_, MatrixType):
        return Construct(MatrixType(type_.columns, type_.rows), (x,))
    assert isinstance(type_, VectorType)
    return Construct(VectorType(ScalarKind.FLOAT, type_.size), (x,))


def _matrix_product(p: Params) -> WrapperBody:
    """A product of matrices and vectors at their width, its guard at theirs: products
    and partial sums below 2^24, in S, for float and double matrices (a dmat's products
    are exact anyway; the bound keeps the result in S); for half ones below 2048 in
    magnitude (S16), computed in float32 from the widened operands, since a product of two
    halves of S16 may overflow binary16; below that bound every order of the half sums,
    fused or not, is exact."""
    product = binary(BinaryOp.MUL, p[0], p[1])
    limit = exact_limit(product.type)
    a, b = (_single(p[0]), _single(p[1])) if limit != EXACT_LIMIT else (p[0], p[1])
    terms = _Terms()
    guards: list[Expression] = []
    if isinstance(a.type, MatrixType) and isinstance(b.type, VectorType):
        columns = [binary(BinaryOp.MUL, index(a, k), _component(b, k)) for k in range(b.type.size)]
        guards = _vector_sum_guard([terms.abs_of(c) for c in columns], limit)
    elif isinstance(a.type, VectorType) and isinstance(b.type, MatrixType):
        for j in range(b.type.columns):
            term = terms.abs_of(binary(BinaryOp.MUL, a, index(b, j)))
            guards += _component_sum_guard(term, limit)
    elif isinstance(a.type, MatrixType) and isinstance(b.type, MatrixType):
        for j in range(b.type.columns):
            column = index(b, j)
            parts = [
                binary(BinaryOp.MUL, index(a, k), _component(column, k))
                for k in range(a.type.columns)
            ]
            guards += _vector_sum_guard([terms.abs_of(c) for c in parts], limit)
    else:
        raise TypeError(f"not a linear-algebra product: {a.type} * {b.type}")
    return _guarded(product, guards, terms, product.type)


def _determinant(p: Params) -> WrapperBody:
    """determinant(m) when the absolute values of its n! terms sum to less than
    EXACT_LIMIT: no factor is below 1, so that bounds every product and sum of any formula
    a driver may use (cofactors, cross and dot, fused or not). Each term's product and
    each partial sum is taken only while the one before is below the limit (a ternary), so
    no operand outside S ever reaches arithmetic."""
    (m,) = p
    assert isinstance(m.type, MatrixType) and m.type.columns == m.type.rows
    n = m.type.rows
    limit = float_lit(EXACT_LIMIT)
    terms = _Terms()
    total: Expression | None = None
    for number, perm in enumerate(itertools.permutations(range(n))):
        factors = [builtin("abs", index(index(m, c), perm[c])) for c in range(n)]
        decl, term = _local(f"_ss_t{number}", binary(BinaryOp.MUL, factors[0], factors[1]))
        terms.decls.append(decl)
        for step, factor in enumerate(factors[2:]):
            grown = Ternary(
                FLOAT, compare(BinaryOp.LT, term, limit), binary(BinaryOp.MUL, term, factor), limit
            )
            decl, term = _local(f"_ss_t{number}_{step}", grown)
            terms.decls.append(decl)
        if total is None:
            total = term
            continue
        both_below = logical_and(
            compare(BinaryOp.LT, total, limit), compare(BinaryOp.LT, term, limit)
        )
        decl, total = _local(
            f"_ss_s{number}", Ternary(FLOAT, both_below, binary(BinaryOp.ADD, total, term), limit)
        )
        terms.decls.append(decl)
    assert total is not None
    plain = Call(FLOAT, "determinant", (m,), CallKind.BUILTIN)
    return _guarded(plain, [compare(BinaryOp.LT, total, limit)], terms, FLOAT)


def _int_like(type_: Type) -> Type:
    size = type_.size if isinstance(type_, VectorType) else 1
    return vector_or_scalar(ScalarKind.INT, size)


def _to_int(x: Expression) -> Expression:
    return Construct(_int_like(x.type), (x,))


def _divide_columns(a: Expression, b: Expression, result_type: Type) -> Expression:
    """float(int(a) / int(b)) for scalar or vector operands, zeros replaced."""
    quotient = binary(BinaryOp.DIV, _to_int(a), _to_int(b))
    return replace_zeros(Construct(result_type, (quotient,)))


def _division(p: Params) -> WrapperBody:
    a, b = p
    plain = binary(BinaryOp.DIV, a, b)
    result_type = plain.type
    if isinstance(result_type, MatrixType):

        def column(x: Expression, i: int) -> Expression:
            return index(x, i) if isinstance(x.type, MatrixType) else x

        columns = tuple(
            _divide_columns(column(a, i), column(b, i), result_type.column_type)
            for i in range(result_type.columns)
        )
        safe: Expression = Construct(result_type, columns)
    else:
        safe = _divide_columns(a, b, result_type)
    return WrapperBody(result_type, bool_lit(True), safe, plain)


def _to_uint(p: Params) -> WrapperBody:
    """uint(f) is undefined for a negative f; uint(int(f)) keeps the bit pattern."""
    (f,) = p
    size = f.type.size if isinstance(f.type, VectorType) else 1
    target = vector_or_scalar(ScalarKind.UINT, size)
    unsafe = any_of(compare(BinaryOp.LT, f, _bound(f, 0.0)))
    safe = Construct(target, (_to_int(f),))
    return WrapperBody(target, unsafe, safe, Construct(target, (f,)))


# |a * b| <= 2047 * 32 = 65504, binary16's largest finite value, when either factor of S16
# is at most 32 in magnitude; past that the half product may overflow, and an infinity is
# no value a shader may rely on (Vulkan lets an implementation assume results are finite
# unless SignedZeroInfNanPreserve; WGSL makes an overflow indeterminate).
HALF_SMALL_FACTOR = 32.0
# What a product or a converted value is clamped to before it becomes a half: binary16
# holds it, and it is 2048 or more, so MAKE_IN_RANGE at the half's width replaces it.
HALF_CLAMP = 4096.0


def _half_product(p: Params) -> WrapperBody:
    """`a * b` on halves without an overflow: computed as halves where a factor is at most
    32 in magnitude (every component), else in float32 (exact: below 2^22) and clamped to
    +-4096 before narrowing back; MAKE_IN_RANGE around it keeps the result in S16."""
    a, b = p
    plain = binary(BinaryOp.MUL, a, b)
    smaller = builtin("min", builtin("abs", a), builtin("abs", b))
    unsafe = any_of(compare(BinaryOp.GT, smaller, _bound(a, HALF_SMALL_FACTOR)))
    size = a.type.size if isinstance(a.type, VectorType) else 1
    single = vector_or_scalar(ScalarKind.FLOAT, size)
    wide = binary(BinaryOp.MUL, Construct(single, (a,)), Construct(single, (b,)))
    clamped = builtin("clamp", wide, splat(single, -HALF_CLAMP), splat(single, HALF_CLAMP))
    return WrapperBody(plain.type, unsafe, Construct(plain.type, (clamped,)), plain)


HALF_MUL = WrapperKind("HMUL", _half_product, lambda args: binary(BinaryOp.MUL, args[0], args[1]))


def _uint_conversion(args: tuple[Expression, ...]) -> Expression:
    arg = args[0]
    size = arg.type.size if isinstance(arg.type, VectorType) else 1
    return Construct(vector_or_scalar(ScalarKind.UINT, size), (arg,))


def _ldexp_call(x: Expression, exponent: Expression) -> Call:
    return Call(x.type, "ldexp", (x, exponent), CallKind.BUILTIN)


def _ldexp(p: Params) -> WrapperBody:
    """ldexp(x, e) (analysis/opt_in_builtins.py): unsafe when an exponent is negative (a
    fraction) or above LDEXP_MAX_EXPONENT, checked first so that ldexp never sees it, or
    when the exact result x * 2^e leaves S; then the exponent clamped into that range and
    the result brought into S as MAKE_IN_RANGE does a product's. No locals: a local would
    evaluate ldexp before the exponent is checked."""
    x, exponent = p
    bad_exponent = logical_or(
        any_of(compare(BinaryOp.LT, exponent, int_lit(0))),
        any_of(compare(BinaryOp.GT, exponent, int_lit(LDEXP_MAX_EXPONENT))),
    )
    plain = _ldexp_call(x, exponent)
    bounded = builtin("clamp", exponent, int_lit(0), int_lit(LDEXP_MAX_EXPONENT))
    clamped = _ldexp_call(x, bounded)
    # bring_in keeps a vector's components in S and replaces the others; a scalar's
    # bring_in is the default alone, so a scalar in S is kept by hand.
    safe = (
        bring_in(clamped)
        if isinstance(x.type, VectorType)
        else select(out_of_range(clamped), _bound(x, FLOAT_DEFAULT), clamped)
    )
    return WrapperBody(x.type, logical_or(bad_exponent, out_of_range(plain)), safe, plain)


def _half_pack_call(v: Expression) -> Call:
    return Call(UINT, "packHalf2x16", (v,), CallKind.BUILTIN)


def _half_pack(p: Params) -> WrapperBody:
    """packHalf2x16(v) (analysis/opt_in_builtins.py): unsafe when a component's magnitude
    is above HALF_EXACT_LIMIT (2048), where binary16 would round it (in a mode the implementation
    picks); then the argument clamped into [-HALF_EXACT_LIMIT, HALF_EXACT_LIMIT]. Every
    value of S within it is an integer binary16 holds exactly."""
    (v,) = p
    bound = float_lit(HALF_EXACT_LIMIT)
    unsafe = any_of(compare(BinaryOp.GT, builtin("abs", v), bound))
    clamped = builtin("clamp", v, float_lit(-HALF_EXACT_LIMIT), bound)
    return WrapperBody(UINT, unsafe, _half_pack_call(clamped), _half_pack_call(v))


def _half_unpack_call(u: Expression) -> Call:
    return Call(VectorType(ScalarKind.FLOAT, 2), "unpackHalf2x16", (u,), CallKind.BUILTIN)


def _uint(value: int) -> Expression:
    return literal(ScalarKind.UINT, value)


def _not_a_half_integer(half: Expression) -> Expression:
    """Whether the uint `half` (16 bits) is not a binary16 non-zero integer: its exponent
    field outside [15, 30], or a fraction bit below its binary point set
    (opt_in_builtins.half_is_integer). Integer operations alone: no float is made from the
    bits before they are known to be one of S."""
    exponent = binary(BinaryOp.BIT_AND, binary(BinaryOp.SHR, half, _uint(10)), _uint(31))
    fraction = binary(BinaryOp.BIT_AND, half, _uint(1023))
    below_point = binary(BinaryOp.SUB, _uint(25), builtin("min", exponent, _uint(25)))
    mask = binary(BinaryOp.SUB, binary(BinaryOp.SHL, _uint(1), below_point), _uint(1))
    return logical_or(
        compare(BinaryOp.LT, exponent, _uint(15)),
        compare(BinaryOp.GT, exponent, _uint(30)),
        compare(BinaryOp.NE, binary(BinaryOp.BIT_AND, fraction, mask), _uint(0)),
    )


def _half_unpack(p: Params) -> WrapperBody:
    """unpackHalf2x16(u) (analysis/opt_in_builtins.py): unsafe when either half is not a
    non-zero integer; then each half's exponent field set to 25, so +-(1024 + fraction)."""
    (u,) = p
    low = binary(BinaryOp.BIT_AND, u, _uint(0xFFFF))
    high = binary(BinaryOp.SHR, u, _uint(16))
    unsafe = logical_or(_not_a_half_integer(low), _not_a_half_integer(high))
    integers = binary(
        BinaryOp.BIT_OR,
        binary(BinaryOp.BIT_AND, u, _uint(HALF_INTEGER_KEEP)),
        _uint(HALF_INTEGER_EXPONENT),
    )
    return WrapperBody(
        VectorType(ScalarKind.FLOAT, 2), unsafe, _half_unpack_call(integers), _half_unpack_call(u)
    )


MAKE_IN_RANGE = WrapperKind("MAKE_IN_RANGE", _make_in_range, lambda args: args[0])
HALF_PACK = WrapperKind("HALF_PACK", _half_pack, lambda args: _half_pack_call(args[0]))
HALF_UNPACK = WrapperKind("HALF_UNPACK", _half_unpack, lambda args: _half_unpack_call(args[0]))
LDEXP = WrapperKind("LDEXP", _ldexp, lambda args: _ldexp_call(args[0], args[1]))
DOT = WrapperKind("DOT", _dot, lambda args: builtin("dot", *args))
CROSS = WrapperKind("CROSS", _cross, lambda args: builtin("cross", *args))
MATRIX_PRODUCT = WrapperKind(
    "MATRIX_PRODUCT", _matrix_product, lambda args: binary(BinaryOp.MUL, args[0], args[1])
)
DETERMINANT = WrapperKind(
    "DETERMINANT",
    _determinant,
    lambda args: Call(FLOAT, "determinant", (args[0],), CallKind.BUILTIN),
)
FLOAT_DIV = WrapperKind("FDIV", _division, lambda args: binary(BinaryOp.DIV, args[0], args[1]))
TO_UINT = WrapperKind("TO_UINT", _to_uint, _uint_conversion)

FLOAT_ASSIGN_KINDS: dict[AssignOp, WrapperKind] = {
    AssignOp.ADD: assigning(_arithmetic(BinaryOp.ADD), AssignOp.ADD),
    AssignOp.SUB: assigning(_arithmetic(BinaryOp.SUB), AssignOp.SUB),
    AssignOp.MUL: assigning(_arithmetic(BinaryOp.MUL), AssignOp.MUL),
    AssignOp.DIV: assigning(FLOAT_DIV, AssignOp.DIV),
}
MATRIX_PRODUCT_ASSIGN = assigning(MATRIX_PRODUCT, AssignOp.MUL)
STEP_KINDS: dict[IncDecOp, WrapperKind] = {op: _step(op) for op in IncDecOp}

FLOAT_KINDS: tuple[WrapperKind, ...] = (
    MAKE_IN_RANGE,
    HALF_MUL,
    LDEXP,
    HALF_PACK,
    HALF_UNPACK,
    DOT,
    CROSS,
    MATRIX_PRODUCT,
    DETERMINANT,
    FLOAT_DIV,
    TO_UINT,
    MATRIX_PRODUCT_ASSIGN,
    *FLOAT_ASSIGN_KINDS.values(),
    *STEP_KINDS.values(),
)
