"""GLSL written through the preprocessor (emit/preprocessor.py, issue 36 item 2): the text
expands to the generated program in glslang and in our front-end, runs as the interpreter
says on the drivers, replays from its record, and is the same for the same seed."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

import pytest

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import SmithOptions, options_from_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with
from shadersmith.generate.smith import generate
from shadersmith.ir.expressions import Binary, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.walk import transform
from shadersmith.rebuild.regenerate import program_of, rebuild
from shadersmith.recondition import ReconditionOptions
from shadersmith.reduce import Subject
from shadersmith.reduce.interesting import Candidate, Interestingness, Prepared
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated
from tests.driver_agreement import mesa_gl_front_end_cases

SPELLED = options_with({**DEEPER_CONSTRUCTS, "preprocessor_probability": 0.4})
_STAGE_SUFFIX = {"compute": "comp", "fragment": "frag", "vertex": "vert"}


def _plain(program: Program) -> Program:
    return dataclasses.replace(program, macros=None)


def _programs(profile: LanguageProfile, seeds: range) -> list[Program]:
    programs = []
    for seed in seeds:
        generated = generate(seed, SPELLED, profile)
        programs += [generated.program] + ([generated.vertex] if generated.vertex else [])
    return programs


def _spirv(text: str, stage: str, folder: Path) -> str:
    """glslang's SPIR-V of `text` for Vulkan, disassembled without the debug instructions
    (OpLine and OpSource carry the text's line numbers; names do not change the code)."""
    source = folder / f"shader.{_STAGE_SUFFIX[stage]}"
    source.write_text(text)
    binary = folder / "shader.spv"
    command = ["glslangValidator", "-V", "--target-env", "vulkan1.3", "-o", str(binary)]
    compiled = subprocess.run([*command, str(source)], capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stdout[-2000:]
    listing = subprocess.run(
        ["spirv-dis", "--raw-id", str(binary)], capture_output=True, text=True, check=True
    ).stdout
    debug = re.compile(r"^\s*;|Op(?:Line|NoLine|Source|String|Name|MemberName|ModuleProcessed)\b")
    return "\n".join(line for line in listing.splitlines() if not debug.search(line))


@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_glslang_compiles_the_spelled_text_to_the_plain_texts_spirv(
    profile: LanguageProfile, tmp_path: Path
) -> None:
    for program in _programs(profile, range(2)):
        spelled, plain = emit(program, profile), emit(_plain(program), profile)
        assert "#define" in spelled and "#define PP_" not in plain
        stage = program.stage.value
        assert _spirv(spelled, stage, tmp_path) == _spirv(plain, stage, tmp_path)


def _folded(program: Program) -> Program:
    """`program` with each int `a + b` and `a - b` of two literals folded: the spelling of
    a literal as `(__LINE__ - k)` or `(PP_K0 + d)` reads back as such a sum."""

    def fold(node: object) -> object:
        if not isinstance(node, Binary) or node.op not in (BinaryOp.ADD, BinaryOp.SUB):
            return node
        left, right = node.left, node.right
        if not (isinstance(left, Literal) and isinstance(right, Literal)):
            return node
        if left.type.kind is not ScalarKind.INT or right.type.kind is not ScalarKind.INT:
            return node
        sign = 1 if node.op is BinaryOp.ADD else -1
        return Literal(left.type, int(left.value) + sign * int(right.value))

    return transform(program, fold)


@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_our_front_end_reads_the_spelled_text_as_the_generated_program(
    profile: LanguageProfile,
) -> None:
    for program in _programs(profile, range(4)):
        spelled = parse_glsl(emit(program, profile)).program
        plain = parse_glsl(emit(_plain(program), profile)).program
        assert emit(_folded(spelled), profile) == emit(_folded(plain), profile)


def test_every_form_is_spelled_and_token_pasting_only_in_desktop_glsl() -> None:
    desktop = "\n".join(emit(p, GLSL450) for p in _programs(GLSL450, range(4)))
    for form in (r"#define PP_B\d+\(", r"#define PP_K\d+ ", r"#define PP_T\d+ ", "#undef ", "##"):
        assert re.search(form, desktop), form
    for form in ("#if ", "#elif ", "#else", "#ifdef VULKAN", "__LINE__", "#line ", "__VERSION__"):
        assert form in desktop, form
    es = "\n".join(emit(p, ESSL310) for p in _programs(ESSL310, range(4)))
    assert "##" not in es and "#define PP_" in es


def test_the_same_seed_gives_the_same_bytes_and_off_gives_the_text_of_before() -> None:
    for seed in range(3):
        first, second = generate(seed, SPELLED), generate(seed, SPELLED)
        assert emit(first.program, GLSL450) == emit(second.program, GLSL450)
        assert first.choices["preprocessor:" + first.program.stage.value] == 1
        plain = generate(seed, dataclasses.replace(SPELLED, preprocessor_probability=0.0))
        assert emit(plain.program, GLSL450) == emit(_plain(first.program), GLSL450)


def test_wgsl_has_no_preprocessor_and_is_left_alone() -> None:
    for seed in range(3):
        generated = generate(seed, SPELLED, WGSL)
        assert generated.program.macros is None
        plain = generate(seed, dataclasses.replace(SPELLED, preprocessor_probability=0.0), WGSL)
        assert emit(generated.program, WGSL) == emit(plain.program, WGSL)


def test_the_option_is_a_flag_recorded_and_off_in_older_records() -> None:
    assert from_flags(preprocessor=0.25).preprocessor_probability == 0.25
    assert SmithOptions().preprocessor_probability == 0.0
    assert options_from_dict({}).preprocessor_probability == 0.0
    recorded = prepare_generated(generate(1, SPELLED), GLSL450).test.provenance.options
    assert recorded["preprocessor_probability"] == 0.4


def test_a_spelled_test_replays_from_its_record_and_from_its_text() -> None:
    for seed in range(2):
        trial = prepare_generated(generate(seed, SPELLED), GLSL450)
        assert "#define PP_" in trial.source
        # From the provenance: regenerated, reconditioned and emitted to the same bytes.
        assert emit(rebuild(trial.test).program, GLSL450) == trial.source
        # From the text alone (an edited or reduced test): the front-end expands it.
        unrecorded = dataclasses.replace(trial.test.provenance, seed=None)
        edited = dataclasses.replace(trial.test, provenance=unrecorded)
        assert trial.program is not None
        read, _, _ = program_of(edited)
        assert emit(_folded(read), GLSL450) == emit(_folded(_plain(trial.program)), GLSL450)


def test_a_reduction_candidate_keeps_the_spelling_it_runs_with() -> None:
    generated = generate(4, SmithOptions(preprocessor_probability=0.5))
    assert generated.program.stage.value == "compute"
    subject = Subject(
        program=generated.program,
        buffer_values=generated.buffer_values,
        profile=GLSL450,
        recondition_options=ReconditionOptions(),
        spirv_passes=None,
        signature="wrong:llvmpipe",
        finding_targets=("gl-llvmpipe",),
        targets=("interp",),
        dispatch=generated.workgroups,
    )
    with TargetSession(["interp"], 1) as session:
        prepared = Interestingness(subject, session).prepare(
            Candidate(subject.program, subject.buffer_values)
        )
    assert isinstance(prepared, Prepared)
    assert "#define PP_" in prepared.text and "#define PP_" in prepared.job.source


def test_generated_spelled_programs_agree_with_the_interpreter_on_the_drivers() -> None:
    jobs, names = [], []
    only = SmithOptions(preprocessor_probability=0.5)
    for options, seeds in ((SPELLED, (0, 1)), (only, (3,))):
        for seed in seeds:
            trial = prepare_generated(generate(seed, options), GLSL450)
            assert "#define PP_" in trial.source
            jobs.append(trial.job)
            names.append(f"{trial.job.stage} seed {seed}")
    assert mesa_gl_front_end_cases(jobs, names, ("vk-lavapipe",)) == []
