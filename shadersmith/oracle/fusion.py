"""The fusion oracle (FShader, seed 001): a fused program's image against the image its
relation predicts from the parts' images, all rendered by the same target.

No second compiler is needed: whatever a target does to each part alone, the fused
program must do the same to the fused colours. For MR+, MR- and MR_l the prediction is
the relation's formula applied to the parts' RGBA8 images in float32, exactly as the
shader applies it (mutate/fusion/relations.py), then converted to unorm8; the fused
image must be within the histogram EMD tolerance of it (oracle/image.py). For MR_o each
pixel must be one of the two parts' pixels, within one level per channel (the paper's
Eq. 3; here the parts' colours reach the fused image unchanged, so equality is expected
and one level is slack for a driver's rounding).

A relation the reference interpreter breaks too (parts and fused program run by it) is a
defect of ours, in the fusion or in the relation, and never a compiler bug: callers check
`check_relation` on the interpreter's images before they blame a target.

The verdicts live here too (`target_verdicts`, the words HOLDS ... OURS, `TargetVerdict`):
the fusion campaign (campaign/fusion.py), its reducer and the replay of a fusion test
read them from this one place. "ours" is the verdict word the metamorphic oracle uses
too; a finding of ours is signed `ours:...` as everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from shadersmith.case.finding import Kind
from shadersmith.interp.fragment_image import unorm8
from shadersmith.mutate.fusion.relations import Relation, combine_images, leaf_image
from shadersmith.oracle.components import chain_names, failing_component
from shadersmith.oracle.image import DEFAULT_EMD_TOLERANCE, ImageComparison, compare_images
from shadersmith.oracle.image_intervals import ImageJudgement, Pixels
from shadersmith.oracle.signature import signature
from shadersmith.targets.results import RunResult, RunStatus

RGBA8 = npt.NDArray[np.uint8]
# MR_o: how far (levels per channel) a fused pixel may be from the part it shows.
OCCLUSION_SLACK = 1


@dataclass(frozen=True)
class RelationCheck:
    relations: tuple[Relation, ...]  # one per fusion, in order (parts 1 and 2 first)
    holds: bool
    expected: RGBA8  # the predicted image (MR_o: per pixel, the nearer part's)
    comparison: ImageComparison  # expected against the fused image
    outside: int  # MR_o: pixels that are neither part's; 0 otherwise

    @property
    def relation(self) -> Relation:
        return self.relations[-1]

    def summary(self) -> str:
        if self.relation is Relation.OCCLUDE:
            return f"{self.outside} pixels are neither part's ({self.comparison.summary()})"
        return self.comparison.summary()


def expected_fused(relations: Sequence[Relation], parts: Sequence[RGBA8]) -> RGBA8:
    """The image that fusing `parts` under `relations` (iteratively, ((1, 2), 3), ...)
    predicts, for the formula relations."""
    if len(parts) != len(relations) + 1:
        raise ValueError(f"{len(relations)} fusions need {len(relations) + 1} part images")
    value = leaf_image(parts[0])
    for relation, part in zip(relations, parts[1:], strict=True):
        value = combine_images(relation, value, leaf_image(part))
    return unorm8(value)


def check_relation(
    relations: Sequence[Relation],
    parts: Sequence[RGBA8],
    fused: RGBA8,
    tolerance: float = DEFAULT_EMD_TOLERANCE,
) -> RelationCheck:
    """Whether `fused` is what `relations` predict from `parts` (see the module docstring)."""
    for image in (*parts, fused):
        if image.dtype != np.uint8:
            raise ValueError(f"fusion compares RGBA8 images, not {image.dtype}")
    chain = tuple(relations)
    if chain and chain[-1] is Relation.OCCLUDE:
        if len(chain) != 1 or len(parts) != 2:
            raise ValueError("occlusion fuses two programs (pairwise)")
        return _occlusion(chain, parts[0], parts[1], fused, tolerance)
    if Relation.OCCLUDE in chain:
        raise ValueError("occlusion only ever fuses two generated programs")
    expected = expected_fused(chain, parts)
    comparison = compare_images(expected, fused, tolerance)
    return RelationCheck(chain, comparison.same, expected, comparison, 0)


def _occlusion(
    chain: tuple[Relation, ...], front: RGBA8, back: RGBA8, fused: RGBA8, tolerance: float
) -> RelationCheck:
    actual = fused.astype(np.int16)
    off_front = np.abs(actual - front.astype(np.int16)).max(axis=2)
    off_back = np.abs(actual - back.astype(np.int16)).max(axis=2)
    outside = int(np.count_nonzero((off_front > OCCLUSION_SLACK) & (off_back > OCCLUSION_SLACK)))
    expected = np.where((off_front <= off_back)[..., None], front, back).astype(np.uint8)
    comparison = compare_images(expected, fused, tolerance)
    return RelationCheck(chain, outside == 0, expected, comparison, outside)


# ---------------------------------------------------------------------------- verdicts

INTERP = "interp"  # how verdicts and test directories name the reference interpreter

HOLDS = "holds"
VIOLATED = "violated"
FAILED = "failed"
PART_FAILED = "part-failed"
OURS = "ours"  # the interpreter broke the relation too: not the target's fault
# The interval mode's reference refused the fused program (rounding decides a branch):
# counted, not judged (oracle/fusion_intervals.py).
REFUSED = "refused"

_FAILURE_KINDS = {
    RunStatus.CRASH: Kind.CRASH,
    RunStatus.OOM: Kind.CRASH,
    RunStatus.TIMEOUT: Kind.TIMEOUT,
}


@dataclass(frozen=True)
class InterpImage:
    """The reference interpreter's image of a program, or why there is none; in the
    interval float mode its colour intervals at the sampled pixels (`pixels`) instead,
    or the reason it refused the program (`refused`: not judged, not a defect)."""

    image: RGBA8 | None
    error: str = ""
    undefined: bool = False  # the error is undefined behaviour (a defect of ours)
    pixels: Pixels | None = None
    refused: bool = False


@dataclass(frozen=True)
class TargetVerdict:
    status: str  # HOLDS, VIOLATED, FAILED, PART_FAILED, OURS or REFUSED
    signature: str = ""  # a finding's (VIOLATED, FAILED)
    check: RelationCheck | None = None  # the exact mode's (EMD)
    detail: str = ""
    intervals: ImageJudgement | None = None  # the interval mode's (byte ranges)

    @property
    def compared(self) -> bool:
        return self.check is not None or self.intervals is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status}
        if self.signature:
            data["signature"] = self.signature
        if self.detail:
            data["detail"] = self.detail
        if self.check is not None:
            comparison = self.check.comparison
            data.update(
                holds=self.check.holds,
                emd=round(comparison.emd, 6),
                channel_emd=[round(e, 6) for e in comparison.channel_emd],
                differing_pixels=comparison.differing_pixels,
                max_difference=comparison.max_difference,
                outside=self.check.outside,
            )
        if self.intervals is not None:
            data.update(holds=self.intervals.agrees, intervals=self.intervals.record())
        return data


def failure_signature(result: RunResult, chain: Sequence[str]) -> str:
    """A failed fused run signed as the differential campaign signs failures."""
    kind = _FAILURE_KINDS.get(result.status, Kind.COMPILE_FAILURE)
    return signature(result, kind, failing_component(result, chain))


def target_verdicts(
    relations: Sequence[Relation],
    relation: Relation,
    results: Mapping[str, RunResult],
    part_results: Sequence[Mapping[str, RunResult]],
    ours: str,
    components: Mapping[str, Sequence[str]],
    tolerance: float,
) -> dict[str, TargetVerdict]:
    """Each target's verdict on one fused program: its fused image against what the
    relations predict from its parts' images; `ours`, the signature of a defect of ours
    the interpreter found (the relation broken by the interpreter too), if any."""
    verdicts: dict[str, TargetVerdict] = {}
    for target, result in results.items():
        unjudged = unrendered(target, result, part_results, components)
        if unjudged is not None:
            verdicts[target] = unjudged
            continue
        images = [cast(RGBA8, rgba8(r.get(target))) for r in part_results]
        fused = cast(RGBA8, rgba8(result))
        check = check_relation(relations, images, fused, tolerance)
        if check.holds:
            verdicts[target] = TargetVerdict(HOLDS, check=check)
        elif ours:
            verdicts[target] = TargetVerdict(OURS, check=check)
        else:
            sign = f"fusion:{relation.value}:{target}"
            verdicts[target] = TargetVerdict(VIOLATED, sign, check)
    return verdicts


def unrendered(
    target: str,
    result: RunResult,
    part_results: Sequence[Mapping[str, RunResult]],
    components: Mapping[str, Sequence[str]],
) -> TargetVerdict | None:
    """PART_FAILED where a part alone drew nothing on `target`, FAILED (a finding) where
    the fused program did not while every part did; None where all of them drew."""
    if any(rgba8(r.get(target)) is None for r in part_results):
        return TargetVerdict(PART_FAILED)
    if rgba8(result) is None:
        chain = chain_names(components.get(target, ()))
        sign = failure_signature(result, chain)
        return TargetVerdict(FAILED, sign, detail=_last_line(result))
    return None


def rgba8(result: RunResult | None) -> RGBA8 | None:
    """The RGBA8 image of a run that drew one; None for a failed run. A float colour is
    always drawn into RGBA8 (rebuild/jobs.py), so another image is our defect."""
    if result is None or not result.ok or result.image is None:
        return None
    if result.image.dtype != np.uint8:
        raise RuntimeError(f"a fused program drew a {result.image.dtype} image, not RGBA8")
    return cast(RGBA8, result.image)


def _last_line(result: RunResult) -> str:
    lines = result.log.strip().splitlines()
    return lines[-1][:200] if lines else result.status.value
