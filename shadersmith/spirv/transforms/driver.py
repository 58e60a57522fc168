"""Draw and apply a list of transformations (`fuzz_module`), and apply a recorded list
again (`replay`).

A record applies where its precondition still holds on the module made so far and is
skipped where it does not: a sub-list of a recorded list (what delta debugging tries)
replays to a valid module, never to an error.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from shadersmith.spirv.module import Module
from shadersmith.spirv.transforms.base import Transformation, TransformationRecord
from shadersmith.spirv.transforms.table import BY_NAME, FIRST, TRANSFORMATIONS

# Draws per transformation asked for: a finder may find nothing (a module without loops
# has no loop hint to set), so `count` is a target that a module may not reach.
ATTEMPTS_PER_STEP = 8


def fuzz_module(module: Module, seed: int, count: int) -> tuple[Module, list[TransformationRecord]]:
    """Up to `count` transformations drawn with `seed` (table.FIRST's first): the variant
    and its records."""
    rng = random.Random(seed)
    records: list[TransformationRecord] = []
    current = module
    for first in FIRST[:count]:
        params = first.find(current, rng)
        if params is not None and first.applies(current, params):
            current = first.apply(current, params)
            records.append(first.record(params))
    for _ in range(count * ATTEMPTS_PER_STEP):
        if len(records) == count:
            break
        transformation = rng.choice(TRANSFORMATIONS)
        params = transformation.find(current, rng)
        if params is None or not transformation.applies(current, params):
            continue
        current = transformation.apply(current, params)
        records.append(transformation.record(params))
    return current, records


def replay(module: Module, records: Iterable[TransformationRecord]) -> Module:
    """`records` applied in order to `module`, each where it still applies (an unknown
    name or a stale record is skipped)."""
    current = module
    for record in records:
        transformation = BY_NAME.get(record.name)
        params = (
            transformation.applies_to_record(current, record.params) if transformation else None
        )
        if transformation is not None and params is not None:
            current = transformation.apply(current, params)
    return current


def enabled(module: Module, enabler: Transformation[Any], seed: int, steps: int = 6) -> Module:
    """`module` after up to `steps` of `enabler`'s transformations drawn with `seed`: what
    a transformation of table.ENABLERS needs before it finds anything in glslang's
    modules."""
    rng = random.Random(seed)
    for _ in range(steps):
        params = enabler.find(module, rng)
        if params is not None and enabler.applies(module, params):
            module = enabler.apply(module, params)
    return module
