"""The generated vertex stage in WGSL (issue 20, part 1; generate/vertex_stage.py,
emit/wgsl.py): a pair is two modules, the fragment one taking the flat varyings as
entry-point parameters and the vertex one returning them beside the clip position; the
test stores the vertex module as vertex.wgsl; reconditioned pairs are free of undefined
behaviour, and hand-written and generated pairs give the interpreter's image on wgpu's
chains; a pair with a planted bug reduces its fragment module and replays."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from shadersmith.case.codec import load_test, write_test
from shadersmith.case.testcase import VERTEX_FILE, vertex_file
from shadersmith.cli import main
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.expressions import Binary, Literal, VariableRef
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.profile import GLSL450, WGSL, Language, LanguageProfile
from shadersmith.ir.types import INT
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program, with_vertex_stage
from shadersmith.rebuild.regenerate import vertex_program_of
from shadersmith.reduce import reduce_subject, reduced_directory, subject_from_test, write_reduced
from shadersmith.targets.chains import interp_target
from shadersmith.targets.job import Job
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated, prepare_loaded
from tests.driver_agreement import assert_agree_on_wgpu
from tests.test_reduce_textures_vertex import _record
from tests.test_vertex_stage import FRAGMENT, PAIRS, VALUES, _vertex


def _hand_pair(profile: LanguageProfile) -> Job:
    """test_vertex_stage's pair written by hand, as a job in `profile`'s language."""
    fragment = parse_glsl(FRAGMENT).program
    return with_vertex_stage(
        job_from_program(fragment, VALUES, profile), _vertex(fragment), profile
    )


def test_a_wgsl_pair_is_two_modules_joined_by_flat_locations() -> None:
    fragment = parse_glsl(FRAGMENT).program
    vertex_text, fragment_text = emit(_vertex(fragment), WGSL), emit(fragment, WGSL)
    # The vertex module returns the clip position and the varyings, flat, at their
    # locations; its vertex index is the IR's int.
    assert "@location(0) @interpolate(flat) vary_0: i32," in vertex_text
    assert "@location(1) @interpolate(flat) vary_1: vec2<u32>," in vertex_text
    assert "fn main(@builtin(vertex_index) _ss_vertex_index: u32) -> _ss_VertexOutput" in (
        vertex_text
    )
    assert "gl_VertexID = i32(_ss_vertex_index);" in vertex_text
    assert "return _ss_VertexOutput(gl_Position, vary_0, vary_1);" in vertex_text
    # The fragment module takes them as parameters, copied into private variables.
    assert "@location(1) @interpolate(flat) _ss_vary_1: vec2<u32>" in fragment_text
    assert "var<private> vary_1: vec2<u32>;" in fragment_text
    assert "vary_1 = _ss_vary_1;" in fragment_text
    assert "@vertex" not in fragment_text and "@fragment" not in vertex_text


def test_wgsl_fragment_programs_get_a_vertex_stage_only_when_asked() -> None:
    plain = SmithOptions(fragment_probability=1.0)
    for seed in range(8):
        before = generate(seed, plain, WGSL)
        assert before.vertex is None and not before.program.inputs
        after = generate(seed, PAIRS, WGSL)
        assert after.vertex is not None and after.choices["vertex:stage"] == 1
        assert {o.name for o in after.vertex.outputs} == {i.name for i in after.program.inputs}
        assert "@vertex" in emit(after.vertex, WGSL)


def test_reconditioned_wgsl_pairs_are_free_of_undefined_behaviour() -> None:
    for seed in range(8):
        trial = prepare_generated(generate(seed, PAIRS, WGSL), WGSL)
        assert trial.program is not None and trial.values is not None
        check_defined(
            trial.program,
            trial.values,
            framebuffer=(64, 64),
            vertex=trial.vertex,
            language=Language.WGSL,
        )


def test_what_the_vertex_shader_evaluates_that_glsl_leaves_undefined_is_noted() -> None:
    # naga's GLSL writer passes WGSL's `%` through to GLSL, undefined for a negative
    # operand (oracle/known_bugs.py): the interpreter notes it in the vertex module too,
    # so a wrong wgpu-gl image it causes is the known bug, not a new finding.
    fragment = parse_glsl(FRAGMENT).program
    k = VariableRef(INT, "k")
    vertex = _vertex(fragment, vary_0=Binary(INT, BinaryOp.MOD, k, Literal(INT, -4)))
    job = with_vertex_stage(job_from_program(fragment, VALUES, WGSL), vertex, WGSL)
    result = interp_target().execute(job)
    assert result.ok and "int % with a negative operand" in result.defined_by_wgsl_only


def test_the_record_carries_the_vertex_module(tmp_path: Path) -> None:
    assert vertex_file(Language.WGSL) == "vertex.wgsl"
    assert vertex_file(Language.GLSL) == vertex_file(Language.ESSL) == VERTEX_FILE
    trial = prepare_generated(generate(3, PAIRS, WGSL), WGSL)
    assert sorted(trial.test.shaders) == ["shader.wgsl", "vertex.wgsl"]  # no shader.vert
    assert trial.test.vertex_shader == trial.job.vertex_source
    written = write_test(trial.test, tmp_path / "t")
    assert (written / "vertex.wgsl").read_text() == trial.job.vertex_source
    loaded = prepare_loaded(load_test(written))
    # Its IR rebuilt from the provenance: the interpreter runs the pair on replay.
    assert loaded.vertex == trial.vertex and loaded.job.vertex_program is not None
    assert loaded.job.vertex_source == trial.job.vertex_source


def test_hand_written_and_generated_wgsl_pairs_agree_on_wgpu() -> None:
    seeds = (0, 1, 2, 3)
    jobs = [
        _hand_pair(WGSL),
        *(prepare_generated(generate(s, PAIRS, WGSL), WGSL).job for s in seeds),
    ]
    assert_agree_on_wgpu(jobs, ["by hand", *(f"seed {s}" for s in seeds)])
    # The hand-written pair on wgpu's GL chain (naga's GLSL writer) too, and its GLSL
    # spelling through naga's GLSL front-end, which reads the vertex shader as well.
    readers = {0: ("wgpu-vk", "wgpu-gl"), 1: ("wgpu-vk-glsl",)}
    with TargetSession(["interp", "wgpu-vk", "wgpu-gl", "wgpu-vk-glsl"], 1, 120) as session:
        for index, results in session.run_many([_hand_pair(WGSL), _hand_pair(GLSL450)]):
            expected = results["interp"]
            assert expected.ok, expected.log
            for target in readers[index]:
                assert results[target].ok, (target, results[target].log)
                assert same_output(expected, results[target]), target


def test_a_wgsl_pair_reduces_its_fragment_module_and_replays(tmp_path: Path) -> None:
    # Fragment seed 1 of a WGSL pair: a wrong image from the fragment module's
    # subtractions (the planted rewrite leaves the vertex module alone).
    targets = ["planted-sub-to-add-wgpu-vk", "wgpu-vk", "interp"]
    directory = _record(1, PAIRS, targets, "wrong:planted-sub-to-add", tmp_path, WGSL)
    original = load_test(directory)
    subject = subject_from_test(original)
    assert subject.vertex == generate(1, PAIRS, WGSL).vertex
    with TargetSession(targets, 2) as session:
        # A short budget: the result is asserted smaller and still interesting, which the
        # first passes give (how far the reducer gets is test_reduce.py's).
        result = reduce_subject(subject, session, "internal", time_budget_s=6)
    assert result.signature_kept and not result.ub_in_reduced
    assert result.reduced_lines < result.original_lines
    reduced = load_test(write_reduced(result, reduced_directory(directory)))
    assert reduced.shaders["vertex.wgsl"] == original.shaders["vertex.wgsl"]
    assert vertex_program_of(reduced) == vertex_program_of(original) is not None
    replayed = CliRunner().invoke(main, ["replay", str(reduced_directory(directory))])
    assert replayed.exit_code == 0, replayed.output
    assert "REPRODUCES: wrong:planted-sub-to-add" in replayed.output
    assert "expected (interp)" in replayed.output
