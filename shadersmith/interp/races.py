"""The race part of the sanitizer: storage that several invocations share.

Storage buffers are shared by every invocation of a dispatch, `shared` variables by the
invocations of one work group. The program is undefined when two invocations touch one
scalar slot and one of them writes it (a data race): for a buffer anywhere in the dispatch
(our programs never make buffer writes visible to others: no memory barrier, no atomic),
for a `shared` variable between two `barrier()`s of its work group (a barrier orders
shared memory; dispatch.py starts a new phase at each one).

A shared storage root is a `TrackedSlots`: a list whose element accesses record, per slot,
the invocation that wrote it and the one(s) that read it. The compiled closures index
storage roots as plain lists, so the check costs nothing where nothing is shared (single
invocations, locals, globals) and needs no change to the compiled code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, SupportsIndex

from shadersmith.interp.errors import UBCategory, UndefinedBehaviour

HOST = -1  # the harness filling or reading storage: not an invocation
_SEVERAL = -2


class RaceClock:
    """Which invocation runs now (its index in the dispatch), shared by every tracker, and
    how to name an invocation in a report."""

    __slots__ = ("current", "describe")

    def __init__(self, describe: Callable[[int], str]) -> None:
        self.current = HOST
        self.describe = describe


class TrackedSlots(list[Any]):
    """The slots of one shared storage root, with who wrote and read each one."""

    __slots__ = ("clock", "name_slot", "readers", "storage", "writers")

    def __init__(
        self,
        slots: list[Any],
        clock: RaceClock,
        storage: str,
        name_slot: Callable[[int], str],
    ) -> None:
        super().__init__(slots)
        self.clock = clock
        self.storage = storage  # "buffer" or "shared"
        self.name_slot = name_slot
        self.writers = [HOST] * len(slots)
        self.readers = [HOST] * len(slots)

    def new_phase(self) -> None:
        """After a barrier: earlier accesses are ordered before later ones."""
        count = len(self)
        self.writers = [HOST] * count
        self.readers = [HOST] * count

    def _race(self, slot: int, first: int, first_did: str, then_did: str) -> UndefinedBehaviour:
        me = self.clock.current
        scope = "in one dispatch" if self.storage == "buffer" else "between two barriers"
        where = f"{self.storage} {self.name_slot(slot)}"
        return UndefinedBehaviour(
            UBCategory.DATA_RACE,
            "main",
            where,
            f"{where} is {first_did} by {self.clock.describe(first)} and {then_did} by "
            f"{self.clock.describe(me)} {scope}",
        )

    def _read(self, slot: int) -> None:
        me = self.clock.current
        if me < 0:
            return
        writer = self.writers[slot]
        if writer >= 0 and writer != me:
            raise self._race(slot, writer, "written", "read")
        reader = self.readers[slot]
        if reader == HOST:
            self.readers[slot] = me
        elif reader != me:
            self.readers[slot] = _SEVERAL

    def _write(self, slot: int) -> None:
        me = self.clock.current
        if me < 0:
            return
        writer = self.writers[slot]
        if writer >= 0 and writer != me:
            raise self._race(slot, writer, "written", "written")
        reader = self.readers[slot]
        if reader == _SEVERAL or (reader >= 0 and reader != me):
            other = reader if reader >= 0 else self._another_reader(me)
            raise self._race(slot, other, "read", "written")
        self.writers[slot] = me

    def _another_reader(self, me: int) -> int:
        # Several readers were seen; one of them is not `me`. Which one is not kept.
        return HOST if me != 0 else 1

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            for slot in range(*key.indices(len(self))):
                self._read(slot)
        else:
            self._read(key if key >= 0 else len(self) + key)
        return list.__getitem__(self, key)

    def __setitem__(self, key: SupportsIndex | slice, value: Any) -> None:
        if isinstance(key, slice):
            for slot in range(*key.indices(len(self))):
                self._write(slot)
        else:
            index = key.__index__()
            self._write(index if index >= 0 else len(self) + index)
        list.__setitem__(self, key, value)
