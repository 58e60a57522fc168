"""frexp in WGSL (--extra-builtins; analysis/opt_in_builtins.py): the IR and the
interpreter's semantics are GLSL's (`frexp(x, out e)`, tests/test_frexp.py); WGSL has no
out parameters and its `frexp(x)` returns a struct, so the call is one of a helper of the
module per type that takes the exponent's pointer (`_ss_frexp_f32(x, &e)`,
emit/wgsl_builtins.py), the argument a whole variable of the caller, and the generator
writes it as a statement's whole initialiser (generate/statements.py). A hand-written
program with hand-computed values, as written and reconditioned (`ldexp(frexp(x, e),
24)`), on the interpreter, wgpu-vk and wgpu-gl (naga 29); generated programs calling it
agree; reconditioned ones are free of undefined behaviour."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from shadersmith.analysis.builtins import EXACT_OVERLOADS
from shadersmith.analysis.opt_in_builtins import OPT_IN_OVERLOADS
from shadersmith.config.language_features import WGSL_FEATURES
from shadersmith.emit import emit, wgsl_builtins
from shadersmith.front.glsl import parse_glsl
from shadersmith.generate.builtin_rules import overloads_writing
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.interp.defined import check_defined
from shadersmith.ir.expressions import Call, VariableRef
from shadersmith.ir.profile import WGSL, Language
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.values import BufferValues, Value
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition import ReconditionOptions, recondition
from shadersmith.trial import prepare_generated
from tests.driver_agreement import SHARED
from tests.feature_runs import EXTRA, WGSL_TARGETS, OptInBuiltin

# The exponents go to locals (a pointer argument is a whole local variable), then out.
HAND_WRITTEN = """#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec4 x;
    ivec4 k;
    float f;
    float g;
    float h;
    int z;
    int e;
    ivec2 e2;
    ivec3 e3;
    ivec4 e4;
};

void main() {
    int a;
    ivec2 a2;
    ivec3 a3;
    ivec4 a4;
    f = ldexp(frexp(x.x, a), k.x);
    vec2 p = ldexp(frexp(x.yz, a2), k.yz);
    vec3 q = ldexp(frexp(x.xyw, a3), k.xyw);
    vec4 r = ldexp(frexp(x, a4), k);
    g = p.x + p.y + q.x;
    h = r.x + r.y + r.z + q.y;
    z = int(q.z == 0.0) + 2 * int(r.w == 0.0);
    e = a;
    e2 = a2;
    e3 = a3;
    e4 = a4;
}
"""
# As written, x = (48, -5, 1024, 0): 48 = 0.75 * 2^6, -5 = -0.625 * 2^3, 1024 = 0.5 * 2^11
# and frexp(0) = (0, 0). With k = (4, 3, 3, 5): f = 0.75 * 16 = 12, p = (-0.625 * 8,
# 0.5 * 8) = (-5, 4), q = (12, -5, 0), r = (12, -5, 4, 0); g = -5 + 4 + 12 = 11,
# h = 12 - 5 + 4 - 5 = 6, both zeros seen: z = 3; e = 6, e2 = (3, 11), e3 = (6, 3, 0),
# e4 = (6, 3, 11, 0).
_OUTPUTS: dict[str, Value] = {
    "f": 1.0,
    "g": 1.0,
    "h": 1.0,
    "z": 0,
    "e": 0,
    "e2": (0, 0),
    "e3": (0, 0, 0),
    "e4": (0, 0, 0, 0),
}
AS_WRITTEN: BufferValues = {"buf": {"x": (48.0, -5.0, 1024.0, 0.0), "k": (4, 3, 3, 5), **_OUTPUTS}}
EXPECTED = {
    "f": 12.0,
    "g": 11.0,
    "h": 6.0,
    "z": 3,
    "e": 6,
    "e2": (3, 11),
    "e3": (6, 3, 0),
    "e4": (6, 3, 11, 0),
}
# Reconditioned, with k = (-3, 0, -1, 0): the inputs are brought into S first (x.w's zero,
# and the literal 0.0, become 10 = 0.625 * 2^4), each mantissa is scaled by 2^24
# (`ldexp(frexp(x, e), 24)`) and SAFE_LDEXP clamps the exponents k to 0: f = 12582912,
# p = (-10485760, 8388608), q = (12582912, -10485760, 10485760), r = (12582912,
# -10485760, 8388608, 10485760); g = 10485760, h = 0, which MAKE_IN_RANGE makes 10; no
# component is 10 now: z = 0; e3 = (6, 3, 4), e4 = (6, 3, 11, 4).
GUARDED: BufferValues = {"buf": {**AS_WRITTEN["buf"], "k": (-3, 0, -1, 0)}}
GUARDED_EXPECTED = {
    "f": 12582912.0,
    "g": 10485760.0,
    "h": 10.0,
    "z": 0,
    "e": 6,
    "e2": (3, 11),
    "e3": (6, 3, 4),
    "e4": (6, 3, 11, 4),
}

FREXP = OptInBuiltin(
    "frexp",
    HAND_WRITTEN,
    AS_WRITTEN,
    EXPECTED,
    GUARDED,
    GUARDED_EXPECTED,
    "LDEXP",
    # Seeds of --extra-builtins (compute, compute, fragment) whose WGSL programs call it.
    {WGSL.name: (4, 5, 2)},
)
COMPUTE = dataclasses.replace(EXTRA, fragment_probability=0.0)


def _frexp_declarations(seed: int) -> tuple[set[str], list[VarDecl]]:
    """The names of `seed`'s module-scope variables and buffer fields, and its
    declarations initialised by a frexp call."""
    program = generate(seed, COMPUTE, WGSL).program
    module = {g.name for g in program.globals} | {s.name for s in program.shared}
    module |= {f.name for b in program.buffers for f in b.fields}
    declarations = [
        node
        for node in iter_nodes(program)
        if isinstance(node, VarDecl) and isinstance(node.init, Call) and node.init.callee == "frexp"
    ]
    return module, declarations


def test_wgsl_spells_frexp_with_a_helper_per_type_taking_the_exponent_by_pointer() -> None:
    program = parse_glsl(HAND_WRITTEN).program
    text = emit(program, WGSL)
    assert (
        "fn _ss_frexp_f32(x: f32, e: ptr<function, i32>) -> f32 {\n"
        "    let r = frexp(x);\n    *e = r.exp;\n    return r.fract;\n}"
    ) in text
    for size in (2, 3, 4):
        vec = f"vec{size}"
        helper = f"fn _ss_frexp_{vec}_f32(x: {vec}<f32>, e: ptr<function, {vec}<i32>>) -> "
        assert text.count(helper) == 1, size
    assert "ldexp(_ss_frexp_f32(_ss_buf.x.x, &a), _ss_buf.k.x)" in text
    guarded = recondition(program, GUARDED, ReconditionOptions(language=Language.WGSL))
    text = emit(guarded.program, WGSL)
    assert "ldexp(_ss_frexp_f32(_ss_buf.x.x, &a), 24i)" in text
    assert "ldexp(_ss_frexp_vec3_f32(_ss_buf.x.xyw, &a3), vec3<i32>(24i))" in text
    # The language table's row finds it in the text, and its marker in the emitter.
    row = next(f for f in WGSL_FEATURES if f.name == "ldexp and frexp")
    assert row.found_in(text)
    emitter = Path(wgsl_builtins.__file__).read_text()
    assert row.marker and row.marker in emitter
    # A program without frexp has no helper: its text is the one of before.
    assert "_ss_frexp" not in emit(parse_glsl(HAND_WRITTEN.replace("frexp", "ldexp")).program, WGSL)


def test_frexp_alone_of_the_built_ins_with_out_parameters_joins_wgsl() -> None:
    assert "frexp" not in WGSL.missing_builtins
    writing = {o.name for o in overloads_writing(floats=True, opt_in=True)}
    assert writing == {"frexp", "uaddCarry", "usubBorrow"}
    assert writing - WGSL.missing_builtins == {"frexp"}
    assert {"umulExtended", "imulExtended"} <= WGSL.missing_builtins  # void, out only
    # modf has no exact overload, nor an opt-in one: never drawn, in any language.
    assert not any(o.name == "modf" for o in (*EXACT_OVERLOADS, *OPT_IN_OVERLOADS))
    for seed in range(12):
        program = generate(seed, EXTRA, WGSL).program
        called = {n.callee for n in iter_nodes(program) if isinstance(n, Call)}
        assert not called & {"modf", "uaddCarry", "usubBorrow", "umulExtended", "imulExtended"}


def test_generated_frexp_initialises_a_variable_and_writes_a_whole_local() -> None:
    found = 0
    for seed in (4, 5):
        module, declarations = _frexp_declarations(seed)
        for declaration in declarations:
            assert isinstance(declaration.init, Call)
            exponent = declaration.init.args[1]
            assert isinstance(exponent, VariableRef) and exponent.name not in module
            found += 1
    assert found
    # Off by default, in WGSL as in GLSL.
    for seed in range(6):
        program = generate(seed, SmithOptions(fragment_probability=0.0), WGSL).program
        assert not FREXP.calls(program)


def test_frexp_agrees_on_the_wgsl_targets() -> None:
    jobs = FREXP.jobs(WGSL)  # the generated ones made twice: the same text each time
    with SHARED.session(WGSL_TARGETS, 1, 120) as session:
        assert not session.missing, session.missing
        results = dict(session.run_many(jobs))
    FREXP.check([results[i] for i in range(len(jobs))], WGSL_TARGETS)


def test_reconditioned_wgsl_programs_calling_frexp_are_free_of_undefined_behaviour() -> None:
    checked = 0
    for seed in range(24):
        generated = generate(seed, COMPUTE, WGSL)
        if not FREXP.calls(generated.program):
            continue
        prepared = prepare_generated(generated, WGSL)
        assert prepared.program is not None and prepared.values is not None
        check_defined(
            prepared.program,
            prepared.values,
            workgroups=generated.workgroups,
            language=Language.WGSL,
        )
        checked += 1
    assert checked >= 5
