"""Synonyms: new ids that hold the same value as an existing one (an OpCopyObject, a
vector built of copies of a scalar and one of its components taken back, an OpPhi with
its single predecessor's value), and replacing a use of an id with one of its synonyms.

spirv-fuzz keeps a fact manager to remember which ids are synonyms; here the synonym's
own definition says it (`synonym_of`), so a recorded list replays without any state
beside the module: an OpCopyObject of x, a single-entry OpPhi of x, `x + 0`, `x | 0`,
`x ^ 0`, `x * 1` (arithmetic.py adds those), and a component extracted from a vector
constructed of scalars.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module
from shadersmith.spirv.operands import Id, Literal
from shadersmith.spirv.transforms.analysis import (
    Analysis,
    claim,
    clone,
    find_block,
    fresh_ids,
    insert,
    insertion_offsets,
    type_operands,
)
from shadersmith.spirv.transforms.arithmetic import IDENTITIES
from shadersmith.spirv.transforms.base import FieldParameters, Transformation

SCALAR_TYPES = frozenset({"OpTypeInt", "OpTypeFloat", "OpTypeBool"})


@dataclass(frozen=True)
class CopyParams(FieldParameters):
    """`fresh = OpCopyObject target`, inserted at (block, offset)."""

    target: int
    block: int
    offset: int
    fresh: int


def _find_copy(module: Module, rng: random.Random) -> CopyParams | None:
    analysis = Analysis(module)
    fresh = fresh_ids(module, 1)[0]
    if rng.random() < 0.5:
        # Just after a computed value: the copy then dominates the value's later uses,
        # which replace-id-with-synonym may rewrite.
        computed = sorted(v for v in analysis.places if analysis.is_plain_value(v))
        if computed:
            target = rng.choice(computed)
            place = analysis.places[target]
            if analysis.reachable(place.block):
                offsets = insertion_offsets(analysis.blocks[place.block][1])
                return CopyParams(target, place.block, max(place.position + 1, offsets[0]), fresh)
    point = analysis.random_point(rng)
    if point is None:
        return None
    values = list(analysis.values_at(*point))
    # Prefer values computed in the function: a constant's uses may need to stay constants.
    local = [value for value in values if value not in analysis.constants]
    chosen = local or values
    return CopyParams(rng.choice(chosen), *point, fresh) if chosen else None


def _copy_applies(module: Module, params: CopyParams) -> bool:
    analysis = Analysis(module)
    return (
        analysis.is_point(params.block, params.offset)
        and analysis.is_plain_value(params.target)
        and analysis.available(params.target, params.block, params.offset)
        and analysis.unused([params.fresh])
    )


def _copy(module: Module, params: CopyParams) -> Module:
    type_id = module.index().definitions[params.target].result_type
    edited = clone(module)
    copy = Instruction.make(
        "OpCopyObject", Id(params.target), result_type=type_id, result_id=params.fresh
    )
    insert(edited, params.block, params.offset, copy)
    claim(edited, [params.fresh])
    return edited


ADD_COPY_OBJECT = Transformation(
    "add-copy-object", CopyParams.from_json, _find_copy, _copy_applies, _copy
)


@dataclass(frozen=True)
class CompositeParams(FieldParameters):
    """`construct = OpCompositeConstruct vector_type target...; extract = OpCompositeExtract
    construct component`, inserted at (block, offset): `extract` is `target`."""

    target: int
    vector_type: int
    component: int
    block: int
    offset: int
    construct: int
    extract: int


def _vectors_of(module: Module) -> dict[int, list[tuple[int, int]]]:
    """Scalar type -> the vector types of it, each with its component count."""
    found: dict[int, list[tuple[int, int]]] = {}
    for instruction in module.globals:
        if instruction.opname == "OpTypeVector" and instruction.result_id is not None:
            component, count = (int(operand.value) for operand in instruction.operands)
            found.setdefault(component, []).append((instruction.result_id, count))
    return found


def _find_composite(module: Module, rng: random.Random) -> CompositeParams | None:
    analysis = Analysis(module)
    point = analysis.random_point(rng)
    if point is None:
        return None
    vectors = _vectors_of(module)
    candidates = []
    for value in analysis.values_at(*point):
        type_id = analysis.index.definitions[value].result_type
        if analysis.type_name(value) in SCALAR_TYPES and type_id in vectors:
            candidates.append((value, type_id))
    if not candidates:
        return None
    value, type_id = rng.choice(candidates)
    vector, count = rng.choice(vectors[type_id])
    construct, extract = fresh_ids(module, 2)
    return CompositeParams(value, vector, rng.randrange(count), *point, construct, extract)


def _composite_applies(module: Module, params: CompositeParams) -> bool:
    analysis = Analysis(module)
    if not (
        analysis.is_point(params.block, params.offset)
        and analysis.is_plain_value(params.target)
        and analysis.type_name(params.target) in SCALAR_TYPES
        and analysis.available(params.target, params.block, params.offset)
        and analysis.unused([params.construct, params.extract])
    ):
        return False
    name, operands = type_operands(analysis, params.vector_type)
    scalar = analysis.index.definitions[params.target].result_type
    return name == "OpTypeVector" and operands[0] == scalar and 0 <= params.component < operands[1]


def _composite(module: Module, params: CompositeParams) -> Module:
    analysis = Analysis(module)
    scalar = analysis.index.definitions[params.target].result_type
    count = type_operands(analysis, params.vector_type)[1][1]
    edited = clone(module)
    construct = Instruction.make(
        "OpCompositeConstruct",
        *(Id(params.target) for _ in range(count)),
        result_type=params.vector_type,
        result_id=params.construct,
    )
    extract = Instruction.make(
        "OpCompositeExtract",
        Id(params.construct),
        Literal(params.component),
        result_type=scalar,
        result_id=params.extract,
    )
    insert(edited, params.block, params.offset, construct, extract)
    claim(edited, [params.construct, params.extract])
    return edited


ADD_COMPOSITE_SYNONYM = Transformation(
    "add-composite-synonym",
    CompositeParams.from_json,
    _find_composite,
    _composite_applies,
    _composite,
)


@dataclass(frozen=True)
class PhiParams(FieldParameters):
    """`fresh = OpPhi target predecessor` at the start of `block`, whose one predecessor
    is where `target` comes from."""

    block: int
    target: int
    fresh: int


def _single_predecessor(analysis: Analysis, label: int) -> int | None:
    cfg = analysis.cfg_of(label)
    if cfg is None or not cfg.reachable(label):
        return None
    predecessors = cfg.predecessors.get(label, [])
    return predecessors[0] if len(predecessors) == 1 else None


def _find_phi(module: Module, rng: random.Random) -> PhiParams | None:
    analysis = Analysis(module)
    labels = [label for label in analysis.blocks if _single_predecessor(analysis, label)]
    if not labels:
        return None
    label = rng.choice(labels)
    predecessor = _single_predecessor(analysis, label)
    assert predecessor is not None
    end = len(analysis.blocks[predecessor][1].body)
    values = list(analysis.values_at(predecessor, end))
    if not values:
        return None
    return PhiParams(label, rng.choice(values), fresh_ids(module, 1)[0])


def _phi_applies(module: Module, params: PhiParams) -> bool:
    analysis = Analysis(module)
    predecessor = _single_predecessor(analysis, params.block)
    if predecessor is None:
        return False
    end = len(analysis.blocks[predecessor][1].body)
    return (
        analysis.is_plain_value(params.target)
        and analysis.available(params.target, predecessor, end)
        and analysis.unused([params.fresh])
    )


def _phi(module: Module, params: PhiParams) -> Module:
    analysis = Analysis(module)
    predecessor = _single_predecessor(analysis, params.block)
    assert predecessor is not None
    type_id = analysis.index.definitions[params.target].result_type
    edited = clone(module)
    phi = Instruction.make(
        "OpPhi", Id(params.target), Id(predecessor), result_type=type_id, result_id=params.fresh
    )
    insert(edited, params.block, 0, phi)
    claim(edited, [params.fresh])
    return edited


ADD_PHI_SYNONYM = Transformation(
    "add-phi-synonym", PhiParams.from_json, _find_phi, _phi_applies, _phi
)


def _is_identity_constant(analysis: Analysis, constant: int, value: int) -> bool:
    """Is `constant` the integer `value` (0 or 1) in every component?"""
    defined = analysis.index.definition(constant)
    if defined is None or constant not in analysis.constants:
        return False
    if defined.opname == "OpConstantNull":
        return value == 0
    if defined.opname == "OpConstant":
        return defined.operands == (Literal(value),)
    if defined.opname == "OpConstantComposite":
        return all(
            isinstance(operand, Id) and _is_identity_constant(analysis, operand.value, value)
            for operand in defined.operands
        )
    return False


def synonym_of(analysis: Analysis, synonym: int) -> int | None:
    """The id `synonym` is a copy of, as its own definition shows; None if it is none."""
    defined = analysis.index.definition(synonym)
    if defined is None or synonym not in analysis.places:
        return None
    operands = defined.operands
    name = defined.opname
    original: int | None = None
    if name == "OpCopyObject" or (name == "OpPhi" and len(operands) == 2):
        original = int(operands[0].value)
    elif name in IDENTITIES and len(operands) == 2:
        if _is_identity_constant(analysis, int(operands[1].value), IDENTITIES[name]):
            original = int(operands[0].value)
    elif name == "OpCompositeExtract" and len(operands) == 2:
        original = _component_of(analysis, int(operands[0].value), int(operands[1].value))
    if original is None or not isinstance(operands[0], Id):
        return None
    same_type = analysis.index.definition(original)
    if same_type is None or same_type.result_type != defined.result_type:
        return None
    return original


def _component_of(analysis: Analysis, composite: int, component: int) -> int | None:
    """The scalar operand `component` of an OpCompositeConstruct of a vector from scalars."""
    defined = analysis.index.definition(composite)
    if defined is None or defined.opname != "OpCompositeConstruct" or defined.result_type is None:
        return None
    name, operands = type_operands(analysis, defined.result_type)
    if name != "OpTypeVector" or len(defined.operands) != operands[1]:
        return None
    if not 0 <= component < len(defined.operands):
        return None
    return int(defined.operands[component].value)


@dataclass(frozen=True)
class ReplaceParams(FieldParameters):
    """Operand `operand` of the instruction at `offset` in `block` (the terminator where
    `offset == len(body)`) becomes `synonym`."""

    block: int
    offset: int
    operand: int
    synonym: int


def _replace_applies(module: Module, params: ReplaceParams) -> bool:
    analysis = Analysis(module)
    instruction = analysis.instruction_at(params.block, params.offset)
    original = synonym_of(analysis, params.synonym)
    if instruction is None or original is None or instruction.opname == "OpPhi":
        return False
    if not 0 <= params.operand < len(instruction.operands):
        return False
    # Only a computed value's uses: a constant's may be operands that must stay constants
    # (a struct member's index in OpAccessChain, an image operand's ConstOffset).
    return (
        instruction.operands[params.operand] == Id(original)
        and original not in analysis.constants
        and analysis.is_plain_value(original)
        and analysis.available(params.synonym, params.block, params.offset)
    )


def _find_replace(module: Module, rng: random.Random) -> ReplaceParams | None:
    analysis = Analysis(module)
    synonyms: dict[int, list[int]] = {}
    for value in analysis.places:
        original = synonym_of(analysis, value)
        if (
            original is not None
            and original not in analysis.constants
            and analysis.is_plain_value(original)
        ):
            synonyms.setdefault(original, []).append(value)
    candidates = []
    for label, (_, block) in analysis.blocks.items():
        for offset, instruction in enumerate([*block.body, block.terminator]):
            if instruction.opname == "OpPhi":
                continue
            for position, operand in enumerate(instruction.operands):
                if not isinstance(operand, Id):
                    continue
                for synonym in synonyms.get(operand.value, ()):
                    params = ReplaceParams(label, offset, position, synonym)
                    if analysis.available(synonym, label, offset):
                        candidates.append(params)
    return rng.choice(candidates) if candidates else None


def _replace(module: Module, params: ReplaceParams) -> Module:
    edited = clone(module)
    _, block = find_block(edited, params.block)
    at_end = params.offset == len(block.body)
    instruction = block.terminator if at_end else block.body[params.offset]
    operands = list(instruction.operands)
    operands[params.operand] = Id(params.synonym)
    changed = Instruction(
        instruction.opcode, instruction.result_type, instruction.result_id, tuple(operands)
    )
    if at_end:
        block.terminator = changed
    else:
        block.body[params.offset] = changed
    return edited


REPLACE_ID_WITH_SYNONYM = Transformation(
    "replace-id-with-synonym",
    ReplaceParams.from_json,
    _find_replace,
    _replace_applies,
    _replace,
)
