"""Buffer fields of 16- and 8-bit types (issue 36; GL_EXT_shader_16bit_storage /
_8bit_storage, analysis/widths.py STORAGE16/STORAGE8): their std430 layout, a
hand-written program's hand-computed values on lavapipe and the interpreter (scalar and
lane mode), SwiftShader and Mesa's GL answer `unsupported`; the Amber export asks for the
device features; `--narrow-storage` programs (generate/narrow_storage.py) agree on
lavapipe and, WGSL's f16 fields, on wgpu-vk, are deterministic and recorded."""

from __future__ import annotations

from pathlib import Path

from shadersmith.analysis.widths import (
    FLOAT16,
    INT8,
    INT16,
    STORAGE8,
    STORAGE16,
    program_features,
)
from shadersmith.case import Provenance, TestCase, inputs_of
from shadersmith.case.codec import load_test, write_test
from shadersmith.config.generator_options import options_from_dict, options_to_dict
from shadersmith.emit import emit
from shadersmith.export.amber_features import device_requirements
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.lanes import run_compute_lanes
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program, job_from_test
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.runners.std430 import block_layout, pack_buffer, unpack_buffer
from tests.driver_agreement import GL_AND_VULKAN, SHARED, WGPU
from tests.programs import deterministic_job

SOURCE = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf {
    int r;
    float16_t h;
    f16vec3 hv;
    int16_t s;
    uint8_t b;
    i8vec2 bv;
    u16vec3 uv;
    float tail;
};
void main() {
    h = float16_t(float(hv.y) * 3.0);
    hv = f16vec3(float(r) + 1.0, float(hv.x) - 9.0, 2047.0);
    s = int16_t(int(s) * 1000);
    b = uint8_t(uint(b) + 10u);
    bv = i8vec2(ivec2(bv) * ivec2(2, -3));
    uv = u16vec3(uvec3(uv) + uvec3(1u));
    tail = float(h) + float(s) + float(b);
}
"""
INPUT = {
    "r": 3,
    "h": 0.0,
    "hv": (1.0, -20.0, 7.0),
    "s": 40,
    "b": 250,
    "bv": (100, -50),
    "uv": (65535, 0, 7),
    "tail": 0.0,
}
# h = -20 * 3; hv = (3 + 1, 1 - 9, 2047); 40 * 1000 wraps at 16 bits to -25536; 250 + 10
# wraps at 8 bits to 4; (200, 150) wrap to (-56, -106); 65535 + 1 wraps to 0;
# tail = -60 - 25536 + 4.
EXPECTED = {
    "r": 3,
    "h": -60.0,
    "hv": (4.0, -8.0, 2047.0),
    "s": -25536,
    "b": 4,
    "bv": (-56, -106),
    "uv": (0, 1, 8),
    "tail": -25592.0,
}
LACKING = ["vk-swiftshader", "gl-llvmpipe"]


def _values() -> BufferValues:
    return {"buf": dict(INPUT)}  # type: ignore[arg-type]


def _fields() -> list[tuple[str, object]]:
    (buffer,) = parse_glsl(SOURCE).program.buffers
    return [(f.name, f.type) for f in buffer.fields]


def test_std430_lays_narrow_fields_out_at_their_sizes_and_alignments() -> None:
    fields = _fields()
    # int at 0; float16_t at 4; f16vec3 (6 bytes) aligned to 8; int16_t right after it at
    # 14; uint8_t at 16; i8vec2 aligned to 2; u16vec3 aligned to 8; float at 32.
    offsets = [placed.offset for placed in block_layout(fields)]  # type: ignore[arg-type]
    assert offsets == [0, 4, 8, 14, 16, 18, 24, 32]
    data = pack_buffer(fields, INPUT)  # type: ignore[arg-type]
    assert len(data) == 36
    assert data[4:6] == b"\x00\x00" and data[10:12] == bytes.fromhex("00cd")  # -20.0 in binary16
    assert unpack_buffer(fields, data) == INPUT  # type: ignore[arg-type]


def test_the_front_end_reads_the_fields_back_and_the_interpreters_compute_them() -> None:
    program = parse_glsl(SOURCE).program
    assert emit(parse_glsl(emit(program, GLSL450)).program, GLSL450) == emit(program, GLSL450)
    assert program_features(program) == {FLOAT16, INT16, INT8, STORAGE16, STORAGE8}
    assert run_compute(program, _values(), sanitize=True).buffers["buf"] == EXPECTED
    assert run_compute_lanes(program, [_values()])[0]["buf"] == EXPECTED
    amber = device_requirements(emit(program, GLSL450))
    assert "DEVICE_FEATURE Storage16BitFeatures.storageBuffer16BitAccess" in amber
    assert "DEVICE_FEATURE Storage8BitFeatures.storageBuffer8BitAccess" in amber
    assert "DEVICE_FEATURE Float16Int8Features.shaderFloat16" in amber
    assert "DEVICE_EXTENSION VK_KHR_8bit_storage" in amber


def test_the_record_keeps_narrow_and_wide_fields_and_replays_them(tmp_path: Path) -> None:
    """test.json names explicit-width field types (float16_t, f16vec3, u8vec2, and
    int64_t, which no record could hold before) and its values come back as written."""
    int64 = "#extension GL_ARB_gpu_shader_int64 : require\nlayout(local_size_x"
    source = SOURCE.replace("    float tail;", "    float tail;\n    int64_t wide;").replace(
        "layout(local_size_x", int64, 1
    )
    program = parse_glsl(source).program
    values = {"buf": {**INPUT, "wide": -(2**40)}}
    test = TestCase(
        stage="compute",
        profile="glsl450",
        shaders={"shader.comp": emit(program, GLSL450)},
        inputs=inputs_of(program, values, (1, 1, 1), None),  # type: ignore[arg-type]
        provenance=Provenance(generator="smith", seed=0),
    )
    loaded = load_test(write_test(test, tmp_path / "t"))
    assert loaded.buffers == test.buffers
    job = job_from_test(loaded, parse_glsl(loaded.main_shader).program)
    assert STORAGE8 in job.needs and STORAGE16 in job.needs
    expected = {**EXPECTED, "wide": -(2**40)}
    assert run_compute(job.program, job.buffer_values, sanitize=True).buffers["buf"] == expected  # type: ignore[arg-type]


def _generated_jobs() -> list[Job]:
    """A compute and a fragment program with `--narrow-storage`, each generated twice
    alike, and a WGSL compute program (f16 fields)."""
    jobs = []
    for seed, fragment, profile in ((1, 0.0, GLSL450), (3, 1.0, GLSL450), (4, 0.0, WGSL)):
        options = SmithOptions(narrow_storage_probability=0.4, fragment_probability=fragment)
        job = deterministic_job(seed, options, profile)
        assert job.needs & {STORAGE16, STORAGE8}, seed
        jobs.append(job)
    return jobs


def test_the_option_is_recorded_and_off_by_default() -> None:
    options = SmithOptions(narrow_storage_probability=0.5)
    assert options_from_dict(options_to_dict(options)).narrow_storage_probability == 0.5
    assert SmithOptions().narrow_storage_probability == 0.0
    assert "_storage" not in emit(generate(1, SmithOptions(), GLSL450).program, GLSL450)


def test_hand_written_and_generated_narrow_fields_on_every_target_with_them() -> None:
    jobs = [job_from_program(parse_glsl(SOURCE).program, _values(), GLSL450), *_generated_jobs()]
    only = ["interp", "vk-lavapipe", "vk-lavapipe-opt", *LACKING]
    with SHARED.session(GL_AND_VULKAN, 1, 120) as session:
        results = dict(session.run_many(jobs[:3], only))
    for target in only[:3]:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    for target in LACKING:
        assert results[0][target].status is RunStatus.UNSUPPORTED, results[0][target].log
        assert "storage16" in results[0][target].log
    for index in (1, 2):
        reference = results[index]["interp"]
        assert reference.ok, reference.log[-300:]
        for target in only[1:3]:
            got = results[index][target]
            assert got.ok and got.buffers == reference.buffers, (index, target)
            if reference.image is not None:
                assert got.image is not None and (got.image == reference.image).all()
    with SHARED.session(WGPU, 1, 120) as session:
        wgsl = dict(session.run_many(jobs[3:]))
    assert wgsl[0]["interp"].ok and wgsl[0]["wgpu-vk"].buffers == wgsl[0]["interp"].buffers
