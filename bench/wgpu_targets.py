"""Milliseconds per compute job and per fragment job on the wgpu targets, with the
GLSL chains on the same drivers beside them for scale.

    .venv/bin/python bench/wgpu_targets.py [--count 20] [--targets wgpu-vk,wgpu-gl,...]

Each target runs in one persistent worker (as in a campaign). Every job is a different
shader (a constant changes), because wgpu's GL back-end keeps linked programs by source
and would otherwise skip Mesa's compiler; Mesa's disk cache is off in every worker. The
first job of each stage warms the worker and is not counted. Per target and stage:
median wall ms (as the caller sees it, process hop included), and median compile ms
(module + pipeline: naga, and the driver's front-end) and run ms (dispatch or draw, the
lazy machine-code generation of lavapipe/llvmpipe, readback). The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.ir.profile import Language
from shadersmith.ir.types import INT, UINT, ArrayType, ScalarKind, VectorType
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunResult
from shadersmith.targets.session import TargetSession

DEFAULT_TARGETS = "wgpu-vk,wgpu-gl,wgpu-vk-glsl,vk-lavapipe,gl-llvmpipe"
WGSL_TARGETS = {"wgpu-vk", "wgpu-gl", "wgpu-vk-newest", "wgpu-gl-newest"}
LOCAL, GROUPS, SIZE = 8, 4, 64
N = LOCAL * GROUPS

WGSL_COMPUTE = """
struct Data {{ x: array<i32, {n}>, y: array<u32, {n}> }}
@group(0) @binding(0) var<storage, read_write> data: Data;
@compute @workgroup_size({local})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    var acc = data.x[id.x];
    for (var i = 0; i < 16; i++) {{
        acc = acc * 31 + i32(id.x) ^ {constant};
        if ((acc & 1) == 0) {{ acc = acc >> 1u; }}
    }}
    data.x[id.x] = acc;
    data.y[id.x] = bitcast<u32>(acc) * {constant}u;
}}
"""
GLSL_COMPUTE = """#version 450
layout(local_size_x = {local}) in;
layout(std430, binding = 0) buffer Data {{ int x[{n}]; uint y[{n}]; }} data;
void main() {{
    uint k = gl_GlobalInvocationID.x;
    int acc = data.x[k];
    for (int i = 0; i < 16; i++) {{
        acc = (acc * 31 + int(k)) ^ {constant};
        if ((acc & 1) == 0) {{ acc = acc >> 1u; }}
    }}
    data.x[k] = acc;
    data.y[k] = uint(acc) * {constant}u;
}}
"""
WGSL_FRAGMENT = """
struct Params {{ k: vec4<u32> }}
@group(0) @binding(0) var<uniform> params: Params;
@fragment
fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {{
    var h = u32(p.x) * 73856093u ^ u32(p.y) * 19349663u;
    for (var i = 0u; i < 8u; i++) {{ h = (h ^ (h >> 13u)) * params.k.x + {constant}u; }}
    return vec4<u32>(h, u32(p.x), u32(p.y), {constant}u);
}}
"""
GLSL_FRAGMENT = """#version 450
layout(std140, binding = 0) uniform Params {{ uvec4 k; }} params;
layout(location = 0) out uvec4 colour;
void main() {{
    uint h = uint(gl_FragCoord.x) * 73856093u ^ uint(gl_FragCoord.y) * 19349663u;
    for (uint i = 0u; i < 8u; i++) {{ h = (h ^ (h >> 13u)) * params.k.x + {constant}u; }}
    colour = uvec4(h, uint(gl_FragCoord.x), uint(gl_FragCoord.y), {constant}u);
}}
"""


def compute_job(wgsl: bool, constant: int) -> Job:
    text = WGSL_COMPUTE if wgsl else GLSL_COMPUTE
    data = BufferInput(
        0,
        (("x", ArrayType(INT, N)), ("y", ArrayType(UINT, N))),
        {"x": tuple(range(N)), "y": tuple([0] * N)},
    )
    source = text.format(n=N, local=LOCAL, constant=constant)
    language = Language.WGSL if wgsl else Language.GLSL
    return Job(
        stage="compute", source=source, language=language, buffers=(data,), groups=(GROUPS, 1, 1)
    )


def fragment_job(wgsl: bool, constant: int) -> Job:
    text = WGSL_FRAGMENT if wgsl else GLSL_FRAGMENT
    params = BufferInput(
        0, (("k", VectorType(ScalarKind.UINT, 4)),), {"k": (2654435761, 0, 0, 0)}, True, "Params"
    )
    return Job(
        stage="fragment",
        source=text.format(constant=constant),
        language=Language.WGSL if wgsl else Language.GLSL,
        buffers=(params,),
        width=SIZE,
        height=SIZE,
        integer_image=True,
    )


def measure(session: TargetSession, target: str, stage: str, count: int) -> dict[str, float]:
    make = compute_job if stage == "compute" else fragment_job
    wgsl = target in WGSL_TARGETS
    jobs = [make(wgsl, 1000 + i) for i in range(count + 1)]
    results: list[RunResult] = []
    for _, answer in session.run_many(jobs, only={target: None}):
        results.append(answer[target])
    failed = [r for r in results if not r.ok]
    if failed:
        raise SystemExit(f"{target} {stage}: {failed[0].status.value}: {failed[0].log[:500]}")
    counted = results[1:]  # the first warms the worker
    return {
        "wall_ms": statistics.median(r.wall_ms for r in counted),
        "compile_ms": statistics.median(r.compile_ms for r in counted),
        "run_ms": statistics.median(r.run_ms for r in counted),
        "tools_ms": statistics.median(r.tools_ms for r in counted),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--targets", default=DEFAULT_TARGETS)
    options = parser.parse_args()
    names = [name.strip() for name in options.targets.split(",") if name.strip()]
    figures: dict[str, dict[str, dict[str, float]]] = {}
    with TargetSession(names, timeout_s=120) as session:
        for name, why in session.missing.items():
            print(f"{name}: missing ({why})")
        print(f"{'target':<14} {'stage':<9} {'wall ms':>8} {'compile':>8} {'run':>8} {'tools':>8}")
        for name in session.present:
            for stage in ("compute", "fragment"):
                row = measure(session, name, stage, options.count)
                figures.setdefault(name, {})[stage] = row
                print(
                    f"{name:<14} {stage:<9} {row['wall_ms']:8.1f} {row['compile_ms']:8.1f}"
                    f" {row['run_ms']:8.1f} {row['tools_ms']:8.1f}"
                )
    print(json.dumps({"count": options.count, "median_ms": figures}))


if __name__ == "__main__":
    main()
