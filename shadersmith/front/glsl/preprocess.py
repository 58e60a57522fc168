"""The preprocessing step: comments out, `#version` recorded, `#extension` ignored.

Real preprocessing (macros, conditionals) is out of scope: the emitter never writes it, so
any other directive is rejected rather than silently misread. Every removed character is
replaced by a space (newlines kept) so that later line and column numbers match the input.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.front.glsl.errors import GLSLSyntaxError
from shadersmith.ir.profile import ESSL310, GLSL450, LanguageProfile


@dataclass(frozen=True, slots=True)
class Preprocessed:
    text: str
    profile: LanguageProfile


def strip_comments(text: str) -> str:
    out: list[str] = []
    i = 0
    n = len(text)
    line, column = 1, 1
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
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
        ch = text[i]
        out.append(ch)
        if ch == "\n":
            line, column = line + 1, 1
        else:
            column += 1
        i += 1
    return "".join(out)


def _version(words: list[str], line: int, column: int) -> LanguageProfile:
    if words == ["450"] or words == ["450", "core"]:
        return GLSL450
    if words == ["310", "es"]:
        return ESSL310
    raise GLSLSyntaxError(f"unsupported #version {' '.join(words)!r}", line, column)


def preprocess(text: str) -> Preprocessed:
    lines = strip_comments(text).split("\n")
    profile: LanguageProfile | None = None
    for index, raw in enumerate(lines):
        stripped = raw.lstrip()
        if not stripped.startswith("#"):
            continue
        line = index + 1
        column = len(raw) - len(stripped) + 1
        words = stripped[1:].split()
        directive = words[0] if words else ""
        if directive == "version":
            if profile is not None:
                raise GLSLSyntaxError("duplicate #version", line, column)
            if any(not s.isspace() for s in lines[:index] if s):
                raise GLSLSyntaxError("#version must come first", line, column)
            profile = _version(words[1:], line, column)
        elif directive == "extension":
            pass  # extensions change nothing in the subset we read
        else:
            raise GLSLSyntaxError(f"unsupported preprocessor directive #{directive}", line, column)
        lines[index] = " " * len(raw)
    if profile is None:
        raise GLSLSyntaxError("missing #version directive", 1, 1)
    return Preprocessed("\n".join(lines), profile)
