"""What the interpreter reports: undefined behaviour found by the sanitizer, and programs
it cannot run at all."""

from __future__ import annotations

import enum


class UBCategory(enum.Enum):
    """The categories of undefined behaviour of seed 003, Table 7 (GLSL column)."""

    OUT_OF_BOUNDS = "out_of_bounds"
    BUILTIN_DOMAIN = "builtin_domain"
    DIVISION = "division"
    MODULO = "modulo"
    SHIFT = "shift"
    # Rounding, and a float leaving the exact set S of seed 003 section 4.3 where it matters.
    FLOAT_ROUNDOFF = "float_roundoff"
    UNINITIALISED = "uninitialised"
    EVALUATION_ORDER = "evaluation_order"
    # Two out/inout arguments of one call copied back to a common scalar: GLSL leaves the
    # order of copy-backs undefined (not in seed 003's table; see analysis/aliasing.py).
    ALIASING_OUT_ARGUMENTS = "aliasing_out_arguments"
    NON_TERMINATION = "non_termination"
    # Two invocations touching one slot of a storage buffer (in one dispatch) or of a
    # `shared` variable (between two barriers), one of them writing it (races.py).
    DATA_RACE = "data_race"
    # A barrier() some invocations of the work group never reach, or reach at another
    # barrier: defined only in uniform control flow (dispatch.py).
    DIVERGENT_BARRIER = "divergent_barrier"
    # A subgroup operation that not every active invocation of the subgroup reaches
    # together (defined only in uniform control flow), or a subgroupBroadcast from an
    # inactive or varying lane (interp/subgroups.py).
    NON_UNIFORM_SUBGROUP = "non_uniform_subgroup"
    # WGSL only: the program is not valid WGSL, because a const-expression in it is a
    # shader-creation error (a division by a const zero, a const overflow, ...;
    # analysis/wgsl_constants.py). A compiler accepting it computes no wrong value: the
    # program is ours to fix, as with undefined behaviour (issue 22).
    WGSL_CREATION_ERROR = "wgsl_creation_error"


class UndefinedBehaviour(Exception):
    """The first undefined behaviour an execution reached; the execution stops there."""

    def __init__(self, category: UBCategory, function: str, location: str, message: str) -> None:
        super().__init__(category, function, location, message)
        self.category = category
        self.function = function
        self.location = location
        self.message = message

    def __str__(self) -> str:
        return f"{self.category.value}: {self.message} [{self.location}]"


class InterpreterError(Exception):
    """The program is outside what the interpreter runs: malformed IR (an unknown name, a
    type mismatch), or a construct the stage forbids (`discard` in a compute shader)."""


class FragmentDiscarded(InterpreterError):
    """A fragment executed `discard`: it ends there and writes nothing (GLSL 4.6 section
    6.4; WGSL's discard demotes to a helper invocation, which writes nothing either, and
    our fragment programs write no buffers). `FragmentInterpreter.run` turns it into the
    cleared pixel; anywhere else (a compute shader) it stays an InterpreterError."""
