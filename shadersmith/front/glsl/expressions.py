"""Expression parsing: precedence climbing, typing each node as it is built.

The parser inverts shadersmith.emit.glsl exactly (`-5` is a negative literal, not a
negation), and makes GLSL's implicit conversions explicit constructors.
"""

from __future__ import annotations

from shadersmith.analysis.builtins import is_builtin_function, resolve
from shadersmith.analysis.typing import (
    Typed,
    binary_typing,
    compound_assign_typing,
    construct_error,
    inc_dec_ok,
    ternary_typing,
    unary_type,
)
from shadersmith.front.glsl.builtin_types import BASIC_TYPES
from shadersmith.front.glsl.builtin_variables import BUILTIN_VARIABLES
from shadersmith.front.glsl.constants import Constant, fold
from shadersmith.front.glsl.parser_base import KEYWORDS, ParserBase
from shadersmith.front.glsl.textures import is_texture_function, texture_call_type
from shadersmith.front.glsl.tokens import Token, TokenKind
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
    SwizzleSet,
    Ternary,
    Unary,
    is_lvalue,
    root_variable,
)
from shadersmith.ir.operators import BINARY_PRECEDENCE, AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.program import Stage
from shadersmith.ir.types import (
    BOOL,
    INT,
    UINT,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    VoidType,
    element_type,
    index_bound,
)

INT_MAX = 2**31 - 1
UINT_LIMIT = 2**32
FLOAT32_MAX = 3.4028234663852886e38
MAX_ARRAY_SIZE = 1 << 24  # far above any real shader; keeps a fuzzed size from eating memory

_BINARY_BY_TOKEN = {op.value: op for op in BinaryOp}
_ASSIGN_BY_TOKEN = {op.value: op for op in AssignOp}
_UNARY_BY_TOKEN = {op.value: op for op in UnaryOp}
_LOWEST_BINARY = max(BINARY_PRECEDENCE.values())
_TIGHTEST_BINARY = min(BINARY_PRECEDENCE.values())
_SWIZZLE_SETS = tuple(SwizzleSet)
_FRAGMENT_ONLY_FUNCTIONS = frozenset(
    {"dFdx", "dFdy", "fwidth", "dFdxFine", "dFdyFine", "fwidthFine", "dFdxCoarse"}
    | {"dFdyCoarse", "fwidthCoarse", "interpolateAtCentroid", "interpolateAtSample"}
    | {"interpolateAtOffset"}
)
_COMPUTE_ONLY_FUNCTIONS = frozenset({"barrier", "memoryBarrierShared", "groupMemoryBarrier"})


class ExpressionParser(ParserBase):
    # ----------------------------------------------------------- constants

    def constant_env(self, name: str) -> Constant | None:
        variable = self.lookup(name)
        if variable is not None:
            return variable.constant
        if name == "gl_WorkGroupSize":
            return self.local_size
        builtin = BUILTIN_VARIABLES.get(name)
        return None if builtin is None else builtin.value

    def constant_int(self, what: str) -> int:
        """A constant integer expression (array size, layout value)."""
        token = self.tok
        expr = self.conditional()
        value = fold(expr, self.constant_env)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.type_error(f"{what} must be a constant integer expression", token)
        return value

    def array_suffix(self, base: Type, allow_unsized: bool = False) -> Type:
        """`[3][2]` after a name or type; the first size is the outermost array."""
        return self.make_array(base, self.array_sizes(allow_unsized), self.tok)

    def array_sizes(self, allow_unsized: bool = False) -> list[int | None]:
        sizes: list[int | None] = []
        while self.at("["):
            open_token = self.advance()
            if self.accept("]"):
                if not allow_unsized:
                    raise self.type_error("array size required here", open_token)
                sizes.append(None)
                continue
            size_token = self.tok
            size = self.constant_int("array size")
            if not 0 < size <= MAX_ARRAY_SIZE:
                raise self.type_error("array size must be positive", size_token)
            sizes.append(size)
            self.expect("]")
        return sizes

    def make_array(self, base: Type, sizes: list[int | None], token: Token) -> Type:
        result = base
        for size in reversed(sizes):
            if isinstance(result, VoidType):
                raise self.type_error("array of void", token)
            result = ArrayType(result, size)
        return result

    # ---------------------------------------------------------- expressions

    def expression(self) -> Expression:
        items = [self.assignment()]
        while self.accept(","):
            items.append(self.assignment())
        if len(items) == 1:
            return items[0]
        return Sequence(items[-1].type, tuple(items))

    def check_writable(self, target: Expression, token: Token) -> None:
        if not is_lvalue(target):
            raise self.type_error("assignment to something that is not an l-value", token)
        name = root_variable(target)
        variable = None
        if name is not None:
            variable = self.lookup(name) or self.builtin_variable(_named(token, name))
        if variable is None or not variable.writable:
            raise self.type_error(f"{name!r} is read-only", token)

    def assignment(self) -> Expression:
        self.enter()
        try:
            return self._assignment()
        finally:
            self.leave()

    def _assignment(self) -> Expression:
        target = self.conditional()
        token = self.tok
        op = _ASSIGN_BY_TOKEN.get(token.text) if token.kind is TokenKind.PUNCT else None
        if op is None:
            return target
        self.advance()
        self.check_writable(target, token)
        value = self.assignment()
        binary = op.binary
        if binary is None:
            value = self.convert(value, target.type, token, f"assignment to {target.type}")
            return Assign(target.type, op, target, value)
        typed = compound_assign_typing(op, target.type, value.type, self.conversions)
        if isinstance(typed, str):
            raise self.type_error(typed, token)
        return Assign(target.type, op, target, _converted(value, typed, 1))

    def conditional(self) -> Expression:
        condition = self.binary(_LOWEST_BINARY)
        if not self.at("?"):
            return condition
        token = self.advance()
        if condition.type != BOOL:
            raise self.type_error("ternary condition must be bool", token)
        if_true = self.expression()
        self.expect(":")
        if_false = self.assignment()
        typed = ternary_typing(if_true.type, if_false.type, self.conversions)
        if isinstance(typed, str):
            raise self.type_error(typed, token)
        if_true, if_false = _converted(if_true, typed, 0), _converted(if_false, typed, 1)
        return Ternary(typed.result, condition, if_true, if_false)

    def binary(self, level: int) -> Expression:
        if level < _TIGHTEST_BINARY:
            return self.unary()
        left = self.binary(level - 1)
        while True:
            token = self.tok
            op = _BINARY_BY_TOKEN.get(token.text) if token.kind is TokenKind.PUNCT else None
            if op is None or op.precedence != level:
                return left
            self.advance()
            right = self.binary(level - 1)
            left = self.make_binary(op, left, right, token)

    def make_binary(
        self, op: BinaryOp, left: Expression, right: Expression, token: Token
    ) -> Expression:
        typed = binary_typing(op, left.type, right.type, self.conversions)
        if isinstance(typed, str):
            raise self.type_error(typed, token)
        return Binary(typed.result, op, _converted(left, typed, 0), _converted(right, typed, 1))

    def unary(self) -> Expression:
        self.enter()
        try:
            return self._unary()
        finally:
            self.leave()

    def _unary(self) -> Expression:
        token = self.tok
        if token.kind is TokenKind.PUNCT and token.text in ("++", "--"):
            self.advance()
            target = self.unary()
            op = IncDecOp.PRE_INC if token.text == "++" else IncDecOp.PRE_DEC
            return self.inc_dec(op, target, token)
        if token.kind is TokenKind.PUNCT and token.text in _UNARY_BY_TOKEN:
            self.advance()
            if token.text == "-" and self.negative_literal_follows():
                return self.literal(negate=True)
            operand = self.unary()
            unary_op = _UNARY_BY_TOKEN[token.text]
            result = unary_type(unary_op, operand.type)
            if isinstance(result, str):
                raise self.type_error(result, token)
            return Unary(result, unary_op, operand)
        return self.postfix()

    def negative_literal_follows(self) -> bool:
        # The emitter spells Literal(INT, -5) as `-5`: fold the minus back into the literal.
        # Uint literals stay negations (a negative uint literal does not exist), and a
        # postfix operator after the number binds tighter than the minus.
        if self.tok.kind not in (TokenKind.INT, TokenKind.FLOAT):
            return False
        return self.peek().text not in (".", "[", "++", "--", "(")

    def inc_dec(self, op: IncDecOp, target: Expression, token: Token) -> Expression:
        self.check_writable(target, token)
        if not inc_dec_ok(target.type):
            raise self.type_error(f"cannot apply {op.token} to {target.type}", token)
        return IncDec(target.type, op, target)

    def literal(self, negate: bool = False) -> Literal:
        token = self.advance()
        bits = 64 if token.wide else 32
        if token.kind is TokenKind.FLOAT:
            # The value is kept as written, not rounded to float32: the emitter writes the
            # shortest repr of the IR's double, so keeping it is what makes round trips exact.
            value = float(token.value)
            if not abs(value) <= FLOAT32_MAX and bits == 32:
                raise self.type_error("float literal out of range", token)
            return Literal(ScalarType(ScalarKind.FLOAT, bits), -value if negate else value)
        magnitude = int(token.value)
        limit = 1 << bits
        if token.kind is TokenKind.UINT:
            if magnitude >= limit:
                raise self.type_error("uint literal out of range", token)
            return Literal(ScalarType(ScalarKind.UINT, bits), magnitude)
        is_hex = token.text.lower().startswith(("0x", "0"))
        int_max = (limit >> 1) - 1
        if is_hex and int_max < magnitude < limit:
            magnitude -= limit  # GLSL reads 0xFFFFFFFF as the int bit pattern -1
        value_int = -magnitude if negate else magnitude
        if not -(limit >> 1) <= value_int <= int_max:
            raise self.type_error("int literal out of range", token)
        return Literal(ScalarType(ScalarKind.INT, bits), value_int)

    def postfix(self) -> Expression:
        expr = self.primary()
        while True:
            token = self.tok
            if self.accept("["):
                index_token = self.tok
                index = self.expression()
                self.expect("]")
                expr = self.index(expr, index, index_token)
            elif self.accept("."):
                name = self.tok
                if name.kind is not TokenKind.IDENT:
                    raise self.syntax("expected a field or swizzle")
                self.advance()
                if name.text == "length" and self.at("("):
                    self.expect("(")
                    self.expect(")")
                    if not isinstance(expr.type, ArrayType | VectorType | MatrixType):
                        raise self.type_error(f"{expr.type} has no length()", name)
                    expr = ArrayLength(INT, expr)
                else:
                    expr = self.select(expr, name)
            elif token.kind is TokenKind.PUNCT and token.text in ("++", "--"):
                self.advance()
                op = IncDecOp.POST_INC if token.text == "++" else IncDecOp.POST_DEC
                expr = self.inc_dec(op, expr, token)
            else:
                return expr

    def index(self, base: Expression, index: Expression, token: Token) -> Expression:
        if not isinstance(base.type, ArrayType | VectorType | MatrixType):
            raise self.type_error(f"{base.type} cannot be indexed", token)
        if index.type not in (INT, UINT):
            raise self.type_error("index must be an int or uint scalar", token)
        bound = index_bound(base.type)
        constant = int(index.value) if isinstance(index, Literal) else None
        if constant is not None and bound is not None and not 0 <= constant < bound:
            raise self.type_error(f"index {constant} out of range", token)
        return Index(element_type(base.type), base, index)

    def select(self, base: Expression, name: Token) -> Expression:
        if isinstance(base.type, StructType):
            for member in base.type.fields:
                if member.name == name.text:
                    return Member(member.type, base, name.text)
            raise self.type_error(f"{base.type.name} has no field {name.text!r}", name)
        if not isinstance(base.type, VectorType):
            raise self.type_error(f"{base.type} has no fields", name)
        for names in _SWIZZLE_SETS:
            if all(ch in names.value for ch in name.text):
                components = tuple(names.value.index(ch) for ch in name.text)
                if len(components) > 4 or any(c >= base.type.size for c in components):
                    break
                size = len(components)
                kind, bits = base.type.kind, base.type.bits
                result: Type = ScalarType(kind, bits) if size == 1 else VectorType(kind, size, bits)
                return Swizzle(result, base, components, names)
        raise self.type_error(f"bad swizzle {name.text!r} of {base.type}", name)

    def arguments(self) -> tuple[tuple[Expression, ...], list[Token]]:
        self.expect("(")
        args: list[Expression] = []
        tokens: list[Token] = []
        if self.at("void") and self.peek().text == ")":
            self.advance()
        elif not self.at(")"):
            while True:
                tokens.append(self.tok)
                args.append(self.assignment())
                if not self.accept(","):
                    break
        self.expect(")")
        return tuple(args), tokens

    def is_type_start(self, token: Token) -> bool:
        return token.kind is TokenKind.IDENT and (
            token.text in BASIC_TYPES or token.text in self.structs
        )

    def type_name(self) -> Type:
        token = self.tok
        if token.kind is TokenKind.IDENT:
            if token.text in BASIC_TYPES:
                self.advance()
                return BASIC_TYPES[token.text]
            if token.text in self.structs:
                self.advance()
                return self.structs[token.text]
        raise self.syntax("expected a type")

    def primary(self) -> Expression:
        token = self.tok
        if token.kind in (TokenKind.INT, TokenKind.UINT, TokenKind.FLOAT):
            return self.literal()
        if self.accept("("):
            expr = self.expression()
            self.expect(")")
            return expr
        if token.kind is not TokenKind.IDENT:
            raise self.syntax("expected an expression")
        if token.text in ("true", "false"):
            self.advance()
            return Literal(BOOL, token.text == "true")
        if self.is_type_start(token):
            base = self.type_name()
            type_ = self.array_suffix(base, allow_unsized=True)
            args, arg_tokens = self.arguments()
            return self.construct(type_, args, arg_tokens, token)
        if token.text in KEYWORDS:
            raise self.syntax("expected an expression")
        self.advance()
        if self.at("("):
            return self.call(token)
        variable = self.lookup(token.text) or self.builtin_variable(token)
        if variable is None:
            raise self.type_error(f"undeclared identifier {token.text!r}", token)
        return variable.ref

    def construct(
        self, type_: Type, args: tuple[Expression, ...], arg_tokens: list[Token], token: Token
    ) -> Expression:
        if isinstance(type_, ArrayType):
            if type_.length is None:
                type_ = ArrayType(type_.element, len(args))
            element = type_.element
            args = tuple(
                self.convert(a, element, t, "array element")
                for a, t in zip(args, arg_tokens, strict=True)
            )
        elif isinstance(type_, StructType) and len(args) == len(type_.fields):
            args = tuple(
                self.convert(a, f.type, t, f"field {f.name}")
                for a, f, t in zip(args, type_.fields, arg_tokens, strict=True)
            )
        problem = construct_error(type_, tuple(a.type for a in args))
        if problem is not None:
            raise self.type_error(problem, token)
        return Construct(type_, args)

    def call(self, name: Token) -> Expression:
        args, arg_tokens = self.arguments()
        arg_types = tuple(a.type for a in args)
        if self.lookup(name.text) is not None:
            raise self.type_error(f"{name.text!r} is not a function", name)
        if name.text in self.signatures:
            user = self.user_call(name, args, arg_tokens)
            if user is not None:
                return user
        if name.text in _FRAGMENT_ONLY_FUNCTIONS:
            self.stage_use.note(Stage.FRAGMENT, name.text, name)
        elif name.text in _COMPUTE_ONLY_FUNCTIONS:
            self.stage_use.note(Stage.COMPUTE, name.text, name)
        if is_texture_function(name.text):
            result = texture_call_type(name.text, arg_types)
            if isinstance(result, str):
                raise self.type_error(result, name)
            return Call(result, name.text, args, CallKind.BUILTIN)
        if is_builtin_function(name.text):
            resolved = resolve(name.text, arg_types, self.conversions)
            if resolved is not None:
                converted = []
                for index, (arg, param, token) in enumerate(
                    zip(args, resolved.params, arg_tokens, strict=True)
                ):
                    if index in resolved.out_params:
                        self.check_writable(arg, token)
                    converted.append(self.convert(arg, param, token, f"argument of {name.text}"))
                return Call(resolved.result, name.text, tuple(converted), CallKind.BUILTIN)
        shown = ", ".join(str(t) for t in arg_types)
        raise self.type_error(f"no function {name.text}({shown})", name)

    def user_call(
        self, name: Token, args: tuple[Expression, ...], arg_tokens: list[Token]
    ) -> Expression | None:
        """The call of the user function `args` select; None when none fits (a built-in
        of that name may)."""
        arg_types = tuple(a.type for a in args)
        best = None
        best_cost = len(args) + 1
        for signature in self.signatures[name.text]:
            outs = frozenset(i for i, w in enumerate(signature.writes_back) if w)
            cost = self.conversions.cost(signature.params, arg_types, outs)
            if cost == 0:
                best = signature
                break
            if cost is not None and cost < best_cost:
                best, best_cost = signature, cost
        if best is None:
            return None
        converted = []
        for param_type, arg, token, writes in zip(
            best.params, args, arg_tokens, best.writes_back, strict=True
        ):
            if writes:
                self.check_writable(arg, token)
            converted.append(self.convert(arg, param_type, token, f"argument of {name.text}"))
        return Call(best.return_type, name.text, tuple(converted), CallKind.USER)


def _converted(operand: Expression, typed: Typed, position: int) -> Expression:
    """`operand` as the typing table says it is taken: an explicit conversion where GLSL
    converts it implicitly."""
    wanted = typed.operands[position]
    return operand if operand.type == wanted else Construct(wanted, (operand,))


def _named(token: Token, name: str) -> Token:
    return Token(token.kind, name, token.line, token.column)
