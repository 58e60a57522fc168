"""`discard` in fragment shaders (issue 20, part 1): both interpreters' semantics by hand
(a discarded fragment stops, in callers and loops too, and leaves the cleared colour),
the generator's option (off: no draw, the programs of before), and generated programs
with discards agreeing on the real drivers, GLSL and WGSL."""

from __future__ import annotations

from typing import Any

import numpy as np

from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.fragment_image import expected_image
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.statements import Discard
from shadersmith.ir.walk import iter_nodes
from tests.driver_agreement import assert_agree_on_wgpu

DISCARDS = SmithOptions(fragment_probability=1.0, discard_probability=0.3)
# Seeds of DISCARDS whose programs discard (seeds 1 and 5 twice).
DISCARDING_SEEDS = (1, 5, 6, 8)

_HEADER = """#version 450
layout(location = 0) out uvec4 _color;
"""


def _image(text: str) -> Any:
    """The 64x64 image of `_HEADER + text` (lane interpreter, checked against the scalar
    one on sampled fragments by expected_image)."""
    program = parse_glsl(_HEADER + text).program
    image = expected_image(program, {}, 64, 64)
    interpreter = FragmentInterpreter(program)
    for x, y in ((0, 0), (31, 5), (32, 5), (63, 63)):
        colour = interpreter.run({}, x, y).values["_color"]
        assert isinstance(colour, tuple) and colour == tuple(int(v) for v in image[y, x])
    return image


def test_a_discarded_fragment_is_the_clear_value() -> None:
    image = _image(
        """
void main() {
  if (gl_FragCoord.x < 32.0) { discard; }
  _color = uvec4(1u, 2u, 3u, 4u);
}
"""
    )
    assert (image[:, :32] == 0).all()
    assert (image[:, 32:] == [1, 2, 3, 4]).all()


def test_a_discard_in_a_callee_and_a_loop_ends_the_fragment_in_its_callers() -> None:
    # A fragment that discards in `kill` must not go on in `body`'s loop nor write
    # _color in main; the others count to their column.
    image = _image(
        """
uint n = 0u;
void kill(uint i) { if (i == uint(gl_FragCoord.x) && i < 32u) { discard; } }
void body() {
  for (uint i = 0u; i < 64u; i++) {
    kill(i);
    n = n + 1u;
    if (i == uint(gl_FragCoord.x)) { return; }
  }
}
void main() {
  body();
  _color = uvec4(n, 7u, 0u, 1u);
}
"""
    )
    assert (image[:, :32] == 0).all()
    columns = np.arange(32, 64, dtype=np.uint32) + 1
    assert (image[:, 32:, 0] == columns).all()
    assert (image[:, 32:, 1] == 7).all()


def test_a_discard_in_a_loop_condition_call_and_a_switch() -> None:
    image = _image(
        """
bool keep(uint i) { if (uint(gl_FragCoord.y) == 3u) { discard; } return i < 4u; }
void main() {
  uint n = 0u;
  while (keep(n)) { n++; }
  switch (uint(gl_FragCoord.x) % 4u) {
    case 1u: discard;
    case 2u: n += 10u; break;
    default: break;
  }
  _color = uvec4(n);
}
"""
    )
    x = np.arange(64) % 4
    for y in range(64):
        row = image[y, :, 0]
        if y == 3:
            assert (image[y] == 0).all()
            continue
        assert (row[x == 1] == 0).all()
        assert (row[x == 2] == 14).all()
        assert (row[(x == 0) | (x == 3)] == 4).all()


def test_discards_are_an_option_recorded_and_off_gives_the_old_programs() -> None:
    assert SmithOptions().discard_probability == 0.0
    assert options_from_dict(options_to_dict(DISCARDS)) == DISCARDS
    legacy = {k: v for k, v in options_to_dict(DISCARDS).items() if k != "discard_probability"}
    assert options_from_dict(legacy).discard_probability == 0.0
    old = options_from_dict(legacy)
    for seed in range(10):
        off = generate(seed, SmithOptions(fragment_probability=1.0))
        assert off.program == generate(seed, old).program
        assert not any(isinstance(n, Discard) for n in iter_nodes(off.program))
        default = {
            k: v for k, v in options_to_dict(SmithOptions()).items() if k != "discard_probability"
        }
        assert (
            generate(seed, SmithOptions()).program
            == generate(seed, options_from_dict(default)).program
        )
        drawn = generate(seed, DISCARDS)
        has = any(isinstance(n, Discard) for n in iter_nodes(drawn.program))
        assert has == (seed in DISCARDING_SEEDS), seed
        assert has == bool(drawn.choices["fragment:discard"])
        assert "discard;" in emit(drawn.program, GLSL450) if has else True


def test_the_reconditioner_keeps_every_discard() -> None:
    from shadersmith.trial import prepare_generated

    for seed in DISCARDING_SEEDS[:2]:
        generated = generate(seed, DISCARDS)
        count = sum(isinstance(n, Discard) for n in iter_nodes(generated.program))
        prepared = prepare_generated(generated, GLSL450).job.program
        assert prepared is not None
        assert sum(isinstance(n, Discard) for n in iter_nodes(prepared)) == count == 2


def _same(a: Any, b: Any) -> bool:
    return a.image is not None and b.image is not None and bool((a.image == b.image).all())


def test_generated_discard_programs_agree_on_the_cpu_drivers() -> None:
    """Every CPU target draws the interpreter's image, some of whose fragments are
    discarded (cleared). gl-softpipe may differ only where it differs on the same seed
    without discards too (seed 8: a softpipe difference older than discards, which
    llvmpipe and the Vulkan drivers do not share)."""
    from shadersmith.targets.session import TargetSession
    from shadersmith.trial import prepare_generated

    names = ["interp", "gl-llvmpipe", "gl-softpipe", "vk-lavapipe", "vk-swiftshader"]
    without = SmithOptions(fragment_probability=1.0)
    programs = [generate(s, DISCARDS) for s in DISCARDING_SEEDS]
    programs += [generate(s, without) for s in DISCARDING_SEEDS]
    jobs = [prepare_generated(g, GLSL450).job for g in programs]
    cleared = 0
    softpipe_differs: dict[tuple[int, bool], bool] = {}
    with TargetSession(names, timeout_s=120) as session:
        for index, results in session.run_many(jobs):
            seed = programs[index].seed
            discarding = index < len(DISCARDING_SEEDS)
            expected = results["interp"]
            assert expected.ok, f"seed {seed}: {expected.log}"
            assert expected.image is not None
            if discarding:
                cleared += int((expected.image == 0).all(axis=-1).any())
            for name in names[1:]:
                got = results[name]
                assert got.ok, f"seed {seed} {name}: {got.log[-500:]}"
                if name == "gl-softpipe":
                    softpipe_differs[seed, discarding] = not _same(got, expected)
                    continue
                assert _same(got, expected), f"seed {seed} {name} (discards: {discarding})"
    for seed in DISCARDING_SEEDS:
        if softpipe_differs[seed, True]:
            assert softpipe_differs[seed, False], f"seed {seed}: softpipe differs on discards"
    assert cleared >= len(DISCARDING_SEEDS) // 2, cleared


def test_wgsl_discard_programs_agree_on_wgpu() -> None:
    from shadersmith.trial import prepare_generated

    seeds = DISCARDING_SEEDS[:2]
    jobs = [prepare_generated(generate(s, DISCARDS, WGSL), WGSL).job for s in seeds]
    assert_agree_on_wgpu(jobs, [f"seed {s}" for s in seeds])
