"""A generated pair's varyings as the members of an interface block (generate/
vertex_stage.py, `SmithOptions.varying_block_probability`): `out Varyings { ... };` in
the vertex shader, `in Varyings { ... };` in the fragment shader, read and written by
the members' own names. It changes no value (the interpreter ignores it): the
hand-written pair of test_vertex_stage.py with its varyings in a block draws the image
computed by hand on the interpreter and every CPU target (run by test_issue36_cpu_runs.py),
and so do generated pairs. Our front-end reads such a block back as the stage variables
it was written from, so a reduced fragment shader keeps it."""

from __future__ import annotations

import dataclasses

from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import generate
from shadersmith.generate.vertex_stage import VARYING_BLOCK
from shadersmith.ir.profile import ESSL310, GLSL330, GLSL450, WGSL, LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.rebuild.jobs import job_from_program, with_vertex_stage
from shadersmith.reduce.fixed_parts import fits_vertex
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.trial import prepare_generated
from tests.feature_runs import CPU_TARGETS
from tests.test_vertex_stage import (
    FRAGMENT,
    PAIRS,
    VALUES,
    _vertex,
    check_hand_pair_then_generated,
)

BLOCKS = dataclasses.replace(PAIRS, varying_block_probability=1.0)
SEEDS = (1, 2, 3)

# test_vertex_stage's fragment shader with its varyings in a block, as our emitter writes it.
FRAGMENT_IN_BLOCK = FRAGMENT.replace(
    "layout(location = 0) flat in int vary_0;\nlayout(location = 1) flat in uvec2 vary_1;\n",
    "in Varyings {\n"
    "    layout(location = 0) flat int vary_0;\n"
    "    layout(location = 1) flat uvec2 vary_1;\n"
    "};\n",
)


def _hand_pair() -> tuple[Program, Program]:
    fragment = parse_glsl(FRAGMENT_IN_BLOCK).program
    vertex = dataclasses.replace(_vertex(fragment), output_block=VARYING_BLOCK)
    return fragment, vertex


def test_the_front_end_reads_the_block_back_as_the_stage_inputs() -> None:
    fragment, vertex = _hand_pair()
    plain = parse_glsl(FRAGMENT).program
    assert fragment.input_block == VARYING_BLOCK and not fragment.blocks
    assert fragment.inputs == plain.inputs
    written = emit(fragment, GLSL450)
    assert FRAGMENT_IN_BLOCK[FRAGMENT_IN_BLOCK.index("in Varyings") :] in written
    assert emit(parse_glsl(written).program, GLSL450) == written
    assert fits_vertex(fragment, vertex)
    text = emit(vertex, GLSL450)
    assert "out Varyings {\n    layout(location = 0) flat int vary_0;\n" in text
    # GLSL 3.30 matches the block by its and its members' names; ESSL 3.10 has no such
    # blocks and WGSL none at all: both write the varyings as before.
    unlocated = "out Varyings {\n    flat int vary_0;\n    flat uvec2 vary_1;\n};"
    assert unlocated in emit(vertex, GLSL330)
    plain_vertex = dataclasses.replace(vertex, output_block=None)
    for profile in (ESSL310, WGSL):
        assert emit(vertex, profile) == emit(plain_vertex, profile), profile.name


def test_a_block_that_is_not_our_varyings_stays_a_block() -> None:
    """An instance name, a qualifier on the block or a second block of the same storage:
    the front-end keeps the declaration as read (the interpreter then refuses it)."""
    end = "};\nlayout(location = 0) out"
    named = FRAGMENT_IN_BLOCK.replace(end, "} v;\nlayout(location = 0) out")
    named = named.replace("(vary_0), vary_1.x, vary_1.y", "(v.vary_0), v.vary_1.x, v.vary_1.y")
    second = "in More {\n    layout(location = 2) flat int more;\n};\n"
    two = FRAGMENT_IN_BLOCK.replace(end, "};\n" + second + end[3:])
    flat = FRAGMENT_IN_BLOCK.replace("in Varyings {", "flat in Varyings {")
    for text, blocks in ((named, 1), (flat, 1), (two, 2)):
        program = parse_glsl(text).program
        assert program.input_block is None and not program.inputs
        assert [b.block_name for b in program.blocks][:1] == [VARYING_BLOCK]
        assert len(program.blocks) == blocks


def test_a_reduction_keeps_the_blocks_members_one_for_one() -> None:
    """GL links two blocks only when their members match in order: a candidate fragment
    shader that drops a member no longer fits the vertex shader (reduce/fixed_parts.py)."""
    fragment, vertex = _hand_pair()
    assert not fits_vertex(dataclasses.replace(fragment, inputs=fragment.inputs[:1]), vertex)
    assert not fits_vertex(dataclasses.replace(fragment, input_block=None), vertex)
    plain_vertex = dataclasses.replace(vertex, output_block=None)
    plain = dataclasses.replace(fragment, input_block=None, inputs=fragment.inputs[:1])
    assert fits_vertex(plain, plain_vertex)


def test_the_option_is_off_by_default_and_only_spells_the_varyings() -> None:
    for seed in SEEDS:
        plain, blocked = generate(seed, PAIRS), generate(seed, BLOCKS)
        assert plain.vertex is not None and blocked.vertex is not None
        assert plain.program.input_block is None and plain.vertex.output_block is None
        assert blocked.program.input_block == blocked.vertex.output_block == VARYING_BLOCK
        # The same programs otherwise: the draw has a stream of its own.
        assert dataclasses.replace(blocked.program, input_block=None) == plain.program
        assert dataclasses.replace(blocked.vertex, output_block=None) == plain.vertex
        assert generate(seed, BLOCKS) == blocked  # deterministic
    assert generate(1, dataclasses.replace(BLOCKS, vertex_stage_probability=0.0)).vertex is None


def _jobs(profile: LanguageProfile) -> list[Job]:
    fragment, vertex = _hand_pair()
    jobs = [with_vertex_stage(job_from_program(fragment, VALUES, profile), vertex, profile)]
    for seed in SEEDS:
        prepared = prepare_generated(generate(seed, BLOCKS, profile), profile)
        assert prepared.job.vertex_source is not None
        assert f"out {VARYING_BLOCK} {{" in prepared.job.vertex_source, seed
        assert f"in {VARYING_BLOCK} {{" in prepared.job.source, seed
        jobs.append(prepared.job)
    return jobs


def cpu_jobs() -> list[Job]:
    """The hand-written pair and generated pairs, their varyings in blocks."""
    return _jobs(GLSL450)


def check_cpu_results(results: list[dict[str, RunResult]]) -> None:
    check_hand_pair_then_generated(results, CPU_TARGETS)
