"""The race part of the sanitizer: storage that several invocations share.

Storage buffers are shared by every invocation of a dispatch, `shared` variables by the
invocations of one work group. The program is undefined when two invocations touch one
scalar slot and one of them writes it (a data race): for a buffer anywhere in the dispatch
(our programs never make plain buffer writes visible to others: no memory barrier), for a
`shared` variable between two `barrier()`s of its work group (a barrier orders shared
memory; dispatch.py starts a new phase at each one).

Atomic read-modify-writes (`atomicAdd(buf.f[i], v)`, ATOMIC below) do not race with each
other: the interpreter runs them in its own invocation order, which is as good as any
order because the generator discards their return values and gives each element one
commutative operation. A plain access racing with an atomic one is still a race.

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


class AtomicAccess:
    """Whether the access now under way is an atomic one: the atomic built-ins set `on`
    around their read and write (interp/expressions.py), so that the compiled closures
    index storage roots as plain lists all the same."""

    __slots__ = ("on",)

    def __init__(self) -> None:
        self.on = False


ATOMIC = AtomicAccess()


class RaceClock:
    """Which invocation runs now (its index in the dispatch), shared by every tracker, and
    how to name an invocation in a report."""

    __slots__ = ("current", "describe")

    def __init__(self, describe: Callable[[int], str]) -> None:
        self.current = HOST
        self.describe = describe


class TrackedSlots(list[Any]):
    """The slots of one shared storage root, with who wrote and read each one."""

    __slots__ = ("atomics", "clock", "name_slot", "readers", "storage", "writers")

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
        # Who updated each slot atomically: HOST (no one), an invocation, or _SEVERAL.
        self.atomics = [HOST] * len(slots)

    def new_phase(self) -> None:
        """After a barrier: earlier accesses are ordered before later ones."""
        count = len(self)
        self.writers = [HOST] * count
        self.readers = [HOST] * count
        self.atomics = [HOST] * count

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
        if ATOMIC.on:
            self._atomic(slot, me)
            return
        self._plain_after_atomic(slot, me, "read")
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
        if ATOMIC.on:
            self._atomic(slot, me)
            return
        self._plain_after_atomic(slot, me, "written")
        writer = self.writers[slot]
        if writer >= 0 and writer != me:
            raise self._race(slot, writer, "written", "written")
        reader = self.readers[slot]
        if reader == _SEVERAL or (reader >= 0 and reader != me):
            other = reader if reader >= 0 else self._another_reader(me)
            raise self._race(slot, other, "read", "written")
        self.writers[slot] = me

    def _plain_after_atomic(self, slot: int, me: int, did: str) -> None:
        updater = self.atomics[slot]
        if updater == _SEVERAL or (updater >= 0 and updater != me):
            other = updater if updater >= 0 else self._another_reader(me)
            raise self._race(slot, other, "updated atomically", did)

    def _atomic(self, slot: int, me: int) -> None:
        """An atomic read-modify-write of `slot` by `me`: a race with another invocation's
        plain read or write, none with its atomic updates."""
        writer = self.writers[slot]
        if writer >= 0 and writer != me:
            raise self._race(slot, writer, "written", "updated atomically")
        reader = self.readers[slot]
        if reader == _SEVERAL or (reader >= 0 and reader != me):
            other = reader if reader >= 0 else self._another_reader(me)
            raise self._race(slot, other, "read", "updated atomically")
        updater = self.atomics[slot]
        if updater == HOST:
            self.atomics[slot] = me
        elif updater != me:
            self.atomics[slot] = _SEVERAL

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
