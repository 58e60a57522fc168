"""Child process of test_targets_differential: runs reconditioned generated programs on
gl-llvmpipe and vk-lavapipe and prints one JSON line per seed.

It runs in its own process because a driver may abort the process (llvmpipe's LLVM does,
on some generated programs): the parent sees the line that never came and carries on.

    python -m tests.differential_child FIRST_SEED LAST_SEED [GL_DRIVER]
"""

from __future__ import annotations

import json
import struct
import sys
from typing import Any

from shadersmith.emit.glsl import emit_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.values import Value
from shadersmith.recondition import recondition
from shadersmith.targets.results import RunResult
from shadersmith.targets.runners.buffers import buffer_inputs
from shadersmith.targets.runners.gl_runner import GLRunner
from shadersmith.targets.runners.vk_runner import VulkanRunner
from shadersmith.targets.tools.spirv_tools import compile_glsl_to_spirv, cross_to_glsl


def exact(value: Value) -> Any:
    """A value with floats as their bit patterns, so -0.0 and 0.0 (and NaNs) differ."""
    if isinstance(value, tuple):
        return [exact(item) for item in value]
    if isinstance(value, float):
        return f"f{struct.unpack('<I', struct.pack('<f', value))[0]:08x}"
    return value


def outputs(result: RunResult) -> Any:
    if not result.ok:
        return result.status.value
    return {
        str(binding): {name: exact(value) for name, value in fields.items()}
        for binding, fields in result.buffers.items()
    }


def main(first: int, last: int, gl_driver: str = "llvmpipe") -> None:
    # softpipe (a raised GL version for compute) checks our GL harness on a second Mesa
    # back-end: the blame witness of evidence.py.
    gl = GLRunner(gl_driver, raise_version=gl_driver == "softpipe")
    vulkan = VulkanRunner("llvmpipe")
    for seed in range(first, last + 1):
        print(json.dumps({"seed": seed, "started": True}), flush=True)
        # Without matrices: the seeds and the Mesa GL bugs test_targets_differential names
        # are those programs (seed 4 with matrices meets a GL-path bug with imulExtended's
        # out arguments that spirv-cross's GLSL meets too); tests/test_matrices.py runs
        # matrix programs on the drivers.
        generated = generate(seed, SmithOptions(matrix_probability=0.0))
        reconditioned = recondition(generated.program, generated.buffer_values)
        source = emit_glsl(reconditioned.program, GLSL450)
        inputs = buffer_inputs(reconditioned.program, reconditioned.buffer_values)
        spirv = compile_glsl_to_spirv(source, "compute")
        groups = generated.workgroups
        on_gl = gl.run_compute(source, inputs, groups)
        on_vulkan = vulkan.run_compute(spirv, inputs, groups)
        line: dict[str, Any] = {
            "seed": seed,
            "gl": outputs(on_gl),
            "vk": outputs(on_vulkan),
            "ms": {
                "gl_compile": on_gl.compile_ms,
                "gl_run": on_gl.run_ms,
                "vk_compile": on_vulkan.compile_ms,
                "vk_run": on_vulkan.run_ms,
            },
        }
        if line["gl"] != line["vk"]:
            # Blame: the same program through glslang and spirv-cross, on the same
            # llvmpipe back-end. Agreeing with Vulkan puts the fault in Mesa's GL
            # front-end, not in our GL harness.
            line["cross"] = outputs(gl.run_compute(cross_to_glsl(spirv), inputs, groups))
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), *sys.argv[3:4])
