"""Generate a batch of programs and validate each with the real front-end.

This is the first, pre-campaign main job: every seed is generated in each profile,
emitted, and compiled by glslang; a rejected program is a defect of ours and is saved as
a test directory so it can be replayed. Work is spread over worker processes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from shadersmith.case import write_test
from shadersmith.emit import emit
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import LanguageProfile, profile_named
from shadersmith.rebuild.build import testcase_from_generated
from shadersmith.targets.tools.glslang import validate, validation_modes


@dataclass(frozen=True)
class SeedOutcome:
    seed: int
    profile: str
    accepted: bool
    lines: int
    generate_ms: float
    rejections: tuple[str, ...]  # "mode: first error line" for each rejecting mode
    saved: str | None  # test directory of a rejected program


def check_seed(
    seed: int, profile_name: str, options: SmithOptions, save_dir: str | None
) -> SeedOutcome:
    """Generate, emit and validate one seed; runs in a worker process."""
    profile: LanguageProfile = profile_named(profile_name)
    start = time.perf_counter()
    generated = generate(seed, options, profile)
    source = emit(generated.program, profile)
    generate_ms = (time.perf_counter() - start) * 1000
    rejections = []
    for mode in validation_modes(profile):
        result = validate(source, "compute", mode)
        if not result.accepted:
            first_error = next(
                (line for line in result.log.splitlines() if "ERROR" in line), result.log
            )
            rejections.append(f"{mode}: {first_error.strip()}")
    saved = None
    if rejections and save_dir is not None:
        test = testcase_from_generated(generated, profile)
        test.results.extra["glslang"] = {"accepted": False, "messages": rejections}
        saved = str(write_test(test, Path(save_dir) / f"invalid-{profile.name}-seed-{seed}"))
    return SeedOutcome(
        seed=seed,
        profile=profile.name,
        accepted=not rejections,
        lines=source.count("\n"),
        generate_ms=generate_ms,
        rejections=tuple(rejections),
        saved=saved,
    )


def run_batch(
    seeds: range,
    profiles: list[str],
    options: SmithOptions,
    jobs: int,
    save_dir: Path | None,
) -> Iterator[SeedOutcome]:
    """Yield one outcome per (seed, profile), in completion order."""
    save = None if save_dir is None else str(save_dir)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(check_seed, seed, profile, options, save)
            for seed in seeds
            for profile in profiles
        ]
        for future in futures:
            yield future.result()
