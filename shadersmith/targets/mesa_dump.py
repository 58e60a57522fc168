"""What Mesa's GLSL front-end makes of a shader: its GLSL IR and NIR, as MESA_GLSL=dump
prints them (oracle/front_end_state.py reads them).

The shader is compiled and linked only, never dispatched or drawn: llvmpipe generates
machine code at the first dispatch, so a back-end crash cannot cut the dump short. It
runs in a child process because Mesa reads MESA_GLSL once, when it loads.
"""

from __future__ import annotations

import os
import subprocess
import sys

from shadersmith.targets.lifetime import tied_to_this_process

DUMP_TIMEOUT_S = 60.0


def front_end_dump(source: str, stage: str, timeout_s: float = DUMP_TIMEOUT_S) -> str:
    """Everything Mesa printed while compiling and linking `source`; "" if it could not."""
    environment = {**os.environ, "MESA_GLSL": "dump", "MESA_SHADER_CACHE_DISABLE": "true"}
    try:
        finished = subprocess.run(
            [sys.executable, "-m", "shadersmith.targets.mesa_dump", stage],
            input=source,
            capture_output=True,
            text=True,
            timeout=timeout_s,
            env=environment,
            check=False,
            preexec_fn=tied_to_this_process(),
        )
    except subprocess.TimeoutExpired:
        return ""
    return finished.stdout + finished.stderr


def _compile_and_link(stage: str, source: str) -> None:
    from shadersmith.targets.fullscreen import gl_vertex_shader
    from shadersmith.targets.gl_runner import GLRunner

    runner = GLRunner("llvmpipe")
    if stage == "compute":
        runner.context.compute_shader(source)
    else:
        runner.context.program(vertex_shader=gl_vertex_shader(source), fragment_shader=source)


if __name__ == "__main__":
    _compile_and_link(sys.argv[1], sys.stdin.read())
