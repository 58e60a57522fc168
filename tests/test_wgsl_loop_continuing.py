"""WGSL's `loop { ... continuing { ...; break if } }` as the spelling of generated for
and while loops (issue 20, part 1): the emitted form by hand (a `continue` runs the
update, the condition runs as often as the for's, a body that shadows a name the
condition reads keeps the for), the option (off: no draw, the programs of before; on:
recorded, reconditioning keeps the spelling), and generated programs agreeing with the
interpreter on wgpu-vk."""

from __future__ import annotations

from dataclasses import replace

from shadersmith.cli.generator_flags import from_flags
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.semantics import Language
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.program import Program
from shadersmith.ir.statements import For, While
from shadersmith.ir.values import BufferValues
from shadersmith.ir.walk import iter_nodes, transform
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.trial import prepare_generated
from tests.driver_agreement import assert_agree_on_wgpu

LOOPS = SmithOptions(loop_continuing_probability=0.5)
FRAGMENT_LOOPS = SmithOptions(loop_continuing_probability=0.5, fragment_probability=1.0)
# Seeds whose programs spell loops as `loop { continuing }` (compute, then fragment).
COMPUTE_SEEDS = (0, 2, 4)
FRAGMENT_SEEDS = (4, 5)

_PROGRAM = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int r[6]; };
int calls = 0;
bool below(int i, int n) { calls++; return i < n; }
void main() {
    int sum = 0;
    for (int i = 0; below(i, 6); i++) {
        if (i == 2) { continue; }   // still runs i++ (the continuing block)
        sum += i;                   // 0 + 1 + 3 + 4 + 5
    }
    r[0] = sum;
    r[1] = calls;                   // 6 true, 1 false: the condition's count is the for's
    int j = 10;
    while (j > 0) { j -= 3; if (j == 4) { continue; } r[2] += j; }  // 7 + 1 - 2
    for (int k = 5; k < 3; k++) { r[3] = 99; }                       // never entered
    int n = 3;
    for (int m = 0; m < n; m++) { int n = 1; r[4] += n; }  // the outer n: 3 times
    int e = 0;
    for (;;) { e++; if (e == 4) { break; } }               // no condition, no update
    r[5] = e;
}
"""


def _all_as_loops(program: Program) -> Program:
    def mark(node: object) -> object:
        return replace(node, as_loop=True) if isinstance(node, For | While) else node

    return transform(program, mark)


def test_loops_spelled_with_continuing_keep_the_for_semantics() -> None:
    program = _all_as_loops(parse_glsl(_PROGRAM).program)
    values: BufferValues = {"B": {"r": (0,) * 6}}
    text = emit(program, WGSL)
    assert text.count("loop {") == 4 and text.count("break if") == 3
    # The body's own `n` would hide the outer one from the continuing block: a for.
    assert "for (var m: i32 = 0i; m < n; m++)" in text
    assert emit(program, GLSL450) == emit(parse_glsl(_PROGRAM).program, GLSL450)
    result = run_compute(program, values, language=Language.WGSL).buffers["B"]["r"]
    assert result == (13, 7, 6, 0, 3, 4)
    job = job_from_program(program, values, WGSL)
    assert_agree_on_wgpu([job], ["hand-written loops"])


def test_the_option_is_recorded_and_off_gives_the_old_programs() -> None:
    assert options_from_dict({}).loop_continuing_probability == 0.0
    assert options_from_dict(options_to_dict(LOOPS)) == LOOPS
    # fuzz --loop-continuing P
    assert from_flags(loop_continuing=0.5).loop_continuing_probability == 0.5
    assert from_flags().loop_continuing_probability == 0.0
    for seed in range(10):
        plain = generate(seed, SmithOptions(), WGSL)
        spelled = generate(seed, LOOPS, WGSL)
        assert "loop:continuing" not in plain.choices
        # Only the spelling: without it the programs are equal.
        unmarked = transform(spelled.program, _unmark)
        assert unmarked == plain.program
        # GLSL has no such loop: nothing is drawn there.
        assert generate(seed, LOOPS, GLSL450).program == generate(seed, SmithOptions()).program


def _unmark(node: object) -> object:
    return replace(node, as_loop=False) if isinstance(node, For | While) else node


def test_reconditioning_keeps_the_spelling() -> None:
    for seed in COMPUTE_SEEDS:
        generated = generate(seed, LOOPS, WGSL)
        marked = sum(1 for n in iter_nodes(generated.program) if _is_marked(n))
        assert marked == generated.choices["loop:continuing"] > 0
        prepared = prepare_generated(generated, WGSL)
        assert prepared.program is not None
        assert sum(1 for n in iter_nodes(prepared.program) if _is_marked(n)) == marked
        assert "continuing {" in prepared.source


def _is_marked(node: object) -> bool:
    return isinstance(node, For | While) and node.as_loop


def test_generated_loop_continuing_programs_agree_on_wgpu() -> None:
    generated = [generate(s, LOOPS, WGSL) for s in COMPUTE_SEEDS]
    generated += [generate(s, FRAGMENT_LOOPS, WGSL) for s in FRAGMENT_SEEDS]
    assert all(g.choices["loop:continuing"] for g in generated)
    jobs = [prepare_generated(g, WGSL).job for g in generated]
    assert_agree_on_wgpu(jobs, [f"seed {g.seed}" for g in generated])
