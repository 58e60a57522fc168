"""A reference interpreter of the IR with exact GLSL 4.50 semantics and an
undefined-behaviour sanitizer.

    run_compute(program, buffer_values, *, step_budget=2_000_000, sanitize=True)
        -> ExecutionResult(buffers, steps), or raises UndefinedBehaviour

The program is compiled once into Python closures (one per IR node, specialised by operator
and type; see expressions.py and statements.py) and then run; `compile_program` keeps the
compiled form for several runs.

Semantics: 32-bit two's-complement int and uint wrap-around; division truncates toward
zero; float32 arithmetic rounded per operation; GLSL conversions; copy-in/copy-out
parameters, copied back at return in argument order. Without the sanitizer, an undefined
operation gives a deterministic value (x / 0 is -1 or 1, u / 0u is 0xFFFFFFFF, shift
amounts are masked to 5 bits, an out-of-bounds index is clamped (an index into an empty
runtime-sized array still raises OUT_OF_BOUNDS: there is no element to give), uninitialised
slots read as zero).

Sanitizer (stops at the first undefined behaviour; UBCategory names it):
- OUT_OF_BOUNDS: an index outside [0, length) of an array (a runtime-sized buffer array
  has the length of its input value), vector, matrix or swizzle.
- DIVISION: integer / by zero, INT_MIN / -1 (also /=). MODULO: % by zero or with a
  negative operand (INT_MIN % -1 included).
- SHIFT: a shift amount outside [0, 32), per component.
- BUILTIN_DOMAIN: clamp with minVal > maxVal; bitfieldExtract/Insert with offset < 0,
  bits < 0 or offset + bits > 32; abs(INT_MIN) unless `abs_int_min_is_ub=False` (GLSL
  defines abs by -x, which wraps to INT_MIN, and seed 003 section 2.1 calls it
  well-defined; it is flagged by default because the reconditioner's SAFE_ABS exists for
  it); uint() of a negative float; sign, min, max, clamp, floor, ceil, trunc, round and
  roundEven of a float outside the exact set S.
- FLOAT_ROUNDOFF (exactness.py): S is the integers x with -2^24+1 < x < 2^24-1, zero
  excepted. Flagged: an operand outside S of float +, -, *, ++, --, dot, cross and matrix
  products; a float outside S converted to int, uint or bool, passed to floatBitsToInt or
  floatBitsToUint, or stored to a storage buffer; a dot/cross/matrix product whose result
  depends on how intermediates round; any float division (GLSL only promises 2.5 ULP); a
  comparison whose outcome depends on how an earlier result was rounded. Not flagged: a
  +, -, * or float(int) whose exact result merely is not a float32 (with operands in S the
  rounded value has magnitude >= 2^24 under every rounding, so MAKE_IN_RANGE's
  `abs(x) >= 16777216.0` still catches it; the value is kept with the interval of results
  other implementations may give, and using it any other way is flagged); values outside S
  compared, selected by ?: or mix, copied, negated or passed through abs.
- UNINITIALISED: reading a slot never written, per scalar component: a local or global
  declared without initialiser, an out parameter before the callee writes it, a non-void
  function ending without return, or a buffer left holding an undefined value by an out
  argument. Reading the whole of a partly written vector or array is a read of every slot.
  The copy-in of an inout argument and the copy-out of an out parameter carry undefined
  slots without complaint: reading them later is what counts.
- EVALUATION_ORDER (evaluation_order.py): two unordered operands touching one scalar
  location, one of them writing it. Unordered: the operands of every binary operator but
  && and ||, the arguments of calls and constructors, the l-value and the value of an
  assignment, the base and the index of an indexing. The store of an assignment comes
  after both sides but conflicts with a write by either (`x = x++`); `x = x + 1` and
  `x += 1` are fine. Accesses inside a called function count for the call. Deliberate
  choices: call arguments are treated as unordered, which is stricter than GLSL 4.50
  section 6.1.1 (left to right), so `f(x++, x)` is flagged; an out argument's copy-back
  happens after the callee returns, after every argument was evaluated, so it does not
  conflict with another argument reading or writing the same variable (seed 004's
  `f(x, y, x)` with out parameters p0, p1 is well defined).
- ALIASING_OUT_ARGUMENTS: two out/inout arguments of one call copied back to a common
  scalar (GLSL leaves the copy-back order undefined), on the places actually written:
  `f(x[i], x[j])` is flagged when i == j at run time, not otherwise. (An overlap that
  analysis/aliasing.py, the static test of generator and reconditioner, calls impossible
  raises AssertionError: that test must be sound.)
- NON_TERMINATION: more steps than `step_budget` (a step: each statement of a block
  entered, each loop iteration).
"""

from typing import TYPE_CHECKING, Any

from shadersmith.interp.errors import InterpreterError, UBCategory, UndefinedBehaviour

if TYPE_CHECKING:
    from shadersmith.interp.program import (
        CompiledProgram,
        ExecutionResult,
        compile_program,
        run_compute,
    )

# The compiler of programs is loaded at its first use, not with the package: a target's
# worker imports `interp.float_mode` (through targets/job.py) and nothing else of the
# interpreter, and every worker of every session paid ~0.1 s of CPU to load it.
_LAZY = frozenset({"CompiledProgram", "ExecutionResult", "compile_program", "run_compute"})


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        # Imported here: the compiler loads at its first use (above).
        from shadersmith.interp import program

        return getattr(program, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CompiledProgram",
    "ExecutionResult",
    "InterpreterError",
    "UBCategory",
    "UndefinedBehaviour",
    "compile_program",
    "run_compute",
]
