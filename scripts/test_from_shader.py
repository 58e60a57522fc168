"""A test directory from a hand-written GLSL shader, for a minimal form of a finding.

    .venv/bin/python scripts/test_from_shader.py SHADER OUT [--values JSON] [--size WxH]
        [--passes "--flag --flag ..."] [--floats exact|interval]

The shader is read by shadersmith's GLSL front-end and written back as the emitter prints
it (no reconditioning: the reference interpreter's sanitizer then checks it on the given
inputs when the test runs); `--values` gives each block's field values
({"block": {"field": value}}), fields not given are 0; `--size` is a fragment test's
target; `--passes` the spirv-opt pass list the `-opt` targets run (a spirv-opt bug's
minimal form needs its list). Nothing is run here: `shadersmith run OUT --targets ...`
records what the targets and the interpreter give, and `shadersmith bug-report OUT`
checks it as any test.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from shadersmith.case import TestCaseError, write_test
from shadersmith.case.provenance import Provenance
from shadersmith.case.values_json import value_from_json
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.trial import prepare_program


def _zero(type_: Type) -> Any:
    """A field's value when none is given, as JSON."""
    if isinstance(type_, ArrayType):
        return [_zero(type_.element) for _ in range(type_.length or 1)]
    if isinstance(type_, VectorType):
        return [_zero(type_.component) for _ in range(type_.size)]
    assert isinstance(type_, ScalarType), f"no zero for {type_}"
    return {ScalarKind.FLOAT: 0.0, ScalarKind.BOOL: False}.get(type_.kind, 0)


def _values(program: Program, given: dict[str, dict[str, Any]]) -> BufferValues:
    """Each block's field values: the given ones (JSON, checked against the field's type),
    else zero."""
    return {
        buffer.block_name: {
            f.name: value_from_json(
                given.get(buffer.block_name, {}).get(f.name, _zero(f.type)),
                f.type,
                f"--values {buffer.block_name}.{f.name}",
            )
            for f in buffer.fields
        }
        for buffer in program.buffers
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shader", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--values", default="{}", help="block -> field -> value, as JSON")
    parser.add_argument("--size", default="8x8", help="a fragment test's target, WxH")
    parser.add_argument("--passes", help="the spirv-opt pass list, one string")
    parser.add_argument(
        "--floats",
        choices=("exact", "interval"),
        default="exact",
        help="the float mode the interpreter judges it in (interval: floats that round)",
    )
    arguments = parser.parse_args()
    try:
        parsed = parse_glsl(arguments.shader.read_text())
        program = parsed.program
        values = _values(program, json.loads(arguments.values))
        width, height = (int(n) for n in arguments.size.split("x"))
        fragment = program.stage.value == "fragment"
        trial = prepare_program(
            program,
            values,
            parsed.profile,
            # The generator options' float mode is what a test without a recondition
            # step is judged in (rebuild/float_mode.recorded_float_mode).
            Provenance(generator="", options={"float_mode": arguments.floats}),
            steps=[],
            spirv_passes=tuple(arguments.passes.split()) if arguments.passes else None,
            framebuffer=(width, height) if fragment else None,
        )
        print(f"wrote {write_test(trial.test, arguments.out)}")
    except (OSError, ValueError, FrontEndError, TestCaseError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
