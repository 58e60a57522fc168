"""The parser's shared state and helpers: tokens, scopes, positions, conversions."""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.analysis.typing import Conversions
from shadersmith.front.glsl.builtin_types import BASIC_TYPES
from shadersmith.front.glsl.builtin_variables import BUILTIN_VARIABLES
from shadersmith.front.glsl.constants import Constant
from shadersmith.front.glsl.errors import GLSLSyntaxError, GLSLTypeError
from shadersmith.front.glsl.tokens import Token, TokenKind
from shadersmith.ir.expressions import Construct, Expression, VariableRef
from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.ir.program import Function, Stage
from shadersmith.ir.types import StructType, Type

# How deep the front-end reads (shared test directories bring shaders from anyone).
# MAX_NESTING: statements and expressions nested in one another as written; each
# statement, each operand of a prefix operator and each full expression (in parentheses,
# an argument, an index, the right of an assignment) is a level. The parser descends
# recursively, several Python frames a level, so the bound keeps it well inside Python's
# recursion limit wherever it is called from.
MAX_NESTING = 64
# MAX_TREE_DEPTH: the longest path of IR nodes in a function's body or a global's
# initialiser (`a + b + ... + z` is read in a loop but is a chain of 26 nodes);
# MAX_CALL_DEPTH: the same summed along a chain of calls, since the interpreter runs a
# callee inside its caller's frames. Everything after the front-end (reconditioning,
# the interpreter, pickling a job for a worker) walks the IR recursively and exhausts
# Python's stack near 300 and 1000; generated programs, reconditioned, stay below 40 and
# 110 even at the generator's largest options.
MAX_TREE_DEPTH = 64
MAX_CALL_DEPTH = 256

STORAGE_WORDS = frozenset({"in", "out", "uniform", "buffer", "shared", "attribute", "varying"})
PRECISION_WORDS = frozenset({"highp", "mediump", "lowp"})
# Every word that may qualify a declaration, a parameter or a block member.
QUALIFIER_WORDS = (
    STORAGE_WORDS
    | PRECISION_WORDS
    | {
        "const",
        "inout",
        "centroid",
        "sample",
        "patch",
        "flat",
        "smooth",
        "noperspective",
        "invariant",
        "precise",
        "coherent",
        "volatile",
        "restrict",
        "readonly",
        "writeonly",
    }
)
# Words that never name a variable or a function.
KEYWORDS = QUALIFIER_WORDS | {
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
    "layout",
    "precision",
    "true",
    "false",
    "subroutine",
}


@dataclass(slots=True)
class Variable:
    ref: Expression
    writable: bool
    # The value of a `const` variable whose initialiser folds, for constant expressions.
    constant: Constant | None = None


@dataclass(slots=True)
class Signature:
    """A declared function (prototype or definition): what a call needs to type-check."""

    name: str
    return_type: Type
    params: tuple[Type, ...]
    writes_back: tuple[bool, ...]
    defined: Function | None = None
    token: Token | None = None


@dataclass(slots=True)
class StageUse:
    """Stage-specific things a shader used, checked once the stage is known at the end."""

    by_stage: dict[Stage, tuple[str, Token]] = field(default_factory=dict)

    def note(self, stage: Stage, what: str, token: Token) -> None:
        self.by_stage.setdefault(stage, (what, token))


class ParserBase:
    def __init__(
        self,
        tokens: list[Token],
        profile: LanguageProfile,
        extensions: frozenset[str] = frozenset(),
    ) -> None:
        self.tokens = tokens
        self.pos = 0
        self.profile = profile
        self.es = profile.language is Language.ESSL
        self.conversions = Conversions.for_version(profile.version, self.es, extensions)
        self.structs: dict[str, StructType] = {}
        self.struct_order: list[StructType] = []
        self.signatures: dict[str, list[Signature]] = {}
        self.scopes: list[dict[str, Variable]] = [{}]
        self.return_type: Type = BASIC_TYPES["void"]
        self.stage_use = StageUse()
        self.local_size: tuple[int, int, int] | None = None
        self.nesting = 0  # levels entered (MAX_NESTING)
        self.defined_at: dict[int, Token] = {}  # id of each Function read -> its name

    # ------------------------------------------------------------------ tokens

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
        token = self.tok
        return token.text == text and token.kind in (TokenKind.PUNCT, TokenKind.IDENT)

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.advance()
            return True
        return False

    def expect(self, text: str) -> Token:
        if not self.at(text):
            raise self.syntax(f"expected {text!r}")
        return self.advance()

    def enter(self) -> None:
        """One level deeper (see MAX_NESTING); `leave` when the level is read."""
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise GLSLSyntaxError(
                f"nesting deeper than {MAX_NESTING} levels", self.tok.line, self.tok.column
            )

    def leave(self) -> None:
        self.nesting -= 1

    def syntax(self, message: str, token: Token | None = None) -> GLSLSyntaxError:
        token = token or self.tok
        found = token.text or "end of input"
        return GLSLSyntaxError(f"{message}, found {found!r}", token.line, token.column)

    @staticmethod
    def type_error(message: str, token: Token) -> GLSLTypeError:
        return GLSLTypeError(message, token.line, token.column)

    def is_name(self, token: Token) -> bool:
        return (
            token.kind is TokenKind.IDENT
            and token.text not in KEYWORDS
            and token.text not in BASIC_TYPES
        )

    def identifier(self) -> Token:
        if not self.is_name(self.tok):
            raise self.syntax("expected an identifier")
        return self.advance()

    # ------------------------------------------------------------------ scopes

    def lookup(self, name: str) -> Variable | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def declare(self, token: Token, variable: Variable) -> None:
        scope = self.scopes[-1]
        if token.text in scope or (len(self.scopes) == 1 and token.text in self.structs):
            raise self.type_error(f"redeclaration of {token.text!r}", token)
        if len(self.scopes) == 1 and token.text in self.signatures:
            raise self.type_error(f"redeclaration of {token.text!r}", token)
        if token.text.startswith("gl_") and token.text not in BUILTIN_VARIABLES:
            raise self.type_error(f"{token.text!r}: the gl_ prefix is reserved", token)
        scope[token.text] = variable

    def builtin_variable(self, token: Token) -> Variable | None:
        builtin = BUILTIN_VARIABLES.get(token.text)
        if builtin is None:
            return None
        if builtin.stage is not None:
            self.stage_use.note(builtin.stage, token.text, token)
        constant: Constant | None = builtin.value
        if token.text == "gl_WorkGroupSize" and self.local_size is not None:
            constant = self.local_size
        return Variable(VariableRef(builtin.type, token.text), builtin.writable, constant)

    # ------------------------------------------------------------- conversions

    def convert(self, expr: Expression, target: Type, token: Token, what: str) -> Expression:
        """`expr` as a `target` value: itself, or an explicit conversion when GLSL would
        convert implicitly; a type error otherwise (`what` names the context)."""
        if expr.type == target:
            return expr
        if self.conversions.allows(expr.type, target):
            return Construct(target, (expr,))
        raise self.type_error(f"{what}: cannot convert {expr.type} to {target}", token)
