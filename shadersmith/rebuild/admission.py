"""What a test's program must be before any target runs it (issue 23).

A test directory is shared and untrusted, and its shader may be anyone's text. Whatever
the targets then do with a bad program would be recorded as a finding: a syntax error
makes every compiler fail (`ours:all-failed`, blaming shadersmith), an unbound
`sampler2D` makes lavapipe read a descriptor that is not there (`crash:llvmpipe:SIGBUS`),
a dispatch of 65535^3 work groups runs until the timeout (a driver "hang"). So the
program is read first, by the generator's replay or by our own GLSL front-end
(front/glsl, which also bounds its nesting), and checked against what a test can give
it; anything else is a one-line TestCaseError, before any target starts.
"""

from __future__ import annotations

import math
import shlex
from pathlib import Path

from shadersmith.case import TestCase, TestCaseError, buffer_specs, load_test
from shadersmith.case.time_cap import time_cap
from shadersmith.files import safe_files
from shadersmith.interp.program import MAX_INVOCATIONS
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Program
from shadersmith.ir.types import OpaqueType
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.regenerate import program_of, vertex_program_of

# The largest local size Mesa (llvmpipe, lavapipe) and the NVIDIA driver run, which is
# also GL's guaranteed minimum: per dimension, and invocations per work group.
MAX_LOCAL_SIZE = (1024, 1024, 64)
MAX_LOCAL_INVOCATIONS = 1024


def load_admitted(directory: Path) -> TestCase:
    """The test in `directory`, read (case/codec.py checks every field) and its program
    admitted, within the time cap: a test ready for the targets, or a one-line
    TestCaseError naming the directory."""
    if safe_files.is_campaign_directory(directory) and not safe_files.is_test_directory(directory):
        raise TestCaseError(
            f"{directory}: a campaign, not a test: "
            f"`{shlex.join(['shadersmith', 'buckets', str(directory)])}` lists its "
            "buckets, each with its example test"
        )
    with time_cap(f"{directory}: reading the test and its program"):
        test = load_test(directory)
        try:
            admitted_program(test)
        except TestCaseError as error:
            raise TestCaseError(f"{directory}: {error}") from None
    return test


def admitted_program(test: TestCase) -> tuple[Program, BufferValues, LanguageProfile]:
    """The program `test` holds, with its buffer values and profile, once it is known to
    be one the targets can run as a test (see the module docstring); a one-line
    TestCaseError naming the shader file otherwise."""
    name = test.main_file
    try:
        program, values, profile = program_of(test)
    except TestCaseError as error:
        raise TestCaseError(f"{name}: {error}") from None
    if program.stage.value != test.stage:
        raise TestCaseError(
            f"{name}: a {program.stage.value} shader, but test.json says a {test.stage} test"
        )
    _check_interface(test, program, name)
    if test.stage == "compute":
        _check_invocations(program.local_size, test.inputs.dispatch, name)
    return program, values, profile


def _check_interface(test: TestCase, program: Program, name: str) -> None:
    """The shader declares only what a test's inputs fill: storage buffers and uniform
    blocks, each as test.json describes it."""
    for uniform in program.uniforms:
        if isinstance(uniform.type, OpaqueType):
            raise TestCaseError(
                f"{name}: uniform {uniform.type} {uniform.name} is never bound: a test has "
                "no textures, images or atomic counters"
            )
        raise TestCaseError(
            f"{name}: uniform {uniform.type} {uniform.name} outside a block gets no value: "
            "a test fills only storage buffers and uniform blocks"
        )
    for block in program.blocks:
        raise TestCaseError(
            f"{name}: block {block.block_name} is not one a test can fill (storage buffers "
            "and uniform blocks of int, uint, float and bool scalars, vectors and arrays)"
        )
    # A generated vertex shader (shader.vert, its IR rebuilt from the provenance) passes
    # the flat varyings it writes; the fixed one passes none.
    vertex = vertex_program_of(test) if test.vertex_shader is not None else None
    written = set() if vertex is None else {(o.name, o.type, o.location) for o in vertex.outputs}
    for stage_input in program.inputs:
        if (stage_input.name, stage_input.type, stage_input.location) in written:
            continue
        raise TestCaseError(
            f"{name}: input {stage_input.name} gets no value: the tests' vertex stage passes none"
        )
    given = {spec.block: spec for spec in test.inputs.buffers}
    for spec in buffer_specs(program, test.buffer_values()):
        recorded = given[spec.block]  # buffer_specs found its values, so it is there
        if recorded.binding != spec.binding:
            raise TestCaseError(
                f"{name}: block {spec.block} has binding {spec.binding}, test.json gives "
                f"its values at binding {recorded.binding}"
            )
        if recorded.uniform != spec.uniform:
            kind = "uniform block" if spec.uniform else "storage buffer"
            raise TestCaseError(f"{name}: block {spec.block} is a {kind}, unlike in test.json")
        if recorded.fields != spec.fields:
            raise TestCaseError(
                f"{name}: block {spec.block} has fields {_fields(spec.fields)}, test.json "
                f"{_fields(recorded.fields)}"
            )


def _fields(fields: tuple[tuple[str, str], ...]) -> str:
    return "(" + ", ".join(f"{type_} {field}" for field, type_ in fields) + ")"


def _check_invocations(
    local_size: tuple[int, int, int], dispatch: tuple[int, int, int], name: str
) -> None:
    """A dispatch the drivers run and the reference interpreter too, in seconds."""
    if any(size > bound for size, bound in zip(local_size, MAX_LOCAL_SIZE, strict=True)):
        raise TestCaseError(
            f"{name}: local size {_size(local_size)} is over the maximum {_size(MAX_LOCAL_SIZE)}"
        )
    group = math.prod(local_size)
    if group > MAX_LOCAL_INVOCATIONS:
        raise TestCaseError(
            f"{name}: local size {_size(local_size)} is {group} invocations, more than "
            f"{MAX_LOCAL_INVOCATIONS} per work group"
        )
    total = group * math.prod(dispatch)
    if total > MAX_INVOCATIONS:
        raise TestCaseError(
            f"test.json: inputs.dispatch: {_size(dispatch)} work groups of {group} "
            f"invocations is {total} invocations, more than the maximum {MAX_INVOCATIONS}"
        )


def _size(size: tuple[int, ...]) -> str:
    return "x".join(str(n) for n in size)
