"""8- and 16-bit integers (issue 36; analysis/widths.py, generate/small_integers.py): a
hand-written program's values, computed by hand (wrap-around at 8 and 16 bits, shifts,
sign- and zero-extending conversions), on every CPU target that offers them and the
interpreter; SwiftShader (no shaderInt8/shaderInt16) and Mesa's GL (no
GL_EXT_shader_explicit_arithmetic_types_int8/_int16) answer `unsupported`; the
reconditioner's guards at 8 and 16 bits; generated programs agree, are deterministic, and
never reach WGSL; the front-end reads the types and the extensions back."""

from __future__ import annotations

from shadersmith.analysis.widths import INT8, INT16, program_features
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.layout import unflatten, zero_slots
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession

AGREEING = ["interp", "vk-lavapipe", "vk-lavapipe-opt"]
LACKING = ["vk-swiftshader", "gl-llvmpipe"]
HEADER = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
layout(local_size_x = 1) in;
"""
SOURCE = (
    HEADER
    + """layout(std430, binding = 0) buffer buf {
    int r;
    int a;
    uint b;
    int c;
    int g;
    int d;
    int e;
    uint f;
    int h;
    int k;
    int l;
    int n;
    int p;
};
void main() {
    int8_t x = int8_t(r * 40);
    int8_t y = x + int8_t(10);
    a = int(y);
    uint16_t u = uint16_t(65535) * uint16_t(r);
    b = uint(u);
    i16vec2 v = i16vec2(int16_t(-3), int16_t(r)) << 14;
    c = int(v.x);
    g = int(v.y);
    d = int(uint16_t(y));
    e = int(int8_t(-x) / int8_t(7));
    f = uint(uint8_t(200) + uint8_t(r * 30)) + (uint(y) >> 28);
    u8vec3 m = max(u8vec3(uint8_t(1)), u8vec3(uint8_t(r), uint8_t(250), uint8_t(0)));
    h = int(m.x) + int(m.y) * 1000 + int(m.z) * 10;
    k = int(uint8_t(r) >> 1) + int(y >> 7) * 100;
    l = int(min(x, y));
    n = int(abs(int16_t(-r * 1000)));
    u8vec2 w = u8vec2(uint8_t(r * 50)) * u8vec2(uint8_t(2), uint8_t(3));
    p = int(w.x) * 1000 + int(w.y);
}
"""
)
# With r = 3: x = 120 and y = 130, which wraps at 8 bits to -126; 65535 * 3 wraps at 16
# bits to 65533; -3 << 14 = -49152 wraps to 16384 and 3 << 14 = 49152 to -16384;
# uint16_t(-126) sign-extends to 65410; -120 / 7 truncates to -17; 200 + 90 wraps to 34
# and uint(-126) >> 28 = 0xFFFFFF82 >> 28 = 15; max gives (3, 250, 1); 3 >> 1 = 1 and
# -126 >> 7 = -1 (arithmetic); min(120, -126); abs(-3000); 150 * 2 and 150 * 3 wrap to 44
# and 194.
EXPECTED = {
    "r": 3,
    "a": -126,
    "b": 65533,
    "c": 16384,
    "g": -16384,
    "d": 65410,
    "e": -17,
    "f": 49,
    "h": 250013,
    "k": -99,
    "l": -126,
    "n": 3000,
    "p": 44194,
}
# INT8_MIN / -1 and INT16_MIN % 10 and a shift of an int8_t by 9: undefined at 8 and 16
# bits only (a 32-bit guard would let the first and second through).
GUARDED = (
    HEADER
    + """layout(std430, binding = 0) buffer buf { int m; int s; int q; int t; int o; };
void main() {
    int8_t least = int8_t(-127) - int8_t(1);
    q = int(least / int8_t(m));
    t = int(int8_t(3) << s);
    o = int(int16_t(-32768) % int16_t(10));
}
"""
)


def _values(fields: dict[str, object]) -> BufferValues:
    return {"buf": dict(fields)}  # type: ignore[arg-type]


def _job(source: str, **inputs: int) -> Job:
    program = parse_glsl(source).program
    zero = {f.name: unflatten(zero_slots(f.type), f.type) for f in program.buffers[0].fields}
    return job_from_program(program, _values({**zero, **inputs}), GLSL450)


def test_the_front_end_reads_the_types_back_and_the_emitter_writes_the_extensions() -> None:
    program = parse_glsl(SOURCE).program
    text = emit(program, GLSL450)
    assert "#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require" in text
    assert "#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require" in text
    assert "i16vec2 v = i16vec2(int16_t(-3), int16_t(r)) << 14;" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    assert program_features(parse_glsl(text).program) == frozenset({INT8, INT16})


def test_a_declared_struct_with_a_small_member_needs_its_extension_though_unused() -> None:
    # A generated vertex shader declares the fragment shader's structs: glslang gave a
    # syntax error at `u8vec2` without the line (issue 36's every-feature campaign).
    text = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
struct S {
    u8vec2 a;
    int b;
};
layout(location = 0) out uvec4 _color;
void main() {
    _color = uvec4(1u);
}
"""
    program = parse_glsl(text).program
    assert program_features(program) == frozenset({INT8})
    assert "#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require" in emit(
        program, GLSL450
    )


def test_the_reconditioner_guards_division_modulo_and_shifts_at_8_and_16_bits() -> None:
    program = parse_glsl(GUARDED).program
    values = _values({"m": -1, "s": 9, "q": 0, "t": 0, "o": 0})
    fixed = recondition(program, values)
    after = run_compute(fixed.program, fixed.buffer_values, sanitize=True).buffers["buf"]
    # The divisor -1 becomes 2 (-128 / 2); the shift amount 9 is masked to 9 & 7 = 1; the
    # negative dividend's % is taken of |x| (INT16_MIN as INT16_MAX: 32767 % 10 = 7).
    assert (after["q"], after["t"], after["o"]) == (-64, 6, 7)


NARROWED = (
    HEADER
    + """layout(std430, binding = 0) buffer buf { int m; int s; int q; int t; int o; };
void main() {
    int8_t least = int8_t(m) - int8_t(1);
    q = int(abs(least));
    t = int(int16_t(s) / int16_t(-2147483648));
    o = int(int8_t(100) % int8_t(2073287319));
}
"""
)


def test_constants_narrowed_to_8_and_16_bits_and_their_minimum_are_guarded() -> None:
    """The 10,000-program sweep's defects (bench/ub_sweep.py on the H200, 19 programs):
    a divisor int16_t(-2147483648) is 0 and int8_t(2073287319) is -105 once narrowed, so
    they are not safe as written; abs() of int8_t's -128 has no int8_t result."""
    program = parse_glsl(NARROWED).program
    fixed = recondition(program, _values({"m": -127, "s": 7, "q": 0, "t": 0, "o": 0}))
    after = run_compute(fixed.program, fixed.buffer_values, sanitize=True).buffers["buf"]
    # abs(-128) is taken as abs(127); 7 / 0 divides by 2 instead; the sanitizer met no
    # undefined behaviour in any of the three (run_compute would have raised).
    assert after["q"] == 127 and after["t"] == 3, after


def test_hand_written_and_generated_programs_agree_where_small_ints_run() -> None:
    """The hand-written program gives its hand-computed values on lavapipe (with and
    without spirv-opt) and the interpreter, SwiftShader and Mesa's GL sit it out; three
    generated programs with the option on agree there too, and a seed gives the same
    program twice. One session for all: starting the drivers is most of the time."""
    options = SmithOptions(small_int_probability=0.1)
    jobs = [_job(SOURCE, r=3)]
    for seed in (0, 4, 7):
        generated = generate(seed, options, GLSL450)
        again = generate(seed, options, GLSL450)
        text = emit(generated.program, GLSL450)
        assert text == emit(again.program, GLSL450)
        assert emit(parse_glsl(text).program, GLSL450) == text, seed
        fixed = recondition(generated.program, generated.buffer_values)
        job = job_from_program(
            fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
        )
        assert job.needs and job.needs <= frozenset({INT8, INT16}), seed
        jobs.append(job)
    assert jobs[0].needs == frozenset({INT8, INT16})
    with TargetSession([*AGREEING, *LACKING], 1, 300) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    for target in AGREEING:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    for target in LACKING:
        assert results[0][target].status is RunStatus.UNSUPPORTED, results[0][target].log
        assert "int16, int8" in results[0][target].log
    for index in range(1, len(jobs)):
        reference = results[index]["interp"]
        assert reference.ok, reference.log[-300:]
        for target in AGREEING[1:]:
            assert results[index][target].buffers == reference.buffers, (index, target)


def test_wgsl_programs_never_get_small_integers_and_the_option_at_0_draws_nothing() -> None:
    on = SmithOptions(small_int_probability=0.5)
    assert not program_features(generate(0, on, WGSL).program)
    before = emit(generate(4, SmithOptions(), GLSL450).program, GLSL450)
    assert "int8" not in before and "int16" not in before
