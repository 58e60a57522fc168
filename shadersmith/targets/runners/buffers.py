"""The runners' view of storage buffers and uniform blocks, from an IR program or from a test
directory."""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.case import BufferSpec
from shadersmith.case.typenames import parse_type_name
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.targets.results import BufferInput


def buffer_inputs(program: Program, values: BufferValues) -> list[BufferInput]:
    """One input per storage buffer or uniform block of `program`, holding its initial
    values."""
    inputs = []
    for buffer in program.buffers:
        given = values.get(buffer.block_name, {})
        missing = [f.name for f in buffer.fields if f.name not in given]
        if missing:
            raise ValueError(f"buffer {buffer.block_name} has no values for {missing}")
        inputs.append(
            BufferInput(
                binding=buffer.binding,
                fields=tuple((f.name, f.type) for f in buffer.fields),
                values={f.name: given[f.name] for f in buffer.fields},
                uniform=buffer.uniform,
                block=buffer.block_name,
            )
        )
    return inputs


def buffer_inputs_from_specs(specs: Sequence[BufferSpec]) -> list[BufferInput]:
    """The inputs that a test directory's buffers describe (type names parsed back)."""
    return [
        BufferInput(
            binding=spec.binding,
            fields=tuple((name, parse_type_name(text)) for name, text in spec.fields),
            values=dict(spec.values),
            uniform=spec.uniform,
            block=spec.block,
        )
        for spec in specs
    ]
