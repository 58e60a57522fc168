"""The knobs of the GLSLsmith generator, and their JSON round trip (for test provenance).

Every field is plain data (int, float, bool, a string or a tuple of strings) so that the options can
be written into a test's `test.json` and read back to regenerate the same program.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

# The four skewed value generators of seed 004, section 4.2.5.
VALUE_GENERATORS: tuple[str, ...] = ("full", "special", "small", "large")

# Constructs the generator can leave out (`omitted_constructs`; swarm testing draws them,
# generate/swarm.py): the statement forms of statements.py, loops.py and switches.py
# (`jump`: guarded and block-closing break/continue/return) and the expression forms of
# expressions.py (`access`: a variable read through indices, members or swizzles).
# Declarations, assignments, binary operators, literals and variables are never left out:
# without them there is no program. The divergence driver's own statements (exchanges,
# uniform ifs and loops around barriers, generate/divergence.py) follow
# divergence_probability and shared_memory_probability instead.
STATEMENT_CONSTRUCTS: tuple[str, ...] = (
    "if",
    "switch",
    "for",
    "while",
    "do-while",
    "block",
    "increment-statement",
    "call-statement",
    "jump",
)
EXPRESSION_CONSTRUCTS: tuple[str, ...] = (
    "unary",
    "ternary",
    "constructor",
    "swizzle",
    "access",
    "builtin-call",
    "user-call",
    "assignment-expression",
    "increment-expression",
    "comma",
)
CONSTRUCTS: tuple[str, ...] = STATEMENT_CONSTRUCTS + EXPRESSION_CONSTRUCTS


@dataclass(frozen=True)
class SmithOptions:
    """Sizes and probabilities of the GLSLsmith generator.

    Defaults give programs of roughly 60-150 lines of GLSL.
    """

    # Deepest expression tree below a statement (a leaf is depth 0); deeper expressions
    # make the program larger quickly, 3 already gives `a + (b[i++] * -c.yx).y`-like terms.
    max_expression_depth: int = 3
    # Most statements a block gets when generated (at least 1).
    max_statements_per_block: int = 4
    # Deepest nesting of compound statements (if, switch, loops, blocks) in a function.
    max_nesting: int = 3
    # Statement budget of `main` and of each user function: generation stops adding
    # statements once the budget is spent, which bounds the size whatever the nesting.
    max_statements_main: int = 40
    max_statements_function: int = 12
    # Storage buffers: between 1 and this many read-only input buffers, and between 1
    # and this many output buffers (filled with initial values too, and read back).
    # ESSL 3.10 guarantees only 4 storage blocks in a compute shader, hence 2 + 2.
    max_input_buffers: int = 2
    max_output_buffers: int = 2
    # Fields per buffer: between 1 and this many.
    max_buffer_fields: int = 4
    # Longest fixed-size array (buffer fields, locals, parameters): lengths are 1..this.
    max_array_length: int = 4
    # User functions defined before main: between 0 and this many.
    max_functions: int = 3
    # Parameters per user function: between 0 and this many.
    max_params: int = 3
    # Global (non-buffer) variables, const or not: between 0 and this many.
    max_globals: int = 2
    # Most case labels of a generated switch (guided or atypical).
    max_switch_cases: int = 4
    # Most iterations of a guided for loop (its bound is computed from this).
    max_loop_iterations: int = 8
    # Probability that a switch is guided (seed 004 Figure 4.3) rather than atypical
    # (empty body, default only, arbitrary labels with fall-through).
    guided_switch_probability: float = 0.6
    # Probability that a for loop is guided (seed 004 Figure 4.4) rather than atypical
    # (`for(;;)` with a break, missing header parts, arbitrary header).
    guided_for_probability: float = 0.6
    # Probability that a statement position holds a compound (control-flow) statement
    # rather than a declaration or an expression statement.
    control_flow_probability: float = 0.3
    # Skewed value generators used for int/uint literals and buffer values, chosen
    # uniformly among the enabled ones: "full", "special", "small", "large".
    value_generators: tuple[str, ...] = VALUE_GENERATORS
    # Whether float variables, literals and arithmetic (+ - * only) are generated.
    floats: bool = True
    # How floats behave (issue 37): "exact", every float an exact small integer (today's
    # programs, recondition/exact_floats.py), or "interval", float expressions with the
    # inexact operations and built-ins (`/`, sqrt, exp, sin, mix, normalize...: generate/
    # inexact.py) kept by recondition/interval_floats.py where the precision table holds,
    # judged on intervals (interp/float_mode.FloatMode names the same two modes). "exact"
    # makes no draw of the mode's own, so every recorded program replays as it was.
    float_mode: str = "exact"
    # Whether buffers get an instance name (`buf.field`) at times, or never (`field`).
    buffer_instance_names: bool = True
    # Multi-invocation compute (ShaDiv, generate/divergence.py). The share of programs
    # run by more than one invocation; each such program draws a local size up to
    # max_local_size_x x _y x _z and up to max_workgroups_x work groups (in x).
    multi_invocation_probability: float = 0.7
    max_local_size_x: int = 8
    max_local_size_y: int = 4
    max_local_size_z: int = 1
    max_workgroups_x: int = 4
    # ShaDiv's p_delta: the probability that a statement of a multi-invocation program is
    # divergent (its values or its control flow depend on the invocation).
    divergence_probability: float = 0.2
    # The probability that a multi-invocation program exchanges values between its
    # invocations through `shared` arrays and barrier().
    shared_memory_probability: float = 0.6
    # ShaDiv's M_liv: the probability that a value of `main` defined in uniform or
    # divergent code is folded into a later statement of the same divergence.
    liveness_extension_probability: float = 0.3
    # Where M_liv looks for that statement (generate/liveness.py): anywhere the value
    # reaches in main's control-flow graph (ShaDiv Algorithm 8), or only later statements
    # of the definition's own statement list (what tests recorded before it replay).
    liveness_across_blocks: bool = True
    # The probability that the program is a fragment shader drawn over a 64x64 target
    # (generate/fragment.py) rather than a compute shader.
    fragment_probability: float = 0.0
    # Float matrices (generate/matrices.py): the probability that a declared variable is
    # a matrix, and that a float or float vector expression is computed from one (a
    # column, an element, a matrix-vector product, a determinant). 0 gives the programs
    # of before matrices existed (no draw is made). Off by default for now, like structs:
    # at 0.05 about 90% of programs hold a matrix, every default seed changes, and the
    # tests whose fixtures are default seeds (planted bugs found in a seed range, programs
    # replayed byte for byte) need new seeds first; `fuzz --matrices P` turns it on.
    matrix_probability: float = 0.0
    # User structs (generate/structs.py): the probability that a declared variable is a
    # struct (or an array of structs), that a function returns one, and that a scalar or
    # vector expression is read out of a struct value (in GLSL, a bool compares two).
    # 0 gives the programs of before structs existed (no draw is made). Off by default for
    # now: turning it on changes every default program, and the tests whose fixtures are
    # default seeds (test_replay's seed 1 loses its planted finding) need new seeds first;
    # `fuzz --structs P` turns it on.
    struct_probability: float = 0.0
    # User structs in buffers (generate/buffer_structs.py): the probability that a buffer
    # field is a struct or an array of structs (int, uint and float members, vectors,
    # arrays and earlier such structs; never bool), laid out std430 in storage buffers
    # and std140 in GLSL uniform blocks (none in WGSL's, whose rules differ). Declared
    # through the struct generator, which it brings with it. 0 gives the programs of
    # before (no draw is made); `fuzz --buffer-structs P` turns it on.
    buffer_struct_probability: float = 0.0
    # `if (cond) discard;` in fragment shaders (generate/discards.py): the probability of
    # each of up to two, on the pixel's coordinates, drawn from a stream of the seed's own.
    # 0 gives the programs of before discards existed (no draw is made); off by default
    # for now, like matrices and structs; `fuzz --discard P` turns it on.
    discard_probability: float = 0.0
    # The probability that a fragment program gets a generated vertex shader of its own
    # (generate/vertex_stage.py) instead of the runners' fixed full-screen one: it reads
    # the fragment's uniform blocks and writes `flat` varyings (int, uint, float, vectors)
    # that the fragment program reads, the same at every vertex. Drawn from a stream of
    # the seed's own: 0 gives the programs of before (no draw is made); `fuzz
    # --vertex-stage P` turns it on, in GLSL and WGSL (LanguageProfile.vertex_stage).
    vertex_stage_probability: float = 0.0
    # Atomics (generate/atomics.py): the probability that a multi-invocation compute
    # program gets atomic counters, buffer elements that every invocation updates only
    # through atomicAdd/Min/Max/And/Or/Xor statements whose returned old value is
    # discarded, one commutative operation per element, so that the final values do not
    # depend on the order of the invocations. 0 gives the programs of before atomics
    # existed (no draw is made); `fuzz --atomics P` turns it on. WGSL declares the
    # counters atomic (emit/wgsl_atomics.py).
    atomic_probability: float = 0.0
    # Image atomics (generate/image_atomics.py): the probability that a multi-invocation
    # compute program gets an r32ui/r32i image that no imageLoad or imageStore touches,
    # updated only by imageAtomicAdd/Min/Max/And/Or/Xor statements (one operation per
    # image, the old value discarded), its final texels read back like the other
    # images'. Not a swarm construct; 0 gives the programs of before (no draw is made);
    # a profile without them (ESSL 3.10, WGSL) never gets them; `fuzz --image-atomics P`.
    image_atomic_probability: float = 0.0
    # Subgroup operations (generate/subgroups.py): the probability that a multi-invocation
    # compute program assigns values of GL_KHR_shader_subgroup operations (basic, vote,
    # arithmetic, ballot) at uniform points of main, and records the subgroup size its
    # test runs at. 0 gives the programs of before subgroups existed (no draw is made);
    # `fuzz --subgroups P` turns it on. WGSL's are spelled by emit/wgsl_subgroups.py.
    subgroup_probability: float = 0.0
    # The subgroup size every subgroup program runs at: 0 draws 4 or 8 per program (the
    # sizes of SwiftShader and of lavapipe, generate/subgroups.SUBGROUP_SIZES); another
    # size fixes it, e.g. 32 for NVIDIA's GPUs, whose tests no CPU target then runs.
    subgroup_size: int = 0
    # Textures and images (generate/textures.py): the probability that a program gets
    # 2D textures read by texelFetch and, in a compute shader, r32ui/r32i images read by
    # imageLoad and written by imageStore, their contents drawn from a stream of the
    # seed's own and recorded as test inputs. 0 gives the programs of before textures
    # existed (no draw is made); `fuzz --textures P` turns it on. WGSL spells them
    # textureLoad/textureStore (emit/wgsl_textures.py).
    texture_probability: float = 0.0
    # The probability that a read of a float texture samples it with nearest filtering at
    # the texel's centre, `textureLod(t, (vec2(p) + 0.5) / vec2(w, h), 0.0)` (ir/sampling.
    # py; WGSL's textureSampleLevel with a non-filtering sampler), rather than fetching
    # the texel; a program's float textures then have power-of-two sides, which make the
    # centre exact. 0 gives the programs of before (no draw is made); `fuzz
    # --texture-sampling P` turns it on (with --textures).
    texture_sampling_probability: float = 0.0
    # The probability that the program's run-time indices are bounded by clamp(i, 0, n-1)
    # rather than the SAFE_INDEX wrapper when it is reconditioned (ReconditionOptions.
    # index_clamping); drawn from a stream of the seed's own, so the program is the same.
    # Off by default for now: a metamorphic variant (outline, then reconditioning with
    # clamp) kept an unsequenced write and read of one buffer element that the wrapper's
    # indices keep apart (seed 900003; the sanitizer calls it ours, no false alarm), so the
    # evaluation-order pass must learn clamp's indices first.
    index_clamping_probability: float = 0.0
    # The probability that a compute program's storage buffer gets memory qualifiers
    # (`coherent`, `volatile`, `restrict`, and `writeonly` where it is never read:
    # generate/buffer_qualifiers.py), drawn from a stream of the seed's own.
    buffer_qualifier_probability: float = 0.3
    # The probability that a for or while loop of a WGSL program is spelled as a bare
    # `loop { ... continuing { ...; break if !c; } }` (generate/loop_spelling.py; only in
    # languages that have one, LanguageProfile.loop_continuing): the same program, another
    # spelling for the compiler. 0 gives the programs of before (no draw is made);
    # `fuzz --loop-continuing P` turns it on.
    loop_continuing_probability: float = 0.0
    # The probability that a user function's parameter of a WGSL program is a pointer
    # (`p: ptr<function, T>`, read and written as `*p`, passed as `&v`): WGSL's out and
    # inout parameters, which the IR holds as such (LanguageProfile.pointer_parameters;
    # the arguments are whole local variables, generate/expressions.py). 0 gives the
    # programs of before (the one draw of before is made); `fuzz --pointers P` turns it on.
    pointer_parameter_probability: float = 0.0
    # The probability of each site (an operator, a literal, a type's or a variable's name,
    # a line) at which a GLSL program's text is written through the preprocessor (emit/
    # preprocessor.py: function-like and object-like macros, #undef and redefinition,
    # conditional groups with skipped garbage, `##` in desktop GLSL, __LINE__, #line):
    # the same program after expansion, the preprocessors of glslang, Mesa and the others
    # under test. WGSL has no preprocessor and is left alone. The emitter draws from a
    # stream of the seed's own, so 0 gives the text of before; `fuzz --preprocessor P`.
    preprocessor_probability: float = 0.0
    # The probability that a program gets 1-3 specialization constants (int, uint, bool;
    # `layout(constant_id)`, set to a VALUE other than the module's DEFAULT at pipeline
    # creation) and constants derived from them (generate/specialization.py). Not a swarm
    # construct (its draws would move every swarm program's). 0 gives the programs of
    # before (nothing is drawn); `fuzz --specialization P` turns it on.
    specialization_probability: float = 0.0
    # The probability that an int or uint expression (or a bool comparison) is computed
    # in 64-bit integers and narrowed back (generate/wide_integers.py: int64_t, uint64_t,
    # GL_ARB_gpu_shader_int64). Not a swarm construct; 0 gives the programs of before
    # (nothing is drawn); a profile without 64-bit integers (WGSL) never gets them;
    # `fuzz --int64 P` turns it on.
    int64_probability: float = 0.0
    # The probability that an int or uint expression (or a bool comparison) is computed
    # in 8- or 16-bit integers and widened back (generate/small_integers.py: int8_t,
    # uint16_t, ..., GL_EXT_shader_explicit_arithmetic_types_int8/_int16). Not a swarm
    # construct; 0 gives the programs of before (nothing is drawn); a profile without
    # them (WGSL) never gets them; `fuzz --small-ints P` turns it on.
    small_int_probability: float = 0.0
    # The probability that a program gets a push-constant block of 1-4 int/uint scalar
    # and 2-/4-vector fields its expressions may read (`layout(push_constant)` for Vulkan,
    # a std140 block for GL, `var<immediate>` for WGSL: generate/push_constants.py), drawn
    # from a stream of the seed's own: 0 gives the programs of before; `fuzz
    # --push-constants P`.
    push_constant_probability: float = 0.0
    # The probability that each if, switch and loop of a GLSL program gets a control-flow
    # attribute (`[[unroll]]`, `[[flatten]]`, ...: GL_EXT_control_flow_attributes, for
    # Vulkan only; generate/control_flow_attributes.py), drawn from a stream of the seed's
    # own: 0 gives the programs of before; `fuzz --control-flow-attributes P`.
    control_flow_attribute_probability: float = 0.0
    # The probability that a GLSL 4.50 local declaration initialised by an aggregate
    # constructor is written as a brace list `T x = { ... };`, or `T x = {};` under
    # `#ifdef VULKAN` when its value is all zero (generate/initialiser_lists.py), drawn
    # from a stream of the seed's own: 0 gives the programs of before;
    # `fuzz --initialiser-lists P`.
    initialiser_list_probability: float = 0.0
    # The probability that a program's built-in calls may also be isnan, isinf, the
    # normalized packing functions and ldexp on exact floats (analysis/opt_in_builtins.py), drawn
    # from a stream of the seed's own: 0 gives the programs of before;
    # `fuzz --extra-builtins P`.
    extra_builtin_probability: float = 0.0
    # The probability that a generated vertex shader (--vertex-stage) declares its clip
    # position invariant (GLSL `invariant gl_Position;`, WGSL `@invariant`: generate/
    # vertex_stage.py), drawn from a stream of the seed's own: 0 gives the programs of
    # before; `fuzz --invariant P`.
    invariant_probability: float = 0.0
    # The probability that a generated pair (--vertex-stage) declares its varyings as the
    # members of an interface block (`out Varyings { ... };` and `in Varyings { ... };`:
    # generate/vertex_stage.py), drawn from a stream of the seed's own: 0 gives the
    # programs of before; `fuzz --varying-block P`.
    varying_block_probability: float = 0.0
    # The probability that a compute program's storage buffer with an instance name is
    # declared as a GL_EXT_buffer_reference type read through an address in a block at
    # its binding (GLSL 4.50 for Vulkan: generate/buffer_references.py), which changes no
    # value; drawn from a stream of the seed's own: 0 gives the programs of before;
    # `fuzz --buffer-reference P`.
    buffer_reference_probability: float = 0.0
    # The probability that a generated fragment shader (differential, not interval mode)
    # writes 2 to 4 colour outputs at locations 0..N-1 instead of one, each a uvec4 of its
    # share of the output fold (generate/fragment.py); the targets draw N attachments
    # side by side. Drawn from a stream of the seed's own: 0 gives the programs of before;
    # `fuzz --fragment-outputs P`.
    fragment_output_probability: float = 0.0
    # The probability that a float expression (or a bool comparison) is computed in
    # doubles and narrowed back (generate/doubles.py: double, dvecN, exact integers of S).
    # Not a swarm construct; 0 gives the programs of before (nothing is drawn); a profile
    # without doubles (WGSL) never gets them; `fuzz --doubles P` turns it on.
    double_probability: float = 0.0
    # The probability that a float expression (or a bool comparison) is computed in
    # halves and widened back (generate/halves.py: float16_t, f16vecN, integers of S16,
    # below 2048). Not a swarm construct; 0 gives the programs of before; a profile
    # without halves (ESSL) never gets them; `fuzz --float16 P` turns it on.
    half_probability: float = 0.0
    # The probability that a buffer field is 16 or 8 bits wide (float16_t, int16_t,
    # uint8_t ...: generate/narrow_storage.py; GL_EXT_shader_16bit_storage/_8bit_storage),
    # and that an assignment is a store to one. 0 gives the programs of before;
    # `fuzz --narrow-storage P` turns it on.
    narrow_storage_probability: float = 0.0
    # Interval mode only: the probability that each float local and `in` parameter of a
    # GLSL-family program is declared `mediump` (or, in desktop GLSL for Vulkan, `lowp`:
    # RelaxedPrecision too), drawn from a stream of the seed's own (generate/
    # relaxed_precision.py); the interval interpreter widens relaxed values by the
    # mediump bound (interp/relaxed.py). 0 gives the programs of before; `fuzz --mediump P`.
    mediump_probability: float = 0.0
    # The probability that each float local (scalar, vector, matrix) of a GLSL 4.50
    # program is declared `precise` (no reassociation, no contraction), drawn from a
    # stream of the seed's own after the program is complete (generate/precise.py); exact
    # floats change no value. 0 gives the programs of before; `fuzz --precise P`.
    precise_probability: float = 0.0
    # The probability that a compute program's storage buffer whose last field is an
    # array becomes runtime-sized (`int f[];`, WGSL `array<i32>`; generate/
    # runtime_arrays.py): its values keep their elements, so the length the harness binds
    # is their count, and some indices into it are taken modulo `f.length()`. Drawn from a
    # stream of the seed's own: 0 gives the programs of before; `fuzz --runtime-arrays P`.
    runtime_array_probability: float = 0.0
    # Constructs this program never uses (a subset of CONSTRUCTS, above).
    omitted_constructs: tuple[str, ...] = ()
    # Swarm testing (Groce et al., ISSTA 2012; generate/swarm.py): each program leaves out
    # a random half of the constructs and draws smaller sizes and other probabilities,
    # from a random stream of its seed. The program's options are then those drawn
    # (GeneratedProgram.options, recorded in its provenance), with `swarm` off, so a
    # replay needs no swarm drawing. Off here, on in `fuzz` (generate/swarm.py says why).
    swarm: bool = False

    def __post_init__(self) -> None:
        for name, maximum in OPTION_MAXIMA.items():
            if getattr(self, name) > maximum:
                raise ValueError(f"{name} must be at most {maximum}")
        unknown = [g for g in self.value_generators if g not in VALUE_GENERATORS]
        if unknown or not self.value_generators:
            known = ", ".join(VALUE_GENERATORS)
            raise ValueError(f"value_generators must be a non-empty subset of {known}")
        if any(c not in CONSTRUCTS for c in self.omitted_constructs):
            raise ValueError(f"omitted_constructs must be a subset of {', '.join(CONSTRUCTS)}")
        for name in AT_LEAST_ONE:
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in NOT_NEGATIVE:
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")
        for name in PROBABILITIES:
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be a probability in [0, 1]")
        for name, allowed in CHOICE_OPTIONS.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        if self.subgroup_size not in SUBGROUP_SIZE_CHOICES:
            sizes = ", ".join(map(str, SUBGROUP_SIZE_CHOICES))
            raise ValueError(f"subgroup_size must be one of {sizes}")


# subgroup_size: 0 (drawn per program) or a size a Vulkan device may have.
SUBGROUP_SIZE_CHOICES = (0, 4, 8, 16, 32, 64, 128)

# The float modes (SmithOptions.float_mode): interp/float_mode.FloatMode's values, spelled
# here too because config sits below interp (tests/test_float_mode.py checks they agree).
FLOAT_MODES: tuple[str, ...] = ("exact", "interval")
# Options that name one of a few words, and the words (case/schema.py reads this table).
CHOICE_OPTIONS: dict[str, tuple[str, ...]] = {"float_mode": FLOAT_MODES}

# The bounds SmithOptions checks, by option name (case/schema.py reads them too).
AT_LEAST_ONE: tuple[str, ...] = (
    "max_statements_per_block",
    "max_input_buffers",
    "max_output_buffers",
    "max_buffer_fields",
    "max_array_length",
    "max_switch_cases",
    "max_loop_iterations",
    "max_local_size_x",
    "max_local_size_y",
    "max_local_size_z",
    "max_workgroups_x",
)

NOT_NEGATIVE: tuple[str, ...] = (
    "max_expression_depth",
    "max_nesting",
    "max_statements_main",
    "max_statements_function",
    "max_functions",
    "max_params",
    "max_globals",
)

# The deeper constructs' probabilities (issue 20; off by default but for the buffer
# qualifiers): swarm testing leaves each out by a coin or draws it (generate/swarm.py).
CONSTRUCT_PROBABILITIES: tuple[str, ...] = (
    "matrix_probability",
    "struct_probability",
    "buffer_struct_probability",
    "discard_probability",
    "vertex_stage_probability",
    "atomic_probability",
    "subgroup_probability",
    "texture_probability",
    "index_clamping_probability",
    "buffer_qualifier_probability",
    "loop_continuing_probability",
    "pointer_parameter_probability",
    "texture_sampling_probability",
    "preprocessor_probability",
)
PROBABILITIES: tuple[str, ...] = (
    "guided_switch_probability",
    "guided_for_probability",
    "control_flow_probability",
    "multi_invocation_probability",
    "divergence_probability",
    "shared_memory_probability",
    "liveness_extension_probability",
    "fragment_probability",
    "specialization_probability",
    "int64_probability",
    "small_int_probability",
    "push_constant_probability",
    "control_flow_attribute_probability",
    "initialiser_list_probability",
    "extra_builtin_probability",
    "invariant_probability",
    "varying_block_probability",
    "buffer_reference_probability",
    "fragment_output_probability",
    "double_probability",
    "half_probability",
    "narrow_storage_probability",
    "mediump_probability",
    "precise_probability",
    "image_atomic_probability",
    "runtime_array_probability",
    *CONSTRUCT_PROBABILITIES,
)

# The values a tuple option may hold, how many it needs at least and what one value is
# called (case/schema.py reads this table).
TUPLE_OPTIONS: dict[str, tuple[tuple[str, ...], int, str]] = {
    "value_generators": (VALUE_GENERATORS, 1, "value generator"),
    "omitted_constructs": (CONSTRUCTS, 0, "generator construct"),
}

# The largest value of each size option. Options come from test.json too, which is shared
# and untrusted: without a bound, `"max_statements_main": 10000000` makes regenerating the
# test hang. Each bound is several times the default (every one at its maximum together
# still generates in about 15 s); the local sizes are GLSL's guaranteed minimum maxima
# (GL_MAX_COMPUTE_WORK_GROUP_SIZE 1024, 1024, 64). case/schema.py reads this table.
OPTION_MAXIMA: dict[str, int] = {
    "subgroup_size": 128,
    "max_expression_depth": 8,
    "max_statements_per_block": 32,
    "max_nesting": 8,
    "max_statements_main": 2000,
    "max_statements_function": 500,
    "max_input_buffers": 8,
    "max_output_buffers": 8,
    "max_buffer_fields": 16,
    "max_array_length": 64,
    "max_functions": 16,
    "max_params": 8,
    "max_globals": 16,
    "max_switch_cases": 32,
    "max_loop_iterations": 64,
    "max_local_size_x": 1024,
    "max_local_size_y": 1024,
    "max_local_size_z": 64,
    "max_workgroups_x": 4096,
}


def options_to_dict(options: SmithOptions) -> dict[str, Any]:
    """JSON-ready dict of every option (tuples become lists)."""
    result: dict[str, Any] = {}
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        result[field.name] = list(value) if isinstance(value, tuple) else value
    return result


# Options added after tests were recorded, and the value that gives what those tests'
# generator did: a test.json written before multi-invocation programs existed names no
# `multi_invocation_probability`, and its seed must still regenerate its program.
LEGACY_DEFAULTS: dict[str, Any] = {
    "multi_invocation_probability": 0.0,
    "liveness_across_blocks": False,
    "matrix_probability": 0.0,
    "struct_probability": 0.0,
    "buffer_struct_probability": 0.0,
    "discard_probability": 0.0,
    "vertex_stage_probability": 0.0,
    "atomic_probability": 0.0,
    "subgroup_probability": 0.0,
    "texture_probability": 0.0,
    "index_clamping_probability": 0.0,
    "buffer_qualifier_probability": 0.0,
    "loop_continuing_probability": 0.0,
    "pointer_parameter_probability": 0.0,
    "texture_sampling_probability": 0.0,
    "preprocessor_probability": 0.0,
    "specialization_probability": 0.0,
    "int64_probability": 0.0,
    "small_int_probability": 0.0,
    "push_constant_probability": 0.0,
    "control_flow_attribute_probability": 0.0,
    "initialiser_list_probability": 0.0,
    "extra_builtin_probability": 0.0,
    "invariant_probability": 0.0,
    "varying_block_probability": 0.0,
    "buffer_reference_probability": 0.0,
    "fragment_output_probability": 0.0,
    "double_probability": 0.0,
    "half_probability": 0.0,
    "narrow_storage_probability": 0.0,
    "mediump_probability": 0.0,
    "precise_probability": 0.0,
    "image_atomic_probability": 0.0,
    "runtime_array_probability": 0.0,
}


def options_from_dict(data: dict[str, Any]) -> SmithOptions:
    """Options from `options_to_dict`'s output; missing keys take their default (or,
    for an option added later, the value that regenerates older tests: LEGACY_DEFAULTS),
    an unknown key is an error (it would silently change what a seed generates)."""
    known = {field.name: field for field in dataclasses.fields(SmithOptions)}
    unknown = sorted(key for key in data if key not in known)
    if unknown:
        raise ValueError(f"unknown generator option(s): {', '.join(unknown)}")
    values: dict[str, Any] = {k: v for k, v in LEGACY_DEFAULTS.items() if k not in data}
    for key, value in data.items():
        default = getattr(SmithOptions(), key)
        if isinstance(default, tuple):
            if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"option {key} must be a list of strings")
            values[key] = tuple(value)
        elif isinstance(default, str):
            if not isinstance(value, str):
                raise ValueError(f"option {key} must be a string")
            values[key] = value
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {key} must be a boolean")
            values[key] = value
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {key} must be an integer")
            values[key] = value
        else:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"option {key} must be a number")
            values[key] = float(value)
    return SmithOptions(**values)


# What `larger` multiplies: the statement budgets, the number of functions and the
# statements a block gets. Depths stay as they are: a deeper expression or nesting grows
# a program exponentially, not by the factor asked for.
SIZE_OPTIONS: tuple[str, ...] = (
    "max_statements_main",
    "max_statements_function",
    "max_functions",
    "max_statements_per_block",
)


def larger(options: SmithOptions, factor: int) -> SmithOptions:
    """`options` with each size bound of SIZE_OPTIONS `factor` times as large (at most
    its OPTION_MAXIMA): larger programs, valid by the same rules. The crash oracle's
    campaigns take them (fuzz --program-size): no interpreter runs them, and a compiler
    crashes more often on more code. `factor` 1 gives `options` back unchanged."""
    if factor < 1:
        raise ValueError("a program size factor is at least 1")
    grown = {
        name: min(getattr(options, name) * factor, OPTION_MAXIMA[name]) for name in SIZE_OPTIONS
    }
    return dataclasses.replace(options, **grown)
