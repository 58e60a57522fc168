"""The lane interpreter (shadersmith.interp.lanes) against the scalar interpreter, lane by
lane: generated programs with inputs that differ per lane (so that lanes diverge), a
compute shader exercising every control-flow and l-value form, every exact built-in
overload on edge values, and fragment shaders (one built by hand and checked against
values worked out here, generated ones against the scalar fragment interpreter)."""

from __future__ import annotations

import math
import random
import struct
from typing import Any

import numpy as np
import pytest

from shadersmith.analysis.builtins import EXACT_BY_NAME
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp import InterpreterError, UndefinedBehaviour, compile_program, run_compute
from shadersmith.interp.builtins import builtin_implementation
from shadersmith.interp.fragment import FragmentInterpreter
from shadersmith.interp.lanes import run_compute_lanes, run_fragment_lanes
from shadersmith.interp.lanes.builtins import lane_builtin
from shadersmith.interp.sites import Site
from shadersmith.ir.expressions import Construct, Expression, VariableRef
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    ParamQualifier,
    Program,
    Stage,
    StageOutput,
    StorageBuffer,
)
from shadersmith.ir.statements import Break, Discard, For, If, Statement, VarDecl
from shadersmith.ir.types import (
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.values import BufferValues, Value
from shadersmith.recondition import recondition
from tests.interp_builders import (
    assign,
    binary,
    block,
    call,
    construct,
    decl,
    expr,
    function,
    index,
    lit,
    post_inc,
    returns,
    swizzle,
    ulit,
    var,
)

INT_MIN, INT_MAX, UINT_MAX = -(2**31), 2**31 - 1, 2**32 - 1
UVEC4 = VectorType(ScalarKind.UINT, 4)
VEC4 = VectorType(ScalarKind.FLOAT, 4)


# ---------------------------------------------------------------- input values


def _draw(rng: random.Random, type_: Type) -> Value:
    """A random value of `type_`: ints and uints over all 32 bits with edge values
    favoured, floats exact non-zero integers of small magnitude (seed 003's set S)."""
    if isinstance(type_, ScalarType):
        if type_.kind is ScalarKind.BOOL:
            return rng.random() < 0.5
        if type_.kind is ScalarKind.FLOAT:
            return float(rng.choice((1, -1)) * rng.randint(1, 64))
        low, high = (INT_MIN, INT_MAX) if type_.kind is ScalarKind.INT else (0, UINT_MAX)
        roll = rng.random()
        if roll < 0.4:
            return min(max(rng.randint(-8, 8), low), high)
        if roll < 0.6:
            return rng.choice((low, high, low + 1, high - 1, 0, 1, max(low, -1)))
        return rng.randint(low, high)
    if isinstance(type_, VectorType):
        return tuple(_draw(rng, type_.component) for _ in range(type_.size))
    if isinstance(type_, MatrixType):
        return tuple(_draw(rng, type_.column_type) for _ in range(type_.columns))
    if isinstance(type_, ArrayType):
        assert type_.length is not None
        return tuple(_draw(rng, type_.element) for _ in range(type_.length))
    if isinstance(type_, StructType):
        return tuple(_draw(rng, f.type) for f in type_.fields)
    raise TypeError(type_)


def _redrawn(program: Program, rng: random.Random) -> BufferValues:
    return {b.block_name: {f.name: _draw(rng, f.type) for f in b.fields} for b in program.buffers}


# ---------------------------------------------------------------- generated programs

GENERATED_PROGRAMS = 60  # CI's 20 minutes
LANES = 12


def test_generated_programs_agree_with_the_scalar_interpreter() -> None:
    """Lane 0 runs the reconditioned program's own inputs, the others redrawn inputs; a
    lane whose inputs the scalar interpreter finds undefined is dropped. Every remaining
    lane must end with exactly the scalar interpreter's buffers."""
    unsupported: dict[int, str] = {}
    lanes_run = 0
    divergent_programs = 0
    for seed in range(GENERATED_PROGRAMS):
        generated = generate(seed, SmithOptions(multi_invocation_probability=0.0), GLSL450)
        reconditioned = recondition(generated.program, generated.buffer_values)
        program = reconditioned.program
        scalar = compile_program(program)
        rng = random.Random(seed)
        inputs = [reconditioned.buffer_values]
        inputs += [_redrawn(program, rng) for _ in range(LANES - 1)]
        kept: list[BufferValues] = []
        expected: list[BufferValues] = []
        for values in inputs:
            try:
                expected.append(scalar.run(values).buffers)
            except UndefinedBehaviour:
                continue
            kept.append(values)
        try:
            results = run_compute_lanes(program, kept)
        except InterpreterError as error:
            unsupported[seed] = str(error)
            continue
        for lane, (want, got) in enumerate(zip(expected, results, strict=True)):
            assert got == want, f"seed {seed}, lane {lane}"
        lanes_run += len(kept)
        divergent_programs += len({repr(e) for e in expected}) > 1
    assert len(unsupported) <= GENERATED_PROGRAMS * 0.05, unsupported
    assert all(message for message in unsupported.values())
    # The redrawn inputs do make lanes differ (else divergence would go untested).
    assert lanes_run >= GENERATED_PROGRAMS * LANES * 0.8
    assert divergent_programs >= GENERATED_PROGRAMS * 0.8


# ---------------------------------------------------------------- every construct

CONSTRUCTS = """#version 450
layout(local_size_x = 1) in;
struct S { int i; float f; bool b; uvec2 u; };
layout(std430, binding = 0) buffer Data {
    int a; int b; uint c; int arr[4]; ivec3 v; int r[8]; float fl[3]; S s_out;
};
int g = 3;

int find(inout int xs[4], int k, out int o) {
    o = k * 2;
    for (int i = 0; i < 4; i++) {
        if (xs[i] == k) { xs[i] = -1; return i; }
        if (i == 2 && k == 7) { continue; }
    }
    return -1;
}

void main() {
    r[0] = a > 0 ? b++ : b--;
    r[1] = (a > 1 && (b += 10) > 5) ? 1 : 0;
    r[2] = (a < -1 || (g++ > 3)) ? g : -g;
    switch (a & 3) {
        case 0: r[3] += 1;
        case 1: r[3] += 10; break;
        case 2: r[3] += 100;
        default: r[3] += 1000;
    }
    for (int i = 0; i < (a & 7); i++) {
        if (i == (b & 3)) continue;
        for (int j = 0; j < 4; j++) { if (j > i) break; r[4] += i * j; }
        if (r[4] > 20) break;
    }
    do { r[5] += 1; } while (r[5] < (b & 15));
    int w = 0;
    while (w < (a & 5)) { w++; if (w == 3) { continue; } r[6] += w; }
    int o;
    r[7] = find(arr, int(c & 7u), o) + o;
    arr[c & 3u] += 5;
    v[b & 1] = a;
    v.zx = ivec2(a, b);
    v.yx[c & 1u] ^= 7;
    S s = S(a, float(a & 15) + 1.0, a > 0, uvec2(c, c >> 3));
    s.f += 2.0;
    s.u.y = uint(b);
    S t[2] = S[2](s, S(b, 3.0, false, uvec2(1u)));
    t[c & 1u].i = b;
    t[a & 1].u.x++;
    s_out = t[b & 1];
    s_out.b = s_out.b ^^ (c > 5u);
    fl[0] = t[1].f + s.f;
    fl[1] = (s == t[0]) ? 1.0 : -1.0;
    uint carry; uint lo; uint hi;
    c = uaddCarry(c, uint(a), carry) + carry;
    umulExtended(c, uint(b), hi, lo);
    int ihi; int ilo;
    imulExtended(a, b, ihi, ilo);
    r[0] += int(hi ^ lo) + ihi - ilo + findMSB(a) + findLSB(b) + bitCount(a);
    r[0] += bitfieldExtract(a, int(c & 15u), int(c >> 28));
    r[1] += bitfieldInsert(a, b, int(c & 15u), int(c >> 28)) + bitfieldReverse(b);
    mat2 m = mat2(float(a & 7) + 1.0, 2.0, float(b & 3) + 1.0, 1.0);
    vec2 mv = m * vec2(1.0, float(c & 3u) + 1.0);
    vec2 vm = vec2(2.0, 1.0) * m;
    mat2 mm = m * m;
    fl[2] = mv.x + vm.y + mm[1][0] + dot(mv, vm) + (mm == m ? 1.0 : 2.0);
    g += a;
    if (g > 100) { return; }
    r[2] += g;
}
"""


def test_every_construct_agrees_lane_by_lane() -> None:
    """Ternaries and && / || with side effects in the lanes that choose them, switch
    fall-through, nested loops with break and continue, in/out/inout arguments, dynamic
    indices and swizzles on both sides of assignments, structs (held as bits), matrices,
    built-ins with out parameters, early return from main. The inputs are not reconditioned:
    compared with the scalar interpreter without its sanitizer (signed overflow, bit fields
    out of range), which gives the same defined-by-convention values."""
    program = parse_glsl(CONSTRUCTS).program
    rng = random.Random(1)
    struct_type = program.buffers[0].fields[-1].type
    lanes: list[BufferValues] = []
    for _ in range(64):
        word = _draw(rng, INT)
        lanes.append(
            {
                "Data": {
                    "a": word,
                    "b": _draw(rng, INT),
                    "c": _draw(rng, UINT),
                    "arr": tuple(rng.randint(0, 7) for _ in range(4)),
                    "v": (1, 2, 3),
                    "r": (0,) * 8,
                    "fl": (1.0, 1.0, 1.0),
                    "s_out": _draw(rng, struct_type),
                }
            }
        )
    results = run_compute_lanes(program, lanes)
    for lane, (values, got) in enumerate(zip(lanes, results, strict=True)):
        assert got == run_compute(program, values, sanitize=False).buffers, f"lane {lane}"


# ---------------------------------------------------------------- built-ins


def _edge_value(rng: random.Random, kind: ScalarKind) -> Any:
    if kind is ScalarKind.FLOAT:
        return rng.choice(
            (0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 3.0, -7.0, 16777215.0, 4.0e9, rng.randint(-99, 99))
        )
    if kind is ScalarKind.BOOL:
        return rng.random() < 0.5
    if kind is ScalarKind.INT:
        return rng.choice((INT_MIN, INT_MAX, -1, 0, 1, rng.randint(-40, 40), _draw(rng, INT)))
    return rng.choice((0, 1, UINT_MAX, 2**31, rng.randint(0, 40), _draw(rng, UINT)))


def _small_float(rng: random.Random, kind: ScalarKind) -> Any:
    return float(rng.randint(-99, 99)) if kind is ScalarKind.FLOAT else _edge_value(rng, kind)


def _lane_array(values: list[Any], type_: Type) -> np.ndarray[Any, Any]:
    kind = type_.kind if isinstance(type_, ScalarType | VectorType) else ScalarKind.FLOAT
    dtype = {
        ScalarKind.BOOL: np.bool_,
        ScalarKind.INT: np.int32,
        ScalarKind.UINT: np.uint32,
        ScalarKind.FLOAT: np.float32,
    }[kind]
    array: np.ndarray[Any, Any] = np.array(values, dtype)
    return array if isinstance(type_, ScalarType) else np.ascontiguousarray(array.T)


def _per_lane(value: np.ndarray[Any, Any], lanes: int) -> list[Any]:
    if value.ndim == 1:
        return list(np.broadcast_to(value, (lanes,)).tolist())
    return [tuple(row) for row in np.broadcast_to(value, (value.shape[0], lanes)).T.tolist()]


def _same(a: Any, b: Any) -> bool:
    """Equal, telling -0.0 from 0.0 and taking NaN for equal to NaN."""
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        if math.isnan(a):
            return isinstance(b, float) and math.isnan(b)
        return struct.pack("<f", a) == struct.pack("<f", b)
    return bool(a == b) and type(a) is type(b)


@pytest.mark.parametrize("name", sorted(EXACT_BY_NAME))
def test_builtins_agree_with_the_scalar_implementation(name: str) -> None:
    """Every overload, 48 lanes of edge values (ints at the limits, floats with halves,
    signed zeros and values outside S, bit fields out of range), some arguments uniform
    (one lane wide) to check broadcasting."""
    rng = random.Random(name)
    lanes = 48
    for overload in EXACT_BY_NAME[name]:
        outs = overload.out_params
        in_types = [t for i, t in enumerate(overload.params) if i not in outs]
        # Products round differently in the sanitizer-free scalar code: exact inputs only.
        draw = _small_float if name in ("dot", "cross") else _edge_value
        arguments: list[np.ndarray[Any, Any]] = []
        for position, type_ in enumerate(in_types):
            uniform = position == 1 and rng.random() < 0.5
            count = 1 if uniform else lanes
            kind = type_.kind if isinstance(type_, ScalarType | VectorType) else ScalarKind.FLOAT
            if isinstance(type_, VectorType):
                values: list[Any] = [
                    tuple(draw(rng, kind) for _ in range(type_.size)) for _ in range(count)
                ]
            else:
                values = [draw(rng, kind) for _ in range(count)]
            arguments.append(_lane_array(values, type_))
        lane = lane_builtin(name, overload.params, overload.result)
        scalar = builtin_implementation(
            name,
            overload.params,
            overload.result,
            sanitize=False,
            site=Site(name, None, None),
            abs_int_min_is_ub=False,
        )
        got = lane.function(*arguments)
        columns = [_per_lane(a, lanes) for a in arguments]
        for i in range(lanes):
            want = scalar.function(*[column[i] for column in columns])
            if outs:
                pieces = [None if got[0] is None else _per_lane(got[0], lanes)[i]]
                pieces += [_per_lane(part, lanes)[i] for part in got[1:]]
                assert _same(tuple(pieces), tuple(want)), (overload, i)
            else:
                assert _same(_per_lane(got, lanes)[i], want), (overload, i, want)


# ---------------------------------------------------------------- fragment shaders


def _frag_coord(component: int) -> Expression:
    """int(gl_FragCoord.x) or .y"""
    coordinate = swizzle(VariableRef(VEC4, "gl_FragCoord"), "xy"[component])
    return Construct(INT, (coordinate,))


def _hand_built_fragment_shader() -> Program:
    """
    layout(std140) uniform Params { int k; uint salt; int table[4]; };
    out uvec4 _color;
    uint visits = 0u;
    void split(int v, out int q, out int r) { q = v / 3; r = v - q * 3; }
    int count_to(int n) {
        int total = 0;
        for (int i = 0; i < n; i++) { if (i == 5) return total + 100; total += i; }
        return total;
    }
    void main() {
        int x = int(gl_FragCoord.x); int y = int(gl_FragCoord.y);
        visits += uint(table[y % 4]);
        if (x % 3 == 0) { _color.x = uint(x + k); }
        else if (x % 3 == 1) { int q; int r; split(y, q, r); _color.y = uint(q * 10 + r); }
        else { _color.z = salt + visits; return; }
        int c = count_to(y % 8);
        for (int j = 0; ; j++) { if (j >= x % 5) break; c += 1000; }
        _color.w = uint(c) + visits;
    }
    """
    x, y = var("x"), var("y")
    q, r, c, j, i, total, n = (var(name) for name in ("q", "r", "c", "j", "i", "total", "n"))
    color = VariableRef(UVEC4, "_color")
    visits = var("visits", UINT)
    split = function(
        "split",
        VOID,
        [
            ("v", INT, ParamQualifier.IN),
            ("q", INT, ParamQualifier.OUT),
            ("r", INT, ParamQualifier.OUT),
        ],
        expr(assign(q, binary(BinaryOp.DIV, var("v"), lit(3)))),
        expr(assign(r, binary(BinaryOp.SUB, var("v"), binary(BinaryOp.MUL, q, lit(3))))),
    )
    early: Statement = If(
        binary(BinaryOp.EQ, i, lit(5)), block(returns(binary(BinaryOp.ADD, total, lit(100))))
    )
    count_to = function(
        "count_to",
        INT,
        [("n", INT, ParamQualifier.IN)],
        decl("total", INT, lit(0)),
        For(
            decl("i", INT, lit(0)),
            binary(BinaryOp.LT, i, n),
            post_inc(i),
            block(early, expr(assign(total, i, AssignOp.ADD))),
        ),
        returns(total),
    )

    def channel(name: str) -> Expression:
        return swizzle(color, name)

    def modulo(value: Expression, by: int) -> Expression:
        return binary(BinaryOp.MOD, value, lit(by))

    main = function(
        "main",
        VOID,
        [],
        # An output must be written before any return (GLSL leaves it undefined).
        expr(assign(color, Construct(UVEC4, (ulit(0),)))),
        decl("x", INT, _frag_coord(0)),
        decl("y", INT, _frag_coord(1)),
        expr(
            assign(
                visits,
                Construct(UINT, (index(var("table", ArrayType(INT, 4)), modulo(y, 4)),)),
                AssignOp.ADD,
            )
        ),
        If(
            binary(BinaryOp.EQ, modulo(x, 3), lit(0)),
            block(expr(assign(channel("x"), construct(UINT, binary(BinaryOp.ADD, x, var("k")))))),
            block(
                If(
                    binary(BinaryOp.EQ, modulo(x, 3), lit(1)),
                    block(
                        decl("q", INT),
                        decl("r", INT),
                        expr(call("split", VOID, y, q, r)),
                        expr(
                            assign(
                                channel("y"),
                                construct(
                                    UINT,
                                    binary(BinaryOp.ADD, binary(BinaryOp.MUL, q, lit(10)), r),
                                ),
                            )
                        ),
                    ),
                    block(
                        expr(assign(channel("z"), binary(BinaryOp.ADD, var("salt", UINT), visits))),
                        returns(),
                    ),
                )
            ),
        ),
        decl("c", INT, call("count_to", INT, modulo(y, 8))),
        For(
            decl("j", INT, lit(0)),
            None,
            post_inc(j),
            block(
                If(binary(BinaryOp.GE, j, modulo(x, 5)), block(Break())),
                expr(assign(c, lit(1000), AssignOp.ADD)),
            ),
        ),
        expr(assign(channel("w"), binary(BinaryOp.ADD, construct(UINT, c), visits))),
    )
    params = StorageBuffer(
        "Params",
        None,
        0,
        (
            BufferField("k", INT),
            BufferField("salt", UINT),
            BufferField("table", ArrayType(INT, 4)),
        ),
        BufferAccess.INPUT,
        readonly=True,
        uniform=True,
    )
    globals_: tuple[VarDecl, ...] = (VarDecl("visits", UINT, ulit(0)),)
    return Program(
        Stage.FRAGMENT,
        (split, count_to, main),
        buffers=(params,),
        outputs=(StageOutput("_color", UVEC4, 0),),
        globals=globals_,
    )


def _expected_pixel(x: int, y: int, k: int, salt: int, table: tuple[int, ...]) -> list[int]:
    color = [0, 0, 0, 0]
    visits = table[y % 4] & UINT_MAX
    if x % 3 == 0:
        color[0] = (x + k) & UINT_MAX
    elif x % 3 == 1:
        color[1] = (y // 3) * 10 + y % 3
    else:
        color[2] = (salt + visits) & UINT_MAX
        return color
    n, total, c = y % 8, 0, None
    for i in range(n):
        if i == 5:
            c = total + 100
            break
        total += i
    c = total if c is None else c
    c += 1000 * (x % 5)
    color[3] = (c + visits) & UINT_MAX
    return color


def test_hand_built_fragment_shader_pixel_by_pixel() -> None:
    program = _hand_built_fragment_shader()
    values: BufferValues = {"Params": {"k": -7, "salt": 4000000000, "table": (5, -1, 0, 70)}}
    width, height = 17, 13
    image = run_fragment_lanes(program, values, width, height)
    assert image.shape == (height, width, 4) and image.dtype == np.uint32
    for y in range(height):
        for x in range(width):
            expected = _expected_pixel(x, y, -7, 4000000000, (5, -1, 0, 70))
            assert image[y, x].tolist() == expected, (x, y)
    # The scalar fragment interpreter, with its sanitizer, agrees on every pixel.
    scalar = FragmentInterpreter(program)
    assert (scalar.image(values, width, height) == image).all()


@pytest.mark.parametrize("seed", range(6))
def test_generated_fragment_shaders_agree_on_sampled_pixels(seed: int) -> None:
    options = SmithOptions(fragment_probability=1.0)
    generated = generate(seed, options, GLSL450)
    assert generated.framebuffer is not None
    width, height = generated.framebuffer
    reconditioned = recondition(generated.program, generated.buffer_values)
    image = run_fragment_lanes(reconditioned.program, reconditioned.buffer_values, width, height)
    scalar = FragmentInterpreter(reconditioned.program)
    rng = random.Random(seed)
    for _ in range(12):
        x, y = rng.randrange(width), rng.randrange(height)
        want = scalar.run(reconditioned.buffer_values, x, y).values["_color"]
        assert tuple(image[y, x].tolist()) == want, (x, y)


# ---------------------------------------------------------------- refusals


def _refusal(source: str) -> str:
    with pytest.raises(InterpreterError) as raised:
        run_compute_lanes(parse_glsl(source).program, [{}])
    return str(raised.value)


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ("shared int s[4]; void main() { s[0] = 1; barrier(); }", "shared"),
        ("void main() { barrier(); }", "barrier"),
        (
            # A struct of a double and an int: mixed kinds are held as 32-bit patterns.
            # (A dmat2 was this case until lanes held double matrices.)
            "struct S { double d; int i; }; layout(std430, binding = 0) buffer B { int x; };"
            " void main() { S s = S(1.0lf, 2); x = s.i; }",
            "64-bit",
        ),
    ],
)
def test_unsupported_constructs_are_named(body: str, named: str) -> None:
    source = f"#version 450\nlayout(local_size_x = 1) in;\n{body}\n"
    assert named in _refusal(source)


def test_multi_invocation_is_refused_and_a_discarded_fragment_is_cleared() -> None:
    assert "local size" in _refusal("#version 450\nlayout(local_size_x = 4) in;\nvoid main() {}\n")
    fragment = _hand_built_fragment_shader()
    discarding = Function("main", VOID, (), block(Discard()))
    program = Program(
        Stage.FRAGMENT,
        (*fragment.functions[:-1], discarding),
        buffers=fragment.buffers,
        outputs=fragment.outputs,
    )
    # A fragment that discards leaves the cleared colour (tests/test_discard.py).
    image = run_fragment_lanes(
        program, {"Params": {"k": 0, "salt": 0, "table": (0, 0, 0, 0)}}, 2, 2
    )
    assert not image.any()
