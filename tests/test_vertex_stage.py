"""A generated vertex stage with flat varyings (issue 20, part 1; generate/vertex_stage.py,
interp/vertex.py): semantics by hand, the interpreter's refusals, the option, the test
record, reconditioned pairs free of undefined behaviour, and hand-written and generated
pairs agreeing with the interpreter on the real CPU drivers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from shadersmith.analysis.widths import INT8, INT16, program_features, text_features
from shadersmith.case.codec import load_test, write_test
from shadersmith.case.testcase import VERTEX_FILE
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.generate.vertex_stage import FLAT, full_screen_position
from shadersmith.interp.defined import check_defined
from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.fragment_image import expected_image
from shadersmith.interp.vertex import fed_fragment, flat_values
from shadersmith.ir.expressions import Assign, Binary, Construct, Literal, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import (
    VERTEX_INDEX,
    Function,
    Program,
    Stage,
    StageOutput,
)
from shadersmith.ir.statements import Block, ExprStmt
from shadersmith.ir.types import INT, UINT, VOID, ScalarKind, ScalarType, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program, job_from_test, with_vertex_stage
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.trial import prepare_generated, prepare_loaded
from tests.driver_agreement import GL_AND_VULKAN, SHARED, mesa_gl_front_end_cases
from tests.feature_runs import agree_with_the_first

PAIRS = SmithOptions(fragment_probability=1.0, vertex_stage_probability=1.0)
UVEC2 = VectorType(ScalarKind.UINT, 2)
INT8_T = ScalarType(ScalarKind.INT, 8)
VEC4 = VectorType(ScalarKind.FLOAT, 4)

# The fragment half, read by our front-end: its flat inputs and the uniform block.
FRAGMENT = """#version 450
layout(std140, binding = 0) uniform buf_in_0 {
    int k;
};
layout(location = 0) flat in int vary_0;
layout(location = 1) flat in uvec2 vary_1;
layout(location = 0) out uvec4 _color;

void main() {
    _color = uvec4(uint(vary_0), vary_1.x, vary_1.y + uint(k), uint(gl_FragCoord.x));
}
"""
VALUES: BufferValues = {"buf_in_0": {"k": 5}}


def _assign(type_: object, name: str, value: object) -> ExprStmt:
    return ExprStmt(Assign(type_, AssignOp.ASSIGN, VariableRef(type_, name), value))  # type: ignore[arg-type]


def _vertex(fragment: Program, vary_0: object = None) -> Program:
    """`vary_0 = k * 3; vary_1 = uvec2(7u, uint(k)); gl_Position = <triangle>;` by hand."""
    k = VariableRef(INT, "k")
    if vary_0 is None:
        vary_0 = Binary(INT, BinaryOp.MUL, k, Literal(INT, 3))
    body = (
        _assign(INT, "vary_0", vary_0),
        _assign(UVEC2, "vary_1", Construct(UVEC2, (Literal(UINT, 7), Construct(UINT, (k,))))),
        _assign(VEC4, "gl_Position", full_screen_position()),
    )
    return Program(
        stage=Stage.VERTEX,
        functions=(Function("main", VOID, (), Block(body)),),
        buffers=fragment.buffers,
        outputs=(
            StageOutput("vary_0", INT, 0, FLAT),
            StageOutput("vary_1", UVEC2, 1, FLAT),
        ),
    )


def test_flat_varyings_reach_every_fragment_by_hand() -> None:
    fragment = parse_glsl(FRAGMENT).program
    vertex = _vertex(fragment)
    assert flat_values(vertex, VALUES) == {"vary_0": 15, "vary_1": (7, 5)}
    program, values = fed_fragment(vertex, fragment, VALUES)
    image = expected_image(program, values, 64, 64)
    assert tuple(image[10, 3]) == (15, 7, 10, 3)
    assert (image[:, :, :3] == [15, 7, 10]).all()
    text = emit(vertex, GLSL450)
    assert "#define gl_VertexID gl_VertexIndex" in text and "flat out uvec2 vary_1" in text


def test_a_varying_that_depends_on_the_vertex_is_refused() -> None:
    """The provoking vertex differs between GL and Vulkan: the interpreter will not pick."""
    fragment = parse_glsl(FRAGMENT).program
    vertex = _vertex(fragment, vary_0=VariableRef(INT, VERTEX_INDEX))
    with pytest.raises(InterpreterError, match="provoking vertex"):
        flat_values(vertex, VALUES)


def test_a_vertex_shader_that_moves_the_triangle_is_refused() -> None:
    fragment = parse_glsl(FRAGMENT).program
    vertex = _vertex(fragment)
    main = vertex.functions[0]
    moved = Block(
        (
            *main.body.body[:2],
            _assign(VEC4, "gl_Position", Construct(VEC4, (Literal(VEC4.component, 1.0),))),
        )
    )
    vertex = replace(vertex, functions=(replace(main, body=moved),))
    with pytest.raises(InterpreterError, match="full-screen"):
        flat_values(vertex, VALUES)


def test_the_option_is_off_by_default_and_recorded() -> None:
    plain = SmithOptions(fragment_probability=1.0)
    for seed in range(8):
        before = generate(seed, plain)
        assert before.vertex is None and not before.program.inputs
        after = generate(seed, PAIRS)
        assert after.vertex is not None and after.program.inputs
        assert after.choices["vertex:stage"] == 1
        assert {o.name for o in after.vertex.outputs} == {i.name for i in after.program.inputs}
        assert generate(seed, PAIRS, WGSL).vertex is not None  # two modules: emit/wgsl.py
        assert generate(seed, replace(PAIRS, fragment_probability=0.0)).vertex is None


def test_reconditioned_pairs_are_free_of_undefined_behaviour() -> None:
    for seed in range(12):
        trial = prepare_generated(generate(seed, PAIRS), GLSL450)
        assert trial.program is not None and trial.values is not None
        check_defined(trial.program, trial.values, framebuffer=(64, 64), vertex=trial.vertex)


def test_the_record_carries_the_vertex_shader(tmp_path: Path) -> None:
    trial = prepare_generated(generate(3, PAIRS), GLSL450)
    assert trial.test.vertex_shader == trial.job.vertex_source
    written = write_test(trial.test, tmp_path / "t")
    loaded = prepare_loaded(load_test(written))
    assert loaded.test.shaders[VERTEX_FILE] == trial.job.vertex_source
    assert loaded.vertex == trial.vertex and loaded.job.vertex_program is not None
    assert loaded.job.vertex_source_gl33 == trial.job.vertex_source_gl33
    # A fragment test of before has no shader.vert: the fixed vertex shader draws it.
    old = prepare_generated(generate(3, SmithOptions(fragment_probability=1.0)), GLSL450)
    assert VERTEX_FILE not in old.test.shaders and old.job.vertex_source is None
    # Amber draws the generated shader's triangle (tests/test_export_amber.py).
    assert "DRAW_ARRAY AS TRIANGLE_LIST START_IDX 0 COUNT 3" in amber_script(trial.test)


def test_hand_written_and_generated_pairs_agree_on_the_cpu_drivers() -> None:
    fragment = parse_glsl(FRAGMENT).program
    hand = with_vertex_stage(
        job_from_program(fragment, VALUES, GLSL450), _vertex(fragment), GLSL450
    )
    seeds = (0, 1, 2, 3)
    jobs = [hand, *(prepare_generated(generate(s, PAIRS), GLSL450).job for s in seeds)]
    names = ["by hand", *(f"seed {s}" for s in seeds)]
    assert mesa_gl_front_end_cases(jobs, names) == []


def test_a_fragment_job_whose_vertex_shader_uses_int8_is_unsupported_on_gl_llvmpipe(
    tmp_path: Path,
) -> None:
    """Mesa 22's GL lacks GL_EXT_shader_explicit_arithmetic_types_int8: a job needs what
    either stage's types need (NVIDIA's GL failed to compile a generated vertex shader
    with int8_t, a bucket, because only the fragment program's types were counted)."""
    fragment = parse_glsl(FRAGMENT).program
    narrowed = Construct(INT, (Construct(INT8_T, (VariableRef(INT, "k"),)),))
    vertex = _vertex(fragment, vary_0=Binary(INT, BinaryOp.MUL, narrowed, Literal(INT, 3)))
    job = with_vertex_stage(job_from_program(fragment, VALUES, GLSL450), vertex, GLSL450)
    assert program_features(fragment) == frozenset() and job.needs == {INT8}
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        [(_, results)] = session.run_many([job], ["interp", "gl-llvmpipe", "vk-lavapipe"])
    assert results["gl-llvmpipe"].status is RunStatus.UNSUPPORTED, results["gl-llvmpipe"].log
    assert "int8" in results["gl-llvmpipe"].log
    assert results["interp"].ok and same_output(results["interp"], results["vk-lavapipe"])
    # A test read from its directory without its IR needs what its stages' texts say.
    small = replace(PAIRS, small_int_probability=0.3)
    written = write_test(prepare_generated(generate(1, small), GLSL450).test, tmp_path / "t")
    assert job_from_test(load_test(written)).needs == {INT8, INT16}
    assert text_features(emit(vertex, GLSL450)) == {INT8}


def test_reducing_a_pair_with_an_edited_vertex_shader_is_refused_in_one_line() -> None:
    # A pair reduces its fragment half with the vertex shader its provenance rebuilds
    # (tests/test_reduce_textures_vertex.py); one edited by hand cannot be rebuilt.
    from shadersmith.case import TestCaseError
    from shadersmith.reduce.subject import subject_from_test

    trial = prepare_generated(generate(3, PAIRS), GLSL450)
    subject = subject_from_test(trial.test, "wrong:x", ("vk-lavapipe",), ("vk-lavapipe", "interp"))
    assert subject.vertex == generate(3, PAIRS).vertex
    edited = replace(
        trial.test,
        shaders={**trial.test.shaders, VERTEX_FILE: trial.test.shaders[VERTEX_FILE] + "\n"},
    )
    with pytest.raises(TestCaseError, match=r"vertex shader .* \(edited by hand"):
        subject_from_test(edited, "wrong:x", ("vk-lavapipe",), ("vk-lavapipe", "interp"))


def test_vertex_shaders_beside_structs_in_blocks_compile() -> None:
    # The fragment's uniform blocks may hold its struct types (structs in buffers): the
    # vertex shader declares them and numbers its own structs after them. Before, its own
    # Struct_0 took the block's name (bench/differential.py --constructs, H100).
    from shadersmith.generate.presets import DEEPER_CONSTRUCTS, options_with
    from shadersmith.targets.tools.glslang import validate
    from shadersmith.trial import prepare_generated

    options = options_with({**DEEPER_CONSTRUCTS, "fragment_probability": 1.0})
    checked = 0
    for seed in range(40):
        generated = generate(seed, options)
        if not generated.choices["vertex:stage"] or generated.program.structs == ():
            continue
        vertex = prepare_generated(generated, GLSL450).job.vertex_source
        assert vertex is not None
        for mode in ("gl", "vulkan"):
            assert validate(vertex, "vertex", mode).accepted, (seed, mode)
        checked += 1
    assert checked >= 3


def check_hand_pair_then_generated(
    results: list[dict[str, RunResult]], targets: Sequence[str]
) -> None:
    """The hand-written pair's image first, then generated pairs: by hand, vary_0 = k * 3
    = 15, vary_1 = (7, k) = (7, 5), so every pixel is (15, 7, 5 + k = 10, x): pixel (3, 10)
    is (15, 7, 10, 3); each generated pair agrees with the interpreter (`targets[0]`)."""
    for target in targets:
        got = results[0][target]
        assert got.ok and got.image is not None, f"{target}: {got.log[-300:]}"
        assert tuple(got.image[10, 3]) == (15, 7, 10, 3), target
        assert np.all(got.image[:, :, :3] == [15, 7, 10]), target
    agree_with_the_first(results[1:], targets, first_index=1)
