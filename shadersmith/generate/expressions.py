"""Random typed expressions, generated top-down from the type they must have.

Every node is built with its exact type and only with operand types GLSL accepts
without implicit conversion (the typing table, analysis/typing.py, via operator_rules.py).
Where a front-end checks a value at compile time (index, divisor, shift amount, bit
offset), a foldable operand is replaced by an in-range literal (see constness.py);
everything else may hold undefined behaviour at run time, which the reconditioner
removes later.
"""

from __future__ import annotations

import random

from shadersmith.analysis.aliasing import overlaps_any
from shadersmith.analysis.typing import inc_dec_ok, unary_ops_giving
from shadersmith.generate.builtin_rules import BIT_RANGE_PARAMS, builtins_returning, draw_name
from shadersmith.generate.constness import is_foldable
from shadersmith.generate.context import GenerationContext, Signature
from shadersmith.generate.doubles import double_expressions
from shadersmith.generate.float_widths import OtherWidthExpressions
from shadersmith.generate.halves import half_expressions
from shadersmith.generate.inexact import BIT_READERS, InexactExpressions
from shadersmith.generate.matrices import MatrixExpressions
from shadersmith.generate.narrow_storage import is_narrow, widened
from shadersmith.generate.operator_rules import (
    NONZERO_RIGHT,
    SHIFT_RIGHT,
    assign_rules,
    binary_rules,
    value_kinds,
)
from shadersmith.generate.scope import Access, Variable, read_provides, write_provides
from shadersmith.generate.small_integers import SmallIntegerExpressions
from shadersmith.generate.structs import StructExpressions
from shadersmith.generate.textures import TextureExpressions
from shadersmith.generate.wide_integers import WideIntegerExpressions
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
    SwizzleSet,
    Ternary,
    Unary,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
    kind_of,
)

_SWIZZLE_SETS = tuple(SwizzleSet)
_MATRIX_ASSIGN_OPS = {
    "=": AssignOp.ASSIGN,
    "+=": AssignOp.ADD,
    "-=": AssignOp.SUB,
    "*=": AssignOp.MUL,
}
_INC_DEC_OPS = tuple(IncDecOp)

# Forms an expression of a scalar or vector type can take, with their weights.
# A form that is impossible where it is drawn (no variable of the type, no function
# returning it...) falls back to a leaf.
_BINARY, _UNARY, _TERNARY, _CONSTRUCT, _SWIZZLE, _ACCESS = range(6)
_BUILTIN, _USER_CALL, _ASSIGN, _INC_DEC, _SEQUENCE = range(6, 11)
_FORM_WEIGHTS: dict[int, float] = {
    _BINARY: 30,
    _UNARY: 5,
    _TERNARY: 4,
    _CONSTRUCT: 6,
    _SWIZZLE: 3,
    _ACCESS: 10,
    _BUILTIN: 9,
    _USER_CALL: 5,
    _ASSIGN: 4,
    _INC_DEC: 3,
    _SEQUENCE: 0.5,
}
# Each form's name in options.CONSTRUCTS (binary operators are never left out).
_FORM_NAMES: dict[int, str] = {
    _UNARY: "unary",
    _TERNARY: "ternary",
    _CONSTRUCT: "constructor",
    _SWIZZLE: "swizzle",
    _ACCESS: "access",
    _BUILTIN: "builtin-call",
    _USER_CALL: "user-call",
    _ASSIGN: "assignment-expression",
    _INC_DEC: "increment-expression",
    _SEQUENCE: "comma",
}
# Forms a `const` initialiser may use: only what every front-end folds.
_CONSTANT_FORMS = frozenset({_BINARY, _UNARY, _TERNARY, _CONSTRUCT, _SWIZZLE, _ACCESS})
_SIDE_EFFECT_FORMS = frozenset({_ASSIGN, _INC_DEC, _SEQUENCE})
# Draws of an out argument's l-value, each overlapping an earlier out argument of the
# call, before the call is given up (see `out_argument`).
_OUT_ARGUMENT_DRAWS = 4


def _cumulative(forms: dict[int, float]) -> tuple[tuple[float, int], ...]:
    total = 0.0
    table = []
    for form, weight in forms.items():
        total += weight
        table.append((total, form))
    return tuple((bound / total, form) for bound, form in table)


class ExpressionGenerator:
    def __init__(self, context: GenerationContext) -> None:
        self.ctx = context
        self.rng = context.rng
        self.values = context.values
        self.scope = context.scope
        self.max_depth = context.options.max_expression_depth
        self.floats = context.options.floats
        self.kinds = value_kinds(self.floats)
        profile = context.profile
        self._constant_mode = False
        omitted = context.options.omitted_constructs
        forms = {f: w for f, w in _FORM_WEIGHTS.items() if _FORM_NAMES.get(f) not in omitted}
        if not profile.ternary and _TERNARY in forms:
            del forms[_TERNARY]
        if not profile.side_effects_in_expressions:
            for form in _SIDE_EFFECT_FORMS:
                forms.pop(form, None)
        self._side_effects = profile.side_effects_in_expressions
        self._swizzle_writes = profile.swizzle_assignment
        self._strict_constants = profile.strict_constant_evaluation
        self._forms = _cumulative(forms)
        # The opt-in exact built-ins (analysis/opt_in_builtins.py) join the rules of a
        # program at extra_builtin_probability, drawn from a stream of the seed's own:
        # at 0 nothing is drawn and every program is the one of before.
        extra = context.options.extra_builtin_probability
        stream = random.Random(f"shadersmith-extra-builtins-{context.seed}")
        self._opt_in_builtins = extra > 0 and stream.random() < extra
        if self._opt_in_builtins:
            context.choices["builtins:opt_in"] += 1
        self._constant_forms = _cumulative({f: w for f, w in forms.items() if f in _CONSTANT_FORMS})
        # Float matrices (generate/matrices.py), None when off: then no draw is made for
        # them and a seed gives the program it gave before they existed.
        self.matrices: MatrixExpressions | None = None
        if self.floats and context.options.matrix_probability > 0:
            self.matrices = MatrixExpressions(self)
        # User structs (generate/structs.py), None when off, as matrices are.
        self.structs: StructExpressions | None = None
        if context.options.struct_probability > 0:
            self.structs = StructExpressions(self)
        # 64-bit integer computations (generate/wide_integers.py), None when off or where
        # the language has none: then no draw is made.
        self.wide: WideIntegerExpressions | None = None
        if context.options.int64_probability > 0 and profile.int64:
            self.wide = WideIntegerExpressions(self)
        # 8- and 16-bit integer computations (generate/small_integers.py), likewise.
        self.small: SmallIntegerExpressions | None = None
        if context.options.small_int_probability > 0 and profile.small_ints:
            self.small = SmallIntegerExpressions(self)
        # Double and half computations (generate/doubles.py, halves.py), likewise; in
        # the exact float mode only: they narrow exact values back to float, and the
        # interval mode's reconditioner and interpreter model float32 alone (with them,
        # every interval-mode program failed its reconditioning: clamp(double, float,
        # float)).
        exact_floats = not context.interval_floats
        self.doubles: OtherWidthExpressions | None = None
        if context.options.double_probability > 0 and profile.doubles and exact_floats:
            self.doubles = double_expressions(self)
        self.halves: OtherWidthExpressions | None = None
        if context.options.half_probability > 0 and profile.halves and exact_floats:
            self.halves = half_expressions(self)
        # Texture reads and image stores (generate/textures.py), set by the generator for
        # a program that draws textures; None otherwise, and then no draw is made.
        self.textures: TextureExpressions | None = None
        # Interval mode's inexact float forms (generate/inexact.py); None in exact mode,
        # and then no draw is made for them.
        self.inexact: InexactExpressions | None = None
        if self.floats and context.interval_floats:
            self.inexact = InexactExpressions(self)

    @property
    def opt_in_builtins(self) -> bool:
        """Whether this program's built-in calls may be the opt-in ones
        (analysis/opt_in_builtins.py)."""
        return self._opt_in_builtins

    # ----------------------------------------------------------------- entry points

    def expression(self, type_: Type, depth: int = 0) -> Expression:
        """A random expression of exactly `type_` (scalar, vector or array)."""
        if isinstance(type_, ArrayType):
            return self.array_value(type_, depth)
        if isinstance(type_, MatrixType):
            assert self.matrices is not None
            return self.matrices.matrix(type_, depth)
        if isinstance(type_, StructType):
            assert self.structs is not None
            return self.structs.value(type_, depth)
        assert isinstance(type_, ScalarType | VectorType)
        if is_narrow(type_):
            # A narrow buffer field's value (or a struct member's): a 32-bit expression
            # narrowed (generate/narrow_storage.py); no draw is made for 32-bit types.
            return Construct(type_, (self.expression(widened(type_), depth + 1),))
        if depth >= self.max_depth or self.rng.random() < 0.12 + 0.12 * depth:
            return self.leaf(type_, depth)
        if (
            self.matrices is not None
            and type_.kind is ScalarKind.FLOAT
            and not self._constant_mode
            and self.matrices.chance()
        ):
            return self.matrices.float_value(type_, depth + 1) or self.leaf(type_, depth)
        if self.wide is not None and not self._constant_mode and self.wide.chance(type_):
            return self.wide.narrowed(type_, depth + 1)
        if self.small is not None and not self._constant_mode and self.small.chance(type_):
            return self.small.narrowed(type_, depth + 1)
        if self.doubles is not None and not self._constant_mode and self.doubles.chance(type_):
            return self.doubles.computed(type_, depth + 1)
        if self.halves is not None and not self._constant_mode and self.halves.chance(type_):
            return self.halves.computed(type_, depth + 1)
        if self.structs is not None and not self._constant_mode and self.structs.chance():
            return self.structs.from_struct(type_, depth + 1) or self.leaf(type_, depth)
        if (
            self.textures is not None
            and type_.kind is not ScalarKind.BOOL
            and not self._constant_mode
            and self.textures.chance()
        ):
            read = self.textures.read(type_, depth + 1)
            if read is not None:
                return read
        if (
            self.inexact is not None
            and type_.kind is ScalarKind.FLOAT
            and not self._constant_mode
            and self.inexact.chance()
        ):
            inexact = self.inexact.value(type_, depth + 1)
            if inexact is not None:
                return inexact
        table = self._constant_forms if self._constant_mode else self._forms
        draw = self.rng.random()
        form = table[-1][1]
        for bound, candidate in table:
            if draw < bound:
                form = candidate
                break
        result = self._form(form, type_, depth + 1)
        return result if result is not None else self.leaf(type_, depth)

    def constant_expression(self, type_: Type) -> Expression:
        """An expression every front-end folds: for `const` and global initialisers."""
        self._constant_mode = True
        try:
            return self.expression(type_, 1)
        finally:
            self._constant_mode = False

    @property
    def constant_mode(self) -> bool:
        """Whether a `const` initialiser is being generated."""
        return self._constant_mode

    def read_access(self) -> Access:
        return Access.CONSTANT if self._constant_mode else Access.READ

    def condition(self, depth: int = 0) -> Expression:
        if self.ctx.divergence is not None:  # invocation-dependent at times (divergence.py)
            return self.ctx.divergence.condition(self, depth)
        return self.expression(BOOL, depth)

    def leaf(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A variable access (indices kept simple) or a literal."""
        if self.rng.random() < 0.65:
            access = Access.CONSTANT if self._constant_mode else Access.READ
            providers = self.scope.providers(access, type_)
            if providers:
                variable = self.rng.choice(providers)
                return self.read_path(variable.access, variable.type, type_, depth + 1)
        return self.literal_value(type_)

    # ----------------------------------------------------------------- literals

    def literal(self, type_: ScalarType) -> Literal:
        return Literal(type_, self.values.scalar(type_.kind))

    def literal_value(self, type_: ScalarType | VectorType) -> Expression:
        if isinstance(type_, ScalarType):
            return self.literal(type_)
        component = type_.component
        if self.rng.random() < 0.3:
            return Construct(type_, (self.literal(component),))
        return Construct(type_, tuple(self.literal(component) for _ in range(type_.size)))

    def _bounded(self, type_: Type, low: int, high: int) -> Expression:
        """A literal (splatted for a vector) in [low, high] of an integer type."""
        if isinstance(type_, VectorType):
            component = type_.component
            return Construct(type_, (self._bounded(component, low, high),))
        assert isinstance(type_, ScalarType)
        return Literal(type_, self.values.in_range(type_.kind, low, high))

    def _safe_operand(self, expr: Expression, low: int, high: int) -> Expression:
        """`expr`, unless a front-end could fold it: then a literal in [low, high]."""
        if is_foldable(expr, self.ctx.constant_names):
            return self._bounded(expr.type, low, high)
        return expr

    def checked_right_operand(self, op: BinaryOp | AssignOp, right: Expression) -> Expression:
        if op in NONZERO_RIGHT:
            return self._safe_operand(right, 1, 16)
        if op in SHIFT_RIGHT:
            if self._strict_constants and isinstance(right, Construct):
                # naga checks each constant component of a shift amount against the
                # width, even when the vector as a whole is not constant.
                right = Construct(
                    right.type, tuple(self._safe_operand(a, 0, 31) for a in right.args)
                )
            return self._safe_operand(right, 0, 31)
        return right

    # ----------------------------------------------------------------- access paths

    def index(self, bound: int, depth: int) -> Expression:
        """An index for `bound` elements: an in-range literal, or an arbitrary integer
        expression (possibly out of bounds at run time) that no front-end can fold."""
        type_ = INT if self.rng.random() < 0.8 else UINT
        if self._constant_mode or depth >= self.max_depth or self.rng.random() < 0.4:
            return Literal(type_, self.values.in_range(type_.kind, 0, bound - 1))
        return self._safe_operand(self.expression(type_, depth), 0, bound - 1)

    def _swizzle_set(self) -> SwizzleSet:
        return self.rng.choice(_SWIZZLE_SETS)

    def read_swizzle(self, base: Expression, size: int, target: Type) -> Swizzle:
        """A read swizzle of a `size`-component base: components may repeat and widen."""
        count = target.size if isinstance(target, VectorType) else 1
        components = tuple(self.rng.randrange(size) for _ in range(count))
        return Swizzle(target, base, components, self._swizzle_set())

    def read_path(self, base: Expression, base_type: Type, target: Type, depth: int) -> Expression:
        """An expression reading `target` out of `base` (indices, swizzles, chains)."""
        rng = self.rng
        while True:
            if base_type == target:
                if isinstance(target, VectorType) and rng.random() < 0.15:
                    return self.read_swizzle(base, target.size, target)
                return base
            if isinstance(base_type, ArrayType):
                assert base_type.length is not None
                element = base_type.element
                base = Index(element, base, self.index(base_type.length, depth))
                base_type = element
                continue
            if isinstance(base_type, MatrixType):
                column = base_type.column_type
                base = Index(column, base, self.index(base_type.columns, depth))
                base_type = column
                continue
            if isinstance(base_type, StructType):
                fields = [f for f in base_type.fields if target in read_provides(f.type)]
                base, base_type = self._member(base, rng.choice(fields))
                continue
            assert isinstance(base_type, VectorType)
            if rng.random() < 0.15:
                # A chain `v.xxyz.w`: widen or narrow first, then select.
                middle = VectorType(base_type.kind, rng.randint(2, 4))
                base = self.read_swizzle(base, base_type.size, middle)
                base_type = middle
                if base_type == target:
                    return base
            if isinstance(target, ScalarType) and rng.random() < 0.4:
                return Index(target, base, self.index(base_type.size, depth))
            return self.read_swizzle(base, base_type.size, target)

    def write_path(self, base: Expression, base_type: Type, target: Type, depth: int) -> Expression:
        """A writable l-value for `target` inside `base`: swizzles never repeat."""
        rng = self.rng
        while True:
            if base_type == target and (
                not isinstance(target, VectorType) or not self._swizzle_writes or rng.random() < 0.7
            ):
                return base
            if isinstance(base_type, ArrayType):
                assert base_type.length is not None
                element = base_type.element
                base = Index(element, base, self.index(base_type.length, depth))
                base_type = element
                continue
            if isinstance(base_type, MatrixType):
                column = base_type.column_type
                base = Index(column, base, self.index(base_type.columns, depth))
                base_type = column
                continue
            if isinstance(base_type, StructType):
                base, base_type = self._member(
                    base, rng.choice(self._writable_fields(base_type, target))
                )
                continue
            assert isinstance(base_type, VectorType)
            if isinstance(target, ScalarType) and rng.random() < 0.4:
                return Index(target, base, self.index(base_type.size, depth))
            count = target.size if isinstance(target, VectorType) else 1
            components = tuple(rng.sample(range(base_type.size), count))
            return Swizzle(target, base, components, self._swizzle_set())

    @staticmethod
    def _member(base: Expression, field: StructField) -> tuple[Expression, Type]:
        return Member(field.type, base, field.name), field.type

    def _writable_fields(self, struct: StructType, target: Type) -> list[StructField]:
        """The fields of `struct` with a writable path to `target` (without a
        multi-component swizzle where the language has none)."""
        return [
            f
            for f in struct.fields
            if target in write_provides(f.type)
            and (self._swizzle_writes or _written_without_swizzle(f.type, target))
        ]

    def lvalue(self, type_: Type, depth: int) -> Expression | None:
        """A writable l-value of `type_`, or None when no variable provides one."""
        providers = self.scope.providers(Access.WRITE, type_)
        if not self._swizzle_writes:
            providers = [v for v in providers if _written_without_swizzle(v.type, type_)]
        if not providers:
            return None
        variable: Variable = self.rng.choice(providers)
        return self.write_path(variable.access, variable.type, type_, depth)

    def out_argument(self, type_: Type, depth: int, chosen: list[Expression]) -> Expression | None:
        """An l-value for an out/inout argument that overlaps none of the call's `chosen`
        ones, or None. GLSL leaves the order of copy-backs undefined, so `f(x, x)` or
        `umulExtended(a, b, v.x, v.x)` has no single right result (analysis/aliasing.py).
        Redrawing rather than excluding variables keeps disjoint parts of one variable
        (`v.x, v.y`) in play; the first draw is as before, so programs without a clash
        are unchanged."""
        for _ in range(_OUT_ARGUMENT_DRAWS):
            target = self.lvalue(type_, depth)
            if target is None or not overlaps_any(target, chosen):
                return target
        return None

    # ----------------------------------------------------------------- forms

    def _form(self, form: int, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        if form == _BINARY:
            return self.binary(type_, depth)
        if form == _UNARY:
            return self.unary(type_, depth)
        if form == _TERNARY:
            return Ternary(
                type_,
                self.expression(BOOL, depth),
                self.expression(type_, depth),
                self.expression(type_, depth),
            )
        if form == _CONSTRUCT:
            return self.construct(type_, depth)
        if form == _SWIZZLE:
            return self.swizzled_value(type_, depth)
        if form == _ACCESS:
            access = Access.CONSTANT if self._constant_mode else Access.READ
            providers = self.scope.providers(access, type_)
            if not providers:
                return None
            variable = self.rng.choice(providers)
            return self.read_path(variable.access, variable.type, type_, depth)
        if form == _BUILTIN:
            return self.builtin_call(type_, depth)
        if form == _USER_CALL:
            return self.user_call(type_, depth)
        if form == _ASSIGN:
            return self.assignment(type_, depth)
        if form == _INC_DEC:
            return self.inc_dec(type_, depth)
        return self.sequence(type_, depth)

    def binary(self, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        rules = binary_rules(type_, self.floats)
        if not rules:
            return None
        op, shapes = self.rng.choice(rules)
        left_type, right_type = self.rng.choice(shapes)
        if self._float_decision(type_, left_type):
            op, shapes = self.rng.choice(rules)  # drawn once more: see inexact.py
            left_type, right_type = self.rng.choice(shapes)
        left = self.expression(left_type, depth)
        right = self.checked_right_operand(op, self.expression(right_type, depth))
        if (
            self._strict_constants
            and op is BinaryOp.SHL
            and is_foldable(left, self.ctx.constant_names)
            and is_foldable(right, self.ctx.constant_names)
        ):
            right = self._bounded(right.type, 0, _lossless_shift(left))
        return Binary(type_, op, left, right)

    def _float_decision(self, result: Type, source: Type) -> bool:
        """In interval mode, whether an integer or bool `result` drawn from a float
        `source` (a comparison, a conversion) is to be drawn again (inexact.py: most are);
        never in exact mode, where no draw is made."""
        if self.inexact is None or kind_of(result) is ScalarKind.FLOAT:
            return False
        return kind_of(source) is ScalarKind.FLOAT and not self.inexact.rarely()

    def _source_kind(
        self, target: ScalarKind, kinds: list[ScalarKind] | tuple[ScalarKind, ...]
    ) -> ScalarKind:
        """The kind a conversion to `target` converts from, drawn from `kinds`."""
        kind = self.rng.choice(kinds)
        if self._float_decision(ScalarType(target), ScalarType(kind)):
            kind = self.rng.choice(kinds)
        return kind

    def unary(self, type_: ScalarType | VectorType, depth: int) -> Expression | None:
        ops = unary_ops_giving(type_)
        if not ops:
            return None
        return Unary(type_, self.rng.choice(ops), self.expression(type_, depth))

    def construct(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """Conversions `int(u)`, `bvec3(ivec3)`, splats `ivec3(x)` and component lists."""
        rng = self.rng
        others = [k for k in self.kinds if k is not type_.kind]
        if isinstance(type_, ScalarType):
            source_kind = self._source_kind(type_.kind, others)
            return Construct(type_, (self.expression(ScalarType(source_kind), depth),))
        draw = rng.random()
        if draw < 0.2:
            # Splat, usually of the same kind, sometimes converting.
            kind = type_.kind if rng.random() < 0.7 else self._source_kind(type_.kind, self.kinds)
            return Construct(type_, (self.expression(ScalarType(kind), depth),))
        if draw < 0.35:
            kind = self._source_kind(type_.kind, others)
            source = VectorType(kind, type_.size)
            return Construct(type_, (self.expression(source, depth),))
        args: list[Expression] = []
        remaining = type_.size
        while remaining:
            part = rng.randint(1, remaining)
            # A whole-size part would be a copy: split it.
            if part == type_.size:
                part = 1
            kind = type_.kind if rng.random() < 0.85 else self._source_kind(type_.kind, self.kinds)
            args.append(self.expression(_sized(kind, part), depth))
            remaining -= part
        return Construct(type_, tuple(args))

    def swizzled_value(self, type_: ScalarType | VectorType, depth: int) -> Expression:
        """A swizzle of a computed vector, e.g. `(a + b).zzx`."""
        kind = type_.kind
        base_type = VectorType(kind, self.rng.randint(2, 4))
        base = self.expression(base_type, depth)
        return self.read_swizzle(base, base_type.size, type_)

    def array_value(self, type_: ArrayType, depth: int) -> Expression:
        """A whole array: a variable of the same array type or an array constructor."""
        access = Access.CONSTANT if self._constant_mode else Access.READ
        providers = self.scope.providers(access, type_)
        if providers and self.rng.random() < 0.6:
            variable = self.rng.choice(providers)
            return self.read_path(variable.access, variable.type, type_, depth)
        assert type_.length is not None
        element = type_.element
        next_depth = max(depth + 1, self.max_depth - 1)
        return Construct(
            type_, tuple(self.expression(element, next_depth) for _ in range(type_.length))
        )

    def builtin_call(self, type_: Type, depth: int) -> Expression | None:
        named = builtins_returning(type_, self.floats, self._opt_in_builtins)
        if not named:
            return None
        name, overloads = draw_name(named, self.rng.random())
        overload = self.rng.choice(overloads)
        if name in self.ctx.profile.missing_builtins:
            return None
        if self.inexact is not None and name in BIT_READERS:
            return None
        if overload.out_params and (self._constant_mode or not self._side_effects):
            return None
        args = self.arguments(name, overload.params, overload.out_params, depth)
        if args is None:
            return None
        if name == "clamp" and self._strict_constants:
            args = self._ordered_constant_bounds(args)
        return Call(type_, name, args, CallKind.BUILTIN)

    def _ordered_constant_bounds(self, args: tuple[Expression, ...]) -> tuple[Expression, ...]:
        """clamp's bounds, made literals in order when both are constant (WGSL rejects a
        constant low > high; GLSL leaves it undefined and the reconditioner wraps it)."""
        value, low, high = args
        names = self.ctx.constant_names
        if not (is_foldable(low, names) and is_foldable(high, names)):
            return args
        return (value, self._bounded_number(low.type, 1, 4), self._bounded_number(high.type, 4, 16))

    def _bounded_number(self, type_: Type, low: int, high: int) -> Expression:
        """`_bounded` for any numeric kind (a float gets an exact integer value)."""
        if kind_of(type_) is not ScalarKind.FLOAT:
            return self._bounded(type_, low, high)
        value = float(self.rng.randint(low, high))
        scalar = Literal(FLOAT, value)
        return Construct(type_, (scalar,)) if isinstance(type_, VectorType) else scalar

    def arguments(
        self,
        name: str,
        params: tuple[Type, ...],
        out_params: frozenset[int],
        depth: int,
    ) -> tuple[Expression, ...] | None:
        """Arguments of a built-in call; None when an `out` argument has no l-value. In a
        language without out parameters (WGSL) an `out` argument is a pointer's: a whole
        variable of the calling function (`pointer_argument`; emit/wgsl_builtins.py
        spells the call with a helper that writes through it)."""
        bit_range = BIT_RANGE_PARAMS.get(name, frozenset())
        args: list[Expression] = []
        outs: list[Expression] = []
        for position, param in enumerate(params):
            if position in out_params:
                target = (
                    self.out_argument(param, depth, outs)
                    if self.ctx.profile.out_parameters
                    else self.pointer_argument(param, outs)
                )
                if target is None:
                    return None
                args.append(target)
                outs.append(target)
            elif position in bit_range:
                args.append(self._safe_operand(self.expression(param, depth), 0, 16))
            else:
                args.append(self.expression(param, depth))
        return tuple(args)

    def user_call(self, type_: Type, depth: int) -> Expression | None:
        if self._constant_mode:
            return None
        candidates = self.ctx.functions_returning.get(type_)
        if not candidates:
            return None
        signature = self.rng.choice(candidates)
        if signature.writes_arguments and not self._side_effects:
            return None
        return self.call(signature, depth)

    def call(self, signature: Signature, depth: int) -> Call | None:
        """A call of a user function; None when an out/inout argument has no l-value."""
        args: list[Expression] = []
        outs: list[Expression] = []
        for param in signature.params:
            if param.qualifier.writes_back:
                target = (
                    self.out_argument(param.type, depth, outs)
                    if self.ctx.profile.out_parameters
                    else self.pointer_argument(param.type, outs)
                )
                if target is None:
                    return None
                args.append(target)
                outs.append(target)
            else:
                args.append(self.expression(param.type, depth))
        return Call(signature.return_type, signature.name, tuple(args), CallKind.USER)

    def pointer_argument(self, type_: Type, chosen: list[Expression]) -> Expression | None:
        """A whole variable of the calling function for a pointer parameter (WGSL's
        out/inout: `f(&v)`), none of the call's `chosen` ones, or None. Only whole
        variables: core WGSL passes a pointer with its root's memory view only (a pointer
        into an array or a struct needs `unrestricted_pointer_parameters`, into a vector
        never), and only `function`-space ones: a pointer to a module-scope variable that
        the callee also names would alias it, which WGSL forbids; a local has no other
        name in the callee, so writes through the pointer are seen exactly when GLSL's
        copy-back would be (the interpreter's semantics)."""
        taken = {root_variable(c) for c in chosen}
        providers = [
            v
            for v in self.scope.providers(Access.WRITE, type_)
            if v.type == type_
            and isinstance(v.access, VariableRef)
            and v.name not in taken
            and self.scope.in_a_function(v)
        ]
        if not providers:
            return None
        self.ctx.choices["pointer:argument"] += 1
        return self.rng.choice(providers).access

    def assignment(self, type_: Type, depth: int) -> Expression | None:
        """`target op= value`, as an expression of the target's type."""
        if self._constant_mode:
            return None
        target = self.lvalue(type_, depth)
        if target is None:
            return None
        return self.assign_to(target, depth)

    def assign_to(self, target: Expression, depth: int) -> Assign:
        if isinstance(target.type, StructType) or is_narrow(target.type):
            # A narrow field is stored to, never updated (`h *= x` on halves may overflow).
            return Assign(target.type, AssignOp.ASSIGN, target, self.expression(target.type, depth))
        if isinstance(target.type, MatrixType):
            assert self.matrices is not None
            spelled, value_type = self.rng.choice(self.matrices.assign_shapes(target.type))
            matrix_op = _MATRIX_ASSIGN_OPS[spelled]
            return Assign(target.type, matrix_op, target, self.expression(value_type, depth))
        op, value_types = self.rng.choice(assign_rules(target.type, self.floats))
        value = self.expression(self.rng.choice(value_types), depth)
        return Assign(target.type, op, target, self.checked_right_operand(op, value))

    def inc_dec(self, type_: Type, depth: int) -> Expression | None:
        if self._constant_mode or not inc_dec_ok(type_):
            return None
        target = self.lvalue(type_, depth)
        if target is None:
            return None
        return IncDec(type_, self.rng.choice(_INC_DEC_OPS), target)

    def sequence(self, type_: Type, depth: int) -> Expression | None:
        """`(side effect, value)`: the comma operator."""
        if self._constant_mode:
            return None
        first_type = self.random_value_type()
        first = self.assignment(first_type, depth) or self.expression(first_type, depth)
        return Sequence(type_, (first, self.expression(type_, depth)))

    # ----------------------------------------------------------------- types

    def random_value_type(self) -> ScalarType | VectorType:
        """A scalar (60%) or vector type of a random enabled kind."""
        kind = self.rng.choice(self.kinds)
        if self.rng.random() < 0.6:
            return ScalarType(kind)
        return VectorType(kind, self.rng.randint(2, 4))


def _written_without_swizzle(variable: Type, target: Type) -> bool:
    """Whether an l-value of `target` inside a variable of type `variable` needs no
    multi-component swizzle: the element type itself, or one component of a vector."""
    while isinstance(variable, ArrayType):
        variable = variable.element
    if isinstance(variable, StructType) and target != variable:
        return any(
            target in write_provides(f.type) and _written_without_swizzle(f.type, target)
            for f in variable.fields
        )
    if isinstance(variable, MatrixType) and target != variable:
        variable = variable.column_type
    if variable == target:
        return True
    return isinstance(target, ScalarType) and isinstance(variable, VectorType)


def _lossless_shift(left: Expression) -> int:
    """The largest left shift of the constant `left` that keeps every bit (WGSL rejects a
    constant `e1 << e2` that overflows); 0 when its value is not read off literals."""
    values: list[int] = []
    parts = left.args if isinstance(left, Construct) else (left,)
    for part in parts:
        if not isinstance(part, Literal) or isinstance(part.value, bool | float):
            return 0
        values.append(int(part.value))
    kind = kind_of(left.type)
    limit = 31
    for value in values:
        bits = f"{value & 0xFFFFFFFF:032b}"
        if kind is ScalarKind.UINT:
            # The e2 most significant bits must be zero.
            limit = min(limit, len(bits) - len(bits.lstrip("0")))
        else:
            # The e2+1 most significant bits must equal the sign bit.
            limit = min(limit, len(bits) - len(bits.lstrip(bits[0])) - 1)
    return max(limit, 0)


def _sized(kind: ScalarKind, size: int) -> ScalarType | VectorType:
    return ScalarType(kind) if size == 1 else VectorType(kind, size)
