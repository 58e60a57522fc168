"""ShaDiv's M_liv across blocks: reaching definitions over main's control-flow graph
(analysis/reaching.py), uses added where a definition reaches with the definition's
divergence type (generate/liveness.py), free of undefined behaviour once reconditioned, and
deterministic; and swarm testing's configurations, recorded and rebuilt."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest

from shadersmith.analysis.divergence import analyse
from shadersmith.analysis.reaching import ReachingDefinitions, reaching_definitions
from shadersmith.analysis.traversal import iter_statements
from shadersmith.analysis.wgsl_constants import creation_errors
from shadersmith.case import load_test, write_test
from shadersmith.config.generator_options import (
    CONSTRUCTS,
    SmithOptions,
    options_from_dict,
    options_to_dict,
)
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.liveness import (
    LIVENESS,
    LIVENESS_STEP,
    LivenessParams,
    liveness_extension,
)
from shadersmith.generate.smith import generate
from shadersmith.generate.swarm import swarm_options
from shadersmith.interp import UndefinedBehaviour, run_compute
from shadersmith.ir.expressions import Assign, Index, Literal, Sequence, VariableRef
from shadersmith.ir.profile import GLSL450, WGSL, Language
from shadersmith.ir.program import Program
from shadersmith.ir.statements import ExprStmt, Statement, Switch, VarDecl
from shadersmith.ir.walk import iter_nodes
from shadersmith.rebuild.regenerate import rebuild
from shadersmith.rebuild.step_table import STEPS
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.steps.record import StepRecord
from shadersmith.trial import prepare_generated

MULTI = SmithOptions(multi_invocation_probability=1.0)

_HEADER = """#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) readonly buffer I { int c; };
layout(std430, binding = 1) buffer O { int o[32]; };
int g = 0;
void setg() { g = 1; }
void setp(out int p) { p = 1; }
"""

# Each `o[N] = ...;` is a site; each definition gives its variable a distinct literal.
CONTROL_FLOW = """void main() {
    int x = 1;
    if (c > 0) { x = 2; } else { o[0] = x; }
    o[1] = x;
    int y = 3;
    if (c > 1) { y = 4; } else { y = 5; }
    o[2] = y;
    int z = 6;
    for (int i = 0; i < 3; i++) { o[3] = z; z = 7; }
    o[4] = z;
    int w = 8;
    w = 9;
    o[5] = w;
    int a = 10;
    for (int i = 0; i < 4; i++) { if (c == i) { a = 11; break; } a = 12; }
    o[6] = a;
    int s = 13;
    switch (c) { case 0: s = 14; case 1: o[7] = s; break; default: s = 15; break; }
    o[8] = s;
    int d = 20;
    do { o[14] = d; d = 21; } while (d < 3);
    o[15] = d;
    ivec2 v = ivec2(1);
    v.x = 3;
    o[11] = v.x;
    int q = 18;
    setp(q);
    o[12] = q;
    g = 19;
    setg();
    o[13] = g;
    int e = 22;
    for (int i = 0; i < 2; i++) { if (c == 5) continue; e = 23; }
    o[16] = e;
    return;
    o[17] = x;
}
"""


def _program(body: str) -> Program:
    return parse_glsl(_HEADER + body).program


def _site(program: Program, slot: int) -> Statement:
    for stmt in iter_statements(program.entry_point.body):
        if (
            isinstance(stmt, ExprStmt)
            and isinstance(stmt.expr, Assign)
            and isinstance(stmt.expr.target, Index)
            and isinstance(stmt.expr.target.index, Literal)
            and stmt.expr.target.index.value == slot
        ):
            return stmt
    raise AssertionError(f"no site o[{slot}]")


def _reaching_values(analysis: ReachingDefinitions, site: Statement, name: str) -> set[object]:
    """The literal values of the whole definitions of `name` reaching `site`."""
    return {
        d.value.value if isinstance(d.value, Literal) else repr(d.value)
        for d in analysis.reaching(site)
        if d.variable.name == name and d.whole and d.value is not None
    }


# ---------------------------------------------------------------------------- reaching definitions

REACHING = {
    (0, "x"): {1},  # into the else branch
    (1, "x"): {1, 2},  # through if/else: one branch redefines, the other does not
    (2, "y"): {4, 5},  # both branches redefine: the first definition is killed
    (3, "z"): {6, 7},  # into a loop body, and round its back edge
    (4, "z"): {6, 7},  # out of the loop
    (5, "w"): {9},  # a later definition kills the earlier one
    (6, "a"): {10, 11, 12},  # out of a loop by its condition and by a break
    (7, "s"): {13, 14},  # into a case directly and by fall-through
    (8, "s"): {13, 14, 15},  # out of the switch by its breaks
    (14, "d"): {20, 21},  # a do-while body: from before it and round its back edge
    (15, "d"): {21},  # a do-while body always runs
    (16, "e"): {22, 23},  # a continue skips the definition
}


@pytest.mark.parametrize(("slot", "name"), list(REACHING), ids=lambda v: str(v))
def test_definitions_reach_through_the_control_flow_graph(slot: int, name: str) -> None:
    program = _program(CONTROL_FLOW)
    analysis = reaching_definitions(program)
    assert _reaching_values(analysis, _site(program, slot), name) == REACHING[(slot, name)]


def test_partial_writes_out_arguments_and_callees_kill_definitions() -> None:
    program = _program(CONTROL_FLOW)
    analysis = reaching_definitions(program)
    # `v.x = 3` is a definition of v that gives no whole value; `ivec2 v = ivec2(1)` is killed.
    assert _reaching_values(analysis, _site(program, 11), "v") == set()
    assert any(
        d.variable.name == "v" and not d.whole for d in analysis.reaching(_site(program, 11))
    )
    assert _reaching_values(analysis, _site(program, 12), "q") == set()  # setp(q): out argument
    assert _reaching_values(analysis, _site(program, 13), "g") == set()  # setg() writes g


def test_nothing_reaches_code_after_a_return() -> None:
    program = _program(CONTROL_FLOW)
    assert reaching_definitions(program).reaching(_site(program, 17)) == ()


def test_variables_are_declarations_not_names() -> None:
    program = _program(
        """void main() {
    int t = 1;
    if (c > 0) { int t = 2; o[0] = t; }
    o[1] = t;
    for (int k = 3; k < 5; k++) { o[2] = k; }
    o[3] = c;
}
"""
    )
    analysis = reaching_definitions(program)
    inner, outer = (
        analysis.resolve(_site(program, 0), "t"),
        analysis.resolve(_site(program, 1), "t"),
    )
    assert inner is not None and outer is not None and inner != outer
    # Both variables' definitions reach o[1] along the graph; `t` names the outer one there.
    reaching = [d for d in analysis.reaching(_site(program, 1)) if d.variable.name == "t"]
    assert {d.variable for d in reaching} == {inner, outer}
    assert analysis.resolve(_site(program, 2), "k") is not None
    assert analysis.resolve(_site(program, 3), "k") is None  # a for variable ends with its loop


# ---------------------------------------------------------------------------- M_liv across blocks

DIVERGENCE_SITES = """void main() {
    int u = c + 1;
    int d = int(gl_LocalInvocationID.x);
    if (c > 2) {
        int w = c * 3;
    }
    if (d > 1) {
        int z = d * 2;
    }
}
"""


def _reads(stmt: Statement, name: str) -> bool:
    return any(isinstance(n, VariableRef) and n.name == name for n in iter_nodes(stmt))


def _declaration(program: Program, name: str) -> VarDecl:
    for stmt in iter_statements(program.entry_point.body):
        if isinstance(stmt, VarDecl) and stmt.name == name:
            return stmt
    raise AssertionError(name)


def test_a_use_goes_into_a_block_of_the_definitions_divergence() -> None:
    program = _program(DIVERGENCE_SITES)
    for seed in range(8):
        extension = liveness_extension(program, random.Random(seed), 1.0, across_blocks=True)
        assert (extension.uses, extension.across_blocks) == (2, 2)
        # The uniform u goes to the uniform site inside the uniform if, the divergent d
        # to the divergent site inside the divergent if, never the other way round.
        assert _reads(_declaration(extension.program, "w"), "u")
        assert not _reads(_declaration(extension.program, "w"), "d")
        assert _reads(_declaration(extension.program, "z"), "d")
        assert not _reads(_declaration(extension.program, "z"), "u")
    # Within the definitions' own statement list there is no site of their type.
    assert liveness_extension(program, random.Random(0), 1.0, across_blocks=False).uses == 0


def test_generated_programs_get_uses_across_blocks() -> None:
    counts: Counter[str] = Counter()
    for seed in range(30):
        for across in (False, True):
            options = dataclasses.replace(MULTI, liveness_across_blocks=across)
            choices = generate(seed, options).choices
            counts[f"uses {across}"] += choices["liveness:extended"]
            counts[f"across {across}"] += choices["liveness:across_blocks"]
    assert counts["across False"] == 0
    assert counts["across True"] >= 10
    assert counts["uses True"] > 2 * counts["uses False"]


def test_uses_across_blocks_keep_the_divergence() -> None:
    extended = 0
    for seed in range(30):
        generated = generate(seed, dataclasses.replace(MULTI, liveness_extension_probability=0.0))
        extension = liveness_extension(generated.program, random.Random(seed), 1.0, True)
        extended += extension.across_blocks
        before, after = analyse(generated.program), analyse(extension.program)
        assert [b.divergent for b in before.barriers] == [b.divergent for b in after.barriers]
        assert before.divergent_branches == after.divergent_branches
        assert before.divergent_control_statements == after.divergent_control_statements
    assert extended > 30


@pytest.mark.parametrize("chunk", range(2))  # 100 seeds: CI's 20 minutes
def test_reconditioned_programs_with_uses_across_blocks_have_no_undefined_behaviour(
    chunk: int,
) -> None:
    """100 seeds with M_liv on every definition (probability 1), on the interpreter's
    sanitizer after reconditioning."""
    options = dataclasses.replace(MULTI, liveness_extension_probability=1.0)
    across = 0
    for seed in range(chunk * 50, chunk * 50 + 50):
        generated = generate(seed, options)
        across += generated.choices["liveness:across_blocks"]
        result = recondition(generated.program, generated.buffer_values)
        try:
            run_compute(result.program, result.buffer_values, workgroups=generated.workgroups)
        except UndefinedBehaviour as ub:
            raise AssertionError(f"seed {seed}: {ub}") from None
    assert across > 50


def test_wgsl_programs_with_uses_across_blocks_reconditioned_have_no_creation_error() -> None:
    options = dataclasses.replace(MULTI, liveness_extension_probability=1.0)
    for seed in range(10):
        generated = generate(seed, options, WGSL)
        result = recondition(
            generated.program, generated.buffer_values, ReconditionOptions(language=Language.WGSL)
        )
        assert creation_errors(result.program) == [], f"seed {seed}"


def test_liveness_across_blocks_is_deterministic() -> None:
    for seed in range(5):
        first, second = generate(seed, MULTI), generate(seed, MULTI)
        assert emit_glsl(first.program, GLSL450) == emit_glsl(second.program, GLSL450)
        assert first.choices == second.choices
        base = generate(seed, dataclasses.replace(MULTI, liveness_extension_probability=0.0))
        once = liveness_extension(base.program, random.Random(9), 0.5, True)
        again = liveness_extension(base.program, random.Random(9), 0.5, True)
        assert emit_glsl(once.program, GLSL450) == emit_glsl(again.program, GLSL450)


def test_tests_recorded_before_across_blocks_replay_within_their_lists() -> None:
    """A recorded option set without the key, and a liveness step record without
    `across_blocks`, replay the within-list extension they were made with."""
    assert options_from_dict({}).liveness_across_blocks is False
    assert SmithOptions().liveness_across_blocks is True
    generated = generate(3, dataclasses.replace(MULTI, liveness_extension_probability=0.0))
    old_params = {"seed": 4, "probability": 1.0}
    program, values = generated.program, generated.buffer_values
    record, result = STEPS.apply(StepRecord(LIVENESS, old_params), program, values)
    assert "across_blocks" not in record.report
    within = liveness_extension(generated.program, random.Random(4), 1.0, False)
    assert emit_glsl(result.program, GLSL450) == emit_glsl(within.program, GLSL450)
    record, result = LIVENESS_STEP.apply(program, values, LivenessParams(4, 1.0, True))
    assert record.report["across_blocks"] > 0
    replayed, _ = STEPS.replay([record], program, values)
    assert emit_glsl(replayed, GLSL450) == emit_glsl(result.program, GLSL450)


# ---------------------------------------------------------------------------- swarm testing


def test_swarm_configurations_are_drawn_from_the_seed() -> None:
    base = SmithOptions(swarm=True)
    drawn = [swarm_options(seed, base) for seed in range(20)]
    assert drawn == [swarm_options(seed, base) for seed in range(20)]
    assert all(not options.swarm for options in drawn)
    assert len({options.omitted_constructs for options in drawn}) > 15
    omitted = Counter(c for options in drawn for c in options.omitted_constructs)
    assert set(omitted) == set(CONSTRUCTS)
    assert swarm_options(5, SmithOptions()) == SmithOptions()  # off: the options as given
    # What the base switches off stays off.
    narrow = SmithOptions(swarm=True, floats=False, omitted_constructs=("switch",))
    for seed in range(10):
        options = swarm_options(seed, narrow)
        assert not options.floats and "switch" in options.omitted_constructs


def test_swarm_draws_the_deeper_constructs_the_base_turns_on() -> None:
    base = SmithOptions(swarm=True, matrix_probability=0.05, subgroup_probability=0.6)
    drawn = [swarm_options(seed, base) for seed in range(40)]
    matrices = [options.matrix_probability for options in drawn]
    subgroups = [options.subgroup_probability for options in drawn]
    # Each left out by a coin (about half of 40) or drawn in [0, twice the base].
    assert 8 < matrices.count(0.0) < 32 and 8 < subgroups.count(0.0) < 32
    assert all(0.0 <= p <= 0.1 for p in matrices) and all(0.0 <= p <= 1.0 for p in subgroups)
    assert max(subgroups) > 0.6  # up to twice the base, capped at 1
    # A construct the base leaves off stays off.
    assert all(options.texture_probability == 0.0 for options in drawn)
    # The earlier draws are those of a base without the constructs.
    plain = [swarm_options(seed, SmithOptions(swarm=True)) for seed in range(40)]
    assert [o.omitted_constructs for o in drawn] == [o.omitted_constructs for o in plain]
    assert [o.max_nesting for o in drawn] == [o.max_nesting for o in plain]


def test_a_swarm_program_records_its_configuration_and_rebuilds(tmp_path: Path) -> None:
    base = SmithOptions(swarm=True)
    for seed in (1, 2):
        generated = generate(seed, base)
        assert generated.options == swarm_options(seed, base)
        assert generated.choices["swarm"] == 1
        assert {f"swarm:omitted:{c}" for c in generated.options.omitted_constructs} <= set(
            generated.choices
        )
        # The drawn configuration alone (swarm off) regenerates the program.
        again = generate(seed, options_from_dict(options_to_dict(generated.options)))
        assert emit_glsl(again.program, GLSL450) == emit_glsl(generated.program, GLSL450)
        trial = prepare_generated(generated, GLSL450)
        loaded = load_test(write_test(trial.test, tmp_path / str(seed)))
        recorded = loaded.provenance.options
        assert recorded["swarm"] is False
        assert recorded["omitted_constructs"] == list(generated.options.omitted_constructs)
        assert "swarm" in loaded.provenance.choices
        assert emit_glsl(rebuild(loaded).program, GLSL450) == loaded.main_shader


def test_omitted_constructs_are_not_generated() -> None:
    checked: Counter[str] = Counter()
    for seed in range(40):
        generated = generate(seed, SmithOptions(swarm=True))
        omitted = generated.options.omitted_constructs
        nodes = list(iter_nodes(generated.program))
        if "switch" in omitted:
            checked["switch"] += 1
            assert not any(isinstance(n, Switch) for n in nodes), f"seed {seed}"
        if "comma" in omitted:
            checked["comma"] += 1
            assert not any(isinstance(n, Sequence) for n in nodes), f"seed {seed}"
    assert checked["switch"] > 5 and checked["comma"] > 5
