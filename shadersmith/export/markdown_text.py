"""Text from a test (anyone's: its shader, logs, signature, versions, names) made inert in
the Markdown of a bug report, which a tracker renders: it must show as written, never as
a heading, a link, an image, raw HTML, a table cell's end or an @mention.

Three forms, each for one place in the report:

- `fenced`: a block (a shader, a log): fenced by more backticks than any run of them in
  the text, so no line of it closes the fence;
- `code`: a name or a short value inline (a signature, a directory, a field): a code span
  delimited likewise, on one line, inert whatever it holds (trackers neither link nor
  mention inside code);
- `prose`: a tool's message inline, in running text: one line, every character that
  opens Markdown syntax backslash-escaped, and what a tracker links or mentions by
  itself (`@name`, `://`, `www.`), which an escape does not stop, shown as code.

Control characters (a newline that would start a heading, ESC) become `\\xNN` in `code`
and `prose`; a fenced block keeps its newlines and tabs."""

from __future__ import annotations

import re

from shadersmith.export.common import one_line, shown_control

# In a block, newlines stay (they are its lines) and tabs too.
_BLOCK_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_BACKTICKS = re.compile(r"`+")
# Characters that open inline syntax (emphasis, code, links, images, HTML, entities,
# strikethrough, table cells, headings, escapes): escaped wherever they stand.
_SPECIAL = re.compile(r"([\\`*\[\]<>!#|~&])")
# `_` opens emphasis only at a word's edge; inside one (shader_runner) it is text.
_EDGE_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
# What trackers turn into a link or a mention in plain text, escapes or not.
_LIVE = re.compile(r"@|://|www\.", re.IGNORECASE)


def code(text: str, in_table: bool = False) -> str:
    """`text` as an inline code span that nothing in it can end early. In a table cell a
    `|` ends the cell even inside code (GitHub's tables): escaped there too."""
    shown = one_line(text)
    longest = max((len(run) for run in _BACKTICKS.findall(shown)), default=0)
    ticks = "`" * (longest + 1)
    # A span that starts or ends with a backtick (or a space) needs a space inside its
    # delimiters, which the reader strips again.
    pad = " " if not shown or shown[:1] in ("`", " ") or shown[-1:] in ("`", " ") else ""
    if in_table:
        shown = shown.replace("|", "\\|")
    return f"{ticks}{pad}{shown}{pad}{ticks}"


def prose(text: str) -> str:
    """`text` as inline Markdown that renders as the characters it holds, on one line.
    Never at the start of a line (where `- `, `1. ` or `===` would start a block): the
    report puts our own words first."""
    escaped = _SPECIAL.sub(r"\\\1", one_line(text))
    escaped = _EDGE_UNDERSCORE.sub(r"\\_", escaped)
    return _LIVE.sub(lambda m: f"`{m.group()}`", escaped)


def fence(text: str) -> str:
    """The backtick fence for `text`: longer than any run of backticks in it."""
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    return "`" * max(3, longest + 1)


def fenced(text: str, info: str = "") -> list[str]:
    """The lines of a fenced code block holding `text` as it is (its control characters
    but newlines and tabs shown as `\\xNN`)."""
    body = _BLOCK_CONTROLS.sub(shown_control, text.rstrip("\n"))
    ticks = fence(body)
    return [f"{ticks}{info}", *body.split("\n"), ticks]
