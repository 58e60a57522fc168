"""GLSLsmith: random compute shaders (seed 004 section 4.2, seed 003), and ShaDiv's
multi-invocation ones (seed 000: divergence.py, invocations.py, liveness.py).

`generate(seed, options, profile)` builds a typed IR program over several std430 storage
buffers, with integer, boolean and exact-float computation, vectors and swizzles,
built-ins, user functions with in/out/inout parameters and every control-flow form.
The program compiles but may have undefined behaviour at run time (out-of-bounds
indices, division by zero, endless loops, unordered side effects...): the reconditioner
removes it before the program runs (seed 003, section 3).

Choices that the IR does not show are recorded in `GeneratedProgram.choices`, a counter
of labels (how many times each was used):
- `value:full`, `value:special`, `value:small`, `value:large`: the skewed generator that
  served an int/uint literal, case label or buffer value (seed 004, section 4.2.5);
- `switch:guided`, `switch:empty`, `switch:default_only`, `switch:arbitrary`,
  `switch:default`, `switch:fallthrough` (see switches.py);
- `for:guided`, `for:step_add`, `for:step_sub`, `for:step_mul`, `for:step_div`,
  `for:infinite`, `for:partial`, `for:arbitrary` (see loops.py);
- `dispatch:multi_invocation`, `divergence:exchange`, `divergence:uniform_if`,
  `divergence:uniform_loop`, `divergence:divergent_loop`, `liveness:extended` (see
  divergence.py and liveness.py), `liveness:across_blocks` (of those uses, the ones
  outside the definition's statement list);
- `swarm` and `swarm:omitted:<construct>`: the program's configuration was drawn by
  swarm testing (swarm.py), and what it left out.

With `options.swarm`, the program is generated from the configuration swarm.py draws for
its seed; `GeneratedProgram.options` is that configuration (swarm off), which the test's
provenance records, so a replay regenerates the same program from it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

from shadersmith.analysis.divergence import DivergenceAnalysis
from shadersmith.analysis.subgroups import uses_subgroups
from shadersmith.config.generator_options import (
    VALUE_GENERATORS,
    SmithOptions,
    options_from_dict,
    options_to_dict,
)
from shadersmith.generate.atomics import add_atomic_targets
from shadersmith.generate.buffer_qualifiers import qualify_buffers
from shadersmith.generate.buffer_references import reference_buffers
from shadersmith.generate.buffer_structs import BufferStructs
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.control_flow_attributes import mark_control_flow
from shadersmith.generate.discards import add_discards
from shadersmith.generate.divergence import DivergenceDriver, declare_invocation_builtins
from shadersmith.generate.expressions import ExpressionGenerator
from shadersmith.generate.fragment import as_fragment, colour_outputs
from shadersmith.generate.functions import global_variables, main_function, user_function
from shadersmith.generate.image_atomics import add_atomic_images
from shadersmith.generate.initialiser_lists import spell_initialisers
from shadersmith.generate.interface import buffer_field_type, declare_buffers, make_buffers
from shadersmith.generate.invocations import FragmentLayout, InvocationLayout, choose_layout
from shadersmith.generate.liveness import liveness_extension
from shadersmith.generate.loop_spelling import spell_loops
from shadersmith.generate.precise import make_precise
from shadersmith.generate.push_constants import push_constant_block
from shadersmith.generate.relaxed_precision import relax_declarations
from shadersmith.generate.runtime_arrays import unsize_arrays
from shadersmith.generate.specialization import specialization_constants
from shadersmith.generate.statements import StatementGenerator
from shadersmith.generate.structs import StructExpressions
from shadersmith.generate.subgroups import draw_subgroup_size
from shadersmith.generate.swarm import omitted_labels, swarm_options
from shadersmith.generate.textures import TextureExpressions, bind_textures, draw_textures
from shadersmith.generate.vertex_stage import (
    choose_varyings,
    declare_varyings,
    varying_block,
    vertex_program,
)
from shadersmith.ir.profile import GLSL450, Language, LanguageProfile
from shadersmith.ir.program import Function, MacroSpelling, Program, Stage
from shadersmith.ir.values import BufferValues

__all__ = [
    "DEFAULT_OPTIONS",
    "VALUE_GENERATORS",
    "GeneratedProgram",
    "SmithOptions",
    "generate",
    "options_from_dict",
    "options_to_dict",
]


DEFAULT_OPTIONS = SmithOptions()


@dataclass(frozen=True)
class GeneratedProgram:
    program: Program  # stage COMPUTE; local_size (1, 1, 1) unless multi-invocation
    buffer_values: BufferValues  # initial contents: block name -> field name -> value
    options: SmithOptions  # what generated it: under swarm testing, the drawn configuration
    seed: int
    # Labels of generation choices invisible in the IR, with use counts (see above).
    choices: Counter[str] = field(default_factory=Counter)
    # How many work groups the program is dispatched as (invocations.py).
    workgroups: tuple[int, int, int] = (1, 1, 1)
    # A fragment shader's target size (width, height); None for a compute shader.
    framebuffer: tuple[int, int] | None = None
    # A fragment shader's generated vertex shader (generate/vertex_stage.py), which writes
    # the flat varyings the fragment program reads; None: the runners' fixed one.
    vertex: Program | None = None
    # Whether the reconditioner bounds this program's indices with clamp() rather than
    # the SAFE_INDEX wrapper (ReconditionOptions.index_clamping; _choose_index_clamping).
    index_clamping: bool = False
    # The subgroup size the program's test runs at (generate/subgroups.py); None for a
    # program without subgroup operations.
    subgroup_size: int | None = None

    @property
    def invocations(self) -> int:
        if self.framebuffer is not None:
            return self.framebuffer[0] * self.framebuffer[1]
        x, y, z = self.program.local_size
        return x * y * z * self.workgroups[0] * self.workgroups[1] * self.workgroups[2]


def generate(
    seed: int, options: SmithOptions = DEFAULT_OPTIONS, profile: LanguageProfile = GLSL450
) -> GeneratedProgram:
    """A random program; the same seed, options and profile give an equal program."""
    swarm = options.swarm
    options = swarm_options(seed, options)
    fragment = _choose_fragment(seed, options)
    layout = None if fragment is not None else choose_layout(seed, options)
    ctx = GenerationContext(seed, options, profile, layout)
    if swarm:
        ctx.choices["swarm"] += 1
        ctx.choices.update(omitted_labels(options))
    ctx.fragment = fragment is not None
    varyings = None if fragment is None else choose_varyings(seed, options, profile)
    clamping = _choose_index_clamping(seed, options)
    if clamping:
        ctx.choices["recondition:index_clamping"] += 1
    expressions = ExpressionGenerator(ctx)
    # Textures come from a stream of the seed's own: without them, nothing is drawn here.
    textures, texture_values = draw_textures(seed, options, profile, fragment is not None, layout)
    if textures is not None:
        expressions.textures = TextureExpressions(expressions, textures)
        ctx.choices["texture:declared"] += len(textures.textures)
    # Images only image atomics update (image_atomics.py): a stream of the seed's own.
    textures, image_values, atomic_images = add_atomic_images(
        seed, options, profile, layout, textures
    )
    texture_values = {**texture_values, **image_values}
    statements = StatementGenerator(ctx, expressions)
    buffers, buffer_values = make_buffers(ctx, _buffer_structs(ctx, expressions))
    declare_buffers(ctx, buffers)
    if varyings is not None:
        declare_varyings(ctx, varyings)
    # Counter fields come after the scope's buffers: no plain access reaches them, and
    # main's closing writes (of `written`) leave them out.
    written = buffers
    buffers, buffer_values, atomics = add_atomic_targets(
        seed, options, profile, layout, buffers, buffer_values
    )
    pushed, pushed_values = push_constant_block(seed, options, profile, ctx, buffers)
    buffers, buffer_values = (*buffers, *pushed), {**buffer_values, **pushed_values}
    subgroup_size = draw_subgroup_size(
        seed, options, profile, None if layout is None else layout.local_size
    )
    driver: DivergenceDriver | None = None
    if layout is not None:
        declare_invocation_builtins(ctx)
    # Declared before the other globals: any of them may read these (not in const
    # initialisers: generate/specialization.py).
    specialized = specialization_constants(seed, options, profile, ctx)
    globals_ = (*specialized, *global_variables(statements))
    steering: InvocationLayout | FragmentLayout | None = (
        fragment if fragment is not None else layout
    )
    if steering is not None:
        analysis = DivergenceAnalysis(global_names=[g.name for g in globals_], buffers=buffers)
        driver = DivergenceDriver(
            ctx, steering, analysis, atomics, subgroup_size is not None, atomic_images
        )
        driver.make_shared()
        ctx.divergence = driver
    functions: list[Function] = []
    for _ in range(ctx.rng.randint(0, options.max_functions)):
        functions.append(user_function(statements))
        if driver is not None:
            driver.analysis.add_function(functions[-1])
    functions.append(main_function(statements, written))
    program = Program(
        stage=Stage.COMPUTE,
        functions=tuple(functions),
        structs=() if expressions.structs is None else tuple(expressions.structs.declared),
        buffers=buffers,
        globals=globals_,
        local_size=(1, 1, 1) if layout is None else layout.local_size,
        shared=() if driver is None else driver.declared_shared(),
    )
    if fragment is not None:
        ctx.choices["stage:fragment"] += 1
        if options.liveness_extension_probability > 0:
            program = _extend_liveness(program, ctx)
        colours = 1
        if not ctx.interval_floats:  # interval mode keeps one float colour
            colours = colour_outputs(seed, options.fragment_output_probability)
        if colours > 1:
            ctx.choices["fragment:outputs"] += colours
        program, buffer_values = as_fragment(program, buffer_values, ctx.interval_floats, colours)
        program = bind_textures(program, textures)
        buffer_values = {**buffer_values, **texture_values}
        size = (fragment.width, fragment.height)
        program, discards = add_discards(program, seed, options.discard_probability, size)
        if discards:
            ctx.choices["fragment:discard"] += discards
        vertex = None
        if varyings is not None:
            program = replace(program, inputs=varyings, input_block=varying_block(seed, options))
            vertex, vertex_choices = vertex_program(seed, options, profile, program, varyings)
            ctx.choices["vertex:stage"] += 1
            ctx.choices.update(f"vertex:varying:{v.type}" for v in varyings)
            ctx.choices.update({f"vertex:{k}": n for k, n in vertex_choices.items()})
        program = _spell_loops(program, seed, ctx)
        program = _mark_control_flow(program, seed, ctx)
        program = _spell_initialisers(program, seed, ctx)
        program = _relax_precision(program, seed, ctx)
        program = make_precise(program, seed, options.precise_probability, profile, ctx.choices)
        program = _spell_macros(program, seed, ctx)
        if vertex is not None:
            vertex = _spell_macros(vertex, seed, ctx)
        return GeneratedProgram(
            program,
            buffer_values,
            options,
            seed,
            ctx.choices,
            framebuffer=size,
            index_clamping=clamping,
            vertex=vertex,
        )
    workgroups = (1, 1, 1)
    if layout is not None:
        workgroups = layout.workgroups
        ctx.choices["dispatch:multi_invocation"] += 1
        if driver is not None and options.liveness_extension_probability > 0:
            program = _extend_liveness(program, ctx)
    program = bind_textures(program, textures)
    buffer_values = {**buffer_values, **texture_values}
    if profile.buffer_memory_qualifiers:
        # Last: whether a buffer may be writeonly depends on the finished program.
        program = qualify_buffers(program, seed, options.buffer_qualifier_probability, ctx.choices)
    program = reference_buffers(
        program, seed, options.buffer_reference_probability, profile, ctx.choices
    )
    program = unsize_arrays(program, seed, options.runtime_array_probability, ctx.choices)
    program = _spell_loops(program, seed, ctx)
    program = _mark_control_flow(program, seed, ctx)
    program = _spell_initialisers(program, seed, ctx)
    program = _relax_precision(program, seed, ctx)
    program = make_precise(program, seed, options.precise_probability, profile, ctx.choices)
    program = _spell_macros(program, seed, ctx)
    if subgroup_size is not None and not uses_subgroups(program):
        subgroup_size = None  # drawn, but no uniform point took one
    return GeneratedProgram(
        program,
        buffer_values,
        options,
        seed,
        ctx.choices,
        workgroups,
        index_clamping=clamping,
        subgroup_size=subgroup_size,
    )


def _extend_liveness(program: Program, ctx: GenerationContext) -> Program:
    """ShaDiv's M_liv with the generator's own stream, its uses counted in the choices."""
    options = ctx.options
    extension = liveness_extension(
        program, ctx.rng, options.liveness_extension_probability, options.liveness_across_blocks
    )
    if extension.uses:
        ctx.choices["liveness:extended"] += extension.uses
    if extension.across_blocks:
        ctx.choices["liveness:across_blocks"] += extension.across_blocks
    return extension.program


def _spell_loops(program: Program, seed: int, ctx: GenerationContext) -> Program:
    """Some loops spelled `loop { continuing }` where the language has that form."""
    if not ctx.profile.loop_continuing:
        return program
    return spell_loops(program, seed, ctx.options.loop_continuing_probability, ctx.choices)


def _mark_control_flow(program: Program, seed: int, ctx: GenerationContext) -> Program:
    """Control-flow attributes on some ifs, switches and loops, in GLSL's family only
    (WGSL has no such hints)."""
    if ctx.profile.language.family is not Language.GLSL:
        return program
    probability = ctx.options.control_flow_attribute_probability
    return mark_control_flow(program, seed, probability, ctx.choices)


def _spell_initialisers(program: Program, seed: int, ctx: GenerationContext) -> Program:
    """Brace lists and `{}` for some local declarations, where the language has them."""
    if not ctx.profile.initialiser_lists:
        return program
    probability = ctx.options.initialiser_list_probability
    return spell_initialisers(program, seed, probability, ctx.choices)


def _relax_precision(program: Program, seed: int, ctx: GenerationContext) -> Program:
    """mediump/lowp on some float locals and parameters, in interval mode only (exact
    mode's floats are exact integers the interpreter never widens)."""
    if ctx.options.float_mode != "interval":
        return program
    probability = ctx.options.mediump_probability
    return relax_declarations(program, seed, probability, ctx.profile, ctx.choices)


def _spell_macros(program: Program, seed: int, ctx: GenerationContext) -> Program:
    """The program marked to be written through the preprocessor (emit/preprocessor.py),
    in GLSL's family only (WGSL has no preprocessor); no draw is made here, the emitter
    draws from a stream of the seed's own."""
    probability = ctx.options.preprocessor_probability
    if probability <= 0.0 or ctx.profile.language.family is not Language.GLSL:
        return program
    ctx.choices[f"preprocessor:{program.stage.value}"] += 1
    return replace(program, macros=MacroSpelling(seed, probability))


def _buffer_structs(
    ctx: GenerationContext, expressions: ExpressionGenerator
) -> BufferStructs | None:
    """The maker of buffer fields' struct types when buffer structs are on (None, and no
    draw, when off); it declares them through the struct generator, made here when
    structs of the program's code are off."""
    if ctx.options.buffer_struct_probability <= 0:
        return None
    if expressions.structs is None:
        expressions.structs = StructExpressions(expressions)
    return BufferStructs(ctx, expressions.structs, lambda: buffer_field_type(ctx))


def _choose_index_clamping(seed: int, options: SmithOptions) -> bool:
    """Whether the program of `seed` is reconditioned with clamped indices: a stream of
    its own, so that the program stays what it was before the choice existed."""
    if options.index_clamping_probability <= 0.0:
        return False
    rng = random.Random(f"shadersmith-index-clamping-{seed}")
    return rng.random() < options.index_clamping_probability


def _choose_fragment(seed: int, options: SmithOptions) -> FragmentLayout | None:
    """Whether the program of `seed` is a fragment shader: a random stream of its own,
    so that a compute program of a seed stays the program it was before."""
    if options.fragment_probability <= 0.0:
        return None
    rng = random.Random(f"shadersmith-stage-{seed}")
    if rng.random() >= options.fragment_probability:
        return None
    return FragmentLayout()
