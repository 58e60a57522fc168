"""One instruction: opcode, result type, result id and operands decoded by the grammar,
and the reading of its words (decode) that writing (`words`) undoes exactly.

Two operands need more than the grammar: OpSwitch's case literals are as wide as the
selector's type, and OpExtInst's operands depend on its set; the reader hands both in
(DecodeContext). Words the grammar does not account for (an opcode or enumerant newer
than the installed grammar) are kept as literals, so they still write back unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from shadersmith.spirv.binary import MalformedSpirv, RawInstruction
from shadersmith.spirv.grammar import Enumerant, InstructionSpec, OperandSpec, grammar
from shadersmith.spirv.operands import Enum, Id, Literal, Operand, read_string


class DecodeContext(Protocol):
    """What the reader knows of the module so far."""

    def literal_width(self, value_id: int) -> int:
        """Words of a literal of `value_id`'s type (2 for a 64-bit selector)."""
        ...

    def ext_inst_set(self, set_id: int) -> str | None:
        """The name OpExtInstImport gave `set_id` ("GLSL.std.450")."""
        ...


@dataclass(frozen=True)
class Instruction:
    """One instruction. `result_type` and `result_id` are None where the opcode has none."""

    opcode: int
    result_type: int | None = None
    result_id: int | None = None
    operands: tuple[Operand, ...] = field(default=())

    @staticmethod
    def make(
        opname: str,
        *operands: Operand,
        result_type: int | None = None,
        result_id: int | None = None,
    ) -> Instruction:
        """An instruction by its opcode's name: `make("OpCopyObject", Id(7), result_type=3,
        result_id=fresh)`."""
        return Instruction(grammar().opcode(opname), result_type, result_id, operands)

    @property
    def spec(self) -> InstructionSpec | None:
        return grammar().by_opcode.get(self.opcode)

    @property
    def opname(self) -> str:
        spec = self.spec
        return spec.name if spec else f"Op{self.opcode}"

    def words(self) -> tuple[int, ...]:
        """The words after the first (word count and opcode)."""
        words: list[int] = []
        if self.result_type is not None:
            words.append(self.result_type)
        if self.result_id is not None:
            words.append(self.result_id)
        for operand in self.operands:
            words.extend(operand.words())
        return tuple(words)

    def raw(self) -> RawInstruction:
        return RawInstruction(self.opcode, self.words())

    def ids(self) -> Iterator[int]:
        """The ids this instruction uses (its result type and id operands, not its result)."""
        if self.result_type is not None:
            yield self.result_type
        for operand in self.operands:
            if isinstance(operand, Id):
                yield operand.value


class _Reader:
    """A cursor over one instruction's words."""

    def __init__(self, raw: RawInstruction, name: str, context: DecodeContext) -> None:
        self.words = raw.words
        self.position = 0
        self.where = name
        self.context = context
        self.out: list[Operand] = []

    def more(self) -> bool:
        return self.position < len(self.words)

    def take(self, kind: str) -> int:
        if not self.more():
            raise MalformedSpirv(f"{self.where}: its {kind} operand is missing")
        word = self.words[self.position]
        self.position += 1
        return word

    def operands(self, specs: tuple[OperandSpec, ...]) -> None:
        for spec in specs:
            if spec.quantifier == "?":
                if self.more():
                    self.operand(spec.kind)
            elif spec.quantifier == "*":
                while self.more():
                    self.operand(spec.kind)
            else:
                self.operand(spec.kind)

    def operand(self, kind: str) -> None:
        operand_kind = grammar().operand_kinds.get(kind)
        category = operand_kind.category if operand_kind else "Literal"
        if category == "Id":
            self.out.append(Id(self.take(kind)))
        elif kind == "LiteralString":
            string, self.position = read_string(self.words, self.position, self.where)
            self.out.append(string)
        elif kind == "LiteralContextDependentNumber":
            # OpConstant and OpSpecConstant: the value is the rest of the instruction.
            width = max(1, len(self.words) - self.position)
            self.literal(width, kind)
        elif kind == "LiteralSpecConstantOpInteger":
            nested = self.take(kind)
            self.out.append(Literal(nested))
            spec = grammar().by_opcode.get(nested)
            if spec is not None:
                self.operands(spec.operands)
        elif category in ("ValueEnum", "BitEnum") and operand_kind is not None:
            value = self.take(kind)
            self.out.append(Enum(kind, value))
            for enumerant in _given(operand_kind.category, operand_kind.by_value, value):
                self.operands(enumerant.parameters)
        elif category == "Composite" and operand_kind is not None:
            for base in operand_kind.bases:
                self.operand(base)
        else:
            self.out.append(Literal(self.take(kind)))

    def literal(self, width: int, kind: str) -> None:
        value = 0
        for index in range(width):
            value |= self.take(kind) << (32 * index)
        self.out.append(Literal(value, width))

    def switch_targets(self, selector: int) -> None:
        width = self.context.literal_width(selector)
        while self.more():
            self.literal(width, "case literal")
            self.out.append(Id(self.take("case target")))

    def ext_inst(self) -> None:
        set_id = self.take("Set")
        number = self.take("Instruction")
        self.out.extend((Id(set_id), Literal(number)))
        set_name = self.context.ext_inst_set(set_id)
        ext_set = grammar().ext_inst_sets.get(set_name or "")
        spec = ext_set.by_number.get(number) if ext_set else None
        if spec is not None:
            self.operands(spec.operands)
        while self.more():
            self.out.append(Id(self.take("IdRef")))

    def rest_as_literals(self) -> None:
        while self.more():
            self.out.append(Literal(self.take("extra")))


def _given(category: str, by_value: dict[int, Enumerant], value: int) -> list[Enumerant]:
    """The enumerants whose parameters follow `value`: the one value, or each set bit in
    increasing order (the specification's order for a mask's parameters)."""
    if category == "ValueEnum":
        found = by_value.get(value)
        return [found] if found else []
    return [by_value[1 << bit] for bit in range(32) if value >> bit & 1 and 1 << bit in by_value]


def decode(raw: RawInstruction, context: DecodeContext) -> Instruction:
    """The instruction `raw`, its operands read by the grammar."""
    spec = grammar().by_opcode.get(raw.opcode)
    if spec is None:
        reader = _Reader(raw, f"opcode {raw.opcode}", context)
        reader.rest_as_literals()
        return Instruction(raw.opcode, None, None, tuple(reader.out))
    reader = _Reader(raw, spec.name, context)
    result_type = reader.take("result type") if spec.has_result_type else None
    result_id = reader.take("result id") if spec.has_result else None
    if spec.name == "OpSwitch":
        selector = reader.take("Selector")
        reader.out.extend((Id(selector), Id(reader.take("Default"))))
        reader.switch_targets(selector)
    elif spec.name == "OpExtInst":
        reader.ext_inst()
    else:
        reader.operands(spec.operands)
        reader.rest_as_literals()
    return Instruction(raw.opcode, result_type, result_id, tuple(reader.out))
