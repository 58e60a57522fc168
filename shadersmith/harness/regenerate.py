"""Recover the IR of a generated test from its provenance.

Generation is deterministic and so is every recorded transformation, so the seed,
options, profile and transformation list in `test.json` give back the exact program.
The rebuilt text is compared with the stored shader: if someone edited the shader, the
provenance no longer describes it, and reading the text itself needs the GLSL front-end.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.generate.smith import generate, options_from_dict
from shadersmith.harness.testcase import (
    UNRECONDITIONED_FILE,
    TestCase,
    TestCaseError,
    buffer_specs,
)
from shadersmith.ir.profile import LanguageProfile, profile_named
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition import ReconditionOptions, prune_wrappers, recondition


@dataclass(frozen=True)
class RebuiltProgram:
    program: Program
    buffer_values: BufferValues
    profile: LanguageProfile
    # The generator's output before any transformation (what a reducer works on).
    original: Program
    original_values: BufferValues


def recondition_options_to_dict(options: ReconditionOptions) -> dict[str, Any]:
    return dataclasses.asdict(options)


def recondition_options_from_dict(data: dict[str, Any]) -> ReconditionOptions:
    known = {f.name for f in dataclasses.fields(ReconditionOptions)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"unknown recondition option(s): {', '.join(unknown)}")
    return ReconditionOptions(**data)


def rebuild(test: TestCase) -> RebuiltProgram:
    """The program `test` holds, rebuilt from its provenance and checked against its text."""
    provenance = test.provenance
    if provenance.get("generator") != "smith":
        raise TestCaseError(
            f"test was not made by the smith generator ({provenance.get('generator')!r}); "
            "reading arbitrary shaders needs the GLSL front-end"
        )
    try:
        seed = int(provenance["seed"])
        profile = profile_named(str(provenance["profile"]))
        options = options_from_dict(dict(provenance["options"]))
        transformations = list(provenance.get("transformations", []))
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"test.json provenance is incomplete or corrupt ({error})") from None
    generated = generate(seed, options, profile)
    program, values = generated.program, generated.buffer_values
    for step in transformations:
        name = step.get("name") if isinstance(step, dict) else None
        if name != "recondition":
            raise TestCaseError(f"cannot replay transformation {name!r} recorded in test.json")
        try:
            recondition_options = recondition_options_from_dict(dict(step.get("options", {})))
        except (TypeError, ValueError) as error:
            raise TestCaseError(f"test.json: bad recondition options ({error})") from None
        result = recondition(program, values, recondition_options)
        if "prune_keep" in step:
            result = prune_wrappers(result, [str(site) for site in step["prune_keep"]])
        program, values = result.program, result.buffer_values
    if emit_glsl(program, profile) != test.main_shader:
        raise TestCaseError(
            "the shader differs from what its provenance generates (edited by hand?); "
            "reading edited shaders needs the GLSL front-end"
        )
    return RebuiltProgram(program, values, profile, generated.program, generated.buffer_values)


def program_of(
    test: TestCase, before_reconditioning: bool = False
) -> tuple[Program, BufferValues, LanguageProfile]:
    """The IR a test holds, and its buffer values: a generated test rebuilt from its
    provenance, any other (reduced, edited, foreign) read from its text by the GLSL
    front-end. `before_reconditioning`: the program before the recondition step (the
    generator's output, or a reduced test's `unreconditioned.comp`), what a reducer
    works on. Raises TestCaseError with a one-line reason."""
    if test.provenance.get("generator") == "smith":
        try:
            rebuilt = rebuild(test)
        except TestCaseError:
            pass  # edited by hand: read the text below
        else:
            if before_reconditioning:
                return rebuilt.original, rebuilt.original_values, rebuilt.profile
            return rebuilt.program, rebuilt.buffer_values, rebuilt.profile
    source = test.main_shader
    if before_reconditioning:
        source = test.shaders.get(UNRECONDITIONED_FILE, source)
    try:
        parsed = parse_glsl(source)
    except FrontEndError as error:
        raise TestCaseError(f"the shader does not parse: {error}") from None
    values = test.buffer_values()
    buffer_specs(parsed.program, values)  # every field has a value, or a TestCaseError
    return parsed.program, values, parsed.profile
