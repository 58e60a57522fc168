"""64-bit integers (issue 36; analysis/widths.py, generate/wide_integers.py): a
hand-written program's values, computed by hand, on every CPU target that offers
int64 and the interpreter; SwiftShader (no shaderInt64) answers `unsupported`; the
reconditioner's guards at 64 bits; generated programs agree, are deterministic, and never
reach WGSL; the front-end reads the types and the extension back."""

from __future__ import annotations

from shadersmith.analysis.widths import INT64, program_features
from shadersmith.emit import emit
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import run_compute
from shadersmith.interp.layout import unflatten, zero_slots
from shadersmith.ir.expressions import Assign, Binary, Construct, Literal, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450, WGSL
from shadersmith.ir.statements import ExprStmt, Statement
from shadersmith.ir.types import INT, ScalarKind, ScalarType
from shadersmith.ir.values import BufferValues
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession
from tests.programs import BLOCK, one_buffer_program

AGREEING = ["interp", "gl-llvmpipe", "vk-lavapipe", "vk-lavapipe-opt"]
LACKING = "vk-swiftshader"
INT64_T = ScalarType(ScalarKind.INT, 64)

SOURCE = """#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer buf {
    int r;
    int64_t w;
    uint64_t x;
    u64vec2 v;
    uint u;
    int q;
};
void main() {
    int64_t a = int64_t(r) * 4294967296l + 7l;
    w = a * a;
    uint64_t b = uint64_t(-1);
    x = b + 5ul;
    v = u64vec2(b >> 33, uint64_t(a) << 40);
    u = uint(a);
    q = int(a >> 32) + int(-a / 5l) + int(int64_t(2147483647) + 1l > 2147483647l);
}
"""
# With r = 3, a = 3 * 2^32 + 7, so a * a = 9 * 2^64 + 42 * 2^32 + 49 wraps to
# 42 * 2^32 + 49; b is 2^64 - 1 and b + 5 wraps to 4; b >> 33 = 2^31 - 1; a << 40 keeps
# 7 << 40; uint(a) keeps the low word, 7; q = 3 + int(-2576980379) (low word:
# -2576980379 + 2^32 = 1717986917) + 1.
EXPECTED = {
    "r": 3,
    "w": 42 * 2**32 + 49,
    "x": 4,
    "v": (2**31 - 1, 7 << 40),
    "u": 7,
    "q": 3 + 1717986917 + 1,
}


def _values(fields: dict[str, object]) -> BufferValues:
    return {BLOCK: dict(fields)}  # type: ignore[arg-type]


def _hand_written_job() -> Job:
    program = parse_glsl(SOURCE).program
    zero = {f.name: unflatten(zero_slots(f.type), f.type) for f in program.buffers[0].fields}
    return job_from_program(program, _values({**zero, "r": 3}), GLSL450)


def test_the_front_end_reads_the_types_back_and_the_emitter_writes_the_extension() -> None:
    program = parse_glsl(SOURCE).program
    text = emit(program, GLSL450)
    assert "#extension GL_ARB_gpu_shader_int64 : require" in text
    assert "uint64_t b = uint64_t(-1);" in text
    assert emit(parse_glsl(text).program, GLSL450) == text
    assert program_features(parse_glsl(text).program) == frozenset({INT64})


def test_the_reconditioner_guards_division_and_shifts_at_64_bits() -> None:
    """INT64_MIN / -1 and a shift by 40 of an int64_t: undefined only at 64 bits'
    limits (a 32-bit guard would let the first through and clamp the second wrongly)."""
    a = VariableRef(INT64_T, "a")
    minimum = Binary(INT64_T, BinaryOp.SUB, Literal(INT64_T, -(2**63) + 1), Literal(INT64_T, 1))
    divided = Binary(INT64_T, BinaryOp.DIV, minimum, Construct(INT64_T, (VariableRef(INT, "m"),)))
    shifted = Binary(INT64_T, BinaryOp.SHL, Literal(INT64_T, 3), VariableRef(INT, "s"))
    body: list[Statement] = [
        ExprStmt(Assign(INT64_T, AssignOp.ASSIGN, a, divided)),
        ExprStmt(Assign(INT, AssignOp.ASSIGN, VariableRef(INT, "r"), Construct(INT, (a,)))),
        ExprStmt(
            Assign(
                INT,
                AssignOp.ASSIGN,
                VariableRef(INT, "t"),
                Construct(INT, (Binary(INT64_T, BinaryOp.SHR, shifted, Literal(INT, 32)),)),
            )
        ),
    ]
    program = one_buffer_program(body, {"a": INT64_T, "m": INT, "s": INT, "r": INT, "t": INT})
    values = _values({"a": 0, "m": -1, "s": 40, "r": 0, "t": 0})
    fixed = recondition(program, values)
    after = run_compute(fixed.program, fixed.buffer_values, sanitize=True).buffers
    # The division's divisor -1 becomes 2 (INT64_MIN / 2 = -2^62, whose low word is 0);
    # the shift by 40 is in range at 64 bits: 3 << 40 >> 32 = 768.
    assert after[BLOCK]["a"] == -(2**62)
    assert after[BLOCK]["t"] == 768


def test_hand_written_and_generated_programs_agree_where_int64_runs() -> None:
    """The hand-written program gives its hand-computed values on every CPU target with
    int64 and the interpreter, and SwiftShader (no shaderInt64) sits it out; two
    generated programs with the option on agree there too, and a seed gives the same
    program twice. One session for both: starting the drivers is most of the time."""
    options = SmithOptions(int64_probability=0.1)
    jobs = [_hand_written_job()]
    for seed in (0, 3):
        generated = generate(seed, options, GLSL450)
        again = generate(seed, options, GLSL450)
        assert emit(generated.program, GLSL450) == emit(again.program, GLSL450)
        fixed = recondition(generated.program, generated.buffer_values)
        job = job_from_program(
            fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
        )
        assert job.needs == frozenset({INT64}), seed
        jobs.append(job)
    assert jobs[0].needs == frozenset({INT64})
    with TargetSession([*AGREEING, LACKING], 1, 300) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    for target in AGREEING:
        got = results[0][target]
        assert got.ok, f"{target}: {got.log[-300:]}"
        assert got.buffers[0] == EXPECTED, target
    assert results[0][LACKING].status is RunStatus.UNSUPPORTED, results[0][LACKING].log
    assert "int64" in results[0][LACKING].log
    for index in range(1, len(jobs)):
        reference = results[index]["interp"]
        assert reference.ok, reference.log[-300:]
        for target in AGREEING[1:]:
            assert results[index][target].buffers == reference.buffers, (index, target)


def test_wgsl_programs_never_get_64_bit_integers_and_the_option_at_0_draws_nothing() -> None:
    on = SmithOptions(int64_probability=0.5)
    assert not program_features(generate(0, on, WGSL).program)
    before = emit(generate(3, SmithOptions(), GLSL450).program, GLSL450)
    assert "int64" not in before
