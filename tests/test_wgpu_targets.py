"""The wgpu targets on the real drivers (wgpu-native's naga, lavapipe, llvmpipe through
EGL): hand-written WGSL until the WGSL emitter lands, checked against numpy's answer.

One worker per target for the whole module (a wgpu instance and a GL driver are chosen
once per process, and starting them costs a second each)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from click.testing import CliRunner

from shadersmith.evidence import attach_panic_causes
from shadersmith.ir.profile import Language
from shadersmith.ir.types import FLOAT, INT, UINT, ArrayType, ScalarKind, StructField, StructType
from shadersmith.ir.types import VectorType as Vec
from shadersmith.oracle.components import failing_component
from shadersmith.oracle.rust_panic import panic_cause
from shadersmith.targets.catalogue import registry
from shadersmith.targets.catalogue.registry import chain_of
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.runners.wgpu_bindings import (
    BufferKind,
    glsl_buffer_kinds,
    wgsl_buffer_kinds,
)
from shadersmith.targets.session import TargetSession

WGSL_TARGETS = ["wgpu-vk", "wgpu-gl"]
WGPU_TARGETS = ("wgpu-vk", "wgpu-gl", "wgpu-vk-glsl")
LOCAL, GROUPS = 4, 2  # work group size and count of the compute shader
N = LOCAL * GROUPS

PAIR = StructType("Pair", (StructField("a", INT), StructField("v", Vec(ScalarKind.FLOAT, 4))))

COMPUTE = f"""
struct Pair {{ a: i32, v: vec4<f32> }}
struct Inputs {{ x: array<i32, {N}>, u: u32, f: f32, pair: Pair }}
struct Outputs {{ i: array<i32, {N}>, u: array<u32, {N}>, f: array<f32, {N}>,
                  v: array<vec4<f32>, {N}>, pairs: array<Pair, {N}> }}
struct Sum {{ total: atomic<i32> }}
@group(0) @binding(0) var<storage, read> inputs: Inputs;
@group(0) @binding(2) var<storage, read_write> outputs: Outputs;
// Binding 5, unlike the others, is declared with the attributes the other way round.
@binding(5) @group(0) var<storage, read_write> sum: Sum;

@compute @workgroup_size({LOCAL})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    let k = id.x;
    let x = inputs.x[k];
    outputs.i[k] = x * 1103515245 + 12345;           // wraps
    outputs.u[k] = (bitcast<u32>(x) >> 3u) ^ inputs.u;
    outputs.f[k] = f32(x) * inputs.f + 0.25;
    outputs.v[k] = inputs.pair.v * f32(k) - vec4<f32>(1.0, 2.0, 3.0, 4.0);
    outputs.pairs[k] = Pair(inputs.pair.a - i32(k), inputs.pair.v.wzyx);
    atomicAdd(&sum.total, x);
}}
"""

X = np.array([7, -3, 2**31 - 1, -(2**31), 0, 123456, -99, 42], np.int32)
U, F, A, V = 0xDEADBEEF, 1.5, 100, np.array([1.0, -2.0, 0.5, 8.0], np.float32)


def compute_buffers() -> tuple[BufferInput, ...]:
    zeros = tuple([0] * N)
    inputs = BufferInput(
        0,
        (("x", ArrayType(INT, N)), ("u", UINT), ("f", FLOAT), ("pair", PAIR)),
        {"x": tuple(int(x) for x in X), "u": U, "f": F, "pair": (A, tuple(map(float, V)))},
    )
    outputs = BufferInput(
        2,
        (
            ("i", ArrayType(INT, N)),
            ("u", ArrayType(UINT, N)),
            ("f", ArrayType(FLOAT, N)),
            ("v", ArrayType(Vec(ScalarKind.FLOAT, 4), N)),
            ("pairs", ArrayType(PAIR, N)),
        ),
        {
            "i": zeros,
            "u": zeros,
            "f": tuple([0.0] * N),
            "v": tuple([(0.0,) * 4] * N),
            "pairs": tuple([(0, (0.0,) * 4)] * N),
        },
    )
    total = BufferInput(5, (("total", INT),), {"total": 5})
    return inputs, outputs, total


def numpy_outputs() -> dict[str, object]:
    k = np.arange(N)
    with np.errstate(over="ignore"):
        i = X * np.int32(1103515245) + np.int32(12345)
    u = (X.view(np.uint32) >> np.uint32(3)) ^ np.uint32(U)
    f = X.astype(np.float32) * np.float32(F) + np.float32(0.25)
    v = V[None, :] * k.astype(np.float32)[:, None] - np.array([1, 2, 3, 4], np.float32)
    pairs = tuple((A - int(j), tuple(float(c) for c in V[::-1])) for j in k)
    total = int(np.sum(X.astype(np.int64)) + 5)
    total = (total + 2**31) % 2**32 - 2**31  # i32 wrap
    return {
        "i": tuple(int(a) for a in i),
        "u": tuple(int(a) for a in u),
        "f": tuple(float(a) for a in f),
        "v": tuple(tuple(float(c) for c in row) for row in v),
        "pairs": pairs,
        "total": total,
    }


FRAGMENT = """
struct Params { scale: vec4<u32>, offset: i32 }
@group(0) @binding(3) var<uniform> params: Params;

@fragment
fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {
    let x = u32(p.x);
    let y = u32(p.y);
    let mixed = x * params.scale.x + y * params.scale.y + bitcast<u32>(params.offset);
    return vec4<u32>(x, y, mixed, (x ^ y) << 28u);
}
"""
SIZE = 64
SCALE, OFFSET = (3, 1000, 0, 0), -7


def fragment_blocks() -> tuple[BufferInput, ...]:
    params = BufferInput(
        3,
        (("scale", Vec(ScalarKind.UINT, 4)), ("offset", INT)),
        {"scale": SCALE, "offset": OFFSET},
        uniform=True,
        block="Params",
    )
    return (params,)


def numpy_image() -> np.ndarray:
    # Row r holds the fragments with y = r + 0.5 (images.py).
    y, x = np.mgrid[0:SIZE, 0:SIZE].astype(np.uint32)
    mixed = x * np.uint32(SCALE[0]) + y * np.uint32(SCALE[1]) + np.uint32(OFFSET & 0xFFFFFFFF)
    return np.stack([x, y, mixed, (x ^ y) << np.uint32(28)], axis=-1).astype(np.uint32)


GLSL_COMPUTE = f"""#version 450
layout(local_size_x = {LOCAL}) in;
layout(std430, binding = 0) readonly buffer In {{ int x[{N}]; }} inp;
layout(std430, binding = 1) buffer Out {{ int y[{N}]; uint z[{N}]; }} outp;
void main() {{
    uint k = gl_GlobalInvocationID.x;
    int x = inp.x[k];
    outp.y[k] = x * 3 - int(k);
    outp.z[k] = uint(x) >> 2u | (k << 29u);
}}
"""


def glsl_buffers() -> tuple[BufferInput, ...]:
    return (
        BufferInput(0, (("x", ArrayType(INT, N)),), {"x": tuple(int(x) for x in X)}),
        BufferInput(
            1,
            (("y", ArrayType(INT, N)), ("z", ArrayType(UINT, N))),
            {"y": tuple([0] * N), "z": tuple([0] * N)},
        ),
    )


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession([*WGPU_TARGETS, "vk-lavapipe"], timeout_s=60) as started:
        missing = set(WGPU_TARGETS) - set(started.present)
        assert not missing, f"wgpu targets missing: {missing}"
        yield started


@pytest.mark.parametrize("target", WGSL_TARGETS)
def test_wgsl_compute_gives_numpy_answer(session: TargetSession, target: str) -> None:
    job = Job(
        stage="compute",
        source=COMPUTE,
        language=Language.WGSL,
        buffers=compute_buffers(),
        groups=(GROUPS, 1, 1),
    )
    result = session.run_many([job], only={target: None})
    ((_, results),) = list(result)
    run = results[target]
    assert run.status is RunStatus.OK, run.log
    expected = numpy_outputs()
    outputs = run.buffers[2]
    for name in ("i", "u", "f", "v", "pairs"):
        assert outputs[name] == expected[name], name
    assert run.buffers[5] == {"total": expected["total"]}
    # Inputs come back unchanged: every bound buffer is read back.
    assert run.buffers[0] == compute_buffers()[0].values


@pytest.mark.parametrize("target", WGSL_TARGETS)
def test_wgsl_fragment_image_is_numpys(session: TargetSession, target: str) -> None:
    job = Job(
        stage="fragment",
        source=FRAGMENT,
        language=Language.WGSL,
        buffers=fragment_blocks(),
        width=SIZE,
        height=SIZE,
        integer_image=True,
    )
    ((_, results),) = list(session.run_many([job], only={target: None}))
    run = results[target]
    assert run.status is RunStatus.OK, run.log
    assert run.image is not None and run.image.dtype == np.uint32
    np.testing.assert_array_equal(run.image, numpy_image())


@pytest.mark.parametrize("target", WGSL_TARGETS)
def test_invalid_wgsl_is_a_compile_error_with_nagas_message(
    session: TargetSession, target: str
) -> None:
    source = "@compute @workgroup_size(1)\nfn main() { let x: i32 = 1u; }\n"
    job = Job(stage="compute", source=source, language=Language.WGSL)
    ((_, results),) = list(session.run_many([job], only={target: None}))
    run = results[target]
    assert run.status is RunStatus.COMPILE_ERROR
    assert "the type of `x` is expected to be `i32`, but got `u32`" in run.log
    assert failing_component(run, chain_of(target).components) == "naga"


def test_glsl_through_nagas_glsl_front_end_agrees_with_glslang(session: TargetSession) -> None:
    job = Job(stage="compute", source=GLSL_COMPUTE, buffers=glsl_buffers(), groups=(GROUPS, 1, 1))
    ((_, results),) = list(session.run_many([job]))
    glsl, reference = results["wgpu-vk-glsl"], results["vk-lavapipe"]
    assert glsl.status is RunStatus.OK, glsl.log
    assert reference.status is RunStatus.OK, reference.log
    assert glsl.buffers == reference.buffers
    with np.errstate(over="ignore"):
        y = X * np.int32(3) - np.arange(N, dtype=np.int32)
    assert glsl.buffers[1]["y"] == tuple(int(v) for v in y)
    # A WGSL target does not take GLSL, nor the GLSL target WGSL: unsupported, no finding.
    assert results["wgpu-vk"].status is RunStatus.UNSUPPORTED
    wgsl = Job(stage="compute", source=COMPUTE, language=Language.WGSL, buffers=compute_buffers())
    ((_, results),) = list(session.run_many([wgsl], only={"wgpu-vk-glsl": None}))
    assert results["wgpu-vk-glsl"].status is RunStatus.UNSUPPORTED


def test_glsl_that_naga_rejects_is_unsupported(session: TargetSession) -> None:
    # Valid GLSL 4.50 (glslang and Mesa take it) that naga's GLSL front-end refuses.
    extended = "uint high, low;\n    umulExtended(uint(x), 7u, high, low);\n    outp.z[k] = high;"
    source = GLSL_COMPUTE.replace("outp.z[k] = uint(x) >> 2u | (k << 29u);", extended)
    job = Job(stage="compute", source=source, buffers=glsl_buffers())
    ((_, results),) = list(session.run_many([job]))
    assert results["vk-lavapipe"].ok, results["vk-lavapipe"].log
    run = results["wgpu-vk-glsl"]
    assert run.status is RunStatus.UNSUPPORTED, (run.status, run.log)
    assert run.failed_component == "naga-glsl-in"
    assert "Unknown function 'umulExtended'" in run.log


# Found by the first run of generated GLSL through wgpu-vk-glsl (seed 1, reduced from 110
# lines by `shadersmith reduce`, then by hand): an `out` argument that is a vector's
# component. naga 29.0.3's SPIR-V writer panics; its GLSL writer (wgpu-gl) takes the IR.
NAGA_SPIRV_PANIC = """#version 450
layout(local_size_x = 1) in;
uint f(out int p) { p = 1; return 1u; }
void main() {
    ivec2 v = ivec2(0);
    uint b = f(v.y);
}
"""


def test_nagas_spirv_writer_panic_is_a_crash_blamed_on_naga(session: TargetSession) -> None:
    from shadersmith.case.finding import Kind
    from shadersmith.oracle.signature import signature

    job = Job(stage="compute", source=NAGA_SPIRV_PANIC)
    ((_, results),) = list(session.run_many([job], only={"wgpu-vk-glsl": None}))
    crash = results["wgpu-vk-glsl"]
    assert crash.status is RunStatus.CRASH, (crash.status, crash.log)
    chain = chain_of("wgpu-vk-glsl").components
    attach_panic_causes(results, {"wgpu-vk-glsl": list(chain)})
    assert signature(crash, Kind.CRASH, failing_component(crash, chain)) == (
        "crash:naga:panic back/spv/block.rs: Expression [N] is not cached!"
    )
    # The worker came back: the next job runs.
    again = Job(stage="compute", source=GLSL_COMPUTE, buffers=glsl_buffers())
    ((_, results),) = list(session.run_many([again], only={"wgpu-vk-glsl": None}))
    assert results["wgpu-vk-glsl"].ok


def test_present_wgpu_targets_report_their_declared_chains(session: TargetSession) -> None:
    for name, components in session.components().items():
        assert tuple(components) == chain_of(name).components, name
    versions = session.versions()["wgpu-vk"]
    assert versions["naga"].count(".") == 2 and versions["wgpu-native"]
    assert "Mesa" in versions["lavapipe"]


def test_targets_command_lists_the_wgpu_targets_with_versions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from shadersmith.cli import main

    # Probing every other target takes a while: this test is about the wgpu rows.
    probe = registry.discover
    monkeypatch.setattr(
        registry, "discover", lambda names: probe([n for n in names if n in WGPU_TARGETS])
    )
    output = CliRunner().invoke(main, ["targets"], terminal_width=200).output
    for name in WGPU_TARGETS:
        row = next(line for line in output.splitlines() if f" {name} " in line)
        assert "yes" in row and "naga 29." in row, row


def test_wgsl_and_glsl_declarations_give_the_buffer_kinds() -> None:
    assert wgsl_buffer_kinds(COMPUTE + FRAGMENT) == {
        0: BufferKind.READ_ONLY_STORAGE,
        2: BufferKind.STORAGE,
        5: BufferKind.STORAGE,
        3: BufferKind.UNIFORM,
    }
    assert glsl_buffer_kinds(GLSL_COMPUTE) == {
        0: BufferKind.READ_ONLY_STORAGE,
        1: BufferKind.STORAGE,
    }


CARGO_SOURCE = "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f"
NAGA_PANIC_LOG = (
    "worker killed by signal 6\n\n"
    f"thread '<unnamed>' (17219) panicked at {CARGO_SOURCE}/naga-29.0.3/src/back/spv/"
    "block.rs:3839:56:\n"
    "internal error: entered unreachable code: Expression [266] is not cached!\n"
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    "fatal runtime error: failed to initiate panic, error 5, aborting\n"
)


def test_a_rust_panic_names_the_crate_not_the_driver() -> None:
    """The log of a real crash (naga 29.0.3 on a generated GLSL test through
    wgpu-vk-glsl): blamed on naga, the bucket named by naga's file and message."""
    from shadersmith.targets.results import RunResult

    chain = chain_of("wgpu-vk-glsl").components
    assert panic_cause(NAGA_PANIC_LOG, chain) == (
        "naga",
        "panic back/spv/block.rs: Expression [N] is not cached!",
    )
    crash = RunResult(RunStatus.CRASH, log=NAGA_PANIC_LOG)
    attach_panic_causes({"wgpu-vk-glsl": crash}, {"wgpu-vk-glsl": list(chain)})
    assert failing_component(crash, chain) == "naga"
    front = NAGA_PANIC_LOG.replace("back/spv/block.rs", "front/glsl/parser.rs")
    assert panic_cause(front, chain) == (
        "naga-glsl-in",
        "panic front/glsl/parser.rs: Expression [N] is not cached!",
    )
    assert panic_cause("worker killed by signal 11", chain) is None


def test_an_invalid_dumped_module_is_a_validation_error_blamed_on_naga(tmp_path) -> None:
    """A planted module, not naga's: glslang's SPIR-V with its execution modes and
    decorations cut out (no work group size left), as if the driver had dumped it (real
    naga output is checked by the test below, where a driver dumps it)."""
    from shadersmith.targets.dumps.spirv_dump import SpirvDump, execution_model
    from shadersmith.targets.tools.spirv_tools import compile_glsl_to_spirv

    valid = compile_glsl_to_spirv(GLSL_COMPUTE, "compute")
    assert execution_model(valid) == "compute"
    dump = SpirvDump(tmp_path, owned=False)
    dump.honoured = True
    (tmp_path / "spirv-0.spirv").write_bytes(valid)
    assert dump.validate_new() is None and dump.last_artefacts["spv"] == valid
    (tmp_path / "spirv-1.spirv").write_bytes(_without(valid, {16, 71}))
    result = dump.validate_new()
    assert result is not None and result.status is RunStatus.VALIDATION_ERROR
    assert "WorkgroupSize" in result.log
    assert failing_component(result, chain_of("wgpu-vk").components) == "naga"
    assert not list(tmp_path.iterdir())  # taken: the next run sees only its own


def _without(module: bytes, opcodes: set[int]) -> bytes:
    words = list(np.frombuffer(module, np.uint32))
    kept, position = words[:5], 5
    while position < len(words):
        count = int(words[position]) >> 16
        if int(words[position]) & 0xFFFF not in opcodes:
            kept += words[position : position + count]
        position += count
    return np.array(kept, np.uint32).tobytes()


def test_naga_spirv_is_validated_where_lavapipe_dumps_it() -> None:
    """On the newest Mesa (25.0: its lavapipe honours MESA_SPIRV_DUMP_PATH; Debian's 22.3
    release build does not) every module naga hands lavapipe goes through spirv-val."""
    with TargetSession(["wgpu-vk-newest"], timeout_s=60) as newest:
        # ./dev's set-up unpacks the newest Mesa (scripts/newest-mesa.sh): missing is a
        # set-up failure, not a reason to check nothing.
        assert "wgpu-vk-newest" in newest.present, newest.missing.get("wgpu-vk-newest")
        assert "honoured" in newest.versions()["wgpu-vk-newest"]["spirv_dump"]
        job = Job(
            stage="compute",
            source=COMPUTE,
            language=Language.WGSL,
            buffers=compute_buffers(),
            groups=(GROUPS, 1, 1),
        )
        ((_, results),) = list(newest.run_many([job]))
    run = results["wgpu-vk-newest"]
    assert run.status is RunStatus.OK, run.log
    assert run.artefacts["spv"][:4] == b"\x03\x02\x23\x07" and run.tools_ms > 0
    assert run.buffers[2]["i"] == numpy_outputs()["i"]
