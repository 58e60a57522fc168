"""Fragment shaders from the generator (generate/fragment.py): their shape, that the real
front-ends accept them (Mesa GL 4.50 on llvmpipe, GL 3.30 on softpipe, glslang for
Vulkan), that they read back through our front-end, and that reconditioned ones run
free of undefined behaviour in the interpreter, fragment by fragment."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.analysis.divergence import analyse
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.fragment import BODY_FUNCTION, COLOR_OUTPUT, UVEC4
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.ir.expressions import Call
from shadersmith.ir.profile import GLSL330, GLSL450
from shadersmith.ir.program import Stage
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition import recondition
from tests.glslang_check import rejected_in_vulkan

FRAGMENT = SmithOptions(fragment_probability=1.0)
SEEDS = range(24)


def _fragment(seed: int) -> GeneratedProgram:
    return generate(seed, FRAGMENT, GLSL450)


def test_shape() -> None:
    for seed in SEEDS:
        generated = _fragment(seed)
        program = generated.program
        assert program.stage is Stage.FRAGMENT
        assert generated.framebuffer == (64, 64) and generated.invocations == 4096
        assert "stage:fragment" in generated.choices
        assert [(o.name, o.type, o.location) for o in program.outputs] == [(COLOR_OUTPUT, UVEC4, 0)]
        assert program.buffers and all(b.uniform and b.readonly for b in program.buffers)
        assert set(generated.buffer_values) == {b.block_name for b in program.buffers}
        assert not program.shared
        assert program.functions[-1].name == "main"
        assert program.functions[-2].name == BODY_FUNCTION
        callees = {n.callee for n in iter_nodes(program) if isinstance(n, Call)}
        assert "barrier" not in callees


def test_deterministic_and_compute_programs_unchanged() -> None:
    for seed in SEEDS:
        assert emit_glsl(_fragment(seed).program) == emit_glsl(_fragment(seed).program)
    # Only the seeds drawn as fragments change: the others stay the compute programs
    # they were, byte for byte.
    half = SmithOptions(fragment_probability=0.5)
    stages = set()
    for seed in SEEDS:
        mixed = generate(seed, half, GLSL450)
        stages.add(mixed.program.stage)
        if mixed.program.stage is Stage.COMPUTE:
            assert emit_glsl(mixed.program) == emit_glsl(generate(seed).program)
    assert stages == {Stage.COMPUTE, Stage.FRAGMENT}


def test_divergence_on_fragment_coordinates() -> None:
    divergent = 0
    for seed in SEEDS:
        program = _fragment(seed).program
        uses = any(getattr(n, "name", "") == "gl_FragCoord" for n in iter_nodes(program))
        divergent += uses and analyse(program).has_divergent_control
    assert divergent >= len(SEEDS) // 3


def _reconditioned_texts() -> Iterator[tuple[int, str, str]]:
    for seed in SEEDS:
        generated = _fragment(seed)
        program = recondition(generated.program, generated.buffer_values).program
        yield seed, emit_glsl(program, GLSL450), emit_glsl(program, GLSL330)


def test_front_end_reads_them_back() -> None:
    for seed, text450, text330 in _reconditioned_texts():
        for text, profile in ((text450, GLSL450), (text330, GLSL330)):
            assert emit_glsl(parse_glsl(text).program, profile) == text, seed


_COMPILE_ALL = """
import sys
from pathlib import Path
from shadersmith.targets.runners.fullscreen import gl_vertex_shader
from shadersmith.targets.runners.gl_runner import GLRunner

runner = GLRunner(sys.argv[1])
for path in sorted(Path(sys.argv[2]).glob("*.frag")):
    text = path.read_text()
    try:
        runner.context.program(vertex_shader=gl_vertex_shader(text), fragment_shader=text)
    except Exception as error:
        print(path.name, str(error).splitlines()[:3])
"""


@pytest.mark.parametrize("driver", ["llvmpipe", "softpipe"])
def test_mesa_compiles_them(driver: str, tmp_path: Path) -> None:
    """GLSL 4.50 on llvmpipe, 3.30 on softpipe (a process of its own: one GL driver per
    process)."""
    for seed, text450, text330 in _reconditioned_texts():
        (tmp_path / f"{seed:03}.frag").write_text(text330 if driver == "softpipe" else text450)
    done = subprocess.run(
        [sys.executable, "-c", _COMPILE_ALL, driver, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "MESA_SHADER_CACHE_DISABLE": "true"},
    )
    assert done.returncode == 0 and not done.stdout, done.stdout + done.stderr


def test_glslang_compiles_them_for_vulkan() -> None:
    # In-process (glslang_check.py): `glslangValidator -V`'s verdict without its start-up.
    for seed, text450, _ in _reconditioned_texts():
        assert not (log := rejected_in_vulkan(text450, "fragment")), f"seed {seed}: {log}"


def test_reconditioned_fragments_free_of_undefined_behaviour() -> None:
    """Sampled fragments of each program (corners and random ones) under the sanitizer."""
    for seed in range(12):
        generated = _fragment(seed)
        result = recondition(generated.program, generated.buffer_values)
        interpreter = FragmentInterpreter(result.program)
        rng = random.Random(seed)
        for x, y in [(0, 0), (63, 63), *((rng.randrange(64), rng.randrange(64)) for _ in range(2))]:
            outputs = interpreter.run(result.buffer_values, x, y)
            color = outputs.values[COLOR_OUTPUT]
            assert isinstance(color, tuple) and len(color) == 4


def test_an_output_never_written_is_undefined_until_reconditioned() -> None:
    """A reduction readily deletes the final `_color = ...`: the drivers then leave
    whatever they like. The sanitizer reports it; the reconditioner writes every output
    first."""
    import dataclasses

    from shadersmith.interp import UBCategory, UndefinedBehaviour
    from shadersmith.interp.defined import check_defined
    from shadersmith.ir.program import Function
    from shadersmith.ir.statements import Block
    from shadersmith.ir.types import VOID

    generated = _fragment(0)
    functions = (*generated.program.functions[:-1], Function("main", VOID, (), Block(())))
    silent = dataclasses.replace(generated.program, functions=functions)
    with pytest.raises(UndefinedBehaviour) as caught:
        check_defined(silent, generated.buffer_values, framebuffer=(64, 64))
    assert caught.value.category is UBCategory.UNINITIALISED
    assert "_color is never written" in str(caught.value)
    fixed = recondition(silent, generated.buffer_values)
    check_defined(fixed.program, fixed.buffer_values, framebuffer=(64, 64))
