"""The SPIR-V grammar, read from the JSON grammars the Khronos headers ship (Debian's
`spirv-headers` package: `spirv.core.grammar.json` and the extended instruction sets'
`extinst.*.grammar.json`).

Data-driven rather than hand-written, so that a new opcode or enumerant is a package
update, not a change here: every opcode by name and number with its operands (kind and
quantifier, `?` optional or `*` any number), which operand is the result type and which
the result id; every operand kind's category (id, literal, value or bit enumeration,
composite pair) and every enumerant with the parameters that follow it (Decoration
BuiltIn's built-in, LoopControl DependencyLength's literal). Loaded once per process.
"""

from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Debian's spirv-headers installs here (scripts/setup.sh); where its files were unpacked
# elsewhere (the GPU machine's carried .debs: scripts/gpu-carry.sh), this variable says where.
GRAMMAR_DIRECTORY_VARIABLE = "SHADERSMITH_SPIRV_GRAMMAR"
GRAMMAR_DIRECTORY = Path("/usr/include/spirv/unified1")
CORE_GRAMMAR = "spirv.core.grammar.json"
PACKAGE = "spirv-headers"

# The extended instruction sets whose operands we decode by their grammar; OpExtInst of
# any other set (NonSemantic.*) keeps its operands as ids, which is what the
# specification requires of non-semantic sets.
EXT_INST_GRAMMARS = {
    "GLSL.std.450": "extinst.glsl.std.450.grammar.json",
}


class GrammarMissing(RuntimeError):
    """The grammar files are not installed (or unreadable): one line naming the package."""


@dataclass(frozen=True)
class OperandSpec:
    """One operand of an instruction or of an enumerant's parameters. `quantifier`: ""
    (exactly one), "?" (zero or one: present while words remain) or "*" (any number:
    until the instruction ends)."""

    kind: str
    quantifier: str
    name: str


@dataclass(frozen=True)
class Enumerant:
    """One value of a ValueEnum, or one bit of a BitEnum, with the operands that follow it
    when it is given."""

    name: str
    value: int
    parameters: tuple[OperandSpec, ...]


@dataclass(frozen=True)
class OperandKind:
    """An operand kind: `category` is the grammar's (Id, Literal, ValueEnum, BitEnum,
    Composite); `bases` the parts of a Composite (PairIdRefIdRef: IdRef, IdRef)."""

    name: str
    category: str
    enumerants: tuple[Enumerant, ...] = ()
    bases: tuple[str, ...] = ()

    @functools.cached_property
    def by_value(self) -> dict[int, Enumerant]:
        # The first spelling wins where an enumerant has aliases (the same value twice).
        found: dict[int, Enumerant] = {}
        for enumerant in self.enumerants:
            found.setdefault(enumerant.value, enumerant)
        return found

    @functools.cached_property
    def by_name(self) -> dict[str, Enumerant]:
        return {enumerant.name: enumerant for enumerant in self.enumerants}


@dataclass(frozen=True)
class InstructionSpec:
    """One opcode. `operands` excludes the result type and result id: those are
    `has_result_type` and `has_result` (they always come first, in that order)."""

    name: str
    opcode: int
    instruction_class: str
    operands: tuple[OperandSpec, ...]
    has_result_type: bool
    has_result: bool


@dataclass(frozen=True)
class ExtInstSet:
    """An extended instruction set (GLSL.std.450): its instructions by number."""

    name: str
    by_number: dict[int, InstructionSpec]

    @functools.cached_property
    def by_name(self) -> dict[str, InstructionSpec]:
        return {spec.name: spec for spec in self.by_number.values()}


@dataclass(frozen=True)
class Grammar:
    """The core grammar and the extended instruction sets we know."""

    version: tuple[int, int, int]
    by_opcode: dict[int, InstructionSpec]
    by_name: dict[str, InstructionSpec]
    operand_kinds: dict[str, OperandKind]
    ext_inst_sets: dict[str, ExtInstSet]

    def instruction(self, name: str) -> InstructionSpec:
        """The opcode named `name` (KeyError for a name the grammar lacks: a typo in our code)."""
        return self.by_name[name]

    def opcode(self, name: str) -> int:
        return self.by_name[name].opcode

    def enumerant(self, kind: str, name: str) -> Enumerant:
        return self.operand_kinds[kind].by_name[name]


def _operand(raw: dict[str, Any]) -> OperandSpec:
    return OperandSpec(
        kind=str(raw["kind"]),
        quantifier=str(raw.get("quantifier", "")),
        name=str(raw.get("name", raw["kind"])).strip("'"),
    )


def _instruction(raw: dict[str, Any]) -> InstructionSpec:
    operands = [_operand(operand) for operand in raw.get("operands", [])]
    has_result_type = bool(operands) and operands[0].kind == "IdResultType"
    if has_result_type:
        operands = operands[1:]
    has_result = bool(operands) and operands[0].kind == "IdResult"
    if has_result:
        operands = operands[1:]
    return InstructionSpec(
        name=str(raw["opname"]),
        opcode=int(raw["opcode"]),
        instruction_class=str(raw.get("class", "")),
        operands=tuple(operands),
        has_result_type=has_result_type,
        has_result=has_result,
    )


def _value(raw: int | str) -> int:
    # BitEnum values are written as hex strings ("0x0004"), ValueEnum values as numbers.
    return int(raw, 0) if isinstance(raw, str) else int(raw)


def _operand_kind(raw: dict[str, Any]) -> OperandKind:
    enumerants = tuple(
        Enumerant(
            name=str(enumerant["enumerant"]),
            value=_value(enumerant["value"]),
            parameters=tuple(_operand(p) for p in enumerant.get("parameters", [])),
        )
        for enumerant in raw.get("enumerants", [])
    )
    return OperandKind(
        name=str(raw["kind"]),
        category=str(raw["category"]),
        enumerants=enumerants,
        bases=tuple(str(base) for base in raw.get("bases", [])),
    )


def _read_json(path: Path) -> dict[str, Any]:
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GrammarMissing(
            f"the SPIR-V grammar {path} is missing: install Debian's {PACKAGE} package"
        ) from None
    except (OSError, ValueError) as error:
        raise GrammarMissing(
            f"the SPIR-V grammar {path} is unreadable ({error}): reinstall {PACKAGE}"
        ) from None
    if not isinstance(loaded, dict):
        raise GrammarMissing(f"the SPIR-V grammar {path} is not a JSON object: reinstall {PACKAGE}")
    return loaded


def load_grammar(directory: Path) -> Grammar:
    """The grammar in `directory` (read afresh: `grammar()` is the cached one)."""
    core = _read_json(directory / CORE_GRAMMAR)
    by_opcode: dict[int, InstructionSpec] = {}
    by_name: dict[str, InstructionSpec] = {}
    for raw in core["instructions"]:
        spec = _instruction(raw)
        # Aliases (OpDecorateStringGOOGLE) share an opcode: the first spelling names it.
        by_opcode.setdefault(spec.opcode, spec)
        by_name[spec.name] = spec
    kinds = {kind.name: kind for kind in map(_operand_kind, core["operand_kinds"])}
    ext_sets = {}
    for set_name, file_name in EXT_INST_GRAMMARS.items():
        raw_set = _read_json(directory / file_name)
        specs = (_instruction(raw) for raw in raw_set["instructions"])
        ext_sets[set_name] = ExtInstSet(set_name, {spec.opcode: spec for spec in specs})
    version = (int(core["major_version"]), int(core["minor_version"]), int(core["revision"]))
    return Grammar(version, by_opcode, by_name, kinds, ext_sets)


@functools.cache
def grammar() -> Grammar:
    """The installed grammar, read once per process."""
    return load_grammar(Path(os.environ.get(GRAMMAR_DIRECTORY_VARIABLE) or GRAMMAR_DIRECTORY))
