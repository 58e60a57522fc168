"""Reduction of tests with generated textures and images, and of fragment tests with a
generated vertex shader: a reparsed candidate gets its textures (sizes and texels) back
from the test's inputs, a pair's vertex shader runs unchanged with every fragment
candidate, and end to end on planted bugs the reduced test is smaller, keeps the
signature, its textures or vertex shader, and replays from its directory."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from click.testing import CliRunner

from shadersmith.case import load_test, write_test
from shadersmith.case.testcase import VERTEX_FILE
from shadersmith.case.textures import recorded_textures
from shadersmith.cli import main
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.front.glsl.known_textures import with_textures
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450, LanguageProfile
from shadersmith.ir.program import TextureKind
from shadersmith.ir.types import ScalarKind
from shadersmith.rebuild.regenerate import program_of, vertex_program_of
from shadersmith.reduce import reduce_subject, reduced_directory, subject_from_test, write_reduced
from shadersmith.reduce.fixed_parts import fits_vertex
from shadersmith.reduce.interesting import Candidate
from shadersmith.reduce.passes import ShrinkBuffers
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge, prepare_generated

TEXTURES = SmithOptions(texture_probability=1.0, multi_invocation_probability=0.0)
PAIRS = SmithOptions(fragment_probability=1.0, vertex_stage_probability=1.0)
TEXEL_FETCH = ["planted-reject-texel-fetch-gl-llvmpipe", "gl-llvmpipe", "interp"]
SUB_TO_ADD = ["planted-sub-to-add-gl-llvmpipe", "gl-llvmpipe", "interp"]


def _cli(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


# ------------------------------------------------------------------ no targets


def test_a_reparsed_program_gets_its_textures_back() -> None:
    for fragment in (0.0, 1.0):
        options = dataclasses.replace(TEXTURES, fragment_probability=fragment)
        for seed in range(4):
            program = generate(seed, options, GLSL450).program
            assert program.textures
            parsed = parse_glsl(emit(program, GLSL450)).program
            assert parsed.textures == () and parsed.uniforms  # the text alone: uniforms
            again = with_textures(parsed, program.textures)
            assert again.textures == program.textures and again.uniforms == ()
            assert emit(again, GLSL450) == emit(program, GLSL450)
    # Seed 1 (compute) has two textures and an image; an image declared without its
    # format, or a sampler of another texel kind than the known texture's, is not that
    # texture: it stays a uniform.
    program = generate(1, TEXTURES, GLSL450).program
    parsed = parse_glsl(emit(program, GLSL450).replace(", r32", ", rg32")).program
    tex_0, tex_1, img_0 = program.textures
    other = ScalarKind.INT if tex_1.element is not ScalarKind.INT else ScalarKind.UINT
    kept = with_textures(parsed, (tex_0, dataclasses.replace(tex_1, element=other), img_0))
    assert kept.textures == (tex_0,)
    assert {u.name for u in kept.uniforms} == {"tex_1", "img_0"}


def test_the_recorded_inputs_give_the_textures_and_shrinking_drops_one() -> None:
    trial = prepare_generated(generate(1, TEXTURES, GLSL450), GLSL450)
    assert trial.program is not None
    assert recorded_textures(trial.test.buffers) == trial.program.textures
    generated = generate(1, TEXTURES, GLSL450)
    candidate = Candidate(generated.program, generated.buffer_values)
    shrink = ShrinkBuffers()
    _, total = shrink.apply(candidate, lambda _: False)
    # The textures' opportunities come last: dropping the last one drops the image.
    smaller, again = shrink.apply(candidate, {total - 1}.__contains__)
    assert again == total
    assert [t.name for t in smaller.program.textures] == ["tex_0", "tex_1"]
    assert "img_0" not in smaller.buffer_values and "tex_1" in smaller.buffer_values


def test_a_fragment_candidate_must_keep_what_the_vertex_shader_reads_and_writes() -> None:
    generated = generate(0, PAIRS, GLSL450)
    fragment, vertex = generated.program, generated.vertex
    assert vertex is not None and vertex.buffers and fragment.inputs
    assert fits_vertex(fragment, vertex) and fits_vertex(fragment, None)
    # Unread varyings may go; a block the vertex shader reads may not, nor change.
    assert fits_vertex(dataclasses.replace(fragment, inputs=()), vertex)
    read = vertex.buffers[0].block_name
    others = tuple(b for b in fragment.buffers if b.block_name != read)
    assert not fits_vertex(dataclasses.replace(fragment, buffers=others), vertex)
    stray = dataclasses.replace(fragment.inputs[0], location=7)
    assert not fits_vertex(dataclasses.replace(fragment, inputs=(stray,)), vertex)


# ------------------------------------------------------------------ end to end


def _record(
    seed: int,
    options: SmithOptions,
    targets: list[str],
    wanted: str,
    out: Path,
    profile: LanguageProfile = GLSL450,
) -> Path:
    """Generated test `seed`, run and written as a campaign writes it, with `wanted`."""
    from shadersmith.campaign.fuzz import CampaignOptions, prepare_test

    campaign = CampaignOptions(targets=targets, profile=profile, generator=options)
    item = prepare_test(seed, campaign)
    with TargetSession(targets) as session:
        judged = judge(session.run(item.job), session.components())
    (finding,) = [f for f in judged.findings if f.signature.startswith(wanted)]
    return write_test(judged.recorded_in(item.test, finding), out / str(seed))


def test_a_texture_test_reduces_keeping_its_textures_and_replays(tmp_path: Path) -> None:
    # Compute seed 0: one float texture read by texelFetch, which the planted front-end
    # rejects; before, the reducer found the start invalid (a sampler uniform of no size).
    directory = _record(0, TEXTURES, TEXEL_FETCH, "compile:planted-reject-texel-fetch", tmp_path)
    output = _cli("reduce", str(directory), "--time", "1m")
    assert "signature compile:planted-reject-texel-fetch" in output and ": kept" in output
    original, reduced = load_test(directory), load_test(reduced_directory(directory))
    assert reduced.main_shader.count("\n") < original.main_shader.count("\n") // 4
    assert "texelFetch(tex_0" in reduced.main_shader
    # It keeps the texture it reads, with the original's size and texels.
    assert recorded_textures(reduced.buffers) == recorded_textures(original.buffers)
    assert reduced.buffer_values()["tex_0"] == original.buffer_values()["tex_0"]
    program, _, _ = program_of(reduced)
    assert [t.kind for t in program.textures] == [TextureKind.SAMPLED]
    assert subject_from_test(reduced).program.textures == program.textures  # reduces again
    assert "REPRODUCES: compile:planted-reject-texel-fetch" in _cli(
        "replay", str(reduced_directory(directory))
    )
    # `run` of the saved tests: the interpreter takes part and agrees with the driver.
    for test in (directory, reduced_directory(directory)):
        assert "verdict: agree" in _cli("run", str(test), "--targets", "gl-llvmpipe,interp")


def test_a_vertex_stage_test_reduces_its_fragment_shader_and_replays(tmp_path: Path) -> None:
    # Fragment seed 0 of a pair: a wrong result from the fragment's subtractions.
    directory = _record(0, PAIRS, SUB_TO_ADD, "wrong:planted-sub-to-add", tmp_path)
    original = load_test(directory)
    subject = subject_from_test(original)
    assert subject.vertex == generate(0, PAIRS, GLSL450).vertex
    with TargetSession(SUB_TO_ADD, 2) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=60)
    assert result.signature_kept and not result.ub_in_reduced
    assert result.reduced_lines < result.original_lines // 2
    written = write_reduced(result, reduced_directory(directory))
    reduced = load_test(written)
    # The vertex shader is the original's, its IR rebuilt through `reduced_from`, so the
    # interpreter runs the pair on replay; and the reduced test reduces again.
    assert reduced.shaders[VERTEX_FILE] == original.shaders[VERTEX_FILE]
    assert vertex_program_of(reduced) == vertex_program_of(original) is not None
    assert subject_from_test(reduced).vertex == subject.vertex
    assert "REPRODUCES: wrong:planted-sub-to-add" in _cli("replay", str(written))
