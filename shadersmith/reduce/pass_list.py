"""Reduction of a test's recorded spirv-opt pass list (issue 10): delta debugging over the
list's passes, in order, with the program's own interestingness.

A random list of up to 20 passes says little about a bug; the smallest list that still
shows the signature says which passes take part, and the shortest prefix of that list
after which the bug is there names the *first bad pass*, which buckets of one root cause
share. "There" is the cause, not the symptom (issue 30): for invalid output, the first
prefix whose module the chain's judging validator rejects at all, whatever the message
(`--loop-unswitch` writes the bad store that `--eliminate-dead-code-aggressive` later
turns into the recorded bad OpPhi); for a wrong value or a crash, the first prefix that
shows the signature. The frame (run.py) reduces the list first, then the program under
the reduced list, then the list once more on the reduced program.

A pass is an atomic unit of the list: a flag, with its argument when spirv-opt takes it
as a separate word (`--scalar-replacement=100` is one word already). The empty list is
never tried: a job without a list runs the target's default, `-O`.

A preset (`-O`, `-Os`) is not one pass: before the first round it is replaced by the
passes it runs in the finding's target's spirv-opt (spirv_tools.preset_passes), where
that list, judged once, still shows the signature; so a finding of `-O` is reduced to
the passes that make it and gets a first bad pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from shadersmith.config.spirv_passes import PRESETS, violates_ordering
from shadersmith.oracle.signature import STATUS_WORDS
from shadersmith.reduce.ddmin import BatchJudge, ddmin
from shadersmith.reduce.interesting import Interestingness, Judgement, Prepared
from shadersmith.reduce.subject import Subject
from shadersmith.targets.catalogue.registry import runs_recorded_passes, spirv_toolset
from shadersmith.targets.results import RunStatus
from shadersmith.targets.tools.spirv_tools import preset_passes

# The first word of a signature of a module that spirv-val rejected.
INVALID_WORD = STATUS_WORDS[RunStatus.VALIDATION_ERROR]


def pass_units(passes: Sequence[str]) -> list[tuple[str, ...]]:
    """The list's atomic passes: a word that is not a flag is the previous flag's argument."""
    units: list[tuple[str, ...]] = []
    for word in passes:
        if units and not word.startswith("-"):
            units[-1] = (*units[-1], word)
        else:
            units.append((word,))
    return units


def _flatten(units: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(word for unit in units for word in unit)


def reduces_pass_list(subject: Subject) -> bool:
    """Whether the finding depends on the recorded pass list: there is one, and every
    target that showed the finding runs it (were one of them not to, the finding would
    show whatever the list, and a reduced list would name an innocent pass)."""
    return (
        bool(subject.spirv_passes)
        and bool(subject.finding_targets)
        and all(runs_recorded_passes(t) for t in subject.finding_targets)
    )


@dataclass
class PassListReduction:
    """What the pass-list reduction found, for the reduced test's provenance."""

    original: tuple[str, ...]
    reduced: tuple[str, ...]
    first_bad_pass: str | None = None
    # The list the presets were replaced by (before the first round), if they were.
    expanded: tuple[str, ...] | None = None
    calls: int = 0  # pass lists judged on the targets (the program unchanged)
    seconds: float = 0.0
    rounds: list[int] = field(default_factory=list)  # the list's length after each round


class PassListReducer:
    """ddmin over the passes of a list, then the prefix search for the first bad pass,
    each candidate list judged on the targets that run it (the others' results are those
    of the same program, run once)."""

    def __init__(
        self,
        interestingness: Interestingness,
        original: tuple[str, ...],
        parallel: int = 2,
        deadline: float | None = None,
    ) -> None:
        self.interestingness = interestingness
        self.parallel = max(1, parallel)
        self.deadline = deadline
        self.outcome = PassListReduction(original=original, reduced=original)
        # Keep a reduced list inside the generator's own domain: spirv-opt asks for
        # dead-code elimination before merge-return, and the random lists give it.
        self._ordering_holds = not violates_ordering(list(original))

    def _stopped(self) -> bool:
        if self.interestingness.stopped():
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def _judge(
        self, prepared: Prepared, shows: Callable[[list[str]], bool] | None = None
    ) -> BatchJudge[tuple[str, ...]]:
        def judge(candidates: list[tuple[tuple[str, ...], ...]]) -> list[bool]:
            lists = [_flatten(units) for units in candidates]
            runnable = [
                passes
                for passes in lists
                if not (self._ordering_holds and violates_ordering(list(passes)))
            ]
            verdicts = dict(zip(runnable, self._verdicts(prepared, runnable, shows), strict=True))
            return [verdicts.get(passes, False) for passes in lists]

        return judge

    def _verdicts(
        self,
        prepared: Prepared,
        lists: list[tuple[str, ...]],
        shows: Callable[[list[str]], bool] | None = None,
    ) -> list[bool]:
        if not lists:
            return []
        before = self.interestingness.counters.pass_lists
        verdicts = self.interestingness.judge_passes(prepared, lists, shows)
        self.outcome.calls += self.interestingness.counters.pass_lists - before
        return [v is Judgement.INTERESTING for v in verdicts]

    def reduce(self, prepared: Prepared) -> tuple[str, ...]:
        """The smallest list (ddmin) under which `prepared` still shows the signature;
        `prepared` must show it with the list it holds."""
        started = time.perf_counter()
        current = prepared.job.spirv_passes or self.outcome.original
        start = self._without_presets(prepared, pass_units(current))
        units = ddmin(start, self._judge(prepared), self.parallel, self._stopped)
        reduced = _flatten(units)
        self.outcome.reduced = reduced
        self.outcome.rounds.append(len(units))
        self.outcome.seconds += time.perf_counter() - started
        return reduced

    def _without_presets(
        self, prepared: Prepared, units: list[tuple[str, ...]]
    ) -> list[tuple[str, ...]]:
        """`units` with each preset replaced by its passes, where that list still shows
        the signature (judged once); `units` otherwise, or when there is no preset."""
        presets = {flag for preset in PRESETS.values() for flag in preset}
        if self.outcome.expanded is not None or not any(u[0] in presets for u in units):
            return units
        targets = [
            t for t in self.interestingness.subject.finding_targets if runs_recorded_passes(t)
        ]
        if not targets:
            return units
        toolset = spirv_toolset(targets[0])
        expanded: list[tuple[str, ...]] = []
        for unit in units:
            passes = preset_passes(unit[0], toolset) if unit[0] in presets else None
            expanded += [(flag,) for flag in passes] if passes else [unit]
        # spirv-opt's own presets need not keep the generator's ordering rule.
        holds, self._ordering_holds = self._ordering_holds, False
        if self._judge(prepared)([tuple(expanded)])[0]:
            self.outcome.expanded = _flatten(expanded)
            return expanded
        self._ordering_holds = holds
        return units

    def first_bad_pass(self, prepared: Prepared) -> str | None:
        """The last pass of the shortest prefix of `prepared`'s list after which the bug
        is there (`_prefix_shows`). A list that shows a wrong value or a crash shortens to
        that prefix; an invalid module's keeps its length, since its prefix shows
        another message than the recorded one. None for a preset (`-O`: not one pass) or
        when the search was cut short."""
        started = time.perf_counter()
        units = pass_units(prepared.job.spirv_passes or ())
        prefixes = [units[:length] for length in range(1, len(units))]
        shows = _prefix_shows(self.interestingness.subject.signature)
        judge = self._judge(prepared, shows)
        shortest = units
        complete = True
        for position in range(0, len(prefixes), self.parallel):
            if self._stopped():
                complete = False
                break
            window = [tuple(p) for p in prefixes[position : position + self.parallel]]
            found = next((p for p, ok in zip(window, judge(window), strict=True) if ok), None)
            if found is not None:
                shortest = list(found)
                break
        self.outcome.seconds += time.perf_counter() - started
        if shows is None:
            self.outcome.reduced = _flatten(shortest)
        if not complete or not shortest:
            return None
        last = " ".join(shortest[-1])
        if any(last in preset for preset in PRESETS.values()):
            return None
        self.outcome.first_bad_pass = last
        return last


def _prefix_shows(signature: str) -> Callable[[list[str]], bool] | None:
    """What a prefix of the list must show for its last pass to be the first bad one:
    for an invalid module, any rejection of the same step's output (`invalid:<step>:`,
    whatever the message: the module is invalid at all); None for every other finding,
    whose prefix must show the signature itself."""
    kind, _, rest = signature.partition(":")
    if kind != INVALID_WORD:
        return None
    step = rest.partition(":")[0]
    wanted = f"{kind}:{step}:"
    return lambda signatures: any(s.startswith(wanted) for s in signatures)
