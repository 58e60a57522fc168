"""A fragment test's generated vertex shader in the scalar interpreter, and the fragment
program it feeds (generate/vertex_stage.py).

The draw is one triangle of three vertices. Each vertex runs the vertex shader as a
single-invocation compute program (as interp/fragment.py runs a fragment): the vertex
index is a uniform set per run, the varyings and `gl_Position` are the fields of an
output buffer, undefined until written (the sanitizer flags reading one before).

What the interpreter then insists on, so that one expected image serves every API:
- `gl_Position` of vertex i is the fixed full-screen triangle's (-1,-1), (3,-1), (-1,3),
  so the same fragments are drawn with the same `gl_FragCoord`;
- every flat varying is equal at the three vertices, so it does not matter which one
  is the provoking vertex (GL: the last, Vulkan and WebGPU: the first).
Either failing is an InterpreterError (a defect of the generator, never a finding).

The flat values are then the same for every fragment: `with_flat_inputs` turns the
fragment program's flat inputs into the fields of one more uniform block holding them,
so the scalar and lane interpreters, the sanitizer and the reference image run the pair
as they run any fragment program.

In the INTERVAL float mode (float_mode.py, issue 37) the vertex shader runs on intervals
too, as generated (its floats inexact like the fragment shader's): each float varying is
the interval of every value a conforming vertex stage may write, and the fragment program
reads it as an input of that interval. A flat varying reaches the fragment shader
unchanged (no interpolation, no conversion), and no compiler rearranges arithmetic
across the two stages, so it enters the fragments as a leaf: its interval without the
vertex shader's tree (rearrangement.py). The provoking vertex does not matter either:
the three vertices run the same code on the same inputs, so their intervals are equal,
and whichever vertex a driver takes, its value lies in that interval.
"""

from __future__ import annotations

from dataclasses import replace

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.intervals import Interval
from shadersmith.interp.program import CompiledProgram
from shadersmith.interp.semantics import Language
from shadersmith.ir.program import (
    POSITION,
    VERTEX_INDEX,
    BufferAccess,
    BufferField,
    Program,
    Stage,
    StorageBuffer,
    Uniform,
)
from shadersmith.ir.types import INT, ScalarKind, VectorType
from shadersmith.ir.values import BufferValues, Value

# Clip positions of the runners' fixed full-screen triangle (targets/runners/fullscreen.py:
# (-1,-1), (3,-1), (-1,3)) as the generated vertex shader writes them, with w = 2 and depth
# 0.5 (generate/vertex_stage.full_screen_position says why).
FULL_SCREEN_TRIANGLE: tuple[Value, ...] = (
    (-2.0, -2.0, 1.0, 2.0),
    (6.0, -2.0, 1.0, 2.0),
    (-2.0, 6.0, 1.0, 2.0),
)
# The block the flat inputs are read from in the interpreter (never in a shader's text).
FLAT_INPUTS_BLOCK = "_flat_inputs"
_OUTPUT_BLOCK = "_vertex_outputs"
_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def as_compute(vertex: Program) -> Program:
    """The single-invocation compute program that runs one vertex of `vertex`."""
    if vertex.stage is not Stage.VERTEX:
        raise InterpreterError(f"not a vertex shader: {vertex.stage.value}")
    if vertex.inputs or vertex.blocks:
        raise InterpreterError("vertex shaders with vertex inputs or foreign blocks are not run")
    binding = max((b.binding for b in vertex.buffers), default=-1) + 1
    fields = (*(BufferField(o.name, o.type) for o in vertex.outputs), BufferField(POSITION, _VEC4))
    outputs = StorageBuffer(_OUTPUT_BLOCK, None, binding, fields, BufferAccess.OUTPUT)
    return replace(
        vertex,
        stage=Stage.COMPUTE,
        buffers=(*vertex.buffers, outputs),
        outputs=(),
        uniforms=(*vertex.uniforms, Uniform(VERTEX_INDEX, INT, None)),
    )


def flat_values(
    vertex: Program,
    values: BufferValues,
    *,
    sanitize: bool = True,
    step_budget: int = 2_000_000,
    language: Language = Language.GLSL,
    floats: FloatMode = FloatMode.EXACT,
) -> dict[str, Value]:
    """Each varying's value, the same at every vertex of the draw (in the INTERVAL mode
    its interval, as a leaf); raises UndefinedBehaviour like run_compute, InterpreterError
    when the vertex shader misplaces the triangle or gives a varying different values at
    different vertices."""
    compiled = CompiledProgram(
        as_compute(vertex),
        sanitize=sanitize,
        undefined_blocks=frozenset({_OUTPUT_BLOCK}),
        language=language,
        floats=floats,
    )
    first: dict[str, Value] | None = None
    for index, position in enumerate(FULL_SCREEN_TRIANGLE):
        result = compiled.run(values, uniform_values={VERTEX_INDEX: index}, step_budget=step_budget)
        outputs = {name: _as_leaf(v) for name, v in result.buffers[_OUTPUT_BLOCK].items()}
        if tuple(_points(outputs[POSITION])) != position:
            raise InterpreterError(
                f"vertex {index} is at {outputs[POSITION]}, not at the full-screen "
                f"triangle's {position} (a defect of shadersmith)"
            )
        varyings = {o.name: outputs[o.name] for o in vertex.outputs}
        if first is None:
            first = varyings
            continue
        for name, value in varyings.items():
            if value != first[name]:
                raise InterpreterError(
                    f"flat varying {name} is {first[name]} at vertex 0 but {value} at vertex "
                    f"{index}: the provoking vertex (GL's last, Vulkan's first) would decide "
                    "(a defect of shadersmith)"
                )
    assert first is not None
    return first


def _as_leaf(value: object) -> Value:
    """An output value with each interval stripped of its tree (see the docstring)."""
    if isinstance(value, Interval):
        return Interval(value.lo, value.hi)  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(_as_leaf(v) for v in value)
    return value  # type: ignore[return-value]


def _points(position: object) -> tuple[object, ...]:
    """gl_Position's components as floats where each interval is one point (a position
    that rounding could move is compared as the interval, so it misses the triangle)."""
    assert isinstance(position, tuple)
    return tuple(v.lo if isinstance(v, Interval) and v.lo == v.hi else v for v in position)


def with_flat_inputs(
    fragment: Program, values: BufferValues, flat: dict[str, Value]
) -> tuple[Program, BufferValues]:
    """`fragment` with its flat inputs read from a uniform block holding `flat` (the
    values every fragment gets), and the buffer values with that block's."""
    missing = [i.name for i in fragment.inputs if i.name not in flat]
    if missing:
        raise InterpreterError(f"no vertex shader output for fragment input(s) {missing}")
    if not fragment.inputs:
        return fragment, values
    binding = max((b.binding for b in fragment.buffers), default=-1) + 1
    block = StorageBuffer(
        FLAT_INPUTS_BLOCK,
        None,
        binding,
        tuple(BufferField(i.name, i.type) for i in fragment.inputs),
        BufferAccess.INPUT,
        readonly=True,
        uniform=True,
    )
    fed = replace(fragment, inputs=(), buffers=(*fragment.buffers, block))
    return fed, {**values, FLAT_INPUTS_BLOCK: {i.name: flat[i.name] for i in fragment.inputs}}


def fed_fragment(
    vertex: Program | None,
    fragment: Program,
    values: BufferValues,
    *,
    step_budget: int = 2_000_000,
    language: Language = Language.GLSL,
    floats: FloatMode = FloatMode.EXACT,
) -> tuple[Program, BufferValues]:
    """The fragment program and values the fragment interpreters run: `fragment` itself
    without a vertex shader, else fed the flat values `vertex` gives (see above; `floats`:
    the float mode both stages run in)."""
    if vertex is None:
        return fragment, values
    flat = flat_values(vertex, values, step_budget=step_budget, language=language, floats=floats)
    return with_flat_inputs(fragment, values, flat)
