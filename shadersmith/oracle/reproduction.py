"""Whether a replayed test shows what it recorded: the one policy of `replay` for every
kind of test (differential, metamorphic, fusion), with its exit status and last line.

    0  reproduces: the recorded signature is among today's (a test that records no
       finding: none today)
    1  does not reproduce (a test that records no finding: one today)
    2  undecided: a recorded target is missing on this machine, and what was recorded
       did not show without it; or a recorded validator verdict shows only unconfirmed
       (the newest spirv-val, which alone confirms one, is missing here)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from shadersmith.oracle.signature import unconfirmed


class Reproduction(IntEnum):
    REPRODUCES = 0
    DOES_NOT_REPRODUCE = 1
    UNDECIDED = 2


@dataclass(frozen=True)
class ReplayVerdict:
    reproduction: Reproduction
    line: str  # what replay prints last


def replay_verdict(
    recorded: str | None,
    now: Sequence[str],
    missing: Sequence[str],
    calm: str = "nothing shows",
    too_few_to_compare: bool = False,
) -> ReplayVerdict:
    """The verdict on a replay that recorded `recorded` (a signature, or None), found the
    signatures `now`, without the recorded targets `missing` here. `calm` says why there
    is no finding today (e.g. "every target agrees"); `too_few_to_compare`: the targets
    present here could not be compared at all."""
    happened = ", ".join(now) if now else f"no finding ({calm})"
    without = ", ".join(missing)
    if recorded is None:
        if now:
            return ReplayVerdict(
                Reproduction.DOES_NOT_REPRODUCE, f"NO FINDING RECORDED, BUT ONE NOW: {happened}"
            )
        if missing and too_few_to_compare:
            return ReplayVerdict(
                Reproduction.UNDECIDED,
                f"UNDECIDED: too few targets here to compare ({without} missing)",
            )
        return ReplayVerdict(Reproduction.REPRODUCES, f"NO FINDING RECORDED, NONE NOW: {calm}")
    if recorded in now:
        return ReplayVerdict(Reproduction.REPRODUCES, f"REPRODUCES: {recorded}")
    if unconfirmed(recorded) in now:
        return ReplayVerdict(
            Reproduction.UNDECIDED,
            f"UNDECIDED: recorded {recorded}, now only Debian's spirv-val rejects the module "
            "(unconfirmed: the newest spirv-val is missing on this machine)",
        )
    if missing:
        return ReplayVerdict(
            Reproduction.UNDECIDED,
            f"UNDECIDED: recorded {recorded}, now {happened}, without {without} "
            "(missing on this machine)",
        )
    return ReplayVerdict(
        Reproduction.DOES_NOT_REPRODUCE, f"DOES NOT REPRODUCE: recorded {recorded}, now {happened}"
    )
