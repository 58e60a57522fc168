"""`recondition`: any program in, a program free of undefined behaviour out.

The passes run in this order, each a function from program to program:

0. reserved_names   rename user names that use the reserved prefixes `SAFE_` and `_ss_`;
   switch_ends      a `break;` under a switch's last label when it has no statement
1. initialise       default values for uninitialised variables and `out` parameters,
                    and a final `return` for functions that may fall off their end
2. loop_limiters    per-loop and whole-invocation iteration bounds
3. evaluation_order temporaries for side effects GLSL does not order, the copy-backs of
                    aliasing out/inout arguments included (`f(x, x)`); after the loop
                    limiters, because the whole-invocation counter is itself a side
                    effect: `f() + g()` where both loop must not race on it
4. index_bounds     every run-time index taken into range (a wrapper, or clamp()), and
                    every texel coordinate clamped into its texture (texture_coordinates;
                    a float texture's centre reads are hidden from passes 1 to 10 there)
5. integer_wrappers wrappers for integer `/ % << >>` and unsafe built-ins (for WGSL,
                    only float clamp: see ReconditionOptions.language)
6. exact_floats     floats kept in the exact set S; in interval mode (options.floats)
   interval_floats  instead: floats kept finite, bounded, and where the precision table
                    applies (issue 37)
   wgsl_validity    (WGSL only) no shader-creation error: const zero divisors and huge
                    const shift amounts wrapped, overflowing const-expressions folded
7. constness        initialisers that had to stop being constant expressions
8. materialise      definitions of the wrappers used, and only those
9. barriers         no barrier() in divergent control flow (analysis/divergence.py), on
                    the program as it runs, loop limiters and wrappers included
10. writeonly_reads no `writeonly` on a buffer the program reads (a compile error, not
                    undefined behaviour, but what a reduction or a transformation makes)
11. qualified_arguments (GLSL only) a copy, not the variable, for each argument that
                    would drop a memory qualifier of its buffer (`coherent`, `volatile`,
                    `readonly`, `writeonly`) at a user function's parameter: a compile error
                    on NVIDIA and Mali, which the wrappers of passes 5 and 6 make as often as
                    the generator; after pass 8, which defines the wrappers' parameters

Passes 4 to 6 only ever wrap what they find, so each sees the others' output as safe
(a wrapper call is a user call of a pure function); wrapper definitions are added last so
no pass rewrites them. The buffer contents are completed and mapped into S alongside.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.recondition.barriers import remove_divergent_barriers
from shadersmith.recondition.buffer_values import complete_buffer_values, runtime_array_lengths
from shadersmith.recondition.constness import restore_constness
from shadersmith.recondition.evaluation_order import order_evaluation
from shadersmith.recondition.exact_floats import float_rewrite, wgsl_float_rewrite
from shadersmith.recondition.index_bounds import index_rewrite
from shadersmith.recondition.initialise import initialise
from shadersmith.recondition.integer_wrappers import integer_rewrite
from shadersmith.recondition.interval_floats import interval_rewrite, wgsl_interval_rewrite
from shadersmith.recondition.loop_limiters import limit_loops
from shadersmith.recondition.materialise import add_wrapper_definitions, called_wrappers
from shadersmith.recondition.qualified_arguments import copy_qualified_arguments
from shadersmith.recondition.reserved_names import rename_reserved
from shadersmith.recondition.rewrite import ExpressionRewrite, compose, rewrite_program_expressions
from shadersmith.recondition.switch_ends import close_switches
from shadersmith.recondition.texture_coordinates import (
    hide_centre_samples,
    show_centre_samples,
    texture_coordinate_rewrite,
)
from shadersmith.recondition.wgsl_validity import wgsl_validity_rewrite
from shadersmith.recondition.writeonly_reads import drop_read_writeonly


@dataclass(frozen=True)
class ReconditionOptions:
    # Iterations of one loop per entry into it.
    loop_iteration_limit: int = 32
    # Iterations of all loops together, per invocation.
    total_iteration_limit: int = 1000
    evaluation_order: bool = True
    initialisation: bool = True
    loop_limiters: bool = True
    index_bounds: bool = True
    integer_wrappers: bool = True
    # Pass 6 on or off; which pass it is: exact_floats.py (FloatMode.EXACT) or
    # interval_floats.py (FloatMode.INTERVAL, SmithOptions.float_mode "interval"), which
    # maps buffer floats into its bound instead of S. Recorded in the recondition step
    # (as its value), so a test replays; a record made before it reads as EXACT.
    exact_floats: bool = True
    floats: FloatMode = FloatMode.EXACT
    # abs(INT_MIN) is INT_MIN in GLSL, but some back-ends treat it as poison.
    wrap_int_abs: bool = True
    divergent_barriers: bool = True
    # How index_bounds.py bounds a run-time index: False, the SAFE_INDEX wrapper
    # (`|i| % n` when out of range); True, the built-in `clamp(i, 0, n - 1)`. Drawn per
    # generated program (GeneratedProgram.index_clamping); False in records made before.
    index_clamping: bool = False
    # Pass 11: copies for the arguments that would drop a memory qualifier. A record made
    # before the pass has no such field and replays without it (step.py), so that its
    # program is rebuilt byte for byte.
    qualified_copies: bool = True
    # Whose rules decide what is undefined: GLSL's (for GLSL and ESSL alike:
    # Language.family, so ESSL is taken and recorded as GLSL) or WGSL's. WGSL defines
    # what GLSL leaves undefined in integer / and % (by zero, INT_MIN / -1), shifts by any
    # amount, abs(INT_MIN), integer clamp with bounds out of order, bit-field offsets and
    # counts out of range, float-to-uint conversion of a negative value and the order of
    # evaluation: those stay as written (the interpreter's WGSL mode computes WGSL's
    # answer, interp/semantics.py). Out-of-bounds indices, endless loops, float roundoff
    # and float clamp with bounds out of order (min-max or median, the implementation's
    # choice) are still made defined. Recorded in the recondition step (as its value,
    # "glsl" or "wgsl"), so a test replays.
    language: Language = Language.GLSL

    def __post_init__(self) -> None:
        if not isinstance(self.language, Language):
            raise ValueError(f"recondition language must be a Language, not {self.language!r}")
        object.__setattr__(self, "language", self.language.family)
        if not isinstance(self.floats, FloatMode):
            raise ValueError(f"recondition floats must be a FloatMode, not {self.floats!r}")

    @property
    def wgsl(self) -> bool:
        return self.language is Language.WGSL

    @property
    def interval(self) -> bool:
        return self.floats is FloatMode.INTERVAL


@dataclass(frozen=True)
class Reconditioned:
    program: Program
    buffer_values: BufferValues
    # Names of the wrapper functions the program defines and calls.
    wrappers_used: tuple[str, ...]
    # Loop counter name -> its bound (the whole-invocation counter included).
    bounds: dict[str, int] = field(default_factory=dict)


def recondition(
    program: Program,
    buffer_values: BufferValues,
    options: ReconditionOptions = ReconditionOptions(),
) -> Reconditioned:
    """`program`, rewritten so that no execution on the returned buffer values has
    undefined behaviour. `program` and `buffer_values` are not modified."""
    values = complete_buffer_values(
        program,
        buffer_values,
        exact_floats=options.exact_floats and not options.interval,
        interval_floats=options.exact_floats and options.interval,
    )
    # A float texture's centre reads keep their exact coordinate out of every pass's way
    # (texture_coordinates.py); their integer texel is reconditioned like any index.
    result = hide_centre_samples(close_switches(rename_reserved(program)))
    if options.initialisation:
        result = initialise(result)
    bounds: dict[str, int] = {}
    if options.loop_limiters:
        result, bounds = limit_loops(
            result, options.loop_iteration_limit, options.total_iteration_limit
        )
    # WGSL evaluates left to right and has no side effects inside expressions but calls.
    if options.evaluation_order and not options.wgsl:
        result = order_evaluation(result)
    # Passes 4 to 6 rewrite single nodes; they share one traversal (see rewrite.compose).
    rewrites: list[ExpressionRewrite] = []
    interval = options.exact_floats and options.interval
    if options.index_bounds:
        lengths = runtime_array_lengths(result, values)
        rewrites.append(index_rewrite(lengths, options.index_clamping))
        if result.textures:
            rewrites.append(texture_coordinate_rewrite(result))
    if interval:
        # Before the integer wrappers: a float clamp gets interval mode's wrapper, which
        # orders its bounds without comparing them (wrappers/interval.py).
        rewrites.append(wgsl_interval_rewrite if options.wgsl else interval_rewrite)
    if options.integer_wrappers:
        rewrites.append(integer_rewrite(wrap_abs=options.wrap_int_abs, wgsl=options.wgsl))
    if options.exact_floats and not interval:
        rewrites.append(wgsl_float_rewrite if options.wgsl else float_rewrite)
    if options.wgsl:
        rewrites.append(wgsl_validity_rewrite(result))
    if rewrites:
        result = rewrite_program_expressions(result, compose(rewrites))
    result = restore_constness(result)
    wrappers = called_wrappers(result)
    result = add_wrapper_definitions(result, wrappers)
    if options.divergent_barriers:
        result, _ = remove_divergent_barriers(result)
    result = drop_read_writeonly(result)
    if options.qualified_copies and not options.wgsl:
        result = copy_qualified_arguments(result)
    result = show_centre_samples(result)
    return Reconditioned(result, values, wrappers, bounds)
