"""The SPIR-V module model (shadersmith/spirv/): byte-for-byte round trips of what
glslang writes for generated programs and of the findings' modules, spirv-val on what
the model writes, malformed input refused with one typed error, and the model's
lookups and control-flow analysis checked by hand on a module written by spirv-as."""

from __future__ import annotations

import random
import re
import struct
from pathlib import Path

import pytest

from shadersmith.spirv.assembly import instruction_text, module_text
from shadersmith.spirv.binary import MalformedSpirv, RawInstruction, read_binary
from shadersmith.spirv.cfg import ControlFlowGraph
from shadersmith.spirv.grammar import GrammarMissing, grammar, load_grammar
from shadersmith.spirv.instruction import Instruction, decode
from shadersmith.spirv.module import Module, read_module
from shadersmith.spirv.operands import Enum, Id, Literal, String
from shadersmith.targets.tools.spirv_tools import compile_glsl_to_spirv
from tests.programs import reconditioned_job
from tests.spirv_support import assemble, spirv_val

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
GENERATED_SEEDS = range(30)


@pytest.fixture(scope="module")
def generated_modules() -> list[tuple[str, bytes]]:
    """glslang's modules for 30 generated, reconditioned programs: compute and fragment."""
    made = []
    for seed in GENERATED_SEEDS:
        job = reconditioned_job(seed, fragment=seed % 2 == 1)
        made.append((f"seed {seed} ({job.stage})", compile_glsl_to_spirv(job.source, job.stage)))
    return made


def test_every_module_glslang_writes_for_generated_programs_round_trips_and_validates(
    generated_modules: list[tuple[str, bytes]], tmp_path: Path
) -> None:
    stages = {name.split("(")[1] for name, _ in generated_modules}
    assert stages == {"compute)", "fragment)"}
    for name, spirv in generated_modules:
        module = read_module(spirv)
        written = module.to_bytes()
        assert written == spirv, name
        assert spirv_val(written, tmp_path) == "", name
        assert module.functions and all(f.blocks for f in module.functions), name
        for function in module.functions:
            cfg = ControlFlowGraph(function)
            for construct in cfg.constructs:
                # A construct starts at its entry and ends before its merge block.
                assert construct.entry in construct.blocks, (name, construct)
                assert construct.merge not in construct.blocks, (name, construct)


def test_every_findings_module_round_trips_byte_for_byte(tmp_path: Path) -> None:
    paths = sorted(FINDINGS.glob("*/*.spv"))
    assert len(paths) >= 30
    for path in paths:
        spirv = path.read_bytes()
        written = read_module(spirv).to_bytes()
        assert written == spirv, path
        # What glslang wrote (not spirv-opt's or spirv-cross's chains) is valid, except
        # where the finding is glslang's own defect (glslang-struct-select-layouts).
        glslang_wrote = re.fullmatch(r"vk-(radv-)?[a-z0-9]+", path.stem)
        if glslang_wrote and not path.parent.name.startswith("glslang-"):
            assert spirv_val(written, tmp_path) == "", path


def _module_words(*instructions: list[int]) -> bytes:
    words = [0x07230203, 0x00010000, 0, 10, 0]
    for instruction in instructions:
        words.extend(instruction)
    return struct.pack(f"<{len(words)}I", *words)


OP_CAPABILITY = 17
SHADER = 1


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"", "truncated header"),
        (_module_words()[:12], "truncated header"),
        (b"\x01\x02\x03\x04" + _module_words()[4:], "wrong magic"),
        (_module_words([OP_CAPABILITY, SHADER]), "word count of 0"),
        (_module_words([3 << 16 | OP_CAPABILITY, SHADER]), "past the end"),
        (_module_words([2 << 16 | OP_CAPABILITY, SHADER])[:-2], "whole number of 32-bit words"),
        # OpName %1 "ab" without the string's terminating NUL.
        (_module_words([3 << 16 | 5, 1, 0x62616161]), "without its terminating NUL"),
        # OpTypeInt with its width and no signedness.
        (_module_words([3 << 16 | 21, 1, 32]), "operand is missing"),
        # An OpName after a type: out of the specification's order.
        (_module_words([2 << 16 | 19, 1], [3 << 16 | 5, 1, 0]), "out of order"),
    ],
)
def test_malformed_modules_are_refused_with_one_typed_error(data: bytes, why: str) -> None:
    with pytest.raises(MalformedSpirv, match=why):
        read_module(data)


def test_a_big_endian_module_reads_and_writes_back_big_endian(tmp_path: Path) -> None:
    little = assemble(HAND_WRITTEN, tmp_path)
    count = len(little) // 4
    big = struct.pack(f">{count}I", *struct.unpack(f"<{count}I", little))
    module = read_module(big)
    assert module.header.byte_order == ">"
    assert module.to_bytes() == big
    assert read_binary(big)[1] == read_binary(little)[1]


def test_a_missing_grammar_is_one_line_naming_the_package(tmp_path: Path) -> None:
    with pytest.raises(GrammarMissing, match="install Debian's spirv-headers") as raised:
        load_grammar(tmp_path)
    assert "\n" not in str(raised.value)


def test_the_grammar_knows_opcodes_operands_and_enumerant_parameters() -> None:
    spirv = grammar()
    add = spirv.instruction("OpIAdd")
    assert add.opcode == 128 and add.has_result_type and add.has_result
    assert [operand.kind for operand in add.operands] == ["IdRef", "IdRef"]
    loop_merge = spirv.by_opcode[246]
    assert loop_merge.name == "OpLoopMerge" and not loop_merge.has_result
    assert [operand.quantifier for operand in spirv.instruction("OpEntryPoint").operands][-1] == "*"
    assert [p.kind for p in spirv.enumerant("Decoration", "BuiltIn").parameters] == ["BuiltIn"]
    dependency = spirv.enumerant("LoopControl", "DependencyLength")
    assert dependency.value == 8 and [p.kind for p in dependency.parameters] == ["LiteralInteger"]
    assert spirv.ext_inst_sets["GLSL.std.450"].by_name["FClamp"].opcode == 43


# A loop whose body holds a selection, with a continue block, written by hand.
HAND_WRITTEN = """
               OpCapability Shader
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %Buf "Buf"
               OpMemberName %Buf 0 "values"
               OpName %header "header"
               OpName %cond "cond"
               OpName %body "body"
               OpName %then "then"
               OpName %join "join"
               OpName %continue "continue"
               OpName %merge "merge"
               OpName %i "i"
               OpName %next "next"
               OpName %var "var"
               OpName %gid "gid"
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %Buf 0 Offset 0
               OpDecorate %Buf BufferBlock
               OpDecorate %var DescriptorSet 0
               OpDecorate %var Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %uint = OpTypeInt 32 0
       %bool = OpTypeBool
     %v3uint = OpTypeVector %uint 3
     %ptr_in = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in Input
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
     %int_10 = OpConstant %int 10
     %uint_4 = OpConstant %uint 4
        %arr = OpTypeArray %int %uint_4
        %Buf = OpTypeStruct %arr
    %ptr_buf = OpTypePointer Uniform %Buf
    %ptr_int = OpTypePointer Uniform %int
        %var = OpVariable %ptr_buf Uniform
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %int %int_0 %entry %next %continue
               OpLoopMerge %merge %continue None
               OpBranch %cond
       %cond = OpLabel
         %lt = OpSLessThan %bool %i %int_10
               OpBranchConditional %lt %body %merge
       %body = OpLabel
        %odd = OpBitwiseAnd %int %i %int_1
     %isodd = OpIEqual %bool %odd %int_1
               OpSelectionMerge %join None
               OpBranchConditional %isodd %then %join
       %then = OpLabel
        %ptr = OpAccessChain %ptr_int %var %int_0 %int_0
               OpStore %ptr %i
               OpBranch %join
       %join = OpLabel
               OpBranch %continue
   %continue = OpLabel
       %next = OpIAdd %int %i %int_1
               OpBranch %header
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
"""


def _ids_by_name(module: Module) -> dict[str, int]:
    index = module.index()
    return {name: id_ for id_ in index.definitions if (name := index.name(id_)) is not None}


def test_a_hand_written_module_has_the_ids_types_decorations_and_blocks_it_was_written_with(
    tmp_path: Path,
) -> None:
    spirv = assemble(HAND_WRITTEN, tmp_path)
    module = read_module(spirv)
    assert module.to_bytes() == spirv
    ids = _ids_by_name(module)
    index = module.index()
    assert [i.opname for i in module.capabilities] == ["OpCapability"]
    assert module.ext_inst_imports[0].operands == (String("GLSL.std.450"),)
    assert module.entry_points[0].operands[0] == Enum("ExecutionModel", 5)
    assert len(module.debug) == 14 and len(module.annotations) == 6
    type_of_i = index.type_of(ids["i"])
    assert type_of_i is not None and type_of_i.opname == "OpTypeInt"
    assert type_of_i.operands == (Literal(32), Literal(1))
    var = index.definition(ids["var"])
    assert var is not None and var.operands == (Enum("StorageClass", 2),)
    (built_in,) = index.decorations(ids["gid"])
    assert [str(operand) for operand in built_in.operands] == [
        f"%{ids['gid']}",
        "BuiltIn",
        "GlobalInvocationId",
    ]
    assert {str(d.operands[1]) for d in index.decorations(ids["var"])} == {
        "DescriptorSet",
        "Binding",
    }
    assert index.member_names(ids["Buf"]) == {0: "values"}
    (main,) = module.functions
    assert main.result_id == ids["main"]
    labels = [block.label_id for block in main.blocks]
    assert labels[1:] == [
        ids[n] for n in ("header", "cond", "body", "then", "join", "continue", "merge")
    ]
    header = main.blocks[1]
    assert header.merge is not None and header.merge.opname == "OpLoopMerge"
    assert header.body[0].opname == "OpPhi" and header.terminator.opname == "OpBranch"
    assert main.blocks[3].merge is not None and main.blocks[3].merge.opname == "OpSelectionMerge"
    assert main.blocks[-1].terminator.opname == "OpReturn"
    assert f"%{ids['next']} = OpIAdd %{type_of_i.result_id} %{ids['i']}" in module_text(module)


def test_the_control_flow_of_a_loop_with_a_continue_and_a_selection_inside(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(HAND_WRITTEN, tmp_path))
    ids = _ids_by_name(module)
    entry = module.functions[0].blocks[0].label_id
    header, cond, body, then, join, continue_, merge = (
        ids[n] for n in ("header", "cond", "body", "then", "join", "continue", "merge")
    )
    cfg = ControlFlowGraph(module.functions[0])
    assert cfg.successors[cond] == [body, merge]
    assert sorted(cfg.predecessors[header]) == sorted([entry, continue_])
    assert cfg.back_edge_blocks(header) == [continue_]
    # Dominators.
    assert all(cfg.dominates(entry, label) for label in cfg.order)
    assert cfg.dominates(header, merge) and cfg.dominates(cond, merge)
    assert cfg.dominates(body, join) and not cfg.dominates(then, join)
    assert cfg.dominates(join, continue_) and not cfg.dominates(continue_, header)
    assert cfg.idom[join] == body and cfg.idom[merge] == cond
    # Post-dominators.
    assert cfg.post_dominates(join, then) and cfg.post_dominates(continue_, body)
    assert cfg.post_dominates(merge, entry) and not cfg.post_dominates(then, body)
    # Merge and continue targets, and what each construct contains.
    loop = cfg.construct("loop", header)
    assert loop is not None and loop.merge == merge and loop.continue_target == continue_
    assert loop.blocks == {header, cond, body, then, join}
    continuing = cfg.construct("continue", header)
    assert continuing is not None and continuing.blocks == {continue_}
    selection = cfg.construct("selection", body)
    assert selection is not None and selection.merge == join
    assert selection.blocks == {body, then}
    assert cfg.in_continue_construct(continue_, header)
    assert not cfg.in_continue_construct(join, header)
    assert cfg.in_loop(then, header) and not cfg.in_loop(merge, header)
    assert [c.kind for c in cfg.containing(then)] == ["selection", "loop"]
    assert cfg.containing(merge) == []


def test_a_fresh_id_and_an_op_copy_object_added_through_the_model_stay_valid(
    tmp_path: Path,
) -> None:
    module = read_module(assemble(HAND_WRITTEN, tmp_path))
    ids = _ids_by_name(module)
    bound = module.header.bound
    copy = module.fresh_id()
    assert copy == bound and module.header.bound == bound + 1
    continue_block = next(
        block for block in module.functions[0].blocks if block.label_id == ids["continue"]
    )
    (add,) = continue_block.body
    assert add.result_type is not None
    continue_block.body.append(
        Instruction.make(
            "OpCopyObject", Id(ids["next"]), result_type=add.result_type, result_id=copy
        )
    )
    # The phi now takes the copy from the back edge.
    header = module.functions[0].blocks[1]
    phi = header.body[0]
    operands = tuple(Id(copy) if o == Id(ids["next"]) else o for o in phi.operands)
    header.body[0] = Instruction(phi.opcode, phi.result_type, phi.result_id, operands)
    written = module.to_bytes()
    assert spirv_val(written, tmp_path) == ""
    again = read_module(written)
    assert again.to_bytes() == written
    definition = again.index().definition(copy)
    assert definition is not None and definition.opname == "OpCopyObject"


SWITCH_64 = """
               OpCapability Shader
               OpCapability Int64
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %long = OpTypeInt 64 1
     %long_5 = OpConstant %long 5
    %long_big = OpConstant %long -4294967296
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpSelectionMerge %merge None
               OpSwitch %long_5 %merge 4294967297 %one -2 %two
        %one = OpLabel
               OpBranch %merge
        %two = OpLabel
               OpBranch %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
"""


def test_a_64_bit_switch_reads_its_case_literals_two_words_wide(tmp_path: Path) -> None:
    spirv = assemble(SWITCH_64, tmp_path)
    module = read_module(spirv)
    assert module.to_bytes() == spirv
    switch = module.functions[0].blocks[0].terminator
    literals = [operand for operand in switch.operands if isinstance(operand, Literal)]
    assert literals == [Literal(4294967297, 2), Literal(2**64 - 2, 2)]
    cfg = ControlFlowGraph(module.functions[0])
    cases = [c for c in cfg.constructs if c.kind == "case"]
    assert len(cases) == 2 and all(len(c.blocks) == 1 for c in cases)
    constants = [i for i in module.globals if i.opname == "OpConstant"]
    assert constants[1].operands == (Literal(2**64 - 2**32, 2),)


class _NoContext:
    """A reader that knows nothing of the module (no 64-bit selectors, no ext-inst sets)."""

    def literal_width(self, value_id: int) -> int:
        return 1

    def ext_inst_set(self, set_id: int) -> str | None:
        return None


def test_a_loop_control_mask_is_followed_by_the_parameters_of_its_bits_in_order() -> None:
    unroll_and_dependency_length = 0x1 | 0x8
    words = (5, 6, unroll_and_dependency_length, 4)
    loop_merge = decode(RawInstruction(grammar().opcode("OpLoopMerge"), words), _NoContext())
    assert loop_merge.operands == (Id(5), Id(6), Enum("LoopControl", 9), Literal(4))
    assert str(loop_merge.operands[2]) == "Unroll|DependencyLength"
    assert loop_merge.words() == words
    assert instruction_text(loop_merge) == "OpLoopMerge %5 %6 Unroll|DependencyLength 4"


def test_corrupted_modules_are_refused_or_written_back_unchanged_never_a_crash(
    tmp_path: Path,
) -> None:
    rng = random.Random(35)
    originals = [assemble(HAND_WRITTEN, tmp_path), assemble(SWITCH_64, tmp_path)]
    outcomes = {"refused": 0, "read": 0}
    for _ in range(400):
        data = bytearray(rng.choice(originals))
        words = len(data) // 4
        word = rng.randrange(5, words)
        how = rng.randrange(3)
        if how == 0:
            data[4 * word + rng.randrange(4)] = rng.randrange(256)
        elif how == 1:  # a plausible first word: a small count and a real opcode
            struct.pack_into("<I", data, 4 * word, rng.randrange(1, 6) << 16 | rng.randrange(400))
        else:
            del data[4 * word : 4 * rng.randrange(word, words)]
        try:
            module = read_module(bytes(data))
        except MalformedSpirv:
            outcomes["refused"] += 1
            continue
        outcomes["read"] += 1
        assert module.to_bytes() == bytes(data)
        module.index()
        module_text(module)
        for function in module.functions:
            if function.blocks:
                ControlFlowGraph(function)
    assert outcomes["refused"] > 20 and outcomes["read"] > 20, outcomes
