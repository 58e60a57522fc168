"""A SPIR-V module as a model: its sections in the order the specification gives
(2.4, Logical Layout of a Module), functions made of blocks, and a fresh-id allocator
that keeps the header's bound right. Reading and writing are exact inverses: a module
whose instructions come in the specification's order writes back byte for byte, and
one whose do not is refused (MalformedSpirv), since no model could keep its order.

The model is plain mutable lists of frozen instructions: a transformation edits the
lists, then asks `index()` afresh for lookups (an index is a snapshot).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from shadersmith.spirv.binary import Header, MalformedSpirv, read_binary, write_binary
from shadersmith.spirv.instruction import Instruction, decode
from shadersmith.spirv.operands import String

# The sections before the functions, in the specification's order, by the opcodes that
# open them; any other opcode before the first OpFunction is a global (types, constants,
# variables, OpUndef, OpLine, non-semantic OpExtInst).
SECTIONS = (
    "capabilities",
    "extensions",
    "ext_inst_imports",
    "memory_model",
    "entry_points",
    "execution_modes",
    "debug",
    "annotations",
    "globals",
)
_SECTION_OF = {
    "OpCapability": 0,
    "OpExtension": 1,
    "OpExtInstImport": 2,
    "OpMemoryModel": 3,
    "OpEntryPoint": 4,
    "OpExecutionMode": 5,
    "OpExecutionModeId": 5,
    "OpString": 6,
    "OpSourceExtension": 6,
    "OpSource": 6,
    "OpSourceContinued": 6,
    "OpName": 6,
    "OpMemberName": 6,
    "OpModuleProcessed": 6,
}
_ANNOTATIONS = 7
_GLOBALS = 8

TERMINATORS = frozenset(
    {
        "OpBranch",
        "OpBranchConditional",
        "OpSwitch",
        "OpReturn",
        "OpReturnValue",
        "OpKill",
        "OpUnreachable",
        "OpTerminateInvocation",
        "OpIgnoreIntersectionKHR",
        "OpTerminateRayKHR",
        "OpEmitMeshTasksEXT",
    }
)
MERGES = frozenset({"OpSelectionMerge", "OpLoopMerge"})


@dataclass
class Block:
    """A basic block: its OpLabel, the instructions after it (OpPhi and OpVariable first,
    a merge instruction last where it is a header) and its terminator."""

    label: Instruction
    body: list[Instruction]
    terminator: Instruction

    @property
    def label_id(self) -> int:
        assert self.label.result_id is not None
        return self.label.result_id

    @property
    def merge(self) -> Instruction | None:
        """The block's OpSelectionMerge or OpLoopMerge: it heads a structured construct."""
        if self.body and self.body[-1].opname in MERGES:
            return self.body[-1]
        return None

    def instructions(self) -> Iterator[Instruction]:
        yield self.label
        yield from self.body
        yield self.terminator


@dataclass
class Function:
    """OpFunction, what precedes its first block (OpFunctionParameter), its blocks (none
    for a declaration) and OpFunctionEnd."""

    definition: Instruction
    parameters: list[Instruction]
    blocks: list[Block]
    end: Instruction

    @property
    def result_id(self) -> int:
        assert self.definition.result_id is not None
        return self.definition.result_id

    def instructions(self) -> Iterator[Instruction]:
        yield self.definition
        yield from self.parameters
        for block in self.blocks:
            yield from block.instructions()
        yield self.end


@dataclass
class Module:
    header: Header
    capabilities: list[Instruction] = field(default_factory=list)
    extensions: list[Instruction] = field(default_factory=list)
    ext_inst_imports: list[Instruction] = field(default_factory=list)
    memory_model: list[Instruction] = field(default_factory=list)
    entry_points: list[Instruction] = field(default_factory=list)
    execution_modes: list[Instruction] = field(default_factory=list)
    debug: list[Instruction] = field(default_factory=list)
    annotations: list[Instruction] = field(default_factory=list)
    globals: list[Instruction] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)

    def section(self, index: int) -> list[Instruction]:
        section: list[Instruction] = getattr(self, SECTIONS[index])
        return section

    def instructions(self) -> Iterator[Instruction]:
        """Every instruction, in the module's order."""
        for index in range(len(SECTIONS)):
            yield from self.section(index)
        for function in self.functions:
            yield from function.instructions()

    def fresh_id(self) -> int:
        """A new id, never used before: the bound grows by one."""
        self.header.bound += 1
        return self.header.bound - 1

    def to_bytes(self) -> bytes:
        return write_binary(self.header, [instruction.raw() for instruction in self.instructions()])

    def index(self) -> ModuleIndex:
        return ModuleIndex(self)


class _Context:
    """What decoding needs to know of the instructions read so far (instruction.DecodeContext)."""

    def __init__(self) -> None:
        self.ext_sets: dict[int, str] = {}
        self.widths: dict[int, int] = {}
        self.value_types: dict[int, int] = {}

    def literal_width(self, value_id: int) -> int:
        bits = self.widths.get(self.value_types.get(value_id, -1), 32)
        return 2 if bits > 32 else 1

    def ext_inst_set(self, set_id: int) -> str | None:
        return self.ext_sets.get(set_id)

    def learn(self, instruction: Instruction) -> None:
        result = instruction.result_id
        if result is None:
            return
        if instruction.result_type is not None:
            self.value_types[result] = instruction.result_type
        name = instruction.opname
        if name in ("OpTypeInt", "OpTypeFloat") and instruction.operands:
            first = instruction.operands[0]
            self.widths[result] = int(first.value)
        elif name == "OpExtInstImport" and isinstance(instruction.operands[0], String):
            self.ext_sets[result] = instruction.operands[0].value


class _FunctionReader:
    """Groups a function's instructions into parameters and blocks."""

    def __init__(self, definition: Instruction) -> None:
        self.function = Function(definition, [], [], definition)
        self.label: Instruction | None = None
        self.body: list[Instruction] = []
        self.done = False

    def add(self, instruction: Instruction) -> None:
        name = instruction.opname
        if name == "OpFunctionEnd":
            if self.label is not None:
                raise MalformedSpirv("OpFunctionEnd inside a block without a terminator")
            self.function.end = instruction
            self.done = True
        elif name == "OpLabel":
            if self.label is not None:
                raise MalformedSpirv(f"OpLabel %{instruction.result_id} inside a block")
            self.label = instruction
        elif self.label is None:
            if self.function.blocks:
                raise MalformedSpirv(f"{name} between a block's terminator and the next label")
            self.function.parameters.append(instruction)
        elif name in TERMINATORS:
            self.function.blocks.append(Block(self.label, self.body, instruction))
            self.label, self.body = None, []
        else:
            self.body.append(instruction)


def read_module(data: bytes) -> Module:
    """The module in `data` (MalformedSpirv if it is not one we can model exactly)."""
    header, raws = read_binary(data)
    module = Module(header)
    context = _Context()
    section = 0
    function: _FunctionReader | None = None
    for raw in raws:
        instruction = decode(raw, context)
        context.learn(instruction)
        if function is not None:
            function.add(instruction)
            if function.done:
                module.functions.append(function.function)
                function = None
            continue
        if instruction.opname == "OpFunction":
            function = _FunctionReader(instruction)
            section = len(SECTIONS)
            continue
        wanted = _section_of(instruction)
        if wanted < section:
            where = SECTIONS[section] if section < len(SECTIONS) else "functions"
            raise MalformedSpirv(f"{instruction.opname} out of order: after the {where}")
        section = wanted
        module.section(section).append(instruction)
    if function is not None:
        raise MalformedSpirv("the module ends inside a function (no OpFunctionEnd)")
    return module


def _section_of(instruction: Instruction) -> int:
    found = _SECTION_OF.get(instruction.opname)
    if found is not None:
        return found
    spec = instruction.spec
    if spec is not None and spec.instruction_class == "Annotation":
        return _ANNOTATIONS
    return _GLOBALS


_DECORATIONS = frozenset(
    {
        "OpDecorate",
        "OpDecorateId",
        "OpDecorateString",
        "OpMemberDecorate",
        "OpMemberDecorateString",
    }
)


class ModuleIndex:
    """Lookups over a module as it was when the index was made."""

    def __init__(self, module: Module) -> None:
        self.definitions: dict[int, Instruction] = {}
        self.users: dict[int, list[Instruction]] = {}
        self._decorations: dict[int, list[Instruction]] = {}
        self._names: dict[int, str] = {}
        self._member_names: dict[int, dict[int, str]] = {}
        groups: dict[int, list[Instruction]] = {}
        for instruction in module.instructions():
            if instruction.result_id is not None:
                self.definitions[instruction.result_id] = instruction
            for used in instruction.ids():
                self.users.setdefault(used, []).append(instruction)
        for instruction in module.annotations:
            self._annotate(instruction, groups)
        for instruction in module.debug:
            self._name(instruction)

    def _annotate(self, instruction: Instruction, groups: dict[int, list[Instruction]]) -> None:
        name = instruction.opname
        operands = instruction.operands
        if name in _DECORATIONS:
            target = int(operands[0].value)
            self._decorations.setdefault(target, []).append(instruction)
            groups.setdefault(target, []).append(instruction)
        elif name in ("OpGroupDecorate", "OpGroupMemberDecorate"):
            # A decoration group's decorations apply to each target it names.
            group = int(operands[0].value)
            step = 1 if name == "OpGroupDecorate" else 2
            for member in operands[1::step]:
                found = self._decorations.setdefault(int(member.value), [])
                found.extend(groups.get(group, []))

    def _name(self, instruction: Instruction) -> None:
        operands = instruction.operands
        if instruction.opname == "OpName" and isinstance(operands[1], String):
            self._names[int(operands[0].value)] = operands[1].value
        elif instruction.opname == "OpMemberName" and isinstance(operands[2], String):
            members = self._member_names.setdefault(int(operands[0].value), {})
            members[int(operands[1].value)] = operands[2].value

    def definition(self, value_id: int) -> Instruction | None:
        """The instruction whose result is `value_id`."""
        return self.definitions.get(value_id)

    def type_of(self, value_id: int) -> Instruction | None:
        """The type declaration of `value_id`'s result type (None for a type or a label)."""
        defined = self.definitions.get(value_id)
        if defined is None or defined.result_type is None:
            return None
        return self.definitions.get(defined.result_type)

    def decorations(self, value_id: int) -> list[Instruction]:
        """The decorations of `value_id` (OpDecorate*, OpMemberDecorate*, through groups too)."""
        return list(self._decorations.get(value_id, []))

    def name(self, value_id: int) -> str | None:
        """OpName's name for `value_id`."""
        return self._names.get(value_id)

    def member_names(self, struct_id: int) -> dict[int, str]:
        """OpMemberName's names of a struct type's members, by member index."""
        return dict(self._member_names.get(struct_id, {}))
