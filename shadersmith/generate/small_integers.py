"""8- and 16-bit integer computations inside 32-bit integer expressions (issue 36):
`int(e)`, `uvec2(e)`, `a < b` where `e`, `a`, `b` are int8_t / uint8_t / int16_t /
uint16_t expressions (and their vectors) built from narrowed 32-bit values, literals
(`int8_t(-128)`: no suffix spells an 8-bit one), `+ - * / % & | ^ << >>`, unary `- ~`,
min/max/abs: generate/wide_integers.py's draws at another width.

With `SmithOptions.small_int_probability` > 0, at that probability an int/uint scalar or
vector expression (or a bool comparison) is computed at 8 or 16 bits. With
GL_EXT_shader_explicit_arithmetic_types_int8/_int16 an operator on two int8_t is an
int8_t (no promotion to int as in C): the value wraps at its width, which the
interpreter computes exactly; the reconditioner guards `/ % << >>` at the width
(INT8_MIN / -1, shifts into [0, 8)), and the widening conversion back to 32 bits sign- or
zero-extends (SConvert/UConvert). The emitter writes the extensions (analysis/widths.py);
a target without shaderInt8/shaderInt16 (SwiftShader) or without the extensions (Mesa's
GL) answers `unsupported`. A profile without them (WGSL: LanguageProfile.small_ints)
never gets them; at 0 nothing is drawn and programs are those of before. Only locals and
expressions: no buffer field is 8 or 16 bits wide (that needs the storage extensions).
"""

from __future__ import annotations

from shadersmith.generate.wide_integers import WideIntegerExpressions
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType

WIDTHS = (8, 16)
# The edges of each width and values that wrap when combined.
_SIGNED = {
    8: (0, 1, -1, 5, 100, 127, -128, -127, -9),
    16: (0, 1, -1, 7, 255, 256, 1000, 32767, -32768, -300),
}
_UNSIGNED = {
    8: (0, 1, 9, 15, 128, 200, 254, 255),
    16: (0, 1, 255, 256, 4097, 32768, 40000, 65535),
}


class SmallIntegerExpressions(WideIntegerExpressions):
    def _probability(self) -> float:
        return self.exprs.ctx.options.small_int_probability

    def _width(self) -> int:
        return self.rng.choice(WIDTHS)

    def _literals(self, type_: ScalarType | VectorType) -> tuple[int, ...]:
        table = _SIGNED if type_.kind is ScalarKind.INT else _UNSIGNED
        return table[type_.bits]
