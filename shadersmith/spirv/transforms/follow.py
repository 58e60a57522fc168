"""A recorded list replayed on a smaller reference module, its positions followed: what
spirv-reduce's candidates need (reduce/spirv_test.py).

Records place their effect by block and offset (`block` with `offset`, or `start` and
`end`). spirv-reduce removes instructions, so on its candidate an offset may point one or
more instructions past where the record acted: replayed as recorded, the record would act
elsewhere or be skipped, and the bug it triggers would be lost with almost any removal in
its block. So each record is replayed on the original chain and on the candidate's side by
side, and its offsets are carried over by aligning the block's instructions in the two
(an instruction is known by its result id, one without by its opcode and operands): an
offset goes to the same instruction on the candidate's side, or, where that instruction
was removed, to the first one after it that was kept. A record that still does not apply
is skipped there, as `replay` skips it; the records returned are the ones applied, with
the offsets they were applied at, so that `replay` of them on the candidate gives the same
module.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Sequence

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Block, Module
from shadersmith.spirv.transforms.base import TransformationRecord
from shadersmith.spirv.transforms.table import BY_NAME

POSITION_FIELDS = ("offset", "start", "end")


def replay_following(
    original: Module, candidate: Module, records: Sequence[TransformationRecord]
) -> tuple[Module, list[TransformationRecord]]:
    """`records` (which all apply to `original` in turn) replayed on `candidate`, their
    positions followed; the module made and the records as applied."""
    before, after = original, candidate
    applied: list[TransformationRecord] = []
    for record in records:
        transformation = BY_NAME.get(record.name)
        if transformation is None:
            continue
        on_original = transformation.applies_to_record(before, record.params)
        if on_original is None:
            continue  # stale already on the original chain: `replay` skips it too
        moved = _followed(record, before, after)
        on_candidate = transformation.applies_to_record(after, moved.params)
        before = transformation.apply(before, on_original)
        if on_candidate is not None:
            after = transformation.apply(after, on_candidate)
            applied.append(moved)
    return after, applied


def _followed(record: TransformationRecord, before: Module, after: Module) -> TransformationRecord:
    """`record` with its offsets carried from `before` to `after` (unchanged where it has
    none, or its block is in only one of them)."""
    label = record.params.get("block")
    fields = [f for f in POSITION_FIELDS if isinstance(record.params.get(f), int)]
    if not isinstance(label, int) or not fields:
        return record
    old, new = _block(before, label), _block(after, label)
    if old is None or new is None:
        return record
    mapping = offset_map(old.body, new.body)
    params = dict(record.params)
    for name in fields:
        offset = params[name]
        if 0 <= offset < len(mapping):
            params[name] = mapping[offset]
    return TransformationRecord(record.name, params)


def offset_map(old: Sequence[Instruction], new: Sequence[Instruction]) -> list[int]:
    """For each offset 0..len(old) in `old` (the end included), the offset in `new` of
    the same instruction, or of the first instruction after it that `new` kept."""
    matcher = difflib.SequenceMatcher(
        a=[_key(i) for i in old], b=[_key(i) for i in new], autojunk=False
    )
    mapping: list[int | None] = [None] * (len(old) + 1)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                mapping[i1 + k] = j1 + k
        elif tag == "replace":
            # An instruction whose operands spirv-reduce changed is the same instruction:
            # in order, each old one takes the next new one of its opcode.
            j = j1
            for i in range(i1, i2):
                match = next((k for k in range(j, j2) if new[k].opcode == old[i].opcode), None)
                if match is not None:
                    mapping[i], j = match, match + 1
    mapping[len(old)] = len(new)
    filled: list[int] = [0] * (len(old) + 1)
    following = len(new)
    for k in range(len(old), -1, -1):
        found = mapping[k]
        following = following if found is None else found
        filled[k] = following
    return filled


def _key(instruction: Instruction) -> Hashable:
    if instruction.result_id is not None:
        return (instruction.opcode, instruction.result_id)
    return (instruction.opcode, tuple(str(operand) for operand in instruction.operands))


def _block(module: Module, label: int) -> Block | None:
    for function in module.functions:
        for block in function.blocks:
            if block.label_id == label:
                return block
    return None
