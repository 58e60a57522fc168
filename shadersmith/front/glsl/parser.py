"""Recursive-descent parser with precedence climbing, type-checking as it builds the IR.

Typing happens during parsing (one pass) because GLSL needs the types of names anyway to
tell declarations from expressions and to resolve overloads; the rules themselves live in
typecheck.py. The parser inverts shadersmith.emit.glsl exactly: `-5` becomes a negative
literal, an `else if` becomes an else block holding one If, non-block bodies become Blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.errors import GLSLSyntaxError, GLSLTypeError
from shadersmith.front.glsl.tokens import Token, TokenKind
from shadersmith.front.glsl.typecheck import (
    binary_type,
    construct_error,
    inc_dec_ok,
    unary_type,
)
from shadersmith.ir.builtins import find_overload
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
    is_lvalue,
    root_variable,
)
from shadersmith.ir.operators import BINARY_PRECEDENCE, AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    Parameter,
    ParamQualifier,
    Program,
    Stage,
    StageInput,
    StageOutput,
    StorageBuffer,
    Uniform,
)
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    Discard,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Statement,
    Switch,
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
    element_type,
    index_bound,
)

INT_MAX = 2**31 - 1
UINT_LIMIT = 2**32
FLOAT32_MAX = 3.4028234663852886e38

_BASIC_TYPES: dict[str, Type] = {"void": VOID, "bool": BOOL, "int": INT, "uint": UINT}
_BASIC_TYPES["float"] = FLOAT
for _n in (2, 3, 4):
    for _prefix, _kind in (("b", ScalarKind.BOOL), ("i", ScalarKind.INT), ("u", ScalarKind.UINT)):
        _BASIC_TYPES[f"{_prefix}vec{_n}"] = VectorType(_kind, _n)
    _BASIC_TYPES[f"vec{_n}"] = VectorType(ScalarKind.FLOAT, _n)
    _BASIC_TYPES[f"mat{_n}"] = MatrixType(_n, _n)
    for _m in (2, 3, 4):
        _BASIC_TYPES[f"mat{_n}x{_m}"] = MatrixType(_n, _m)

_BINARY_BY_TOKEN = {op.value: op for op in BinaryOp}
_ASSIGN_BY_TOKEN = {op.value: op for op in AssignOp}
_UNARY_BY_TOKEN = {op.value: op for op in UnaryOp}
_LOWEST_BINARY = max(BINARY_PRECEDENCE.values())
_SWIZZLE_SETS = tuple(SwizzleSet)
_KEYWORDS = frozenset(
    [
        "if",
        "else",
        "switch",
        "case",
        "default",
        "for",
        "while",
        "do",
        "break",
        "continue",
        "return",
        "discard",
        "struct",
        "const",
        "in",
        "out",
        "inout",
        "layout",
        "buffer",
        "uniform",
        "readonly",
        "true",
        "false",
        "precision",
        "highp",
        "mediump",
        "lowp",
    ]
)


@dataclass(slots=True)
class _Variable:
    ref: Expression
    writable: bool


class Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.pos = 0
        self.structs: dict[str, StructType] = {}
        self.functions: dict[str, list[Function]] = {}
        self.scopes: list[dict[str, _Variable]] = [{}]
        self.return_type: Type = VOID

    # ------------------------------------------------------------------ helpers

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.tokens[self.pos]
        if token.kind is not TokenKind.EOF:
            self.pos += 1
        return token

    def at(self, text: str) -> bool:
        return self.tok.text == text and self.tok.kind in (TokenKind.PUNCT, TokenKind.IDENT)

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.advance()
            return True
        return False

    def expect(self, text: str) -> Token:
        if not self.at(text):
            raise self.syntax(f"expected {text!r}")
        return self.advance()

    def syntax(self, message: str, token: Token | None = None) -> GLSLSyntaxError:
        token = token or self.tok
        found = token.text or "end of input"
        return GLSLSyntaxError(f"{message}, found {found!r}", token.line, token.column)

    @staticmethod
    def type_error(message: str, token: Token) -> GLSLTypeError:
        return GLSLTypeError(message, token.line, token.column)

    def identifier(self) -> Token:
        token = self.tok
        if token.kind is not TokenKind.IDENT or token.text in _KEYWORDS:
            raise self.syntax("expected an identifier")
        if token.text in _BASIC_TYPES:
            raise self.syntax("expected an identifier")
        return self.advance()

    def lookup(self, name: str) -> _Variable | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def declare(self, token: Token, variable: _Variable) -> None:
        scope = self.scopes[-1]
        if token.text in scope or token.text in self.structs:
            raise self.type_error(f"redeclaration of {token.text!r}", token)
        if len(self.scopes) == 1 and token.text in self.functions:
            raise self.type_error(f"redeclaration of {token.text!r}", token)
        scope[token.text] = variable

    # -------------------------------------------------------------------- types

    def is_type_start(self, token: Token) -> bool:
        return token.kind is TokenKind.IDENT and (
            token.text in _BASIC_TYPES or token.text in self.structs
        )

    def type_specifier(self) -> Type:
        token = self.tok
        if token.kind is TokenKind.IDENT:
            if token.text in _BASIC_TYPES:
                self.advance()
                return _BASIC_TYPES[token.text]
            if token.text in self.structs:
                self.advance()
                return self.structs[token.text]
        raise self.syntax("expected a type")

    def array_suffix(self, base: Type, allow_unsized: bool = False) -> Type:
        """`[3][2]` after a name or type; the first size is the outermost array."""
        sizes: list[int | None] = []
        while self.at("["):
            open_token = self.advance()
            if self.accept("]"):
                if not allow_unsized:
                    raise self.type_error("array size required here", open_token)
                sizes.append(None)
                continue
            size_token = self.tok
            if size_token.kind is not TokenKind.INT and size_token.kind is not TokenKind.UINT:
                raise self.syntax("expected an array size literal")
            self.advance()
            if not 0 < int(size_token.value) <= INT_MAX:
                raise self.type_error("array size must be positive", size_token)
            sizes.append(int(size_token.value))
            self.expect("]")
        result = base
        for size in reversed(sizes):
            if isinstance(result, type(VOID)):
                raise self.type_error("array of void", self.tok)
            result = ArrayType(result, size)
        return result

    # --------------------------------------------------------------- top level

    def program(self) -> Program:
        structs: list[StructType] = []
        buffers: list[StorageBuffer] = []
        uniforms: list[Uniform] = []
        inputs: list[StageInput] = []
        outputs: list[StageOutput] = []
        globals_: list[VarDecl] = []
        functions: list[Function] = []
        local_size: tuple[int, int, int] | None = None
        while self.tok.kind is not TokenKind.EOF:
            if self.at("precision"):
                self.precision()
            elif self.at("struct"):
                structs.append(self.struct_declaration())
            elif self.at("layout"):
                layout_token = self.tok
                layout = self.layout()
                if self.at("in") and self.peek().text == ";":
                    if local_size is not None:
                        raise self.type_error("duplicate local size layout", layout_token)
                    local_size = self.local_size(layout, layout_token)
                    self.advance()
                    self.expect(";")
                elif self.at("buffer") or self.at("readonly"):
                    buffers.append(self.buffer(layout, layout_token))
                else:
                    self.interface_variable(layout, layout_token, uniforms, inputs, outputs)
            elif self.at(";"):
                self.advance()
            else:
                declared = self.global_or_function()
                if isinstance(declared, Function):
                    functions.append(declared)
                else:
                    globals_.append(declared)
        if not any(f.name == "main" for f in functions):
            raise self.type_error("no main function", self.tok)
        stage = Stage.COMPUTE if local_size is not None else Stage.FRAGMENT
        return Program(
            stage=stage,
            functions=tuple(functions),
            structs=tuple(structs),
            buffers=tuple(buffers),
            uniforms=tuple(uniforms),
            inputs=tuple(inputs),
            outputs=tuple(outputs),
            globals=tuple(globals_),
            local_size=local_size or (1, 1, 1),
        )

    def precision(self) -> None:
        # Precision qualifiers change nothing in our exact-value programs: skip them.
        self.expect("precision")
        if self.tok.text not in ("highp", "mediump", "lowp"):
            raise self.syntax("expected a precision qualifier")
        self.advance()
        self.type_specifier()
        self.expect(";")

    def layout(self) -> dict[str, tuple[int | None, Token]]:
        self.expect("layout")
        self.expect("(")
        items: dict[str, tuple[int | None, Token]] = {}
        while True:
            name = self.tok
            if name.kind is not TokenKind.IDENT:
                raise self.syntax("expected a layout qualifier")
            self.advance()
            value: int | None = None
            if self.accept("="):
                number = self.tok
                if number.kind not in (TokenKind.INT, TokenKind.UINT):
                    raise self.syntax("expected an integer")
                self.advance()
                value = int(number.value)
            items[name.text] = (value, name)
            if not self.accept(","):
                break
        self.expect(")")
        return items

    def local_size(
        self, layout: dict[str, tuple[int | None, Token]], token: Token
    ) -> tuple[int, int, int]:
        sizes = [1, 1, 1]
        for name, (value, name_token) in layout.items():
            axes = ("local_size_x", "local_size_y", "local_size_z")
            if name not in axes or value is None or value < 1:
                raise self.type_error(f"bad layout qualifier {name!r} for in", name_token)
            sizes[axes.index(name)] = value
        del token
        return sizes[0], sizes[1], sizes[2]

    def buffer(self, layout: dict[str, tuple[int | None, Token]], token: Token) -> StorageBuffer:
        binding: int | None = None
        for name, (value, name_token) in layout.items():
            if name == "binding" and value is not None:
                binding = value
            elif name != "std430" or value is not None:
                raise self.type_error(f"unsupported buffer layout {name!r}", name_token)
        if binding is None or "std430" not in layout:
            raise self.type_error("buffer needs layout(std430, binding = N)", token)
        readonly = self.accept("readonly")
        self.expect("buffer")
        block = self.identifier()
        fields = self.member_list(allow_unsized=True)
        buffer_fields = tuple(BufferField(name, type_) for name, type_ in fields)
        instance: str | None = None
        if self.tok.kind is TokenKind.IDENT:
            instance_token = self.identifier()
            instance = instance_token.text
            struct_type = StructType(block.text, tuple(StructField(n, t) for n, t in fields))
            ref = VariableRef(struct_type, instance)
            self.declare(instance_token, _Variable(ref, not readonly))
        else:
            for (name, type_), name_token in zip(fields, self._field_tokens, strict=True):
                self.declare(name_token, _Variable(VariableRef(type_, name), not readonly))
        self.expect(";")
        access = BufferAccess.INPUT if readonly else BufferAccess.INPUT_OUTPUT
        return StorageBuffer(block.text, instance, binding, buffer_fields, access, readonly)

    def member_list(self, allow_unsized: bool = False) -> list[tuple[str, Type]]:
        self.expect("{")
        fields: list[tuple[str, Type]] = []
        self._field_tokens: list[Token] = []
        while not self.accept("}"):
            base = self.type_specifier()
            name = self.identifier()
            type_ = self.array_suffix(base, allow_unsized)
            if isinstance(type_, type(VOID)):
                raise self.type_error("field of type void", name)
            if any(name.text == n for n, _ in fields):
                raise self.type_error(f"duplicate field {name.text!r}", name)
            fields.append((name.text, type_))
            self._field_tokens.append(name)
            self.expect(";")
        if not fields:
            raise self.syntax("empty member list")
        return fields

    def struct_declaration(self) -> StructType:
        self.expect("struct")
        name = self.identifier()
        if name.text in self.structs or self.lookup(name.text) is not None:
            raise self.type_error(f"redeclaration of {name.text!r}", name)
        fields = self.member_list()
        self.expect(";")
        struct_type = StructType(name.text, tuple(StructField(n, t) for n, t in fields))
        self.structs[name.text] = struct_type
        return struct_type

    def interface_variable(
        self,
        layout: dict[str, tuple[int | None, Token]],
        token: Token,
        uniforms: list[Uniform],
        inputs: list[StageInput],
        outputs: list[StageOutput],
    ) -> None:
        location = layout.get("location", (None, token))[0]
        if location is None or len(layout) != 1:
            raise self.type_error("expected layout(location = N)", token)
        storage = self.tok.text
        if storage not in ("uniform", "in", "out"):
            raise self.syntax("expected 'uniform', 'in', 'out' or 'buffer'")
        self.advance()
        base = self.type_specifier()
        name = self.identifier()
        type_ = self.array_suffix(base)
        self.expect(";")
        self.declare(name, _Variable(VariableRef(type_, name.text), storage == "out"))
        if storage == "uniform":
            uniforms.append(Uniform(name.text, type_, location))
        elif storage == "in":
            inputs.append(StageInput(name.text, type_, location))
        else:
            outputs.append(StageOutput(name.text, type_, location))

    def global_or_function(self) -> VarDecl | Function:
        if self.at("const"):
            return self.var_decl_tail(const=True)
        if not self.is_type_start(self.tok):
            raise self.syntax("expected a declaration")
        if self.peek(2).text == "(" and self.peek().kind is TokenKind.IDENT:
            return self.function()
        return self.var_decl_tail(const=False)

    def function(self) -> Function:
        return_type = self.type_specifier()
        name = self.identifier()
        if self.lookup(name.text) is not None or name.text in self.structs:
            raise self.type_error(f"redeclaration of {name.text!r}", name)
        self.expect("(")
        params: list[Parameter] = []
        param_tokens: list[Token] = []
        if self.at("void") and self.peek().text == ")":
            self.advance()
        elif not self.at(")"):
            while True:
                const = self.accept("const")
                qualifier = ParamQualifier.IN
                for candidate in ParamQualifier:
                    if self.accept(candidate.value):
                        qualifier = candidate
                        break
                base = self.type_specifier()
                param_name = self.identifier()
                type_ = self.array_suffix(base)
                if isinstance(type_, type(VOID)):
                    raise self.type_error("parameter of type void", param_name)
                params.append(Parameter(param_name.text, type_, qualifier, const))
                param_tokens.append(param_name)
                if not self.accept(","):
                    break
        self.expect(")")
        if self.at(";"):
            raise self.syntax("function prototypes are not supported")
        signature = tuple(p.type for p in params)
        for other in self.functions.get(name.text, []):
            if tuple(p.type for p in other.params) == signature:
                raise self.type_error(f"redefinition of {name.text!r}", name)
        if name.text == "main" and (params or return_type != VOID):
            raise self.type_error("main must be void main()", name)
        self.scopes.append({})
        for param, token in zip(params, param_tokens, strict=True):
            self.declare(token, _Variable(VariableRef(param.type, param.name), not param.const))
        self.return_type = return_type
        body = self.block(new_scope=False)
        self.scopes.pop()
        function = Function(name.text, return_type, tuple(params), body)
        self.functions.setdefault(name.text, []).append(function)
        return function

    # --------------------------------------------------------------- statements

    def var_decl_tail(self, const: bool) -> VarDecl:
        """`[const] T name[dims] [= init];` one declarator (the IR holds one a statement)."""
        if const:
            self.expect("const")
        base = self.type_specifier()
        name = self.identifier()
        type_ = self.array_suffix(base)
        if isinstance(type_, type(VOID)):
            raise self.type_error("variable of type void", name)
        init: Expression | None = None
        if self.at("="):
            eq = self.advance()
            init = self.assignment()
            if init.type != type_:
                raise self.type_error(f"cannot initialise {type_} with {init.type}", eq)
        elif const:
            raise self.type_error("const variable needs an initialiser", name)
        if self.at(","):
            raise self.syntax("one declarator per declaration is supported")
        self.expect(";")
        self.declare(name, _Variable(VariableRef(type_, name.text), not const))
        return VarDecl(name.text, type_, init, const)

    def starts_declaration(self) -> bool:
        if self.at("const"):
            return True
        return self.is_type_start(self.tok) and self.peek().kind is TokenKind.IDENT

    def block(self, new_scope: bool = True) -> Block:
        self.expect("{")
        if new_scope:
            self.scopes.append({})
        body: list[Statement] = []
        while not self.accept("}"):
            if self.tok.kind is TokenKind.EOF:
                raise self.syntax("expected '}'")
            statement = self.statement()
            if statement is not None:
                body.append(statement)
        if new_scope:
            self.scopes.pop()
        return Block(tuple(body))

    def sub_block(self) -> Block:
        """A body: braces written by the emitter, or one statement that we wrap."""
        if self.at("{"):
            return self.block()
        self.scopes.append({})
        statement = self.statement()
        self.scopes.pop()
        return Block(() if statement is None else (statement,))

    def condition(self) -> Expression:
        self.expect("(")
        token = self.tok
        expr = self.expression()
        if expr.type != BOOL:
            raise self.type_error(f"condition must be bool, not {expr.type}", token)
        self.expect(")")
        return expr

    def statement(self) -> Statement | None:
        token = self.tok
        if self.at("{"):
            return self.block()
        if self.at(";"):
            self.advance()
            return None
        if self.starts_declaration():
            return self.var_decl_tail(const=self.at("const"))
        word = token.text if token.kind is TokenKind.IDENT else ""
        if word == "if":
            self.advance()
            condition = self.condition()
            then = self.sub_block()
            otherwise: Block | None = None
            if self.accept("else"):
                otherwise = self.sub_block()
            return If(condition, then, otherwise)
        if word == "switch":
            return self.switch()
        if word == "for":
            return self.for_loop()
        if word == "while":
            self.advance()
            condition = self.condition()
            return While(condition, self.loop_body())
        if word == "do":
            self.advance()
            body = self.loop_body()
            self.expect("while")
            condition = self.condition()
            self.expect(";")
            return DoWhile(body, condition)
        if word in ("break", "continue", "discard"):
            self.advance()
            self.expect(";")
            jumps: dict[str, Statement] = {
                "break": Break(),
                "continue": Continue(),
                "discard": Discard(),
            }
            return jumps[word]
        if word == "return":
            self.advance()
            value: Expression | None = None
            if not self.at(";"):
                value = self.expression()
            actual = VOID if value is None else value.type
            if actual != self.return_type:
                raise self.type_error(f"return of {actual} in a {self.return_type} function", token)
            self.expect(";")
            return Return(value)
        if word in ("case", "default"):
            raise self.syntax("case label outside a switch")
        if word in ("else", "while"):
            raise self.syntax("unexpected keyword")
        expr = self.expression()
        self.expect(";")
        return ExprStmt(expr)

    def loop_body(self) -> Block:
        return self.sub_block()

    def switch(self) -> Switch:
        self.expect("switch")
        self.expect("(")
        token = self.tok
        selector = self.expression()
        if selector.type not in (INT, UINT):
            raise self.type_error("switch selector must be int or uint", token)
        self.expect(")")
        self.expect("{")
        self.scopes.append({})
        cases: list[tuple[Literal | None, list[Statement]]] = []
        seen: set[object] = set()
        while not self.accept("}"):
            label = self.tok
            if self.accept("case"):
                value = self.unary()
                if not isinstance(value, Literal) or value.type != selector.type:
                    raise self.type_error(f"case label must be a {selector.type} literal", label)
                self.expect(":")
                key: object = value.value
                cases.append((value, []))
            elif self.accept("default"):
                self.expect(":")
                key = None
                cases.append((None, []))
            else:
                if not cases:
                    raise self.syntax("statement before the first case label")
                if self.tok.kind is TokenKind.EOF:
                    raise self.syntax("expected '}'")
                statement = self.statement()
                if statement is not None:
                    cases[-1][1].append(statement)
                continue
            if key in seen:
                raise self.type_error("duplicate case label", label)
            seen.add(key)
        self.scopes.pop()
        return Switch(selector, tuple(SwitchCase(v, tuple(body)) for v, body in cases))

    def for_loop(self) -> For:
        self.expect("for")
        self.expect("(")
        self.scopes.append({})
        init: VarDecl | ExprStmt | None = None
        if self.starts_declaration():
            init = self.var_decl_tail(const=self.at("const"))
        elif not self.accept(";"):
            init = ExprStmt(self.expression())
            self.expect(";")
        condition: Expression | None = None
        if not self.at(";"):
            token = self.tok
            condition = self.expression()
            if condition.type != BOOL:
                raise self.type_error("loop condition must be bool", token)
        self.expect(";")
        update = None if self.at(")") else self.expression()
        self.expect(")")
        body = self.loop_body()
        self.scopes.pop()
        return For(init, condition, update, body)

    # -------------------------------------------------------------- expressions

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
        variable = None if name is None else self.lookup(name)
        if variable is None or not variable.writable:
            raise self.type_error(f"{name!r} is read-only", token)

    def assignment(self) -> Expression:
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
            result: Type | str = value.type
        else:
            result = binary_type(binary, target.type, value.type)
        if isinstance(result, str) or result != target.type:
            raise self.type_error(
                f"cannot apply {op.value} to {target.type} and {value.type}", token
            )
        return Assign(target.type, op, target, value)

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
        if if_true.type != if_false.type:
            raise self.type_error("ternary branches differ in type", token)
        return Ternary(if_true.type, condition, if_true, if_false)

    def binary(self, level: int) -> Expression:
        if level < min(BINARY_PRECEDENCE.values()):
            return self.unary()
        left = self.binary(level - 1)
        while True:
            token = self.tok
            op = _BINARY_BY_TOKEN.get(token.text) if token.kind is TokenKind.PUNCT else None
            if op is None or op.precedence != level:
                return left
            self.advance()
            right = self.binary(level - 1)
            result = binary_type(op, left.type, right.type)
            if isinstance(result, str):
                raise self.type_error(result, token)
            left = Binary(result, op, left, right)

    def unary(self) -> Expression:
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
        if token.kind is TokenKind.FLOAT:
            # The value is kept as written, not rounded to float32: the emitter writes the
            # shortest repr of the IR's double, so keeping it is what makes round trips exact.
            value = float(token.value)
            if not abs(value) <= FLOAT32_MAX:
                raise self.type_error("float literal out of range", token)
            return Literal(FLOAT, -value if negate else value)
        magnitude = int(token.value)
        if token.kind is TokenKind.UINT:
            if magnitude >= UINT_LIMIT:
                raise self.type_error("uint literal out of range", token)
            return Literal(UINT, magnitude)
        is_hex = token.text.lower().startswith(("0x", "0"))
        if is_hex and INT_MAX < magnitude < UINT_LIMIT:
            magnitude -= UINT_LIMIT  # GLSL reads 0xFFFFFFFF as the int bit pattern -1
        value_int = -magnitude if negate else magnitude
        if not -(2**31) <= value_int <= INT_MAX:
            raise self.type_error("int literal out of range", token)
        return Literal(INT, value_int)

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
            for field in base.type.fields:
                if field.name == name.text:
                    return Member(field.type, base, name.text)
            raise self.type_error(f"{base.type.name} has no field {name.text!r}", name)
        if not isinstance(base.type, VectorType):
            raise self.type_error(f"{base.type} has no fields", name)
        for names in _SWIZZLE_SETS:
            if all(ch in names.value for ch in name.text):
                components = tuple(names.value.index(ch) for ch in name.text)
                if len(components) > 4 or any(c >= base.type.size for c in components):
                    break
                size = len(components)
                kind = base.type.kind
                result: Type = ScalarType(kind) if size == 1 else VectorType(kind, size)
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
            base = self.type_specifier()
            type_ = self.array_suffix(base, allow_unsized=True)
            args, _ = self.arguments()
            if isinstance(type_, ArrayType) and type_.length is None:
                type_ = ArrayType(type_.element, len(args))
            problem = construct_error(type_, tuple(a.type for a in args))
            if problem is not None:
                raise self.type_error(problem, token)
            return Construct(type_, args)
        if token.text in _KEYWORDS:
            raise self.syntax("expected an expression")
        self.advance()
        if self.at("("):
            return self.call(token)
        variable = self.lookup(token.text)
        if variable is None:
            raise self.type_error(f"undeclared identifier {token.text!r}", token)
        return variable.ref

    def call(self, name: Token) -> Expression:
        args, arg_tokens = self.arguments()
        arg_types = tuple(a.type for a in args)
        if self.lookup(name.text) is not None:
            raise self.type_error(f"{name.text!r} is not a function", name)
        for function in self.functions.get(name.text, []):
            if tuple(p.type for p in function.params) == arg_types:
                for param, arg, token in zip(function.params, args, arg_tokens, strict=True):
                    if param.qualifier.writes_back:
                        self.check_writable(arg, token)
                return Call(function.return_type, name.text, args, CallKind.USER)
        overload = find_overload(name.text, arg_types)
        if overload is not None:
            for position in overload.out_params:
                self.check_writable(args[position], arg_tokens[position])
            return Call(overload.result, name.text, args, CallKind.BUILTIN)
        shown = ", ".join(str(t) for t in arg_types)
        raise self.type_error(f"no function {name.text}({shown})", name)
