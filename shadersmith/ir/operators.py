"""Operators of the IR, with their GLSL spelling and precedence.

Precedence numbers follow the GLSL 4.50 specification, section 5.1 (1 binds tightest).
They live here rather than in an emitter because several emitters, the parser and the
reducer all need the same table.
"""

from __future__ import annotations

import enum


class UnaryOp(enum.Enum):
    NEG = "-"
    PLUS = "+"
    NOT = "!"
    BIT_NOT = "~"


class IncDecOp(enum.Enum):
    PRE_INC = "++pre"
    PRE_DEC = "--pre"
    POST_INC = "post++"
    POST_DEC = "post--"

    @property
    def is_prefix(self) -> bool:
        return self in (IncDecOp.PRE_INC, IncDecOp.PRE_DEC)

    @property
    def is_increment(self) -> bool:
        return self in (IncDecOp.PRE_INC, IncDecOp.POST_INC)

    @property
    def token(self) -> str:
        return "++" if self.is_increment else "--"


class BinaryOp(enum.Enum):
    MUL = "*"
    DIV = "/"
    MOD = "%"
    ADD = "+"
    SUB = "-"
    SHL = "<<"
    SHR = ">>"
    LT = "<"
    GT = ">"
    LE = "<="
    GE = ">="
    EQ = "=="
    NE = "!="
    BIT_AND = "&"
    BIT_XOR = "^"
    BIT_OR = "|"
    LOGICAL_AND = "&&"
    LOGICAL_XOR = "^^"
    LOGICAL_OR = "||"

    @property
    def precedence(self) -> int:
        return BINARY_PRECEDENCE[self]

    @property
    def is_comparison(self) -> bool:
        return self in COMPARISON_OPS

    @property
    def is_logical(self) -> bool:
        return self in (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR)

    @property
    def is_short_circuit(self) -> bool:
        """Only these two sequence their operands; every other operator leaves order open."""
        return self in (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR)


COMPARISON_OPS = frozenset(
    {BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE, BinaryOp.EQ, BinaryOp.NE}
)
ARITHMETIC_OPS = (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.DIV, BinaryOp.MOD)
BITWISE_OPS = (BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR)
SHIFT_OPS = (BinaryOp.SHL, BinaryOp.SHR)

# GLSL 4.50 table of section 5.1: 1 is tightest (primary expressions).
PRIMARY_PRECEDENCE = 1
POSTFIX_PRECEDENCE = 2  # a[i], f(), a.x, a++, a--
PREFIX_PRECEDENCE = 3  # ++a, --a, -a, +a, ~a, !a
BINARY_PRECEDENCE: dict[BinaryOp, int] = {
    BinaryOp.MUL: 4,
    BinaryOp.DIV: 4,
    BinaryOp.MOD: 4,
    BinaryOp.ADD: 5,
    BinaryOp.SUB: 5,
    BinaryOp.SHL: 6,
    BinaryOp.SHR: 6,
    BinaryOp.LT: 7,
    BinaryOp.GT: 7,
    BinaryOp.LE: 7,
    BinaryOp.GE: 7,
    BinaryOp.EQ: 8,
    BinaryOp.NE: 8,
    BinaryOp.BIT_AND: 9,
    BinaryOp.BIT_XOR: 10,
    BinaryOp.BIT_OR: 11,
    BinaryOp.LOGICAL_AND: 12,
    BinaryOp.LOGICAL_XOR: 13,
    BinaryOp.LOGICAL_OR: 14,
}
TERNARY_PRECEDENCE = 15  # right to left
ASSIGNMENT_PRECEDENCE = 16  # right to left
SEQUENCE_PRECEDENCE = 17


class AssignOp(enum.Enum):
    """`=` and the compound assignments; `binary` is the operator a compound one applies."""

    ASSIGN = "="
    ADD = "+="
    SUB = "-="
    MUL = "*="
    DIV = "/="
    MOD = "%="
    SHL = "<<="
    SHR = ">>="
    BIT_AND = "&="
    BIT_XOR = "^="
    BIT_OR = "|="

    @property
    def binary(self) -> BinaryOp | None:
        return _ASSIGN_TO_BINARY.get(self)


_ASSIGN_TO_BINARY: dict[AssignOp, BinaryOp] = {
    AssignOp.ADD: BinaryOp.ADD,
    AssignOp.SUB: BinaryOp.SUB,
    AssignOp.MUL: BinaryOp.MUL,
    AssignOp.DIV: BinaryOp.DIV,
    AssignOp.MOD: BinaryOp.MOD,
    AssignOp.SHL: BinaryOp.SHL,
    AssignOp.SHR: BinaryOp.SHR,
    AssignOp.BIT_AND: BinaryOp.BIT_AND,
    AssignOp.BIT_XOR: BinaryOp.BIT_XOR,
    AssignOp.BIT_OR: BinaryOp.BIT_OR,
}
COMPOUND_ASSIGN_FOR: dict[BinaryOp, AssignOp] = {b: a for a, b in _ASSIGN_TO_BINARY.items()}
