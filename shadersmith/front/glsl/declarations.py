"""Declarations shared by global and local scope: qualifiers, type specifiers (with struct
definitions), declarator lists (`int a = 1, b[2];` is two VarDecls) and initialisers."""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.front.glsl.constants import fold
from shadersmith.front.glsl.expressions import ExpressionParser
from shadersmith.front.glsl.parser_base import (
    PRECISION_WORDS,
    QUALIFIER_WORDS,
    STORAGE_WORDS,
    Variable,
)
from shadersmith.front.glsl.tokens import Token, TokenKind
from shadersmith.ir.expressions import Expression, VariableRef
from shadersmith.ir.initialisers import zero_of
from shadersmith.ir.qualifiers import LayoutItem, Qualifiers
from shadersmith.ir.statements import InitSpelling, VarDecl
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    OpaqueType,
    StructField,
    StructType,
    Type,
    VectorType,
    VoidType,
    has_unsized_array,
)


@dataclass(slots=True)
class ParsedQualifiers:
    token: Token
    layout: list[tuple[str, int | None, Token]] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    const: bool = False

    @property
    def storage(self) -> str | None:
        for word in self.words:
            if word in STORAGE_WORDS:
                return word
        return None

    def ir(self, drop_words: frozenset[str] = frozenset(), drop_layout: str = "") -> Qualifiers:
        layout: tuple[LayoutItem, ...] = tuple(
            (name, value) for name, value, _ in self.layout if name != drop_layout
        )
        words = tuple(w for w in self.words if w not in drop_words)
        return Qualifiers(layout, words)

    def layout_value(self, name: str) -> tuple[bool, int | None]:
        for key, value, _ in self.layout:
            if key == name:
                return True, value
        return False, None


@dataclass(slots=True)
class Declarator:
    token: Token
    type: Type
    init: Expression | None
    # `= { ... }` or `= {}` (VarDecl.spelling), so that the text's spelling comes back.
    spelling: InitSpelling = InitSpelling.CONSTRUCTOR


class DeclarationParser(ExpressionParser):
    def qualifiers(self) -> ParsedQualifiers:
        parsed = ParsedQualifiers(self.tok)
        while True:
            token = self.tok
            if token.kind is not TokenKind.IDENT:
                return parsed
            if token.text == "layout":
                parsed.layout.extend(self.layout())
            elif token.text == "subroutine":
                raise self.type_error("subroutines are not supported", token)
            elif token.text in QUALIFIER_WORDS:
                self.advance()
                if token.text == "const":
                    parsed.const = True
                elif token.text in parsed.words:
                    raise self.type_error(f"duplicate qualifier {token.text!r}", token)
                elif token.text in STORAGE_WORDS and parsed.storage is not None:
                    raise self.type_error("more than one storage qualifier", token)
                else:
                    parsed.words.append(token.text)
            else:
                return parsed

    def layout(self) -> list[tuple[str, int | None, Token]]:
        self.expect("layout")
        self.expect("(")
        items: list[tuple[str, int | None, Token]] = []
        while True:
            name = self.tok
            if name.kind is not TokenKind.IDENT:
                raise self.syntax("expected a layout qualifier")
            self.advance()
            value: int | None = None
            if self.accept("="):
                value = self.constant_int("layout value")
            if any(name.text == other for other, _, _ in items):
                raise self.type_error(f"duplicate layout qualifier {name.text!r}", name)
            items.append((name.text, value, name))
            if not self.accept(","):
                break
        self.expect(")")
        return items

    def precision_statement(self) -> None:
        # Default precisions do not change the exact values our programs compute; ESSL
        # emission writes its own highp defaults.
        self.expect("precision")
        if self.tok.text not in PRECISION_WORDS:
            raise self.syntax("expected a precision qualifier")
        self.advance()
        type_ = self.type_name()
        if isinstance(type_, ArrayType | StructType | VectorType | MatrixType | VoidType):
            raise self.type_error("precision needs a scalar or opaque type", self.tok)
        self.expect(";")

    def type_specifier(self) -> Type:
        """A type name or a struct definition, with optional array sizes (`float[3]`)."""
        base = self.struct_specifier() if self.at("struct") else self.type_name()
        return self.array_suffix(base, allow_unsized=True)

    def struct_specifier(self) -> StructType:
        self.expect("struct")
        name = self.identifier()
        if name.text in self.structs or self.lookup(name.text) is not None:
            raise self.type_error(f"redeclaration of {name.text!r}", name)
        members = self.member_list()
        for member_token, member_type, _ in members:
            if isinstance(member_type, ArrayType) and has_unsized_array(member_type):
                raise self.type_error("struct member needs an array size", member_token)
            if isinstance(member_type, OpaqueType):
                raise self.type_error("struct members cannot be opaque", member_token)
        fields = tuple(StructField(t.text, type_) for t, type_, _ in members)
        struct_type = StructType(name.text, fields)
        self.structs[name.text] = struct_type
        self.struct_order.append(struct_type)
        return struct_type

    def member_list(self, allow_unsized: bool = False) -> list[tuple[Token, Type, Qualifiers]]:
        """`{ T a; U b[2], c; }` of a struct or block: (name, type, qualifiers) each."""
        self.expect("{")
        members: list[tuple[Token, Type, Qualifiers]] = []
        while not self.accept("}"):
            qualifiers = self.qualifiers()
            if qualifiers.const or qualifiers.storage is not None:
                raise self.type_error("bad member qualifier", qualifiers.token)
            base = self.type_specifier()
            while True:
                name = self.identifier()
                type_ = self.array_suffix(base, allow_unsized=allow_unsized)
                if isinstance(type_, VoidType):
                    raise self.type_error("field of type void", name)
                if any(name.text == other.text for other, _, _ in members):
                    raise self.type_error(f"duplicate field {name.text!r}", name)
                members.append((name, type_, qualifiers.ir()))
                if not self.accept(","):
                    break
            self.expect(";")
        if not members:
            raise self.syntax("empty member list")
        for name, type_, _ in members[:-1]:
            if has_unsized_array(type_):
                raise self.type_error("only the last member may be unsized", name)
        return members

    def declarators(self, base: Type, const: bool, first: Token | None = None) -> list[Declarator]:
        """`a = 1, b[2]` up to (not including) the `;`."""
        found: list[Declarator] = []
        while True:
            name = first if first is not None else self.identifier()
            first = None
            type_ = self.array_suffix(base, allow_unsized=True)
            if isinstance(type_, VoidType):
                raise self.type_error("variable of type void", name)
            init: Expression | None = None
            spelling = InitSpelling.CONSTRUCTOR
            if self.at("="):
                eq = self.advance()
                if self.at("{"):
                    spelling = InitSpelling.LIST
                    if self.peek(1).text == "}":
                        spelling = InitSpelling.NULL
                init = self.initializer(type_, eq)
                type_ = init.type
            elif const:
                raise self.type_error("const variable needs an initialiser", name)
            found.append(Declarator(name, type_, init, spelling))
            if not self.accept(","):
                return found

    def initializer(self, type_: Type, token: Token) -> Expression:
        """`= value` or `= { ... }` (GLSL 4.20 initialiser lists, read as constructors)."""
        if self.at("{"):
            return self.initializer_list(type_)
        value = self.assignment()
        if (
            isinstance(type_, ArrayType)
            and type_.length is None
            and isinstance(value.type, ArrayType)
            and value.type.element == type_.element
        ):
            return value
        return self.convert(value, type_, token, f"initialiser of {type_}")

    def initializer_list(self, type_: Type) -> Expression:
        open_token = self.expect("{")
        if self.accept("}"):
            # GL_EXT_null_initializer's `{}`: the all-zero value of the declared type.
            zero = zero_of(type_)
            if zero is None:
                raise self.type_error(f"no null initialiser for {type_}", open_token)
            return zero
        elements: list[Type] = []
        items: list[Expression] = []
        while True:
            index = len(items)
            if isinstance(type_, ArrayType):
                element: Type = type_.element
            elif isinstance(type_, StructType) and index < len(type_.fields):
                element = type_.fields[index].type
            elif isinstance(type_, VectorType):
                element = type_.component
            elif isinstance(type_, MatrixType):
                element = type_.column_type
            else:
                raise self.type_error(f"too many initialisers for {type_}", self.tok)
            items.append(self.initializer(element, self.tok))
            elements.append(element)
            if not self.accept(","):
                break
            if self.at("}"):
                break  # a trailing comma is allowed
        self.expect("}")
        if isinstance(type_, ArrayType) and type_.length is None:
            type_ = ArrayType(type_.element, len(items))
        return self.construct(type_, tuple(items), [open_token] * len(items), open_token)

    def local_declaration(self, qualifiers: ParsedQualifiers, base: Type) -> list[VarDecl]:
        """A declaration statement's VarDecls, each declared in the current scope."""
        if qualifiers.storage is not None:
            raise self.type_error(
                f"{qualifiers.storage!r} is not allowed on a local variable", qualifiers.token
            )
        decls: list[VarDecl] = []
        for declarator in self.declarators(base, qualifiers.const):
            decls.append(self.declare_variable(declarator, qualifiers))
        self.expect(";")
        return decls

    def declare_variable(self, declarator: Declarator, qualifiers: ParsedQualifiers) -> VarDecl:
        type_ = declarator.type
        if isinstance(type_, ArrayType) and has_unsized_array(type_):
            raise self.type_error("array size required here", declarator.token)
        name = declarator.token.text
        constant = None
        if qualifiers.const and declarator.init is not None:
            constant = fold(declarator.init, self.constant_env)
        ref = VariableRef(type_, name)
        self.declare(declarator.token, Variable(ref, not qualifiers.const, constant))
        return VarDecl(
            name,
            type_,
            declarator.init,
            qualifiers.const,
            qualifiers.ir(),
            spelling=declarator.spelling,
        )
