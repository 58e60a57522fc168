"""One check for either stage: does a program run free of undefined behaviour?

A compute shader runs its whole dispatch under the sanitizer; a fragment shader runs
the sampled fragments of its target (fragment_image.sample_fragments), as the reference
target does, a fused program's float colour rounded in its colour mix as the reference
image intends (fragment_image.colour_rounding_functions). Raises UndefinedBehaviour, or
InterpreterError for what is not run.
"""

from __future__ import annotations

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.fragment_image import (
    colour_rounding_functions,
    run_sanitized,
    sample_fragments,
)
from shadersmith.interp.program import run_compute
from shadersmith.interp.semantics import Language
from shadersmith.interp.vertex import fed_fragment
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.values import BufferValues


def check_defined(
    program: Program,
    values: BufferValues,
    *,
    workgroups: tuple[int, int, int] = (1, 1, 1),
    framebuffer: tuple[int, int] | None = None,
    step_budget: int = 2_000_000,
    language: Language = Language.GLSL,
    vertex: Program | None = None,
    floats: FloatMode = FloatMode.EXACT,
) -> None:
    """`language` WGSL: undefined behaviour by WGSL's rules (interp/semantics.py).
    `vertex`: a fragment program's generated vertex shader, run first for its three
    vertices (interp/vertex.py), its flat varyings fed to the fragments. `floats`: the
    mode the program's floats were reconditioned in (a program in the INTERVAL mode,
    compute or fragment, runs on intervals: its inexact floats are no undefined behaviour
    there; rounding that decides a branch still is)."""
    if program.stage is Stage.FRAGMENT:
        if framebuffer is None:
            raise InterpreterError("a fragment shader needs its target size to be run")
        program, values = fed_fragment(
            vertex, program, values, step_budget=step_budget, language=language, floats=floats
        )
        width, height = framebuffer
        interpreter = FragmentInterpreter(
            program, step_budget=step_budget, language=language, floats=floats
        )
        rounding = colour_rounding_functions(program)
        for x, y in sample_fragments(width, height):
            run_sanitized(interpreter, values, x, y, rounding)
        return
    run_compute(
        program,
        values,
        step_budget=step_budget,
        workgroups=workgroups,
        language=language,
        floats=floats,
    )
