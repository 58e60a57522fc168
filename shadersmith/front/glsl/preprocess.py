"""The preprocessor: comments, directives, conditionals and macros, text to tokens.

It works line by line on tokens, as the GLSL preprocessor is defined: a directive is a
line starting with `#`. Code lines are tokenized only when active, so text in a skipped
`#if 0` branch may hold anything. Tokens that a macro expansion produces carry the position
of the macro's name in the source, so errors still point at the line the user wrote.
`#line` is accepted and ignored: positions always count physical lines of the input, which
is what a reader of the text needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.front.glsl.errors import GLSLSyntaxError
from shadersmith.front.glsl.macros import Macro, MacroExpander
from shadersmith.front.glsl.ppexpr import evaluate_condition
from shadersmith.front.glsl.tokens import Token, TokenKind, tokenize
from shadersmith.ir.control_flow import MACROS as ATTRIBUTE_MACROS
from shadersmith.ir.profile import ESSL310, GLSL450, Language, LanguageProfile

# Versions whose grammar the parser covers (GLSL 1.10 to 4.60, ESSL 1.00 to 3.20).
_DESKTOP_VERSIONS = frozenset({110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460})
_ES_VERSIONS = frozenset({100, 300, 310, 320})
DEFAULT_VERSION = 110  # a shader without #version is GLSL 1.10 (GLSL 4.60, section 3.3)


@dataclass(frozen=True, slots=True)
class Preprocessed:
    tokens: list[Token]
    profile: LanguageProfile
    # `#extension name : behavior` directives, in order: they change what the text means
    # to a compiler (fp64 types, built-ins), so a caller emitting the program needs them.
    extensions: tuple[tuple[str, str], ...] = ()
    # `#version 150 compatibility`: the deprecated built-ins stay available.
    compatibility: bool = False


def profile_for(version: int, es: bool, compatibility: bool = False) -> LanguageProfile:
    """The language profile of a `#version` line; the two the generators use are shared."""
    if compatibility:
        return LanguageProfile(f"glsl{version}compat", Language.GLSL, version, compatibility=True)
    if es:
        if version == ESSL310.version:
            return ESSL310
        return LanguageProfile(f"essl{version}", Language.ESSL, version, needs_precision=True)
    if version == GLSL450.version:
        return GLSL450
    return LanguageProfile(f"glsl{version}", Language.GLSL, version)


def strip_comments(text: str) -> str:
    """`text` with comments blanked (newlines kept, so positions do not move) and line
    continuations joined (the newline moves to the end of the joined line)."""
    out: list[str] = []
    i = 0
    n = len(text)
    line, column = 1, 1
    owed_newlines = 0
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                if text.startswith("\\\n", i):
                    out.append("  ")  # a continued // comment goes on on the next line
                    owed_newlines += 1
                    i += 2
                    line += 1
                    continue
                out.append(" ")
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise GLSLSyntaxError("unterminated block comment", line, column)
            for ch in text[i : end + 2]:
                out.append("\n" if ch == "\n" else " ")
                if ch == "\n":
                    line, column = line + 1, 1
                else:
                    column += 1
            i = end + 2
            continue
        if text.startswith("\\\n", i):
            owed_newlines += 1
            i += 2
            line, column = line + 1, 1
            continue
        ch = text[i]
        if ch == "\n" and owed_newlines:
            out.append("\n" * owed_newlines)
            owed_newlines = 0
        out.append(ch)
        if ch == "\n":
            line, column = line + 1, 1
        else:
            column += 1
        i += 1
    out.append("\n" * owed_newlines)
    return "".join(out)


@dataclass(slots=True)
class _Conditional:
    """One open `#if`: whether its current branch is active, whether an earlier branch
    was taken, whether the enclosing text is active, and whether `#else` was seen."""

    active: bool
    taken: bool
    parent_active: bool
    line: int
    column: int
    seen_else: bool = False


@dataclass(slots=True)
class _State:
    macros: dict[str, Macro] = field(default_factory=dict)
    conditionals: list[_Conditional] = field(default_factory=list)
    extensions: list[tuple[str, str]] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return not self.conditionals or self.conditionals[-1].active


def _version(words: list[Token], line: int, column: int) -> tuple[int, bool, bool]:
    """(version, es, compatibility) of a `#version` directive's words."""
    if not words or words[0].kind is not TokenKind.INT:
        raise GLSLSyntaxError("expected a version number after #version", line, column)
    number = int(words[0].value)
    rest = [w.text for w in words[1:]]
    es = rest == ["es"] or (number == 100 and not rest)
    known = _ES_VERSIONS if es else _DESKTOP_VERSIONS
    if number not in known or rest not in ([], ["es"], ["core"], ["compatibility"]):
        spelled = " ".join(w.text for w in words)
        raise GLSLSyntaxError(f"unsupported #version {spelled!r}", line, column)
    if es and number != 100 and rest != ["es"]:
        raise GLSLSyntaxError(f"#version {number} needs 'es'", line, column)
    return number, es, rest == ["compatibility"]


def _predefined(version: int, es: bool, compatibility: bool) -> dict[str, Macro]:
    values = {"__VERSION__": version, "__FILE__": 0}
    if es:
        values["GL_ES"] = 1
        values["GL_FRAGMENT_PRECISION_HIGH"] = 1
    elif version >= 150 and not compatibility:
        values["GL_core_profile"] = 1
    elif version >= 150:
        values["GL_compatibility_profile"] = 1
    return {
        name: Macro(name, None, (Token(TokenKind.INT, str(v), 0, 0, v),))
        for name, v in values.items()
    }


def preprocess(text: str) -> Preprocessed:
    lines = strip_comments(text).split("\n")
    state = _State()
    state.macros.update(_predefined(DEFAULT_VERSION, False, False))
    expander = MacroExpander(state.macros)
    version: tuple[int, bool, bool] | None = None
    seen_code = False
    out: list[Token] = []
    pending: list[Token] = []  # active code tokens since the last directive

    def flush() -> None:
        if pending:
            out.extend(expander.expand(pending))
            pending.clear()

    for index, raw in enumerate(lines):
        line = index + 1
        stripped = raw.lstrip()
        if not stripped:
            continue
        column = len(raw) - len(stripped) + 1
        if not stripped.startswith("#"):
            seen_code = True
            if state.active:
                tokens = tokenize(stripped, line, column - 1)
                pending.extend(tokens[:-1])
            continue
        flush()
        # The directive's own words; a `#error` or inactive line may hold anything.
        body = stripped[1:]
        name_end = len(body) - len(body.lstrip())
        rest = body.lstrip()
        directive = ""
        while name_end < len(body) and (body[name_end].isalnum() or body[name_end] == "_"):
            directive += body[name_end]
            name_end += 1
        after = column + 1 + name_end  # column of the text after the directive name
        conditional = directive in ("if", "ifdef", "ifndef", "elif", "else", "endif")
        if not state.active and not conditional:
            continue
        if directive == "version":
            if version is not None:
                raise GLSLSyntaxError("duplicate #version", line, column)
            if seen_code:
                raise GLSLSyntaxError("#version must come first", line, column)
            words = tokenize(body[name_end:], line, after - 1)[:-1]
            version = _version(words, line, column)
            state.macros.clear()
            state.macros.update(_predefined(*version))
            continue
        seen_code = True
        if directive in ("error",):
            raise GLSLSyntaxError(f"#error{body[name_end:].rstrip()}", line, column)
        if directive in ("pragma", "line") or not rest:
            continue  # `#pragma`, `#line` and the null directive `#` change nothing here
        if directive == "extension":
            name, behavior = _extension(body[name_end:], line, after)
            state.extensions.append((name, behavior))
            if behavior != "disable" and name != "all":
                # Compilers define a macro per extension they support; a shader that
                # enables one is one they are expected to support.
                state.macros[name] = Macro(name, None, (Token(TokenKind.INT, "1", line, 1, 1),))
            continue
        words = tokenize(body[name_end:], line, after - 1)[:-1]
        if directive == "define":
            _define(state, words, line, column)
        elif directive == "undef":
            if len(words) != 1 or words[0].kind is not TokenKind.IDENT:
                raise GLSLSyntaxError("expected a macro name after #undef", line, column)
            state.macros.pop(words[0].text, None)
        elif conditional:
            _conditional(state, expander, directive, words, line, column)
        else:
            raise GLSLSyntaxError(f"unknown preprocessor directive #{directive}", line, column)
    flush()
    if state.conditionals:
        opened = state.conditionals[-1]
        raise GLSLSyntaxError("#if without #endif", opened.line, opened.column)
    number, es, compatibility = version or (DEFAULT_VERSION, False, False)
    end_line = len(lines)
    out.append(Token(TokenKind.EOF, "", end_line, len(lines[-1]) + 1))
    profile = profile_for(number, es, compatibility)
    return Preprocessed(out, profile, tuple(state.extensions), compatibility)


def _extension(text: str, line: int, column: int) -> tuple[str, str]:
    name, colon, behavior = text.partition(":")
    name, behavior = name.strip(), behavior.strip()
    if not colon or not name or behavior not in ("require", "enable", "warn", "disable"):
        raise GLSLSyntaxError("expected '#extension name : behavior'", line, column)
    return name, behavior


def _define(state: _State, words: list[Token], line: int, column: int) -> None:
    if not words or words[0].kind is not TokenKind.IDENT:
        raise GLSLSyntaxError("expected a macro name after #define", line, column)
    name = words[0]
    if name.text.startswith("GL_") or name.text in ("__LINE__", "__FILE__", "__VERSION__"):
        raise GLSLSyntaxError(f"cannot define reserved macro {name.text!r}", line, column)
    params: tuple[str, ...] | None = None
    body = words[1:]
    # A function-like macro has its `(` right after the name, with no space between.
    if body and body[0].text == "(" and body[0].column == name.column + len(name.text):
        names: list[str] = []
        i = 1
        while i < len(body) and body[i].text != ")":
            token = body[i]
            if token.kind is not TokenKind.IDENT or token.text in names:
                raise GLSLSyntaxError("bad macro parameter list", token.line, token.column)
            names.append(token.text)
            i += 1
            if i < len(body) and body[i].text == ",":
                i += 1
        if i >= len(body):
            raise GLSLSyntaxError("unterminated macro parameter list", line, column)
        params = tuple(names)
        body = body[i + 1 :]
    if params is None and not body and name.text in ATTRIBUTE_MACROS:
        # GL's empty spelling of a control-flow attribute of ours (ir/control_flow.py):
        # read as the attribute Vulkan gets, so that the parser keeps it on its statement.
        body = tokenize(f"[[{ATTRIBUTE_MACROS[name.text]}]]", line, column)[:-1]
    macro = Macro(name.text, params, tuple(body))
    old = state.macros.get(name.text)
    if old is not None and not old.same_as(macro):
        raise GLSLSyntaxError(f"macro {name.text!r} redefined differently", line, column)
    state.macros[name.text] = macro


def _conditional(
    state: _State,
    expander: MacroExpander,
    directive: str,
    words: list[Token],
    line: int,
    column: int,
) -> None:
    stack = state.conditionals
    if directive in ("if", "ifdef", "ifndef"):
        parent = state.active
        value = False
        if parent:
            if directive == "if":
                value = evaluate_condition(words, expander, line, column)
            else:
                if len(words) != 1 or words[0].kind is not TokenKind.IDENT:
                    raise GLSLSyntaxError(f"expected a macro name after #{directive}", line, column)
                value = (words[0].text in state.macros) == (directive == "ifdef")
        stack.append(_Conditional(parent and value, value, parent, line, column))
        return
    if not stack:
        raise GLSLSyntaxError(f"#{directive} without #if", line, column)
    top = stack[-1]
    if directive == "endif":
        stack.pop()
    elif top.seen_else:
        raise GLSLSyntaxError(f"#{directive} after #else", line, column)
    elif directive == "else":
        top.seen_else = True
        top.active = top.parent_active and not top.taken
        top.taken = True
    else:  # elif
        value = False
        if top.parent_active and not top.taken:
            value = evaluate_condition(words, expander, line, column)
        top.active = top.parent_active and not top.taken and value
        top.taken = top.taken or value
