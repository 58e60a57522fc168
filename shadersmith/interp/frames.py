"""Run-time state: activation frames, per-invocation state, and control-flow signals.

Every compiled closure takes one argument, the current frame: a short list whose header
slots reach everything an expression can touch. Storage roots are lists of scalar slots
(see layout.py), so every access is `frame[root][offset]` with both numbers fixed at
compile time wherever the program allows:

    frame[GLOBALS]        the invocation's global variables (private to one invocation)
    frame[INVOCATION]     the `Invocation` (step count, sanitizer log, built-in variables)
    frame[LOCALS]         the locals and parameters of this activation
    frame[FRAME_ID]       sanitizer location id of local slot 0 of this activation
    frame[RETURN_VALUE]   the value a `return` left
    frame[FIRST_BUFFER+b] the contents of storage buffer b, shared by all invocations;
                          after the buffers, the work group's `shared` variables

A call copies the header and replaces the locals, so globals and buffers stay shared.
"""

from __future__ import annotations

from typing import Any

GLOBALS = 0
INVOCATION = 1
LOCALS = 2
FRAME_ID = 3
RETURN_VALUE = 4
FIRST_BUFFER = 5

Frame = list[Any]

# What a statement closure returns: None to go on, or one of these.
BREAK = 1
CONTINUE = 2
RETURN = 3


class Undefined:
    """The content of a slot never written (a local without initialiser, an `out`
    parameter on entry). The sanitizer raises when an expression reads it."""

    _instance: Undefined | None = None

    def __new__(cls) -> Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<undefined>"


UNDEF = Undefined()


def _no_barrier(site: object) -> None:
    return None


def _alone(site: object, operation: Any, args: tuple[Any, ...]) -> Any:
    """A subgroup operation of an invocation that runs alone: a subgroup of one lane."""
    return operation([args])[0]


class Invocation:
    """The state of one shader invocation that is not in a frame."""

    __slots__ = (
        "barrier",
        "buffer_ids",
        "local_id",
        "log",
        "next_frame_id",
        "runtime_lengths",
        "step_budget",
        "steps",
        "subgroup",
        "subgroup_lane",
        "subgroup_size",
        "workgroup_id",
    )

    def __init__(
        self,
        *,
        step_budget: int,
        buffer_ids: list[int],
        runtime_lengths: list[int],
        first_frame_id: int,
        local_id: tuple[int, int, int],
        workgroup_id: tuple[int, int, int],
    ) -> None:
        self.steps = 0
        self.step_budget = step_budget
        # Sanitizer access log: location id * 2, plus 1 for a write (evaluation_order.py).
        self.log: list[int] = []
        # Location id of slot 0 of each buffer; globals take ids from 0.
        self.buffer_ids = buffer_ids
        # Element count of the runtime-sized array ending each buffer (0 when none).
        self.runtime_lengths = runtime_lengths
        self.next_frame_id = first_frame_id
        self.local_id = local_id
        self.workgroup_id = workgroup_id
        # What `barrier()` does: wait for the work group's other invocations (dispatch.py);
        # nothing when the invocation runs alone.
        self.barrier: Any = _no_barrier
        # What a collective subgroup operation does (dispatch.py), and where the
        # invocation sits in its subgroup (interp/subgroups.py; a run parameter).
        self.subgroup: Any = _alone
        self.subgroup_size = 1
        self.subgroup_lane = 0

    def builtin_values(
        self, local_size: tuple[int, int, int], workgroups: tuple[int, int, int]
    ) -> dict[str, Any]:
        """The compute built-in variables of this invocation, as flat values."""
        x, y, _ = local_size
        lx, ly, lz = self.local_id
        global_id = tuple(
            w * s + i for w, s, i in zip(self.workgroup_id, local_size, self.local_id, strict=True)
        )
        return {
            "gl_LocalInvocationID": self.local_id,
            "gl_GlobalInvocationID": global_id,
            "gl_WorkGroupID": self.workgroup_id,
            "gl_NumWorkGroups": workgroups,
            "gl_WorkGroupSize": local_size,
            "gl_LocalInvocationIndex": lz * x * y + ly * x + lx,
            "gl_SubgroupSize": self.subgroup_size,
            "gl_SubgroupInvocationID": self.subgroup_lane,
        }
