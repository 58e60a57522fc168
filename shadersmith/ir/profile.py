"""Language profiles: what a target shading language can express.

A generator takes a profile and never produces what it cannot express; an emitter takes
one to choose spellings. Profiles are plain data so that the IR stays free of I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Language(enum.Enum):
    """The one spelling of a shading language (its value is what records and target
    tables write: "glsl", "essl", "wgsl")."""

    GLSL = "glsl"
    ESSL = "essl"
    WGSL = "wgsl"

    @property
    def family(self) -> Language:
        """The language whose text and rules a shader in this one follows: ESSL's are
        GLSL's (glslang, Mesa's compiler, naga's GLSL front-end and our own GLSL
        front-end read both; the reconditioner and the interpreter apply GLSL's rules to
        both, and a GLSL target runs both), any other language's are its own."""
        return Language.GLSL if self is Language.ESSL else self


@dataclass(frozen=True, slots=True)
class LanguageProfile:
    name: str
    language: Language
    version: int
    # Side effects (++, assignments) inside expressions: GLSL yes, WGSL no.
    side_effects_in_expressions: bool = True
    # Case bodies that fall into the next case.
    switch_fallthrough: bool = True
    ternary: bool = True
    do_while: bool = True
    # `precision highp ...;` lines are needed (ESSL).
    needs_precision: bool = False
    # `#version 150 compatibility`: deprecated built-ins (gl_FragColor, ...) stay available.
    compatibility: bool = False
    # `#extension NAME : require` lines after the version.
    extensions: tuple[str, ...] = ()
    # User functions may have `out` and `inout` parameters (WGSL has none: only pointers,
    # which cannot point at a vector component or, portably, into a buffer).
    out_parameters: bool = True
    # A multi-component swizzle may be assigned to (`v.zx = e`); WGSL allows only a single
    # component (`v.x = e`).
    swizzle_assignment: bool = True
    # Built-ins the language lacks: the generator never calls them.
    missing_builtins: frozenset[str] = frozenset()
    # Constant expressions that GLSL folds quietly are compile-time errors (WGSL's
    # const-expressions): a left shift that loses bits ("the e2+1 most significant bits of
    # e1 must have the same bit value"), clamp with constant bounds out of order.
    strict_constant_evaluation: bool = False
    # Arrays in uniform blocks need 16-byte elements (WGSL's uniform address space); std140
    # pads `int[4]` to that stride but WGSL rejects `array<i32, 4>` there, so the generator
    # gives such blocks only arrays of vec3/vec4.
    uniform_arrays_of_wide_vectors_only: bool = False
    # A matrix may be built from one scalar (the diagonal) or from another matrix of any
    # shape (`mat3(m2)`); WGSL's matrix constructors take only every component or column.
    matrix_constructor_conversions: bool = True
    # Storage blocks take the memory qualifiers `coherent`, `volatile`, `restrict` and
    # `writeonly` (GLSL, ESSL); WGSL's storage buffers are only `read` or `read_write`.
    buffer_memory_qualifiers: bool = True
    # A fragment test may have a generated vertex shader with `flat` varyings
    # (generate/vertex_stage.py); in WGSL it is a module of its own (emit/wgsl.py).
    vertex_stage: bool = True
    # Structs compare with `==` and `!=`, and `c ? s : t` selects one (GLSL); WGSL has
    # neither for structs (its `select` takes scalars and vectors only).
    struct_comparison: bool = True
    struct_selection: bool = True
    # atomicAdd & co. on a uint/int buffer or shared element (GLSL, ESSL 3.10; WGSL, whose
    # emitter declares the elements that atomics update `atomic<u32>`/`atomic<i32>` and
    # passes their addresses: emit/wgsl_atomics.py).
    atomics: bool = True
    # GL_KHR_shader_subgroup's built-ins (GLSL, ESSL 3.10) or WGSL's (the `subgroups`
    # device feature; emit/wgsl_subgroups.py spells them), in compute programs.
    subgroups: bool = True
    # gl_SubgroupInvocationID (the lane) in a work group of more than one row; naga 29
    # takes WGSL's @builtin(subgroup_invocation_id) only where the work group size is
    # (x, 1, 1), so there the generator reads the lane only in such work groups.
    subgroup_lane_in_rows: bool = True
    # 2D textures read by texelFetch and images by imageLoad/imageStore (generate/
    # textures.py): GLSL, and WGSL's textureLoad/textureStore (emit/wgsl_textures.py).
    textures: bool = True
    # imageAtomicAdd & co. on an r32ui/r32i image of a multi-invocation compute program
    # (generate/image_atomics.py): GLSL 4.20 and up. ESSL 3.10 needs
    # GL_OES_shader_image_atomic for them (core in 3.20), which we do not write; naga 29
    # reads WGSL's textureAtomicAdd & co. only on a `texture_storage_2d<r32uint, atomic>`
    # behind wgpu's native `texture-atomic` feature, outside the WGSL specification.
    image_atomics: bool = True
    # A bare `loop { ... continuing { ...; break if c; } }` can spell a for or while loop
    # (WGSL; For.as_loop): GLSL has no such statement.
    loop_continuing: bool = False
    # Without out/inout parameters, a function may take pointers to the caller's whole
    # local variables (WGSL's `ptr<function, T>`), which is how the WGSL emitter spells
    # the IR's out and inout parameters.
    pointer_parameters: bool = False
    # `layout(constant_id = N)` constants set at pipeline creation (generate/
    # specialization.py; emitted for GL and Vulkan at once, emit/glsl.py), and WGSL's
    # `@id(N) override` (emit/wgsl.py), which wgpu's pipeline constants set.
    specialization_constants: bool = True
    # 64-bit integers (int64_t, uint64_t: generate/wide_integers.py, GLSL's
    # GL_ARB_gpu_shader_int64). WGSL has no i64.
    int64: bool = True
    # 8- and 16-bit integers (int8_t, uint16_t, ...: generate/small_integers.py, GLSL's
    # GL_EXT_shader_explicit_arithmetic_types_int8/_int16). WGSL has none.
    small_ints: bool = True
    # A `layout(push_constant)` block (generate/push_constants.py; GL reads a std140 block
    # instead, emit/glsl.py); in WGSL naga 29's `var<immediate>` (emit/wgsl.py), which
    # wgpu's `immediates` native feature sets (set_immediates; wgpu_runner.py).
    push_constants: bool = True
    # 64-bit floats (double, dvecN: generate/doubles.py; core in GLSL 4.00). WGSL has none.
    doubles: bool = True
    # 16-bit floats (float16_t, f16vecN: generate/halves.py; GLSL's
    # GL_EXT_shader_explicit_arithmetic_types_float16, WGSL's `enable f16;` with wgpu's
    # shader-f16 feature). ESSL gets none (no GLES driver here lists the extension).
    halves: bool = True
    # Storage buffers declared as GL_EXT_buffer_reference types read through an address
    # (generate/buffer_references.py): GLSL 4.50 for Vulkan, which glslang compiles to
    # PhysicalStorageBuffer pointers. GL has no such references (its targets answer
    # `unsupported`), nor ESSL nor WGSL.
    buffer_references: bool = False
    # The `precise` qualifier on float locals (generate/precise.py): GLSL 4.00 and up
    # (GLSL 3.30 has it from GL_ARB_gpu_shader5, which GLSL330 enables). ESSL 3.10 needs
    # GL_EXT_gpu_shader5 for it (core in 3.20), which we do not write; WGSL has none.
    precise: bool = False
    # `T x = { ... };` initialiser lists (GLSL 4.20 and up; ir/initialisers.py), and
    # GL_EXT_null_initializer's `T x = {};` for Vulkan. ESSL and WGSL have neither.
    initialiser_lists: bool = False


GLSL450 = LanguageProfile(
    name="glsl450",
    language=Language.GLSL,
    version=450,
    buffer_references=True,
    precise=True,
    initialiser_lists=True,
)
ESSL310 = LanguageProfile(
    name="essl310",
    language=Language.ESSL,
    version=310,
    needs_precision=True,
    doubles=False,
    halves=False,
    image_atomics=False,
)
# softpipe's GL 3.3: fragment shaders only, no `binding` layouts (emit/glsl.py); Mesa
# offers there the integer built-ins and implicit conversions of GLSL 4.00 (gpu_shader5)
# and `mix` on integers (4.50), which generated and reconditioned programs use.
GLSL330 = LanguageProfile(
    name="glsl330",
    language=Language.GLSL,
    version=330,
    extensions=("GL_ARB_gpu_shader5", "GL_EXT_shader_integer_mix"),
)

# WGSL (emit/wgsl.py): expressions have no side effects (assignments, ++ and calls with
# out arguments are statements), switches never fall through and always get a default
# (the emitter adds an empty one), `?:` is `select`, which evaluates both operands (the
# interpreter does too in WGSL mode), no do-while (the emitter could spell one as
# `loop { ... continuing { break if } }`, but the generator need not make it).
# uaddCarry, usubBorrow, umulExtended and imulExtended have no WGSL counterpart, nor have
# matrixCompMult and outerProduct, nor the subgroup scans other than of Add and Mul
# (WGSL's subgroupInclusiveAdd & co.; naga 29 has no others).
_WGSL_MISSING_SCANS = frozenset(
    f"subgroup{scan}{op}"
    for scan in ("Inclusive", "Exclusive")
    for op in ("Min", "Max", "And", "Or", "Xor")
)
WGSL = LanguageProfile(
    name="wgsl",
    language=Language.WGSL,
    version=1,
    side_effects_in_expressions=False,
    switch_fallthrough=False,
    do_while=False,
    out_parameters=False,
    swizzle_assignment=False,
    missing_builtins=frozenset(
        {
            "uaddCarry",
            "usubBorrow",
            "umulExtended",
            "imulExtended",
            "matrixCompMult",
            "outerProduct",
            # WGSL has no NaN or infinity tests (analysis/opt_in_builtins.py). frexp is
            # not missing: its out parameter is a pointer's, its struct read by a helper
            # (emit/wgsl_builtins.py).
            "isnan",
            "isinf",
        }
    )
    | _WGSL_MISSING_SCANS,
    strict_constant_evaluation=True,
    uniform_arrays_of_wide_vectors_only=True,
    matrix_constructor_conversions=False,
    buffer_memory_qualifiers=False,
    struct_comparison=False,
    struct_selection=False,
    subgroup_lane_in_rows=False,
    loop_continuing=True,
    pointer_parameters=True,
    int64=False,
    small_ints=False,
    doubles=False,
    image_atomics=False,
)

# The GLSL profiles a test is generated in (GLSL330 is only a second spelling of a
# fragment test for softpipe). Glslang validation, the fuzz campaign and the GLSL targets
# iterate over these, so WGSL is not among them.
PROFILES: dict[str, LanguageProfile] = {p.name: p for p in (GLSL450, ESSL310)}
# Every language `shadersmith generate --profile` can write, WGSL included.
ALL_PROFILES: dict[str, LanguageProfile] = {**PROFILES, WGSL.name: WGSL}


def profile_named(name: str) -> LanguageProfile:
    try:
        return ALL_PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(ALL_PROFILES))
        raise ValueError(f"unknown language profile {name!r} (known: {known})") from None
