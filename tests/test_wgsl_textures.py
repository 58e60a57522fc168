"""Textures and images in WGSL (issue 20, part 1, the WGSL half): texelFetch, imageLoad
and imageStore spelled textureLoad and textureStore on `texture_2d` and
`texture_storage_2d` variables whose access is what the program does, accepted by naga;
the wgpu runner binds them with the access the shader declares and reads images back, so
that hand-written and generated programs agree with the interpreter on wgpu-vk and
wgpu-gl; a WGSL texture test reduces and replays; with textures off the WGSL programs
are those of before."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fuzz import CampaignOptions, prepare_test
from shadersmith.case import load_test, write_test
from shadersmith.case.textures import recorded_textures
from shadersmith.cli import main
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import TextureKind
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.rebuild.regenerate import program_of
from shadersmith.reduce import reduced_directory
from shadersmith.targets.job import Job
from shadersmith.targets.runners.wgpu_bindings import wgsl_image_accesses
from shadersmith.targets.session import TargetSession
from shadersmith.trial import judge, prepare_generated
from tests.test_textures import _COMPUTE, _SIZES, _VALUES, _with_textures
from tests.test_wgsl_emit import KNOWN_NAGA_DEFECTS, Naga

TEXTURES = SmithOptions(texture_probability=1.0)
FRAGMENT_TEXTURES = SmithOptions(texture_probability=1.0, fragment_probability=1.0)
WGPU = ("wgpu-vk", "wgpu-gl")


@pytest.fixture(scope="module")
def naga() -> Iterator[Naga]:
    pytest.importorskip("wgpu")
    validator = Naga()
    yield validator
    validator.close()


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession(["interp", *WGPU, "wgpu-vk-glsl"], 1, 120) as running:
        assert not running.missing, running.missing
        yield running


def _results(session: TargetSession, jobs: Sequence[Job]) -> list[dict[str, Any]]:
    by_index = dict(session.run_many(list(jobs)))
    return [by_index[i] for i in range(len(jobs))]


# ---------------------------------------------------------------- the spelling


def test_texel_reads_and_stores_are_spelled_texture_load_and_store() -> None:
    text = emit_wgsl(generate(3, TEXTURES, WGSL).program)
    assert "texelFetch" not in text and "imageLoad" not in text and "imageStore" not in text
    assert re.search(r"@group\(0\) @binding\(\d+\) var tex_0: texture_2d<f32>;", text)
    assert "textureLoad(tex_0, " in text and "textureStore(img_1, " in text
    # `_ = ` is for values: textureStore returns none.
    assert "_ = textureStore" not in text


def test_an_image_is_declared_with_the_access_the_program_uses() -> None:
    accesses: dict[str, set[str]] = {}
    for seed in range(8):
        text = emit_wgsl(generate(seed, TEXTURES, WGSL).program)
        for access, name in _images(text):
            accesses.setdefault(access, set()).add(name)
            loads, stores = f"textureLoad({name}, " in text, f"textureStore({name}, " in text
            expected = {(True, False): "read", (False, True): "write"}.get((loads, stores))
            assert access == (expected or "read_write"), f"seed {seed} {name}"
    assert set(accesses) == {"read", "write", "read_write"}


def _images(text: str) -> list[tuple[str, str]]:
    found = re.findall(r"var (\w+): texture_storage_2d<r32(?:uint|sint), (\w+)>;", text)
    return [(access, name) for name, access in found]


def test_the_runner_reads_each_image_binding_access_from_the_shader() -> None:
    source = """
    // @group(0) @binding(9) var no: texture_storage_2d<r32uint, read>;
    @group(0) @binding(3) var a: texture_storage_2d<r32uint, read>;
    @binding(4) @group(0) var b: texture_storage_2d<r32sint, write>;
    @group(0) @binding(5) var c : texture_storage_2d< r32uint , read_write >;
    @group(1) @binding(6) var d: texture_storage_2d<r32uint, read>;
    @group(0) @binding(7) var t: texture_2d<u32>;
    """
    assert wgsl_image_accesses(source) == {3: "read-only", 4: "write-only", 5: "read-write"}


def test_generated_programs_with_textures_are_valid_wgsl(naga: Naga) -> None:
    for seed in range(16):
        options = FRAGMENT_TEXTURES if seed % 4 == 0 else TEXTURES
        generated = generate(seed, options, WGSL)
        assert generated.program.textures
        trial = prepare_generated(generated, WGSL)
        for text in (trial.job.source, emit_wgsl(generated.program)):
            message = naga.check(text)
            known = message is not None and any(p.search(message) for p in KNOWN_NAGA_DEFECTS)
            assert message is None or known, f"seed {seed}: {message}"


def test_with_textures_off_the_wgsl_programs_are_those_of_before() -> None:
    # Before, the WGSL profile had no textures: no draw from the texture stream was made.
    before = dataclasses.replace(WGSL, textures=False)
    for seed in range(40):
        for fragment in (0.0, 1.0):
            options = SmithOptions(fragment_probability=fragment)
            now, then = generate(seed, options, WGSL), generate(seed, options, before)
            assert emit_wgsl(now.program) == emit_wgsl(then.program), seed
            assert now.buffer_values == then.buffer_values
    assert generate(1, TEXTURES, WGSL).program.textures


# ---------------------------------------------------------------- the drivers


def test_texel_fetch_and_images_by_hand_on_wgpu(session: TargetSession) -> None:
    # tests/test_textures.py's hand-checked program, in WGSL: a texel reads as
    # (texel, 0, 0, 1) there too, and the image, loaded and stored, is read_write.
    body = """uint k = gl_GlobalInvocationID.x;
        o[k] = texelFetch(t, ivec2(k % 2u, k / 2u), 0).x + texelFetch(t, ivec2(0), 0).w;
        f[k] = texelFetch(s, ivec2(min(k, 2u), 0), 0).xwxw;
        ivec4 old = imageLoad(img, ivec2(k, 0));
        imageStore(img, ivec2(k, 0), ivec4(old.x * 10 + old.w, 7, 7, 7));"""
    program = _with_textures(_COMPUTE + f"void main() {{ {body} }}\n", _SIZES)
    job = job_from_program(program, _VALUES, WGSL)
    assert "texture_storage_2d<r32sint, read_write>" in job.source
    (results,) = _results(session, [job])
    for target in WGPU:
        got = results[target]
        assert got.ok, f"{target}: {got.log[-500:]}"
        assert same_output(results["interp"], got), target
        outputs, image = got.buffers[0], got.buffers[3]
        assert outputs["o"] == (11, 12, 13, 0)
        assert outputs["f"][0] == (-5.0, 1.0, -5.0, 1.0)
        assert image == {"img": ((-9, 21, -29, 41),)}


def test_a_glsl_image_through_naga_is_bound_as_a_storage_texture(
    session: TargetSession,
) -> None:
    # naga's GLSL front-end takes images (not samplers, nor `highp` on them): bound as a
    # storage buffer before, the job failed to make its pipeline, a false naga finding.
    source = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer O { uint o[4]; vec4 f[4]; };
layout(binding = 3, r32i) uniform highp iimage2D img;
void main() {
    uint k = gl_GlobalInvocationID.x;
    imageStore(img, ivec2(k, 0), imageLoad(img, ivec2(k, 0)) * 3 - 1);
}
"""
    program = _with_textures(source, {"img": (4, 1)})
    job = job_from_program(program, {k: _VALUES[k] for k in ("O", "img")}, GLSL450)
    job = dataclasses.replace(job, source=job.source.replace("highp ", ""))
    (results,) = _results(session, [job])
    got = results["wgpu-vk-glsl"]
    assert got.ok, got.log[-500:]
    assert same_output(results["interp"], got)
    assert got.buffers[3] == {"img": ((-4, 5, -10, 11),)}


# Compute seeds with read, write and read_write images (one invocation and several) and
# fragment seeds reading uint, int and float textures. Compute seeds 5 and 7 differ on
# wgpu-gl by naga's GLSL writer's integer `%` (oracle/known_bugs.py), not by textures.
COMPUTE_SEEDS = (1, 2, 3, 6)
FRAGMENT_SEEDS = (1, 6)


def test_generated_programs_with_textures_agree_on_wgpu(session: TargetSession) -> None:
    jobs, names = [], []
    for options, seeds in ((TEXTURES, COMPUTE_SEEDS), (FRAGMENT_TEXTURES, FRAGMENT_SEEDS)):
        for seed in seeds:
            trial = prepare_generated(generate(seed, options, WGSL), WGSL)
            assert "textureLoad(" in trial.job.source
            jobs.append(trial.job)
            names.append(f"{trial.job.stage} seed {seed}")
    sources = "\n".join(job.source for job in jobs)
    assert {"read", "write", "read_write"} == {access for access, _ in _images(sources)}
    for name, results in zip(names, _results(session, jobs), strict=True):
        expected = results["interp"]
        assert expected.ok, f"{name}: {expected.log}"
        for target in WGPU:
            got = results[target]
            assert got.ok, f"{name} {target}: {got.log[-500:]}"
            assert same_output(expected, got), f"{name} {target}"


def test_a_wgsl_texture_test_reduces_keeping_its_image_and_replays(tmp_path: Path) -> None:
    # Compute seed 7 stores `0u - (x % z)` with z = 0 to an image: naga's GLSL writer's
    # `%` (a known bug) makes wgpu-gl store 0xFFFFFFFF where WGSL gives 0.
    targets = ["wgpu-gl", "interp"]
    item = prepare_test(7, CampaignOptions(targets=targets, profile=WGSL, generator=TEXTURES))
    with TargetSession(targets) as running:
        judged = judge(running.run(item.job), running.components())
    (finding,) = judged.findings
    directory = write_test(judged.recorded_in(item.test, finding), tmp_path / "7")
    # A short budget: what is asserted (kept, the image store and the image read back from
    # the reducer's text, replays) holds for any test it writes, not how far it got.
    reduced = CliRunner().invoke(main, ["reduce", str(directory), "--time", "10s"])
    assert f"signature {finding.signature}: kept" in reduced.output, reduced.output
    test = load_test(reduced_directory(directory))
    assert "textureStore(img_0, " in test.main_shader
    # Its program is read from the reducer's GLSL text: the image comes from its inputs
    # (before, an image uniform WGSL could not emit).
    program, _, _ = program_of(test)
    # Whether the sampled texture is gone yet is how far the budget got (with the images
    # numbered first, 8 s of 10 on a loaded machine), not what is asserted here.
    assert TextureKind.STORAGE in [t.kind for t in program.textures]
    assert program.textures == recorded_textures(test.buffers)
    replayed = CliRunner().invoke(main, ["replay", str(reduced_directory(directory))])
    assert f"REPRODUCES: {finding.signature}" in replayed.output, replayed.output
