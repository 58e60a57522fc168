"""GLSL text written through the preprocessor (issue 36, item 2): the same program, other
tokens before expansion.

A program whose `Program.macros` is set is emitted with, at sites drawn from a stream of
its seed (each with `MacroSpelling.probability`):
- binary operators as function-like macros, `#define PP_B0(a, b) ((a) + (b))`, every
  operand and the whole parenthesised so that precedence is kept whatever the arguments;
  a macro reached through another (`#define PP_B1(x, y) PP_B0(x, y)`, or the object-like
  `#define PP_B2 PP_B0` that a `(` after it makes a call), and `#undef` then a new
  definition of the name, at times for another operator;
- literals as object-like macros (`#define PP_K0 7u`, a negative one parenthesised), an
  int as another macro plus a difference (`#define PP_K1 (PP_K0 + 3)`), or as
  `(__LINE__ - k)` with k the line's number minus the value;
- type names as object-like macros (`PP_T0 var_1 = PP_T0(1, 2);`) and, where the language
  allows `##` (desktop GLSL from 1.30; glslang refuses it in ESSL), names pasted
  together: `PP_CAT(var_, 12)`, `PP_CAT(iv, ec2)`;
- a line (a statement, the opening or closing line of a block, a global) inside a
  conditional group whose taken branch holds it: `#if` / `#else` / `#endif` on a condition
  every front-end finds true (`__VERSION__`, `defined`, `GL_ES`, arithmetic, a macro of
  ours), `#if 0` / `#elif`, `#ifdef` / `#ifndef`, or `#ifdef VULKAN` with the line in both
  branches (glslang defines VULKAN for Vulkan, GL compilers do not). A skipped branch
  holds valid preprocessing tokens only (the characters of GLSL's set, no `"` or `'`):
  garbage, the line with another number, or directives that must not run there (`#error`,
  `#define`, `#undef`, a nested `#if` on tokens that do not evaluate);
- `#line N` where N is the number of the line that follows, which changes nothing from
  GLSL 3.30 and ESSL 1.00 on (the line after `#line N` is line N there; it was N + 1
  before), so that `__LINE__` and the front-end, which ignores `#line`, still agree.

The interface (header, blocks, inputs and outputs) stays plain: the exports and the
runners' text readers see it as before. Macro names start with `PP_`, which no generated
name does; none contains `__` (reserved) or starts with `GL_`.
"""

from __future__ import annotations

import random
import re

from shadersmith.ir.expressions import Literal
from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.ir.program import MacroSpelling
from shadersmith.ir.types import ScalarKind

# `(__LINE__ - k)` for int literal `value` is written as this marker until the line's number
# is known (`place`); \x01 is no character of GLSL's.
_MARK = "\x01"
_MARKED = re.compile(f"{_MARK}(-?[0-9]+){_MARK}")
# Only small ints go through __LINE__ and through macro arithmetic: far from overflow.
_SMALL = 1 << 20
_PARAMS = (("a", "b"), ("x", "y"), ("lhs", "rhs"), ("p0", "p1"))
# Tokens of a skipped group: GLSL's characters only, so every preprocessor lexes them.
_GARBAGE = (
    "int", "float", "vec4", "return", "if", "else", "{", "}", "(", ")", "[", "]", ";", ",",
    "+", "-", "*", "/", "%", "=", "==", "<", ">", "<<", "&&", "||", "!", "~", "?", ":", ".",
    "0", "1", "42", "3.5", "7u", "0x1F", "var_0", "PP_NOT_A_MACRO", "defined", "main",
)  # fmt: skip
_NEVER = "PP_NEVER_DEFINED"


class MacroSpeller:
    """The preprocessor spelling of one emission: the GLSL emitter asks it how to write
    expressions (`binary`, `literal`, `type_name`, `identifier`) and hands it each line to
    `place`, which adds the directives that line needs and the conditional group around it."""

    def __init__(self, spelling: MacroSpelling, profile: LanguageProfile, stage: str) -> None:
        self.rng = random.Random(f"shadersmith-preprocessor-{spelling.seed}-{stage}")
        self.probability = spelling.probability
        self.profile = profile
        self.pending: list[str] = []
        self.count = 0
        self.binary_macros: dict[str, str] = {}  # operator -> macro name spelling it now
        self.literal_macros: dict[str, str] = {}  # literal text -> macro name
        self.int_values: dict[str, int] = {}  # macro name -> the small int it expands to
        self.type_macros: dict[str, str] = {}  # type name -> macro name
        self.defined: list[str] = []  # macro names defined now (for `defined` conditions)
        self.paste: str | None = None
        # Function-like macros the line being written calls: its directives all come before
        # it, so a name it calls must keep one definition until the line is placed.
        self.busy: set[str] = set()
        # `##`: desktop GLSL from 1.30 (glslang: `token pasting (##)` needs ~EEsProfile, 130).
        self.pasting = profile.language is Language.GLSL and profile.version >= 130

    # ------------------------------------------------------------------ choices

    def _draw(self) -> bool:
        return self.rng.random() < self.probability

    def _name(self, kind: str) -> str:
        self.count += 1
        return f"PP_{kind}{self.count - 1}"

    def _define(self, name: str, rest: str) -> None:
        self.pending.append(f"#define {name}{rest}")
        if name not in self.defined:
            self.defined.append(name)

    def _undefine(self, name: str) -> None:
        self.pending.append(f"#undef {name}")
        self.defined.remove(name)

    # ------------------------------------------------------------- expressions

    def wants_binary(self) -> bool:
        """Whether the next binary operator goes through a macro (drawn before its
        operands are written, so the draws follow the expression's order)."""
        return self._draw()

    def binary(self, op: str, left: str, right: str) -> str:
        """`left op right` as a call of a function-like macro, defined first if needed."""
        name = self.binary_macros.get(op)
        roll = self.rng.random()
        if name is None or (roll < 0.1 and name not in self.busy):
            if name is not None:
                # `#undef` then a definition under a name now free: at times the name of
                # another operator's macro, which that operator then no longer uses.
                self._undefine(name)
                del self.binary_macros[op]
                others = [(o, n) for o, n in self.binary_macros.items() if n not in self.busy]
                if others and self.rng.random() < 0.5:
                    other_op, name = self.rng.choice(others)
                    self._undefine(name)
                    del self.binary_macros[other_op]
            else:
                name = self._name("B")
            a, b = self.rng.choice(_PARAMS)
            self._define(name, f"({a}, {b}) (({a}) {op} ({b}))")
            self.binary_macros[op] = name
        self.busy.add(name)
        if 0.1 <= roll < 0.2:
            # A macro whose expansion is another macro's call.
            alias = self._name("B")
            a, b = self.rng.choice(_PARAMS)
            self._define(alias, f"({a}, {b}) {name}({a}, {b})")
            name = alias
        elif 0.2 <= roll < 0.3:
            # An object-like macro naming a function-like one: the `(` after it in the
            # text makes the call when the expansion is rescanned.
            alias = self._name("B")
            self._define(alias, f" {name}")
            name = alias
        return f"{name}({_argument(left)}, {_argument(right)})"

    def literal(self, literal: Literal, text: str) -> str:
        """The literal as it is, as a macro, or (an int) through `__LINE__`."""
        if not self._draw():
            return text
        kind = literal.type.kind
        value = literal.value
        small_int = kind is ScalarKind.INT and literal.type.bits == 32 and abs(int(value)) < _SMALL
        roll = self.rng.random()
        if small_int and roll < 0.35:
            return f"{_MARK}{int(value)}{_MARK}"
        if small_int and roll < 0.6 and self.int_values:
            base = self.rng.choice(sorted(self.int_values))
            difference = int(value) - self.int_values[base]
            sum_name = self._name("K")
            sign = "+" if difference >= 0 else "-"
            self._define(sum_name, f" ({base} {sign} {abs(difference)})")
            self.int_values[sum_name] = int(value)
            return sum_name
        known = self.literal_macros.get(text)
        if known is not None:
            return known
        name = self._name("K")
        self._define(name, " " + (f"({text})" if text.startswith("-") else text))
        self.literal_macros[text] = name
        if small_int:
            self.int_values[name] = int(value)
        return name

    def type_name(self, text: str) -> str:
        """A type's name (no array dimensions) as it is, an object-like macro, or pasted."""
        if not self._draw():
            return text
        if self.pasting and self.rng.random() < 0.3:
            return self._pasted(text)
        name = self.type_macros.get(text)
        if name is None or self.rng.random() < 0.2:
            # A new macro: the type itself, or (nested) the macro of before.
            fresh = self._name("T")
            self._define(fresh, f" {text if name is None else name}")
            name = self.type_macros[text] = fresh
        return name

    def identifier(self, name: str) -> str:
        """A variable's or a function's name, pasted together from two pieces at times."""
        if self.pasting and self._draw():
            return self._pasted(name)
        return name

    def _pasted(self, name: str) -> str:
        # Split where the second piece is one preprocessing token in every front-end: an
        # identifier, or digits alone (a `2a` pp-number of C splits in GLSL's lexers).
        cuts = [i for i in range(1, len(name)) if _piece(name[i:])]
        if not cuts:
            return name
        if self.paste is None:
            self.paste = self._name("CAT")
            a, b = self.rng.choice(_PARAMS)
            self._define(self.paste, f"({a}, {b}) {a} ## {b}")
        cut = self.rng.choice(cuts)
        return f"{self.paste}({name[:cut]}, {name[cut:]})"

    # ------------------------------------------------------------------- lines

    def place(self, text: str, number: int) -> list[str]:
        """`text` (one line of the program, possibly holding `__LINE__` markers) with the
        directives it needs before it and, at times, a conditional group around it;
        `number` is the line the first of them lands on."""
        lines = self.pending
        self.pending = []
        self.busy.clear()
        if self.rng.random() < self.probability / 4:
            # `#line N` naming the number the next line has anyway (module docstring).
            lines.append(f"#line {number + len(lines) + 1}")
        if not self._draw():
            lines.append(_resolved(text, number + len(lines)))
            return lines
        form = self.rng.randrange(5)
        if form == 0:
            lines.append(f"#if {self._true()}")
            lines.append(_resolved(text, number + len(lines)))
            lines += ["#else", *self._skipped(text), "#endif"]
        elif form == 1:
            lines += [f"#if {self._false()}", *self._skipped(text), f"#elif {self._true()}"]
            lines.append(_resolved(text, number + len(lines)))
            lines.append("#endif")
        elif form == 2:
            lines.append(self._named_true())
            lines.append(_resolved(text, number + len(lines)))
            lines.append("#endif")
        elif form == 3:
            # Taken by glslang for Vulkan, skipped by GL's compilers: the line is in both.
            lines.append("#ifdef VULKAN")
            lines.append(_resolved(text, number + len(lines)))
            lines.append("#else")
            lines.append(_resolved(text, number + len(lines)))
            lines.append("#endif")
        else:
            # A skipped group holding directives that must not run, then the line.
            lines += [f"#if {self._false()}", *self._directives(), "#else"]
            lines.append(_resolved(text, number + len(lines)))
            lines.append("#endif")
        return lines

    def _true(self) -> str:
        """An `#if` condition every front-end finds true for this profile."""
        es = self.profile.language is Language.ESSL
        choices = [
            f"__VERSION__ == {self.profile.version}",
            "defined(GL_ES)" if es else "!defined(GL_ES)",
            f"!defined({_NEVER})",
            self._arithmetic(),
        ]
        if self.defined:
            name = self.rng.choice(self.defined)
            choices.append(f"defined {name}" if self.rng.random() < 0.5 else f"defined({name})")
        if self.int_values:
            name = self.rng.choice(sorted(self.int_values))
            choices.append(f"{name} == {self.int_values[name]}")
        first = self.rng.choice(choices)
        if self.rng.random() < 0.3:
            return f"{first} && ({self.rng.choice(choices)})"
        if self.rng.random() < 0.2:
            return f"({self._false()}) || {first}"
        return first

    def _false(self) -> str:
        choices = ["0", f"defined({_NEVER})", f"__VERSION__ < {self.profile.version}"]
        choices.append(f"!({self._arithmetic()})")
        return self.rng.choice(choices)

    def _arithmetic(self) -> str:
        """`(a op b) == c`, true, on small non-negative ints (C's and GLSL's rules agree)."""
        a, b = self.rng.randrange(1, 100), self.rng.randrange(1, 8)
        op = self.rng.choice(("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"))
        value = {
            "+": a + b, "-": a - b, "*": a * b, "/": a // b, "%": a % b, "<<": a << b,
            ">>": a >> b, "&": a & b, "|": a | b, "^": a ^ b,
        }[op]  # fmt: skip
        return f"({a} {op} {b}) == {value}"

    def _named_true(self) -> str:
        if self.defined and self.rng.random() < 0.5:
            return f"#ifdef {self.rng.choice(self.defined)}"
        if self.profile.language is Language.ESSL and self.rng.random() < 0.5:
            return "#ifdef GL_ES"
        return f"#ifndef {_NEVER}"

    def _skipped(self, text: str) -> list[str]:
        """A skipped branch: the line with other numbers (valid-looking) or garbage."""
        if self.rng.random() < 0.5:
            other = re.sub(r"\b[0-9]+\b", lambda m: str(int(m.group(0)) + 1), text)
            return [_MARKED.sub(lambda m: str(int(m.group(1)) + 2), other)]
        count = self.rng.randrange(1, 12)
        return [" ".join(self.rng.choice(_GARBAGE) for _ in range(count))]

    def _directives(self) -> list[str]:
        choice = self.rng.randrange(4)
        if choice == 0:
            return ["#error this group is skipped"]
        if choice == 1:
            return [f"#define {_NEVER} 1"]
        if choice == 2 and self.defined:
            return [f"#undef {self.rng.choice(self.defined)}"]
        return [f"#if {' '.join(self.rng.choice(_GARBAGE) for _ in range(3))}", "#error", "#endif"]


def _resolved(text: str, number: int) -> str:
    """`text` with each `__LINE__` marker written for line `number`."""

    def spell(match: re.Match[str]) -> str:
        value = int(match.group(1))
        k = number - value
        return f"(__LINE__ - {k})" if k >= 0 else f"(__LINE__ + {-k})"

    return _MARKED.sub(spell, text)


def _piece(text: str) -> bool:
    return text[0].isalpha() or text[0] == "_" or text.isdigit()


def _argument(text: str) -> str:
    """A macro argument: parenthesised when a comma outside parentheses would split it
    (a comma expression, or one inside an index's brackets)."""
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            return f"({text})"
    return text
