"""The generator's options on the command line, defined once for every command that
takes them (`fuzz`, and `metamorphic` for its references and donors).

Each flag is one row of GENERATOR_FLAGS: the flag, the SmithOptions field it sets and its
help. `generator_options` adds them all, `--preset NAME` and `--config FILE` to a command,
and hands the command one `generator: SmithOptions` instead of a parameter per flag. The
settings file is TOML with a `[generator]` table of SmithOptions field names (gfauto's
settings file, for the generator): the defaults, then the preset (generate/presets.py:
`deeper`, every deeper construct; `every`, every feature of the language table), then
the file, then the flags given, in that order. A flag's help names the generator's
default as SmithOptions holds it, never a copy.
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from shadersmith.cli.options import FiniteRange
from shadersmith.config.generator_options import (
    CHOICE_OPTIONS,
    PROBABILITIES,
    SmithOptions,
    options_from_dict,
    options_to_dict,
)
from shadersmith.generate.presets import DEEPER_CONSTRUCTS, EVERY_FEATURE

CONFIG_SECTION = "generator"
# Named option sets, by the name `--preset` takes (the yield bench's configurations).
PRESETS: dict[str, dict[str, float]] = {"deeper": DEEPER_CONSTRUCTS, "every": EVERY_FEATURE}
MAX_CONFIG_BYTES = 1024 * 1024  # a settings file is a few lines; it may come from anyone


@dataclass(frozen=True)
class GeneratorFlag:
    flag: str
    field: str  # of SmithOptions
    help: str
    switch: bool = False  # an on/off flag (--swarm/--no-swarm) rather than a probability
    # The words a flag that names a choice takes (--floats exact|interval), from
    # config/generator_options.CHOICE_OPTIONS; empty for a probability or a switch.
    choices: tuple[str, ...] = ()

    @property
    def shown_help(self) -> str:
        """The help, with the generator's default (SmithOptions') where it says {default}."""
        default = getattr(SmithOptions(), self.field)
        shown = default if isinstance(default, str) else f"{default:g}"
        return self.help.replace("{default}", shown)

    @property
    def name(self) -> str:
        """The flag as Python spells it: click's parameter name, `from_flags`' keyword."""
        return self.flag.removeprefix("--").replace("-", "_")


def _off(module: str) -> str:
    return " (" + module + "); default: the generator's ({default}, off for now)."


GENERATOR_FLAGS: tuple[GeneratorFlag, ...] = (
    GeneratorFlag(
        "--multi-invocation",
        "multi_invocation_probability",
        "Share of tests with several invocations (ShaDiv); default: the generator's ({default}); "
        "0 gives single-invocation tests only.",
    ),
    GeneratorFlag(
        "--p-delta",
        "divergence_probability",
        "ShaDiv's p_delta: probability of control-divergent code in a multi-invocation "
        "test; default: the generator's ({default}).",
    ),
    GeneratorFlag(
        "--matrices",
        "matrix_probability",
        "Probability that a variable or a float expression is (made from) a matrix"
        + _off("generate/matrices.py"),
    ),
    GeneratorFlag(
        "--structs",
        "struct_probability",
        "Probability that a variable is a user struct, a function returns one, or a value "
        "is read out of one" + _off("generate/structs.py"),
    ),
    GeneratorFlag(
        "--buffer-structs",
        "buffer_struct_probability",
        "Probability that a buffer field is a user struct or an array of structs"
        + _off("generate/buffer_structs.py"),
    ),
    GeneratorFlag(
        "--atomics",
        "atomic_probability",
        "Probability that a multi-invocation compute test gets counters updated by "
        "atomicAdd/Min/Max/And/Or/Xor statements (in WGSL on atomic<u32>/atomic<i32> "
        "fields)" + _off("generate/atomics.py"),
    ),
    GeneratorFlag(
        "--image-atomics",
        "image_atomic_probability",
        "Probability that a multi-invocation compute test gets an r32ui/r32i image "
        "updated only by imageAtomicAdd/Min/Max/And/Or/Xor statements, its final texels "
        "compared (GLSL 4.50 only: not ESSL 3.10 or WGSL)" + _off("generate/image_atomics.py"),
    ),
    GeneratorFlag(
        "--subgroups",
        "subgroup_probability",
        "Probability that a multi-invocation compute test assigns subgroup operations "
        "(basic, vote, arithmetic, ballot) in uniform control flow, run at a recorded "
        "subgroup size; targets of another size, and GL, sit it out"
        + _off("generate/subgroups.py"),
    ),
    GeneratorFlag(
        "--vertex-stage",
        "vertex_stage_probability",
        "Probability that a fragment test gets a generated vertex shader that passes it "
        "flat varyings (in WGSL a module of its own)" + _off("generate/vertex_stage.py"),
    ),
    GeneratorFlag(
        "--textures",
        "texture_probability",
        "Probability that a test gets 2D textures read by texelFetch and, in compute "
        "tests, r32ui/r32i images read by imageLoad and written by imageStore, their "
        "texels recorded as inputs (WGSL: textureLoad/textureStore)" + _off("generate/textures.py"),
    ),
    GeneratorFlag(
        "--texture-sampling",
        "texture_sampling_probability",
        "Probability that a read of a float texture (with --textures) samples it with "
        "nearest filtering at the texel's centre, textureLod (WGSL: textureSampleLevel), "
        "rather than fetching the texel" + _off("ir/sampling.py"),
    ),
    GeneratorFlag(
        "--discard",
        "discard_probability",
        "Probability of each of up to two `if (cond) discard;` on the pixel's coordinates "
        "in a fragment test" + _off("generate/discards.py"),
    ),
    GeneratorFlag(
        "--loop-continuing",
        "loop_continuing_probability",
        "Probability that a for or while loop of a WGSL test is spelled `loop { ... "
        "continuing { ...; break if !c; } }`" + _off("generate/loop_spelling.py"),
    ),
    GeneratorFlag(
        "--pointers",
        "pointer_parameter_probability",
        "Probability that a user function's parameter of a WGSL test is a pointer "
        "(`ptr<function, T>`, WGSL's out/inout; arguments `&v` of whole locals)"
        + _off("emit/wgsl.py"),
    ),
    GeneratorFlag(
        "--preprocessor",
        "preprocessor_probability",
        "Probability of each site (operator, literal, name, line) at which a GLSL test's "
        "text goes through the preprocessor: macros with and without arguments, #undef, "
        "#if/#ifdef/#elif groups, ## (desktop GLSL), __LINE__, #line; the program after "
        "expansion is the same (WGSL: no preprocessor, left alone)" + _off("emit/preprocessor.py"),
    ),
    GeneratorFlag(
        "--specialization",
        "specialization_probability",
        "Probability that a test gets 1-3 specialization constants (int, uint, bool) and "
        "constants derived from them: GL reads the VALUE, Vulkan pipelines set it over "
        "the module's DEFAULT" + _off("generate/specialization.py"),
    ),
    GeneratorFlag(
        "--int64",
        "int64_probability",
        "Probability that an int/uint expression is computed in 64-bit integers "
        "(int64_t, uint64_t; GL_ARB_gpu_shader_int64) and narrowed back; targets without "
        "them answer unsupported (WGSL: none)" + _off("generate/wide_integers.py"),
    ),
    GeneratorFlag(
        "--small-ints",
        "small_int_probability",
        "Probability that an int/uint expression is computed in 8- or 16-bit integers "
        "(int8_t, uint16_t, ...; GL_EXT_shader_explicit_arithmetic_types_int8/_int16) and "
        "widened back; targets without them answer unsupported (Mesa's GL, SwiftShader; "
        "WGSL: none)" + _off("generate/small_integers.py"),
    ),
    GeneratorFlag(
        "--push-constants",
        "push_constant_probability",
        "Probability that a test gets a push-constant block of 1-4 int/uint fields "
        "its expressions read: Vulkan pipelines push it, GL binds it as a std140 block, "
        "WGSL declares it var<immediate> (wgpu's immediates)" + _off("generate/push_constants.py"),
    ),
    GeneratorFlag(
        "--control-flow-attributes",
        "control_flow_attribute_probability",
        "Probability that each if, switch and loop of a GLSL test gets a control-flow "
        "attribute ([[unroll]], [[dont_unroll]], [[loop]], [[flatten]], [[dont_flatten]], "
        "[[branch]]; Vulkan only, GL reads the plain statement)"
        + _off("generate/control_flow_attributes.py"),
    ),
    GeneratorFlag(
        "--initialiser-lists",
        "initialiser_list_probability",
        "Probability that a GLSL 4.50 test's local declaration initialised by an array, "
        "struct, vector or matrix constructor is written `T x = { ... };`, or `T x = {};` "
        "for Vulkan (GL_EXT_null_initializer) where the value is all zero"
        + _off("generate/initialiser_lists.py"),
    ),
    GeneratorFlag(
        "--extra-builtins",
        "extra_builtin_probability",
        "Probability that a test's built-in calls may also be isnan, isinf, packUnorm4x8, "
        "packSnorm4x8, packUnorm2x16, packSnorm2x16, packHalf2x16, unpackHalf2x16, ldexp "
        "(exponent kept in [0, 8]) and frexp (its mantissa scaled by 2^24) on exact floats"
        + _off("analysis/opt_in_builtins.py"),
    ),
    GeneratorFlag(
        "--invariant",
        "invariant_probability",
        "Probability that a generated vertex shader (--vertex-stage) declares its clip "
        "position invariant (GLSL `invariant gl_Position;`, WGSL `@invariant`), which "
        "changes no value" + _off("generate/vertex_stage.py"),
    ),
    GeneratorFlag(
        "--precise",
        "precise_probability",
        "Probability that each float local of a GLSL 4.50 program is declared `precise` "
        "(no reassociation or contraction), which changes no exact value (ESSL 3.10, "
        "WGSL: none)" + _off("generate/precise.py"),
    ),
    GeneratorFlag(
        "--varying-block",
        "varying_block_probability",
        "Probability that a generated vertex shader and its fragment shader (--vertex-stage) "
        "declare their varyings as the members of an interface block (GLSL `out Varyings "
        "{ ... };`), which changes no value" + _off("generate/vertex_stage.py"),
    ),
    GeneratorFlag(
        "--buffer-reference",
        "buffer_reference_probability",
        "Probability that a compute program's storage buffer with an instance name is "
        "declared as a buffer reference (GLSL 4.50 for Vulkan, GL_EXT_buffer_reference) "
        "read through an address at its binding, which changes no value; the targets need "
        "bufferDeviceAddress, GL answers unsupported" + _off("generate/buffer_references.py"),
    ),
    GeneratorFlag(
        "--runtime-arrays",
        "runtime_array_probability",
        "Probability that a compute program's storage buffer ends in a runtime-sized array "
        "(`int f[];`) bound with its values' element count, some indices into it taken "
        "modulo `f.length()`" + _off("generate/runtime_arrays.py"),
    ),
    GeneratorFlag(
        "--fragment-outputs",
        "fragment_output_probability",
        "Probability that a generated fragment shader writes 2 to 4 colour outputs "
        "(locations 0..N-1), drawn as N attachments side by side" + _off("generate/fragment.py"),
    ),
    GeneratorFlag(
        "--doubles",
        "double_probability",
        "Probability that a float expression is computed in doubles (double, dvecN; exact "
        "integers) and narrowed back; targets without shaderFloat64 answer unsupported "
        "(SwiftShader; WGSL: none)" + _off("generate/doubles.py"),
    ),
    GeneratorFlag(
        "--float16",
        "half_probability",
        "Probability that a float expression is computed in halves (float16_t, f16vecN; "
        "integers below 2048) and widened back; targets without shaderFloat16 or the "
        "extension answer unsupported (SwiftShader, GL)" + _off("generate/halves.py"),
    ),
    GeneratorFlag(
        "--narrow-storage",
        "narrow_storage_probability",
        "Probability that a buffer field is 16 or 8 bits wide (float16_t, int16_t, "
        "uint8_t ...; read widened, stored narrowed); targets without 16-/8-bit storage "
        "answer unsupported (SwiftShader, GL; WGSL: f16 only)" + _off("generate/narrow_storage.py"),
    ),
    GeneratorFlag(
        "--mediump",
        "mediump_probability",
        "With --floats interval: probability that each float local and in parameter is "
        "declared mediump (or lowp in GLSL 4.50: RelaxedPrecision on Vulkan); the "
        "interpreter widens relaxed values by the mediump bound (WGSL: none)"
        + _off("generate/relaxed_precision.py"),
    ),
    GeneratorFlag(
        "--index-clamping",
        "index_clamping_probability",
        "Probability that the reconditioner keeps an array index in bounds with clamp() "
        "instead of a modulo wrapper" + _off("recondition/"),
    ),
    GeneratorFlag(
        "--buffer-qualifiers",
        "buffer_qualifier_probability",
        "Probability that a storage buffer gets random memory qualifiers (coherent, "
        "volatile, restrict, writeonly where never read; generate/buffer_qualifiers.py); "
        "default: the generator's ({default}).",
    ),
    GeneratorFlag(
        "--floats",
        "float_mode",
        "How floats behave: exact (every float an exact small integer) or interval (the "
        "inexact operations and built-ins, /, sqrt, exp, log, pow, sin, cos, mix, "
        "smoothstep, normalize..., in ranges where Vulkan's precision table applies, judged "
        "on intervals: generate/inexact.py, recondition/interval_floats.py); recorded in "
        "the test's provenance; default: the generator's ({default}).",
        choices=CHOICE_OPTIONS["float_mode"],
    ),
    GeneratorFlag(
        "--swarm",
        "swarm",
        "Swarm testing (Groce et al. 2012): each program leaves out a random set of "
        "constructs, drawn from its seed and recorded in its provenance "
        "(generate/swarm.py); default: on in fuzz (chosen by bench/yield.py), off in "
        "metamorphic and fuse.",
        switch=True,
    ),
)


def _option(flag: GeneratorFlag) -> Callable[[Any], Any]:
    if flag.choices:
        choice = click.Choice(flag.choices)
        return click.option(flag.flag, flag.name, type=choice, default=None, help=flag.shown_help)
    if flag.switch:
        name = flag.flag.removeprefix("--")
        return click.option(
            f"{flag.flag}/--no-{name}", flag.name, default=None, help=flag.shown_help
        )
    return click.option(
        flag.flag, flag.name, type=FiniteRange(0, 1), default=None, help=flag.shown_help
    )


FRAGMENT = GeneratorFlag("--fragment", "fragment_probability", "")
_FIELDS = {flag.name: flag.field for flag in (*GENERATOR_FLAGS, FRAGMENT)}


def from_flags(
    base: SmithOptions | None = None, **given: float | bool | str | None
) -> SmithOptions:
    """`base` (else the generator's defaults) with the flags given, named as Python
    spells them (`buffer_structs=0.3`); None leaves an option as it is."""
    chosen: dict[str, Any] = {_FIELDS[n]: v for n, v in given.items() if v is not None}
    return dataclasses.replace(base or SmithOptions(), **chosen)


def generator_options(
    **command_defaults: Any,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add every generator flag, `--fragment` with this command's default share, and
    `--config FILE` to a click command, which then takes `generator: SmithOptions`: the
    generator's defaults with `command_defaults` (SmithOptions fields), then the file's
    [generator] table, then the flags given."""
    fragment_default = command_defaults.get("fragment_probability", 0.0)

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            given = {name: kwargs.pop(name) for name in _FIELDS}
            config: Path | None = kwargs.pop("config")
            preset: str | None = kwargs.pop("preset")
            base = dataclasses.replace(SmithOptions(), **command_defaults)
            if preset is not None:
                base = options_from_dict({**options_to_dict(base), **PRESETS[preset]})
            options = read_config(config, base) if config is not None else base
            kwargs["generator"] = from_flags(options, **given)
            return command(*args, **kwargs)

        decorated: Callable[..., Any] = wrapper
        for flag in reversed(GENERATOR_FLAGS):
            decorated = _option(flag)(decorated)
        decorated = click.option(
            FRAGMENT.flag,
            FRAGMENT.name,
            type=FiniteRange(0, 1),
            default=None,
            help="Share of tests that are fragment shaders drawn over a 64x64 target (the "
            f"others are compute shaders); default: {fragment_default}.",
        )(decorated)
        decorated = click.option(
            "--preset",
            type=click.Choice(sorted(PRESETS)),
            default=None,
            help="A named set of generator options, under --config and the flags: deeper "
            "(every deeper construct: matrices, structs, atomics, textures, subgroups, "
            "...) or every (those and the whole language table's features: 64/16/8-bit "
            "types, specialization and push constants, control-flow attributes, the "
            "opt-in exact built-ins, invariant).",
        )(decorated)
        return click.option(
            "--config",
            type=click.Path(dir_okay=False, path_type=Path),
            help="A TOML settings file whose [generator] table sets generator options by "
            "their names (e.g. struct_probability = 0.4); the flags given override it.",
        )(decorated)

    return decorate


def read_config(path: Path, base: SmithOptions | None = None) -> SmithOptions:
    """The generator options a settings file gives (the rest: `base`'s, else the
    defaults). A file that is not one is a click.BadParameter naming it, in one line."""
    try:
        data = path.read_bytes()
        if len(data) > MAX_CONFIG_BYTES:
            raise ValueError(f"{len(data)} bytes, more than a settings file holds")
        table = tomllib.loads(data.decode("utf-8")).get(CONFIG_SECTION, {})
        if not isinstance(table, dict):
            raise ValueError(f"[{CONFIG_SECTION}] is not a table")
        options = options_from_dict({**options_to_dict(base or SmithOptions()), **table})
        for name in PROBABILITIES:
            if not 0.0 <= getattr(options, name) <= 1.0:
                raise ValueError(f"{name} must be a probability, from 0 to 1")
        return options
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, TypeError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise click.BadParameter(f"{path}: {message}", param_hint="--config") from None
