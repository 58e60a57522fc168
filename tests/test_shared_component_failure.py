"""Every chain failing in the one component they share is a finding of that component,
not ours (issue 30, item 3): glslang 12 writes invalid SPIR-V for a `?:` whose branches are
one struct type in two layouts (tests/data/glslang-struct-select-layouts.comp). On a GPU
machine 436 of 1,941 tests of `vk-nvidia,vk-nvidia-opt,interp` were signed
`ours:all-failed:invalid:glslang:...` and never reduced; here the same glslang fails
vk-lavapipe and vk-lavapipe-opt, while the interpreter runs the program and glslang
13.1.1's module validates and runs right."""

from __future__ import annotations

from pathlib import Path

from shadersmith.case import Kind
from shadersmith.front.glsl import parse_glsl
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import BufferValues
from shadersmith.oracle.classify import classify
from shadersmith.oracle.signature import sign_finding
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.newest import newest_toolset

PROGRAM = Path(__file__).parent / "data" / "glslang-struct-select-layouts.comp"


def test_glslang_12_writes_invalid_spirv_that_glslang_13_does_not() -> None:
    source = PROGRAM.read_text()
    debian = spirv_tools.compile_glsl_to_spirv(source, "compute")
    try:
        spirv_tools.validate_spirv(debian)
    except spirv_tools.SpirvValError as error:
        assert error.confirmed  # the newest spirv-val rejects it too
        assert "type does not match Object" in error.log
    else:
        raise AssertionError("glslang 12's module validated")
    newest = newest_toolset()
    module = spirv_tools.compile_glsl_to_spirv(source, "compute", toolset=newest)
    assert spirv_tools.validate_spirv(module, toolset=newest) == ""


def test_glslang_failing_on_every_vulkan_chain_is_glslangs_finding_and_not_ours() -> None:
    program = parse_glsl(PROGRAM.read_text()).program
    values: BufferValues = {"In": {"s": (5, (3, 4)), "sel": 1}, "Out": {"r": 0}}
    job = job_from_program(program, values, GLSL450)
    names = ["vk-lavapipe", "vk-lavapipe-opt", "interp"]
    twins = ["vk-lavapipe-newest", "vk-lavapipe-opt-newest"]
    with TargetSession(names + twins, timeout_s=120) as session:
        components = session.components()
        (results,) = [answer for _, answer in session.run_many([job], only=names)]
        ((_, on_newest),) = list(session.run_many([job], only=twins))
    assert results["interp"].ok and results["interp"].buffers[1]["r"] == 9
    (finding,) = classify(results, components).findings
    assert finding.kind is Kind.COMPILE_FAILURE and not finding.ours
    assert finding.targets == ("vk-lavapipe", "vk-lavapipe-opt")
    signed = sign_finding(finding, results, components)
    assert signed.startswith("invalid:glslang:OpStore Pointer <id>")
    assert "type does not match Object" in signed
    # The twins on the newest releases (glslang 13.1.1) compute the interpreter's value:
    # beside them the finding stays glslang's, with the twins among the passing targets.
    assert all(on_newest[twin].ok for twin in twins)
    assert {twin: on_newest[twin].buffers for twin in twins} == {
        twin: results["interp"].buffers for twin in twins
    }
    results.update(on_newest)
    (beside_twins,) = classify(results, components).findings
    assert beside_twins.kind is Kind.COMPILE_FAILURE
    assert set(twins) <= set(beside_twins.passing)
    assert sign_finding(beside_twins, results, components) == signed


def test_a_test_with_a_struct_in_a_buffer_gives_the_reducer_its_values() -> None:
    """The campaign's bucket of this finding was refused by the reducer ("the test's own
    program is invalid before any reduction"): a struct field's value in a buffer was
    never taken as one, so no test with --buffer-structs could be reduced at all."""
    from shadersmith.reduce.interesting import _values_for

    program = parse_glsl(PROGRAM.read_text()).program
    values: BufferValues = {"In": {"s": (3, (1, 2)), "sel": 1}, "Out": {"r": 0}}
    assert _values_for(program, values) == values
    wrong: BufferValues = {"In": {"s": (3, 1), "sel": 1}, "Out": {"r": 0}}
    assert _values_for(program, wrong) is None
