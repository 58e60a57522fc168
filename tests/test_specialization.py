"""Specialization constants (generate/specialization.py): GL reads the VALUE from the
`#else` of `#ifdef VULKAN`, the Vulkan chains get the module's DEFAULT and set the VALUE
at pipeline creation, the spirv-cross chain defines SPIRV_CROSS_CONSTANT_ID_N; the
record and the Amber export carry the values."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shadersmith.case import load_test, write_test
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.front.glsl.specialization import specialization_marks
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.expressions import Assign, Binary, Literal, Ternary, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Program
from shadersmith.ir.statements import ExprStmt, Specialization, Statement, VarDecl
from shadersmith.ir.types import BOOL, INT, UINT, Type
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools
from shadersmith.trial import prepare_generated
from tests.programs import BLOCK, one_buffer_program

CPU_TARGETS = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader"]
CROSS = "vk-lavapipe-cross"
VULKAN = ["vk-lavapipe", "vk-lavapipe-opt", "vk-swiftshader", CROSS]
SPECIALIZATION = SmithOptions(specialization_probability=1.0)


def _spec(
    name: str, type_: Type, constant_id: int, default: int | bool, value: int | bool
) -> VarDecl:
    return VarDecl(
        name,
        type_,
        Literal(type_, value),  # type: ignore[arg-type]
        const=True,
        specialization=Specialization(constant_id, Literal(type_, default)),  # type: ignore[arg-type]
    )


def _store(type_: Type, field: str, value: object) -> ExprStmt:
    return ExprStmt(Assign(type_, AssignOp.ASSIGN, VariableRef(type_, field), value))  # type: ignore[arg-type]


def _hand_written() -> Program:
    """K (id 3, DEFAULT 5, VALUE 9), U (id 4, 7u -> 11u), Q (id 5, false -> true), and
    L = K * 3 + 1, M = U ^ 3u: with the VALUEs r = 28, u = 8, b = 1; with the DEFAULTs
    r = 16, u = 4, b = 2."""
    k, u, q = VariableRef(INT, "K"), VariableRef(UINT, "U"), VariableRef(BOOL, "Q")
    derived_l = Binary(
        INT, BinaryOp.ADD, Binary(INT, BinaryOp.MUL, k, Literal(INT, 3)), Literal(INT, 1)
    )
    derived_m = Binary(UINT, BinaryOp.BIT_XOR, u, Literal(UINT, 3))
    globals_ = (
        _spec("K", INT, 3, 5, 9),
        _spec("U", UINT, 4, 7, 11),
        _spec("Q", BOOL, 5, False, True),
        VarDecl("L", INT, derived_l, const=True),
        VarDecl("M", UINT, derived_m, const=True),
    )
    body: list[Statement] = [
        _store(INT, "r", VariableRef(INT, "L")),
        _store(UINT, "u", VariableRef(UINT, "M")),
        _store(INT, "b", Ternary(INT, q, Literal(INT, 1), Literal(INT, 2))),
    ]
    return one_buffer_program(body, {"r": INT, "u": UINT, "b": INT}, globals_=globals_)


_ZERO: BufferValues = {BLOCK: {"r": 0, "u": 0, "b": 0}}


def test_the_glsl_text_gives_gl_the_value_and_vulkan_the_default_with_an_id() -> None:
    text = emit(_hand_written(), GLSL450)
    assert (
        "#ifdef VULKAN\nlayout(constant_id = 3) const int K = 5;\n#else\nconst int K = 9;\n#endif"
        in text
    )
    assert "const int L = K * 3 + 1;" in text
    job = job_from_program(_hand_written(), _ZERO, GLSL450)
    assert job.specialization == ((3, "int", 9), (4, "uint", 11), (5, "bool", 1))


def test_the_text_read_back_keeps_the_ids_and_defaults_so_a_reduction_keeps_them() -> None:
    """What reads a test's text (the reducers' candidates: reduce/interesting.py re-reads
    each one) gets the specialization constants back, not plain consts: without it a
    reduction ran its candidates unspecialised and lost every such finding (`shadersmith
    reduce` said the test did not show its signature)."""
    program = _hand_written()
    text = emit(program, GLSL450)
    read = parse_glsl(text).program
    assert emit(read, GLSL450) == text
    job = job_from_program(read, _ZERO, GLSL450)
    assert job.specialization == ((3, "int", 9), (4, "uint", 11), (5, "bool", 1))


def test_a_hand_written_program_gives_the_values_on_every_cpu_target() -> None:
    """Every target computes with the VALUEs (hand-computed: 28, 8, 1); the Vulkan chains
    without the pipeline's values give the DEFAULTs' (16, 4, 2), so their module really
    holds specialization constants and the runner really sets them."""
    job = job_from_program(_hand_written(), _ZERO, GLSL450)
    unset = dataclasses.replace(job, specialization=())
    with TargetSession([*CPU_TARGETS, CROSS], 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many([job, unset]))
    for target in [*CPU_TARGETS, CROSS]:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == {"r": 28, "u": 8, "b": 1}, target
    for target in VULKAN:
        assert results[1][target].buffers[0] == {"r": 16, "u": 4, "b": 2}, target


def test_generated_programs_with_specialization_constants_agree_on_the_cpu_targets() -> None:
    jobs = []
    for seed, fragment in ((0, 0.0), (2, 0.0), (9, 1.0)):
        options = dataclasses.replace(SPECIALIZATION, fragment_probability=fragment)
        prepared = prepare_generated(generate(seed, options, GLSL450), GLSL450)
        assert prepared.job.specialization, seed
        assert "layout(constant_id = " in prepared.job.source
        jobs.append(prepared.job)
    with TargetSession(CPU_TARGETS, 1, 120) as session:
        for index, results in session.run_many(jobs):
            expected = results["interp"]
            assert expected.ok, expected.log
            for target in CPU_TARGETS[1:]:
                assert results[target].ok, f"{index} {target}: {results[target].log[-300:]}"
                assert same_output(expected, results[target]), f"{index} {target}"


def test_the_option_is_deterministic_and_off_by_default() -> None:
    first = emit(generate(5, SPECIALIZATION, GLSL450).program, GLSL450)
    assert first == emit(generate(5, SPECIALIZATION, GLSL450).program, GLSL450)
    assert "constant_id" in first
    plain = generate(5, SmithOptions(), GLSL450)
    assert not any(d.specialization for d in plain.program.globals)
    assert "constant_id" not in emit(plain.program, GLSL450)


def test_the_record_replays_the_values_and_amber_specializes(tmp_path: Path) -> None:
    prepared = prepare_generated(generate(0, SPECIALIZATION, GLSL450), GLSL450)
    entries = prepared.job.specialization
    assert prepared.test.inputs.specialization == entries
    write_test(prepared.test, tmp_path / "t")
    loaded = load_test(tmp_path / "t")
    assert loaded.inputs.specialization == entries
    hand = job_from_program(_hand_written(), _ZERO, GLSL450)
    assert hand.specialization
    script = amber_script(loaded)
    constants = " ".join(
        f"SPECIALIZE {i} AS {'int32' if t == 'int' else 'uint32'} {v}" for i, t, v in entries
    )
    assert f"  ATTACH main_shader {constants}\n" in script


def test_with_the_preprocessor_too_each_constant_keeps_its_block_and_glslang_compiles_it() -> None:
    """The preprocessor's speller (emit/preprocessor.py) may put any code line in a
    conditional group of its own; the lines of a specialization constant's #ifdef VULKAN
    block must stay as they are (45 of 60 such programs were rejected by glslang and by
    NVIDIA's GL driver, `#else after #else`, when the two options first met)."""
    options = SmithOptions(specialization_probability=1.0, preprocessor_probability=0.3)
    for seed in (55, 57, 59):
        trial = prepare_generated(generate(seed, options), GLSL450)
        text = trial.test.main_shader
        assert trial.program is not None
        declared = [g.name for g in trial.program.globals if g.specialization is not None]
        assert declared and sorted(specialization_marks(text)) == sorted(declared), seed
        spirv_tools.compile_glsl_to_spirv(text, trial.test.stage)  # raises if rejected
