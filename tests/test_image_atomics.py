"""Image atomics (issue 36; generate/image_atomics.py, SmithOptions.image_atomic_probability):
imageAtomicAdd/Min/Max/And/Or/Xor on r32ui/r32i images that no imageLoad or imageStore
touches, one operation per image, the old value discarded. A hand-written program's final
texels computed by hand (wrap-around included) on the interpreter and every CPU target;
the sanitizer's rule (an image atomic beside a plain access of the texel is a race); the
generator's option (off: the programs of before; never in ESSL 3.10 or WGSL); generated
programs agreeing on every CPU target, free of undefined behaviour once reconditioned,
and replayed from their record."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from shadersmith.case import load_test, write_test
from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.config.language_features import glsl_feature
from shadersmith.emit import emit
from shadersmith.emit.wgsl_types import WGSLEmitError
from shadersmith.export.amber import amber_script
from shadersmith.front.glsl import parse_glsl
from shadersmith.front.glsl.known_textures import with_textures
from shadersmith.generate.presets import EVERY_FEATURE
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp import InterpreterError, UBCategory, UndefinedBehaviour, run_compute
from shadersmith.interp.defined import check_defined
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.ir.expressions import Call, VariableRef
from shadersmith.ir.profile import ESSL310, GLSL450, WGSL
from shadersmith.ir.program import Program, Texture, TextureKind
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes
from shadersmith.oracle.metamorphic import same_output
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.rebuild.regenerate import program_of
from shadersmith.recondition import recondition
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS, agree_with_the_first

IMAGE_ATOMICS = SmithOptions(image_atomic_probability=1.0, multi_invocation_probability=1.0)
# Seeds whose generated programs the CPU targets run (checked to update their images).
SEEDS = (0, 1, 2)

HAND_WRITTEN = """#version 450
layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

layout(binding = 0, r32ui) uniform highp uimage2D img;
layout(binding = 1, r32i) uniform highp iimage2D top;

void main() {
    imageAtomicAdd(img, ivec2(gl_LocalInvocationID.x % 2u, 0), 3u);
    ivec2 p = ivec2(gl_WorkGroupID.x, gl_LocalInvocationID.y);
    imageAtomicMax(top, p, int(gl_LocalInvocationID.x) - 4);
}
"""
_TEXTURES = (
    Texture("img", 0, TextureKind.STORAGE, ScalarKind.UINT, 2, 1),
    Texture("top", 1, TextureKind.STORAGE, ScalarKind.INT, 2, 4),
)
WORKGROUPS = (2, 1, 1)
VALUES: BufferValues = {
    "img": {"img": ((10, 0xFFFFFFF0),)},
    "top": {"top": ((-100, 5), (0, -(2**31)), (3, 2**31 - 1), (-1, 4))},
}
# By hand: 2 work groups of 8 x 4 invocations, half of the 64 at each column of img, each
# adding 3: 10 + 96 = 106 and 2^32 - 16 + 96 wrapping to 80. Texel (g, y) of top takes
# the most of x - 4 over the 8 invocations of row y of work group g, 3, where it is more.
EXPECTED = {
    "img": ((106, 80),),
    "top": ((3, 5), (3, 3), (3, 2**31 - 1), (3, 4)),
}


def _hand_written(source: str = HAND_WRITTEN) -> Program:
    return with_textures(parse_glsl(source).program, _TEXTURES)


def _image_atomic_calls(program: Program) -> list[Call]:
    return [
        n for n in iter_nodes(program) if isinstance(n, Call) and n.callee.startswith("imageAtomic")
    ]


def _image(call: Call) -> str:
    image = call.args[0]
    assert isinstance(image, VariableRef)
    return image.name


def _texels(result: RunResult) -> dict[str, object]:
    return {name: texels for values in result.buffers.values() for name, texels in values.items()}


# ---------------------------------------------------------------- semantics by hand


def test_the_interpreter_gives_the_texels_computed_by_hand() -> None:
    after = run_compute(_hand_written(), VALUES, workgroups=WORKGROUPS).buffers
    assert {name: after[name][name] for name in EXPECTED} == EXPECTED


def test_a_plain_access_beside_an_image_atomic_is_a_race() -> None:
    mixed = HAND_WRITTEN.replace(
        "    imageAtomicMax(",
        "    uint seen = imageLoad(img, ivec2(0)).x;\n    imageAtomicMax(",
    )
    with pytest.raises(UndefinedBehaviour) as caught:
        run_compute(_hand_written(mixed), VALUES, workgroups=WORKGROUPS)
    assert caught.value.category is UBCategory.DATA_RACE


def test_order_dependent_image_atomics_are_refused() -> None:
    exchange = HAND_WRITTEN.replace("imageAtomicAdd", "imageAtomicExchange")
    with pytest.raises(InterpreterError, match="order of the invocations"):
        run_compute(_hand_written(exchange), VALUES, workgroups=WORKGROUPS)


def test_the_reconditioner_keeps_the_coordinates_inside_and_the_texels_as_they_were() -> None:
    guarded = recondition(_hand_written(), VALUES)
    text = emit(guarded.program, GLSL450)
    assert "imageAtomicAdd(img, clamp(" in text and "imageAtomicMax(top, clamp(" in text
    check_defined(guarded.program, guarded.buffer_values, workgroups=WORKGROUPS)
    after = run_compute(guarded.program, guarded.buffer_values, workgroups=WORKGROUPS).buffers
    assert {name: after[name][name] for name in EXPECTED} == EXPECTED


def test_lane_mode_refuses_an_image_atomic() -> None:
    single = HAND_WRITTEN.replace("local_size_x = 8, local_size_y = 4", "local_size_x = 1")
    with pytest.raises(InterpreterError, match="atomicAdd"):
        run_compute_lanes(_hand_written(single), [VALUES])


# ---------------------------------------------------------------- the generator


def test_image_atomics_are_off_by_default_and_leave_other_programs_unchanged() -> None:
    """Off by default (older records read it as off); a seed that does not draw them
    (probability 0.3) generates the program of before, with or without textures."""
    assert SmithOptions().image_atomic_probability == 0.0
    legacy = {
        k: v for k, v in options_to_dict(IMAGE_ATOMICS).items() if k != "image_atomic_probability"
    }
    assert options_from_dict(legacy).image_atomic_probability == 0.0
    assert from_flags(image_atomics=0.25).image_atomic_probability == 0.25
    assert EVERY_FEATURE["image_atomic_probability"] > 0
    base = SmithOptions(multi_invocation_probability=1.0, texture_probability=0.5)
    some = dataclasses.replace(base, image_atomic_probability=0.3)
    unchanged = 0
    for seed in range(8):
        drawn = generate(seed, some)
        if _image_atomic_calls(drawn.program):
            continue
        before = generate(seed, base)
        assert emit(drawn.program, GLSL450) == emit(before.program, GLSL450)
        assert drawn.buffer_values == before.buffer_values
        unchanged += 1
    assert unchanged >= 2


def test_essl_and_wgsl_get_none_and_wgsl_cannot_spell_them() -> None:
    for seed in range(4):
        for profile in (ESSL310, WGSL):
            assert not _image_atomic_calls(generate(seed, IMAGE_ATOMICS, profile).program)
    with pytest.raises(WGSLEmitError, match="imageAtomicAdd"):
        emit(_hand_written(), WGSL)


def test_generated_image_atomics_are_statements_on_images_nothing_else_touches() -> None:
    for seed in range(6):
        generated = generate(seed, dataclasses.replace(IMAGE_ATOMICS, texture_probability=1.0))
        calls = _image_atomic_calls(generated.program)
        assert calls, seed
        atomic = {_image(c) for c in calls}
        assert all(name.startswith("img_atomic") for name in atomic)
        for node in iter_nodes(generated.program):
            if isinstance(node, Call) and node.callee in ("imageLoad", "imageStore"):
                assert _image(node) not in atomic
        operations: dict[str, set[str]] = {}
        for call in calls:
            operations.setdefault(_image(call), set()).add(call.callee)
        assert all(len(names) == 1 for names in operations.values())  # one operation an image
        text = emit(generated.program, GLSL450)
        assert glsl_feature("image atomics").found_in(text)
        for name in atomic:
            assert f"r32ui) uniform highp uimage2D {name};" in text or (
                f"r32i) uniform highp iimage2D {name};" in text
            )


def test_the_same_seed_gives_the_same_text() -> None:
    first, again = (prepare_generated(generate(7, IMAGE_ATOMICS), GLSL450) for _ in range(2))
    assert first.job.source == again.job.source
    assert "imageAtomic" in first.job.source


def test_reconditioned_programs_with_image_atomics_have_no_undefined_behaviour() -> None:
    """20 seeds, some with plain images beside the atomic ones (seed 2 is left out for
    time: its loops take 6 s of interpretation)."""
    checked = 0
    for seed in range(3, 23):
        options = dataclasses.replace(IMAGE_ATOMICS, texture_probability=0.5)
        generated = generate(seed, options)
        prepared = prepare_generated(generated, GLSL450)
        assert prepared.program is not None and prepared.values is not None
        if _image_atomic_calls(prepared.program):
            check_defined(prepared.program, prepared.values, workgroups=generated.workgroups)
            checked += 1
    assert checked == 20


# ---------------------------------------------------------------- the real drivers


def _generated(seed: int) -> GeneratedProgram:
    return generate(seed, IMAGE_ATOMICS)


@pytest.fixture(scope="module")
def cpu_results(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, RunResult]]]:
    """The hand-written program as written and reconditioned, three generated ones, and
    the first of these written as a test, loaded and replayed (last), on every CPU
    target."""
    hand = _hand_written()
    guarded = recondition(hand, VALUES)
    jobs = [
        job_from_program(hand, VALUES, GLSL450, groups=WORKGROUPS),
        job_from_program(guarded.program, guarded.buffer_values, GLSL450, groups=WORKGROUPS),
    ]
    prepared = [prepare_generated(_generated(seed), GLSL450) for seed in SEEDS]
    jobs += [p.job for p in prepared]
    directory = tmp_path_factory.mktemp("image-atomics") / "test"
    write_test(prepared[0].test, directory)
    loaded = load_test(directory)
    replayed = job_from_test(loaded, program_of(loaded)[0])
    assert replayed.source == prepared[0].job.source
    script = amber_script(loaded)  # the atomic image bound, its final texels expected
    assert "BIND BUFFER storage_0 AS storage_image" in script
    assert "\nEXPECT storage_0 IDX 0 EQ " in script
    jobs.append(replayed)
    with TargetSession(list(CPU_TARGETS), 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    yield [results[i] for i in range(len(jobs))]


def test_the_hand_written_texels_on_every_cpu_target(
    cpu_results: list[dict[str, RunResult]],
) -> None:
    for index in (0, 1):
        for target in CPU_TARGETS:
            got = cpu_results[index][target]
            assert got.ok, f"{index} {target}: {got.log[-300:]}"
            assert _texels(got) == EXPECTED, (index, target)


def test_generated_and_replayed_programs_agree_on_every_cpu_target(
    cpu_results: list[dict[str, RunResult]],
) -> None:
    agree_with_the_first(cpu_results[2:], CPU_TARGETS, first_index=2)
    assert same_output(cpu_results[2]["interp"], cpu_results[-1]["interp"])  # the replay
    # Each updates an image: its final texels differ from its initial ones somewhere.
    for seed, result in zip(SEEDS, cpu_results[2:5], strict=True):
        initial = _generated(seed).buffer_values
        texels = _texels(result["interp"])
        assert any(
            texels[name] != initial[name][name] for name in texels if name.startswith("img_atomic")
        ), seed
