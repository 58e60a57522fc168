"""WGSL's shader-creation errors on const-expressions (issue 22).

WGSL evaluates a const-expression when the shader module is created, and makes some of
its results errors of the whole module, whether or not the code ever runs (WGSL spec,
"Arithmetic Expressions", "Bit Expressions", "Indexing Expressions", "Floating Point
Conversion"). A program with one is not valid WGSL: a compiler that accepts it is not
computing a wrong value, and a test of it is a false alarm. The rules checked here, for
concrete i32 / u32 (our programs have no abstract values: every literal carries its type):

- `e1 / e2`, `e1 % e2` with e2 a const-expression that is zero (any component): an error
  even when e1 is a run-time value ("If e2 is zero: it is a shader-creation error if e2 is
  a const-expression");
- `e1 / e2`, `e1 % e2` of i32 with e1 the most negative value and e2 -1, both const;
- `e1 + e2`, `e1 - e2`, `e1 * e2` and unary `-e` whose const result overflows the type
  (the emitter spells u32's `-e` as `0u - e`, so that overflows for every e != 0);
- `e1 << e2`, `e1 >> e2` with e2 a const-expression >= 32 (after the emitter's u32()
  conversion of an i32 amount, so a negative const amount counts as huge);
- `e1 << e2` with both const, when a bit shifted out (or, for i32, into the sign) differs
  from the result's sign (u32: any 1 shifted out);
- `a[i]` with i a const-expression out of range for a vector, matrix or fixed-size array;
- a const float converted to i32 / u32 outside the type's range (the conversion saturates
  at run time, and is an error at creation).

In our IR an expression is a const-expression when the WGSL emitter spells it as one
(emit/wgsl.py `is_const`): literals, names declared `const` with a const initialiser, and
operators, constructors, `select`, struct members and built-ins over those. Float
arithmetic is not evaluated here (the reconditioner keeps floats exact and small, so it
cannot overflow).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from shadersmith.ir.expressions import (
    ArrayLength,
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
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.program import Program
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import (
    ScalarKind,
    ScalarType,
    StructType,
    VectorType,
    index_bound,
    kind_of,
)
from shadersmith.ir.walk import iter_nodes

Value = tuple[int | float | bool, ...]

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
UINT_MAX = 2**32 - 1


@dataclass(frozen=True)
class CreationError:
    rule: str  # e.g. "divide-by-zero"
    text: str  # what it is, for people


def is_const_expression(expr: Expression, const_names: Collection[str]) -> bool:
    """Whether `expr` is a WGSL const-expression: literals, names declared `const`
    (`const_names`), operators and built-ins over them. The emitter keeps an initialiser
    `const` by this rule, and the creation errors it can raise follow from it."""
    for node in iter_nodes(expr):
        if isinstance(node, VariableRef) and node.name not in const_names:
            return False
        # A member of a const struct is const (`c.f_0`); a buffer member is not, as its
        # block's variable is no const name.
        if isinstance(node, Assign | IncDec | Sequence | ArrayLength):
            return False
        if isinstance(node, Call) and node.kind is not CallKind.BUILTIN:
            return False
    return True


class ConstEnvironment:
    """The names a program declares `const` with a const initialiser, and their values.
    Shadowing is ignored: a name counts as const when any declaration of it is (a
    reconditioned program's names are unique enough for that to be exact)."""

    def __init__(self, program: Program) -> None:
        self.inits: dict[str, Expression] = {}
        declared: list[VarDecl] = list(program.globals)
        for function in program.functions:
            declared += [n for n in iter_nodes(function.body) if isinstance(n, VarDecl)]
        self.names: set[str] = set()
        for decl in declared:
            if decl.const and decl.init is not None and self.is_const(decl.init):
                self.names.add(decl.name)
                self.inits[decl.name] = decl.init
        self._values: dict[str, Value | None] = {}

    def is_const(self, expr: Expression) -> bool:
        return is_const_expression(expr, self.names)

    def value_of(self, name: str) -> Value | None:
        if name not in self._values:
            self._values[name] = None  # a cycle is unknown
            self._values[name] = const_value(self.inits[name], self)
        return self._values[name]


def _wrap(value: int, kind: ScalarKind) -> int:
    value &= UINT_MAX
    if kind is ScalarKind.INT and value > INT_MAX:
        value -= 2**32
    return value


def _in_range(value: int, kind: ScalarKind) -> bool:
    if kind is ScalarKind.INT:
        return INT_MIN <= value <= INT_MAX
    return 0 <= value <= UINT_MAX


def _broadcast(a: Value, b: Value) -> tuple[Value, Value]:
    if len(a) == 1 and len(b) > 1:
        a = a * len(b)
    if len(b) == 1 and len(a) > 1:
        b = b * len(a)
    return a, b


def _integer_kind(expr: Expression) -> ScalarKind | None:
    kind = kind_of(expr.type)
    return kind if kind in (ScalarKind.INT, ScalarKind.UINT) else None


def _trunc_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a < 0) == (b < 0) else -quotient


def _binary_exact(op: BinaryOp, a: int, b: int) -> int | None:
    """The mathematical result of an integer operator (before wrapping); None where WGSL's
    run-time answer is not arithmetic (division by zero)."""
    if op is BinaryOp.ADD:
        return a + b
    if op is BinaryOp.SUB:
        return a - b
    if op is BinaryOp.MUL:
        return a * b
    if op in (BinaryOp.DIV, BinaryOp.MOD):
        if b == 0:
            return a if op is BinaryOp.DIV else 0
        quotient = _trunc_div(a, b)
        return quotient if op is BinaryOp.DIV else a - b * quotient
    if op is BinaryOp.SHL:
        return a << (b & 31)
    if op is BinaryOp.SHR:
        return a >> (b & 31)
    if op is BinaryOp.BIT_AND:
        return a & b
    if op is BinaryOp.BIT_OR:
        return a | b
    if op is BinaryOp.BIT_XOR:
        return a ^ b
    return None


def const_value(expr: Expression, env: ConstEnvironment) -> Value | None:
    """The components of a const-expression, with WGSL's run-time (wrapping) values; None
    for what this does not evaluate (float arithmetic, most built-ins, arrays)."""
    if isinstance(expr, Literal):
        return (expr.value,)
    if isinstance(expr, VariableRef):
        return env.value_of(expr.name) if expr.name in env.names else None
    kind = kind_of(expr.type)
    if isinstance(expr, Unary):
        operand = const_value(expr.operand, env)
        if operand is None:
            return None
        if expr.op is UnaryOp.PLUS:
            return operand
        if expr.op is UnaryOp.NOT:
            return tuple(not v for v in operand)
        if kind in (ScalarKind.INT, ScalarKind.UINT):
            assert kind is not None
            if expr.op is UnaryOp.NEG:
                return tuple(_wrap(-int(v), kind) for v in operand)
            return tuple(_wrap(~int(v), kind) for v in operand)
        if kind is ScalarKind.FLOAT and expr.op is UnaryOp.NEG:
            return tuple(-float(v) for v in operand)
        return None
    if isinstance(expr, Binary):
        integer = _integer_kind(expr.left)
        if integer is None or _integer_kind(expr.right) is None:
            return None
        left, right = const_value(expr.left, env), const_value(expr.right, env)
        if left is None or right is None:
            return None
        left, right = _broadcast(left, right)
        results: list[int | float | bool] = []
        for a, b in zip(left, right, strict=True):
            exact = _binary_exact(expr.op, int(a), int(b))
            if exact is None:
                return None
            results.append(_wrap(exact, integer))
        return tuple(results)
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType | VectorType):
        parts: list[int | float | bool] = []
        for arg in expr.args:
            inner = const_value(arg, env)
            if inner is None:
                return None
            parts += [convert(v, kind) for v in inner]
        size = expr.type.size if isinstance(expr.type, VectorType) else 1
        if len(parts) == 1:
            parts = parts * size
        return tuple(parts) if len(parts) == size else None
    if isinstance(expr, Swizzle):
        base = const_value(expr.base, env)
        if base is None:
            return None
        return tuple(base[c] for c in expr.components)
    if isinstance(expr, Index) and isinstance(expr.base.type, VectorType):
        base, index = const_value(expr.base, env), const_value(expr.index, env)
        if base is None or index is None or not 0 <= int(index[0]) < len(base):
            return None
        return (base[int(index[0])],)
    if isinstance(expr, Ternary):
        condition = const_value(expr.condition, env)
        chosen = expr.if_true if condition is not None and condition[0] else expr.if_false
        return None if condition is None else const_value(chosen, env)
    if isinstance(expr, Member):
        field = _member_expression(expr, env)
        return None if field is None else const_value(field, env)
    return None


def _member_expression(expr: Member, env: ConstEnvironment) -> Expression | None:
    """The constructor argument a const `s.f` reads (`S(1i, 2i).f_1` reads `2i`), through
    const names and members of members; None where the struct is not a constructor."""
    base: Expression | None = expr.base
    if isinstance(base, Member):
        base = _member_expression(base, env)
    while isinstance(base, VariableRef) and base.name in env.inits:
        base = env.inits[base.name]
    if not isinstance(base, Construct) or not isinstance(base.type, StructType):
        return None
    names = [f.name for f in base.type.fields]
    if expr.field not in names or len(base.args) != len(names):
        return None
    return base.args[names.index(expr.field)]


def convert(value: int | float | bool, kind: ScalarKind | None) -> int | float | bool:
    """WGSL's run-time conversion (a float saturates to the integer type)."""
    if kind is ScalarKind.BOOL:
        return bool(value)
    if kind is ScalarKind.FLOAT:
        return float(value)
    assert kind in (ScalarKind.INT, ScalarKind.UINT)
    if isinstance(value, float):
        if math.isnan(value):
            return 0
        low, high = (INT_MIN, INT_MAX) if kind is ScalarKind.INT else (0, UINT_MAX)
        return int(min(max(math.trunc(value) if math.isfinite(value) else value, low), high))
    return _wrap(int(value), kind)


def node_creation_error(expr: Expression, env: ConstEnvironment) -> CreationError | None:
    """The creation error of `expr` itself (not of its operands), if it has one."""
    if isinstance(expr, Binary):
        return _binary_error(expr, env)
    if isinstance(expr, Assign):
        # `x /= e` is `x = x / e` (WGSL "Compound Assignment"): e alone can be in error.
        op = expr.op.binary
        if op in (BinaryOp.DIV, BinaryOp.MOD, BinaryOp.SHL, BinaryOp.SHR):
            assert op is not None
            return _binary_error(Binary(expr.type, op, expr.target, expr.value), env)
        return None
    if isinstance(expr, Unary) and expr.op is UnaryOp.NEG:
        kind = _integer_kind(expr)
        if kind is None or not env.is_const(expr.operand):
            return None
        operand = const_value(expr.operand, env)
        if operand is not None and any(not _in_range(-int(v), kind) for v in operand):
            return CreationError("overflow", f"const -({operand}) overflows {expr.type}")
        return None
    if isinstance(expr, Index):
        count = index_bound(expr.base.type)
        if count is None or not env.is_const(expr.index):
            return None
        index = const_value(expr.index, env)
        if index is not None and not 0 <= int(index[0]) < count:
            return CreationError("index", f"const index {index[0]} out of [0, {count})")
        return None
    if isinstance(expr, Construct) and isinstance(expr.type, ScalarType | VectorType):
        kind = kind_of(expr.type)
        if kind not in (ScalarKind.INT, ScalarKind.UINT):
            return None
        assert kind is not None
        for arg in expr.args:
            if kind_of(arg.type) is not ScalarKind.FLOAT or not env.is_const(arg):
                continue
            values = const_value(arg, env)
            for v in values or ():
                if not math.isfinite(float(v)) or not _in_range(math.trunc(float(v)), kind):
                    return CreationError("conversion", f"const {v} out of range of {kind}")
    return None


def _binary_error(expr: Binary, env: ConstEnvironment) -> CreationError | None:
    kind = _integer_kind(expr.left)
    if kind is None or _integer_kind(expr.right) is None:
        return None
    op = expr.op
    right_const = env.is_const(expr.right)
    right = const_value(expr.right, env) if right_const else None
    if op in (BinaryOp.DIV, BinaryOp.MOD) and right is not None and 0 in right:
        return CreationError("divide-by-zero", f"{op.value} by a const-expression zero")
    shift = op in (BinaryOp.SHL, BinaryOp.SHR)
    if shift and right is not None and any(int(v) & UINT_MAX >= 32 for v in right):
        return CreationError("shift-amount", f"{op.value} by const {right} >= 32")
    arithmetic = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.DIV, BinaryOp.MOD)
    if op not in arithmetic and op is not BinaryOp.SHL:
        return None
    if not right_const or not env.is_const(expr.left):
        return None
    left = const_value(expr.left, env)
    if left is None or right is None:
        return None
    left, right = _broadcast(left, right)
    for a, b in zip(left, right, strict=True):
        a, b = int(a), int(b)
        if op is BinaryOp.SHL:
            if _shl_overflows(a, b & 31, kind):
                return CreationError("overflow", f"const {a} << {b} overflows {kind.value}")
            continue
        exact = _binary_exact(op, a, b)
        if exact is not None and not _in_range(exact, kind):
            return CreationError("overflow", f"const {a} {op.value} {b} overflows {kind.value}")
    return None


def _shl_overflows(a: int, shift: int, kind: ScalarKind) -> bool:
    """WGSL: for u32, any of the `shift` most significant bits of e1 is 1; for i32, the
    `shift + 1` most significant bits are not all equal."""
    bits = a & UINT_MAX
    if kind is ScalarKind.UINT:
        return shift > 0 and bits >> (32 - shift) != 0
    top = bits >> (31 - shift)
    return top not in (0, (1 << (shift + 1)) - 1)


def creation_errors(program: Program) -> list[CreationError]:
    """Every shader-creation error of `program` spelled as WGSL (see the module's rules)."""
    env = ConstEnvironment(program)
    found: list[CreationError] = []
    roots: list[object] = [*program.globals, *program.functions]
    for root in roots:
        for node in iter_nodes(root):
            if isinstance(node, Expression):
                error = node_creation_error(node, env)
                if error is not None:
                    found.append(error)
    return found
