"""Input values for a corpus program, drawn from a seed.

A real-world shader comes with the values its own test sets (piglit's `uniform int x 5`)
or none; a test of ours needs every field of every block filled, and different tests of
one shader should see different values. So every field is drawn from the seed as the
generator draws buffer values (generate/values.py: skewed integers, exact floats of S),
and the reconditioner's completion (recondition/buffer_values.py) is applied, so that the
values are what the reconditioned test records and reconditioning changes none of them.
"""

from __future__ import annotations

import random
from collections import Counter

from shadersmith.generate.values import ValueSource
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType, ScalarType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value
from shadersmith.recondition.buffer_values import complete_buffer_values

GENERATORS = ("full", "special", "small", "large")
# Elements of a runtime-sized array: enough for one per invocation of a small dispatch.
MIN_RUNTIME_ELEMENTS = 16


def fill(program: Program, seed: int, invocations: int = 1) -> BufferValues:
    """Values for every field of every block of `program`, from `seed`; a runtime-sized
    array gets one element per invocation, at least MIN_RUNTIME_ELEMENTS."""
    source = ValueSource(random.Random(f"corpus-fill-{seed}"), GENERATORS, Counter())
    elements = max(MIN_RUNTIME_ELEMENTS, invocations)
    values: BufferValues = {}
    for buffer in program.buffers:
        values[buffer.block_name] = {
            field.name: _value(field.type, source, elements) for field in buffer.fields
        }
    return complete_buffer_values(program, values, exact_floats=True)


def _value(type_: Type, source: ValueSource, elements: int) -> Value:
    if isinstance(type_, ArrayType):
        length = elements if type_.length is None else type_.length
        return tuple(_value(type_.element, source, elements) for _ in range(length))
    if isinstance(type_, VectorType):
        return tuple(source.scalar(type_.kind) for _ in range(type_.size))
    assert isinstance(type_, ScalarType), f"not a fillable type: {type_}"
    return source.scalar(type_.kind)
