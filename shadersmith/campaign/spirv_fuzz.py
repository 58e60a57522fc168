"""The SPIR-V fuzzing campaign (spirv-fuzz's method, issue 35) in the one campaign loop.

Test `i` uses seed `seed_base + i`: the generator's program (or, with `references`, a
real-world shader the seed picks from a corpus: corpus/), reconditioned, compiled by
Debian's glslang, is the reference module; the variant is that module after a list of
SPIR-V transformations drawn with the seed (spirv_pair.py), checked by spirv-val before
any target sees it. Both modules run on every target (the Vulkan chains whose first step
is Debian's glslang: those a job's module replaces); the -opt chains run a pass list
drawn with the seed, the same for both. The oracle (oracle/spirv_metamorphic.py) compares
each target's two outputs, a second consumer vouching for each difference; findings are
bucketed and stored as every campaign's are (resume after kill -9, `--keep`, `--cluster`),
and each new bucket's first test is reduced: its transformation list by delta debugging,
then its reference module by spirv-reduce (reduce/spirv_test.py).
"""

from __future__ import annotations

import functools
import json
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shadersmith.campaign import loop
from shadersmith.campaign.findings import reproduce_crashes
from shadersmith.campaign.loop import Context, Progress, Recorded, Unit
from shadersmith.campaign.metamorphic import confirm_wrong, headline
from shadersmith.campaign.preparation import CpuShare
from shadersmith.campaign.store import VARIANTS_SCHEMA, Bucket, CampaignStore
from shadersmith.case import Kind
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.config.spirv_passes import choose_pass_list
from shadersmith.corpus import Corpus, pick
from shadersmith.corpus.prepare import prepare_corpus
from shadersmith.corpus.programs import reference_stage
from shadersmith.generate.smith import SmithOptions, options_to_dict
from shadersmith.oracle.spirv_metamorphic import judge_spirv_metamorphic
from shadersmith.reduce.spirv_test import reduce_spirv_test
from shadersmith.spirv_pair import (
    DEFAULT_STEPS,
    SpirvPair,
    prepare_generated_spirv_pair,
    prepare_spirv_pair,
    recorded_spirv_pair,
)
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import needs_debian_spirv
from shadersmith.trial import reconditioning

# Two independent back-ends, so that a difference on one is vouched for by the other,
# spirv-opt before each, RADV's compile-only generation and spirv-cross's HLSL and MSL
# back-ends, compile-only.
DEFAULT_TARGETS = (
    "vk-lavapipe",
    "vk-swiftshader",
    "vk-lavapipe-opt",
    "vk-swiftshader-opt",
    "vk-radv-navi21",
    "compile-spirv-cross-hlsl",
    "compile-spirv-cross-msl",
)


def refused_targets(names: Sequence[str]) -> list[str]:
    """The targets of `names` that compile their own module from the GLSL text (the
    -newest chains, wgpu, GL), so a job's module never reaches them."""
    return [name for name in names if not needs_debian_spirv(name)]


@dataclass
class SpirvFuzzOptions:
    targets: list[str] = field(default_factory=lambda: list(DEFAULT_TARGETS))
    count: int | None = None
    time_s: float | None = None
    seed_base: int = 0
    timeout_s: float = 60.0
    keep_per_bucket: int = 3
    generator: SmithOptions = field(default_factory=SmithOptions)
    steps: tuple[int, int] = DEFAULT_STEPS
    reduce: bool = True
    reduce_time_s: float = 120.0
    cluster: str | None = None
    allow_new_targets: bool = False
    jobs: int | None = None
    # Real-world references (a corpus: piglit's shaders, a directory) instead of the
    # generator's programs.
    references: Corpus | None = None

    def settings(self) -> dict[str, object]:
        settings: dict[str, object] = {
            "oracle": SpirvMetamorphic.kind,
            "seed_base": self.seed_base,
            "generator": options_to_dict(self.generator),
            "steps": list(self.steps),
            "targets": list(self.targets),
        }
        if self.references is not None:  # named only when used, as metamorphic's
            settings["references"] = self.references.name
        return settings

    def cpu_share(self) -> CpuShare:
        # A pair takes ~0.2 s of CPU to prepare (glslang, the transformations, two
        # spirv-val and the assembler), its two modules ~1 s on the default targets.
        return CpuShare(self.jobs, len(self.targets), cpus_per_preparer=4)


class SpirvFuzzKind(loop.KindDefaults):
    """A unit is one pair, whose two modules run on every target."""

    def __init__(self, options: SpirvFuzzOptions) -> None:
        self.options = options

    def settings(self) -> dict[str, object]:
        return self.options.settings()

    def open(self, store: CampaignStore) -> None:
        store.db.executescript(VARIANTS_SCHEMA)

    def session_targets(self) -> list[str]:
        return list(self.options.targets)

    def cpu_share(self) -> CpuShare:
        return self.options.cpu_share()

    def check_session(self, session: TargetSession) -> None:
        loop.require_present(session, self.options.targets)

    def units(self, store: CampaignStore) -> Iterator[Unit[int]]:
        return loop.units_by_index(store, self.options.count)

    @property
    def prepare(self) -> Callable[[int], SpirvPair]:
        return functools.partial(prepare_pair_at, options=self.options)

    def jobs(self, piece: SpirvPair) -> Sequence[Job]:
        return piece.jobs()

    def record(
        self,
        unit: Unit[int],
        pieces: Sequence[SpirvPair],
        answers: Sequence[Sequence[dict[str, RunResult]]],
        context: Context,
    ) -> Recorded:
        pair = pieces[0]
        if not answers[0]:  # nothing ran: the program did not build, or the variant is invalid
            return _record_unrun(pair, context.store)
        reference, variant = answers[0]
        return _record_pair(pair, reference, variant, context, self.options)

    def reduce_bucket(
        self,
        bucket: Bucket,
        example: Path,
        session: TargetSession,
        time_s: float,
        interrupted: Callable[[], bool],
    ) -> tuple[str, str | None] | None:
        reduced = reduce_spirv_test(example, bucket.signature, session, time_s, interrupted)
        if reduced is None:
            return None
        return reduced.outcome, reduced.cause


def run_spirv_fuzz_campaign(
    directory: Path,
    options: SpirvFuzzOptions,
    stop: threading.Event | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Progress:
    """Run (or resume) the SPIR-V fuzzing campaign in `directory`."""
    refused = refused_targets(options.targets)
    if refused:
        raise RuntimeError(
            f"{', '.join(refused)}: compile their own module from the GLSL, so no variant "
            "reaches them; a SPIR-V campaign runs the chains on Debian's glslang (vk-lavapipe, "
            "-opt, -cross, vk-swiftshader, vk-radv-*, compile-spirv-tools)"
        )
    return loop.run_with(directory, SpirvFuzzKind(options), options, stop, on_progress)


def prepare_pair_at(index: int, options: SpirvFuzzOptions) -> SpirvPair:
    """Pair `index` (run in a preparing process: it must pickle)."""
    seed = options.seed_base + index
    if options.references is not None:
        stage = reference_stage(seed, options.generator.fragment_probability)
        trial = prepare_corpus(pick(options.references, seed, stage), [reconditioning()])
        return prepare_spirv_pair(index, seed, trial, options.steps)
    passes = tuple(choose_pass_list(random.Random(seed)))
    return prepare_generated_spirv_pair(index, seed, options.generator, options.steps, passes)


def _record_unrun(pair: SpirvPair, store: CampaignStore) -> Recorded:
    why = pair.invalid or pair.unbuilt or "nothing to run"
    ours = pair.invalid is not None
    _record_variant(store, pair, {}, why if ours else None)
    if ours:
        store.note(f"test {pair.index} (seed {pair.seed}): {why[:300]}")
    store.record(pair.index, pair.seed, "ours" if ours else "unbuilt", [], [], {}, 0.0)
    return Recorded(1, (), int(ours), 0)


def _record_pair(
    pair: SpirvPair,
    reference: dict[str, RunResult],
    variant: dict[str, RunResult],
    context: Context,
    options: SpirvFuzzOptions,
) -> Recorded:
    started = time.perf_counter()
    session, store = context.session, context.store
    judged = judge_spirv_metamorphic(reference, variant, options.targets, context.components)
    findings = reproduce_crashes(judged.findings, variant)
    findings = [
        confirm_wrong(f, (pair.job(pair.reference), pair.job(pair.variant)), session)
        for f in findings
    ]
    versions = session.versions()
    directories = store.keep_tests(
        findings,
        pair.seed,
        lambda finding: recorded_spirv_pair(pair, reference, variant, finding, dict(versions)),
        context.keep_per_bucket,
    )
    _record_variant(store, pair, {t: o.value for t, o in judged.outcomes.items()}, judged.ours)
    merged = {f"{n}.reference": r for n, r in reference.items()}
    merged.update({f"{n}.variant": r for n, r in variant.items()})
    opened = store.record(
        pair.index,
        pair.seed,
        headline(judged, findings),
        findings,
        store.result_rows(merged),
        directories,
        time.perf_counter() - started,
    )
    counted = [f for f in findings if f.kind is not Kind.UNCONFIRMED]
    return Recorded(1, counted, int(judged.ours is not None), len(opened))


def _record_variant(
    store: CampaignStore, pair: SpirvPair, outcomes: dict[str, str], ours: str | None
) -> None:
    store.db.execute(
        "INSERT OR REPLACE INTO variants VALUES (?, ?, ?, ?, ?, ?)",
        (
            pair.index,
            pair.trial.job.stage,
            json.dumps([record.to_json() for record in pair.records]),
            pair.transform_ms,
            json.dumps(outcomes),
            ours,
        ),
    )
