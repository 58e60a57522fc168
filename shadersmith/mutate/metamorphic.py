"""A metamorphic variant's plan: which transformations, in which order, with which seeds.

A variant is its reference's steps (reconditioning) followed by this plan; every entry is
a step (mutate/transforms) whose parameters replay it, so the plan is also
what a reduction shrinks (reduce/steps.py): any sub-list of a plan is itself a valid,
semantics-preserving plan.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from shadersmith.mutate.transforms import FAMILIES, WITH_DONOR, planned
from shadersmith.steps.record import StepRecord

DEFAULT_STEPS = (3, 10)  # how many transformations a variant gets: at least, at most


def plan_variant(
    seed: int,
    families: Sequence[str] = FAMILIES,
    steps: tuple[int, int] = DEFAULT_STEPS,
    corpus_donor: Callable[[int], dict[str, Any]] | None = None,
) -> list[StepRecord]:
    """The transformations of the variant of test `seed`: a count drawn from `steps`,
    each a family drawn uniformly from `families` with seeds of its own. With
    `corpus_donor`, a donor step also holds the record of the corpus program that function
    chooses from the step's donor seed (corpus/programs.py, donor_record); the seeds drawn
    are the same either way."""
    unknown = sorted(set(families) - set(FAMILIES))
    if unknown or not families:
        raise ValueError(
            f"unknown transformation(s) {', '.join(unknown) or '(none given)'}; "
            f"known: {', '.join(FAMILIES)}"
        )
    low, high = steps
    if not 1 <= low <= high:
        raise ValueError(f"the number of transformations must be 1 <= low <= high, not {steps}")
    rng = random.Random(f"variant-{seed}")
    plan = []
    for _ in range(rng.randint(low, high)):
        family = rng.choice(list(families))
        seed = rng.randrange(2**31)
        if family not in WITH_DONOR:
            plan.append(planned(family, seed))
            continue
        donor = rng.randrange(2**31)
        record = None if corpus_donor is None else corpus_donor(donor)
        plan.append(planned(family, seed, donor, record))
    return plan


def families_of(plan: Sequence[StepRecord]) -> list[str]:
    return [step.name for step in plan]
