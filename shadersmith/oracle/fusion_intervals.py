"""The fusion oracle judged by intervals (issue 37, item 3): a fused program of the
interval float mode against the interval interpreter's colours of its parts, mapped by
its relation, byte range by byte range, instead of against the same target's part images
with EMD's tolerance (oracle/fusion.py, the exact mode's).

Each of the four relations maps a fused pixel to the parts' pixels at the same place:

- MR+, MR-, MR_l: the relation's formula (mutate/fusion/relations.py) on the parts'
  colour intervals (interp/interval_image.interval_colours of each part alone), computed
  as the interval interpreter computes the fused program's `_colour_mix`: each + - * / by
  intervals.py, with the trees the parts' values carry (a driver may reassociate the
  mix's sums with the parts' own arithmetic: rearrangement.py bounds that), abs() by the
  interval built-in. One expected colour per pixel.
- MR_o: the pixel is part 1's or part 2's: two expected colours, and a pixel is right
  when some alternative holds all of its constrained channels.

A channel is judged where its byte range (interp/unorm.byte_ranges) is at most
MAX_CONSTRAINED_BYTES wide (oracle/image_intervals.py): an unconstrained channel is not
compared. A byte outside is recorded as that oracle records one (pixel, range, byte).

The interpreter's guard, as in the exact mode: the interval interpreter runs the fused
program itself too, and each of its colours must lie inside what the mapping allows (for
MR_o, inside one part's); where it does not, the relation as modelled does not hold for
the reference: a defect of ours (`ours:fusion:<relation>`), never blamed on a target.
Rounding that decides a branch in any of these programs (FLOAT_ROUNDOFF), or a construct
the mode does not run, refuses the fused program: counted, not judged. No EMD is needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy.typing as npt

from shadersmith.interp import intervals as iv
from shadersmith.interp.errors import InterpreterError, UBCategory, UndefinedBehaviour
from shadersmith.interp.interval_builtins import scalar_kernel
from shadersmith.interp.interval_image import Colour, interval_colours
from shadersmith.interp.interval_operators import bounded
from shadersmith.interp.intervals import Interval, Unbounded
from shadersmith.interp.unorm import byte_ranges
from shadersmith.ir.program import Program
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.fusion.relations import Relation
from shadersmith.oracle.fusion import (
    HOLDS,
    OURS,
    REFUSED,
    VIOLATED,
    InterpImage,
    TargetVerdict,
    rgba8,
    unrendered,
)
from shadersmith.oracle.image_intervals import (
    EXAMPLES,
    MAX_CONSTRAINED_BYTES,
    ImageJudgement,
    Pixels,
    judge_image,
    pixels_json,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult

FloatValue = Interval | Unbounded
_add = bounded(iv.add)
_sub = bounded(iv.sub)
_mul = bounded(iv.mul)
_divide = bounded(iv.divide)
_abs = scalar_kernel("abs")


def interval_image(program: Program, values: BufferValues, job: Job) -> InterpImage:
    """`program`'s colour intervals at the sampled pixels of `job`'s framebuffer, or why
    there are none: refused (rounding decides something, a construct the mode does not
    run) or undefined behaviour (a defect of ours)."""
    try:
        pixels = interval_colours(program, values, job.width, job.height)
    except UndefinedBehaviour as ub:
        message = f"{ub.category.value}: {ub.location}: {ub.message}"
        refused = ub.category is UBCategory.FLOAT_ROUNDOFF
        return InterpImage(None, message, undefined=not refused, refused=refused)
    except InterpreterError as error:
        return InterpImage(None, str(error), refused=True)
    return InterpImage(None, pixels=pixels)


# ---------------------------------------------------------------------------- the mapping


def _combined(relation: Relation, first: Colour, second: Colour) -> Colour:
    """relations.combine on one pixel's colour intervals, operation for operation."""
    if relation is Relation.ADD:
        two = Interval.point(2.0)
        return tuple(_divide(_add(a, b), two) for a, b in zip(first, second, strict=True))
    if relation is Relation.SUBTRACT:
        return tuple(_abs(_sub(a, b)) for a, b in zip(first, second, strict=True))
    if relation is Relation.LIGHT:
        total = _add(_add(second[0], second[1]), second[2])
        gray = _divide(total, Interval.point(3.0))
        return (*(_mul(channel, gray) for channel in first[:3]), first[3])
    raise ValueError(f"{relation.value} is not a colour formula")


def _common(parts: Sequence[Pixels]) -> list[tuple[int, int]]:
    """The pixels every part was sampled at (one framebuffer size: all of them)."""
    keys = set(parts[0])
    for part in parts[1:]:
        keys &= set(part)
    return sorted(keys, key=lambda p: (p[1], p[0]))


def expected_alternatives(relations: Sequence[Relation], parts: Sequence[Pixels]) -> list[Pixels]:
    """What the fused image may hold at each sampled pixel (see the module docstring):
    one mapping for a formula relation (fused iteratively, ((1, 2), 3), ...), the two
    parts' colours for MR_o."""
    chain = tuple(relations)
    if len(parts) != len(chain) + 1:
        raise ValueError(f"{len(chain)} fusions need {len(chain) + 1} parts' colours")
    pixels = _common(parts)
    if chain and chain[-1] is Relation.OCCLUDE:
        if len(chain) != 1:
            raise ValueError("occlusion fuses two programs (pairwise)")
        return [{p: parts[0][p] for p in pixels}, {p: parts[1][p] for p in pixels}]
    mapped: dict[tuple[int, int], Colour] = {}
    for pixel in pixels:
        value = tuple(parts[0][pixel])
        for relation, part in zip(chain, parts[1:], strict=True):
            value = _combined(relation, value, tuple(part[pixel]))
        mapped[pixel] = value
    return [mapped]


# ---------------------------------------------------------------------------- judging


def _judged_ranges(colour: Sequence[FloatValue]) -> list[tuple[int, int] | None]:
    """Each channel's byte range, None where it is unconstrained (not judged)."""
    return [
        None
        if isinstance(value, Unbounded) or high - low + 1 > MAX_CONSTRAINED_BYTES
        else (low, high)
        for value, (low, high) in zip(colour, byte_ranges(colour), strict=True)
    ]


def judge_fused_image(alternatives: Sequence[Pixels], image: npt.NDArray[Any]) -> ImageJudgement:
    """`image` (RGBA8) at each sampled pixel against the alternatives: right where one of
    them holds every constrained channel; else the wrong channels of the nearest (fewest
    wrong) are recorded. Channels are counted from the alternative that decided."""
    judgement = ImageJudgement()
    for pixel in alternatives[0]:
        verdicts = [judge_image({pixel: a[pixel]}, image) for a in alternatives if pixel in a]
        chosen = next((v for v in verdicts if v.agrees), None)
        if chosen is None:
            chosen = min(verdicts, key=lambda v: (bool(v.unequal), v.wrong_channels))
        judgement.floats += chosen.floats
        judgement.constrained += chosen.constrained
        judgement.unequal.update(chosen.unequal)
        judgement.wrong_channels += chosen.wrong_channels
        judgement.wrong += chosen.wrong[: EXAMPLES - len(judgement.wrong)]
    return judgement


def reference_counts(alternatives: Sequence[Pixels]) -> tuple[int, int]:
    """Channels sampled and, of them, constrained by the first alternative (for MR_o:
    part 1's, which shows wherever part 2 did not run)."""
    first = alternatives[0]
    ranges = [r for colour in first.values() for r in _judged_ranges(colour)]
    return len(ranges), sum(r is not None for r in ranges)


def escapes(alternatives: Sequence[Pixels], direct: Pixels) -> list[str]:
    """The interpreter's guard: each pixel where its own colours of the fused program
    (`direct`) do not lie inside one alternative's byte ranges, as `(x, y)`; empty when
    the relation holds for the reference."""
    found = []
    for pixel, colour in sorted(direct.items(), key=lambda item: (item[0][1], item[0][0])):
        own = byte_ranges(colour)
        inside = False
        for alternative in alternatives:
            if pixel not in alternative:
                continue
            allowed = byte_ranges(alternative[pixel])
            if all(a[0] <= o[0] and o[1] <= a[1] for o, a in zip(own, allowed, strict=True)):
                inside = True
                break
        if not inside:
            found.append(f"({pixel[0]}, {pixel[1]})")
    return found


@dataclass
class FusedIntervals:
    """The interval judgement's reference for one fused program: the alternatives, or why
    there are none (`refused`); what the guard found (`escaped`)."""

    alternatives: list[Pixels] = field(default_factory=list)
    refused: str = ""
    escaped: list[str] = field(default_factory=list)

    @property
    def floats(self) -> int:
        return reference_counts(self.alternatives)[0] if self.alternatives else 0

    @property
    def constrained(self) -> int:
        return reference_counts(self.alternatives)[1] if self.alternatives else 0

    def record(self) -> dict[str, Any]:
        """What fusion.json keeps of the reference."""
        data: dict[str, Any] = {"float_mode": "interval", "refused": self.refused or None}
        data["expected_pixels"] = [pixels_json(a) for a in self.alternatives]
        data["float_outputs"], data["constrained"] = self.floats, self.constrained
        data["max_constrained_bytes"] = MAX_CONSTRAINED_BYTES
        if self.escaped:
            data["interpreter_outside"] = self.escaped[:8]
        return data


def fused_reference(
    relations: Sequence[Relation], fused: InterpImage, parts: Sequence[InterpImage]
) -> FusedIntervals:
    """The alternatives of a fused program from its and its parts' interval images; a
    refusal where any of them has no colours."""
    missing = next((i for i in (fused, *parts) if i.pixels is None), None)
    if missing is not None:
        return FusedIntervals(refused=missing.error or "no colours")
    part_pixels = [p.pixels for p in parts if p.pixels is not None]
    alternatives = expected_alternatives(relations, part_pixels)
    assert fused.pixels is not None
    return FusedIntervals(alternatives, escaped=escapes(alternatives, fused.pixels))


def interval_verdicts(
    relation: Relation,
    results: Mapping[str, RunResult],
    part_results: Sequence[Mapping[str, RunResult]],
    ours: str,
    components: Mapping[str, Sequence[str]],
    reference: FusedIntervals,
) -> dict[str, TargetVerdict]:
    """Each target's verdict on one fused program of the interval mode: its image against
    `reference` (target_verdicts' words; REFUSED where the reference refused it)."""
    verdicts: dict[str, TargetVerdict] = {}
    for target, result in results.items():
        unjudged = unrendered(target, result, part_results, components)
        if unjudged is not None:
            verdicts[target] = unjudged
            continue
        fused = rgba8(result)
        assert fused is not None  # unrendered said so
        if reference.refused:
            verdicts[target] = TargetVerdict(OURS if ours else REFUSED, detail=reference.refused)
            continue
        judgement = judge_fused_image(reference.alternatives, fused)
        if judgement.agrees:
            verdicts[target] = TargetVerdict(HOLDS, intervals=judgement)
        elif ours:
            verdicts[target] = TargetVerdict(OURS, intervals=judgement)
        else:
            sign = f"fusion:{relation.value}:{target}"
            verdicts[target] = TargetVerdict(VIOLATED, sign, intervals=judgement)
    return verdicts
