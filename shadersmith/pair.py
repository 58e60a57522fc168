"""A metamorphic pair: a program's reference (reconditioned) and its variant (the
reference after a plan of transformations, mutate/metamorphic.py), prepared together as
one test: the variant's shader is the test's `shader.*`, the reference's sits beside it as
`reference.*`, and the provenance (the generator's seed, or a corpus program's record,
front/corpus_record.py; then reconditioning, then the plan) rebuilds both. Campaigns, replay
and the step-list reducer all start here.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from shadersmith.case import Finding, StepRecord, TestCase, TestCaseError
from shadersmith.case.oracle import Metamorphic
from shadersmith.case.testcase import reference_file
from shadersmith.corpus.prepare import prepare_corpus
from shadersmith.front.corpus_record import CorpusProgram, program_of_record, record_of
from shadersmith.generate.smith import GeneratedProgram, SmithOptions, generate, options_from_dict
from shadersmith.ir.profile import GLSL450, LanguageProfile, profile_named
from shadersmith.oracle.differential import REFERENCE, run_records
from shadersmith.oracle.metamorphic import on_reference_bindings
from shadersmith.recondition.step import RECONDITION
from shadersmith.targets.results import RunResult
from shadersmith.trial import PreparedTrial, prepare_generated, reconditioning, reconditioning_of


@dataclass(frozen=True)
class Pair:
    """A reference and its variant, ready to run."""

    index: int
    seed: int
    plan: tuple[StepRecord, ...]
    reference: PreparedTrial
    variant: PreparedTrial
    transform_ms: float


def prepare_pair(
    seed: int,
    generator: SmithOptions,
    plan: Sequence[StepRecord],
    profile: LanguageProfile = GLSL450,
    index: int = 0,
    reconditioned_by: StepRecord | None = None,
) -> Pair:
    return prepare_generated_pair(
        generate(seed, generator, profile), plan, profile, index, reconditioned_by
    )


def prepare_generated_pair(
    generated: GeneratedProgram,
    plan: Sequence[StepRecord],
    profile: LanguageProfile = GLSL450,
    index: int = 0,
    reconditioned_by: StepRecord | None = None,
) -> Pair:
    """The pair of a generated program (reconditioned) and its variant after `plan`.
    `reconditioned_by`: the recondition step a recorded pair holds, which it replays with
    (a record made before an option of the reconditioner keeps its programs); None: the
    step a new pair takes."""
    if reconditioned_by is not None:
        steps = [reconditioned_by]
        return _pair(
            generated.seed,
            index,
            plan,
            prepare_generated(generated, profile, steps=steps),
            lambda: prepare_generated(generated, profile, steps=[*steps, *plan]),
        )
    return _pair(
        generated.seed,
        index,
        plan,
        prepare_generated(generated, profile),
        lambda: prepare_generated(generated, profile, steps=[reconditioning_of(generated), *plan]),
    )


def prepare_corpus_pair(
    shader: CorpusProgram,
    plan: Sequence[StepRecord],
    index: int = 0,
    reconditioned_by: StepRecord | None = None,
) -> Pair:
    """The pair of a corpus program (reconditioned) and its variant after `plan`; the
    provenance holds the corpus record (front/corpus_record.py), so the pair replays without
    the corpus. `reconditioned_by`: as for prepare_generated_pair."""
    first = reconditioning() if reconditioned_by is None else reconditioned_by
    return _pair(
        shader.seed,
        index,
        plan,
        prepare_corpus(shader, [first]),
        lambda: prepare_corpus(shader, [first, *plan]),
    )


def _pair(
    seed: int,
    index: int,
    plan: Sequence[StepRecord],
    reference: PreparedTrial,
    make_variant: Callable[[], PreparedTrial],
) -> Pair:
    started = time.perf_counter()
    variant = make_variant()
    transform_ms = (time.perf_counter() - started) * 1000
    reference_name = reference_file(variant.test.stage)
    test = dataclasses.replace(
        variant.test,
        shaders={**variant.test.shaders, reference_name: reference.source},
        # The program's one step, reconditioning, makes the reference.
        oracle=Metamorphic(reference_name, reference_steps=1),
    )
    variant = dataclasses.replace(variant, test=test)
    return Pair(index, seed, tuple(plan), reference, variant, transform_ms)


def pair_results(
    reference: Mapping[str, RunResult], variant: Mapping[str, RunResult]
) -> dict[str, RunResult]:
    """Both runs under one name each (`<target>.reference`, `<target>.variant`), and the
    interpreter's run of the variant as the expected output."""
    merged: dict[str, RunResult] = {}
    for name, result in reference.items():
        if name != REFERENCE:
            merged[f"{name}.reference"] = result
    for name, result in variant.items():
        if name != REFERENCE:
            merged[f"{name}.variant"] = on_reference_bindings(result, reference.get(name))
    if REFERENCE in variant:
        merged[REFERENCE] = on_reference_bindings(variant[REFERENCE], reference.get(REFERENCE))
    return merged


def recorded_pair(
    pair: Pair,
    reference: Mapping[str, RunResult],
    variant: Mapping[str, RunResult],
    finding: Finding | None,
    versions: Mapping[str, Mapping[str, str]] | None = None,
) -> TestCase:
    files: dict[str, bytes] = {}
    merged = pair_results(reference, variant)
    named_versions = None
    if versions is not None:
        named_versions = {
            key: versions.get(key.rsplit(".", 1)[0], {}) for key in merged if key != REFERENCE
        }
    recorded = run_records(merged, files, named_versions)
    recorded.finding = finding
    recorded.verdict = "metamorphic"
    return dataclasses.replace(pair.variant.test, results=recorded, files=files)


def is_metamorphic(test: TestCase) -> bool:
    return isinstance(test.oracle, Metamorphic)


def pair_of_test(test: TestCase, plan: Sequence[StepRecord] | None = None) -> Pair:
    """The pair a metamorphic test records, rebuilt from its provenance (with another
    `plan` where given) and checked against the shaders it holds."""
    provenance = test.provenance
    oracle = test.oracle
    if not isinstance(oracle, Metamorphic) or provenance.seed is None:
        raise TestCaseError("not a metamorphic test (its oracle is not metamorphic)")
    cut = oracle.reference_steps
    recorded = [StepRecord(s.name, dict(s.params)) for s in provenance.steps[cut:]]
    # The reference's own recondition step, with the options it was recorded with.
    reconditioned_by = next(
        (
            StepRecord(s.name, dict(s.params))
            for s in provenance.steps[:cut]
            if s.name == RECONDITION
        ),
        None,
    )
    record = record_of(provenance)
    if record is not None:
        shader = program_of_record(record, "test.json: provenance.corpus")
        pair = prepare_corpus_pair(shader, recorded if plan is None else plan, 0, reconditioned_by)
        _check_rebuilt(test, pair, plan)
        return pair
    try:
        options = options_from_dict(dict(provenance.options))
        profile = profile_named(provenance.profile or GLSL450.name)
    except (KeyError, TypeError, ValueError) as error:
        raise TestCaseError(f"test.json provenance is incomplete or corrupt ({error})") from None
    steps = recorded if plan is None else plan
    pair = prepare_pair(provenance.seed, options, steps, profile, 0, reconditioned_by)
    _check_rebuilt(test, pair, plan)
    return pair


def _check_rebuilt(test: TestCase, pair: Pair, plan: Sequence[StepRecord] | None) -> None:
    if plan is None:
        for name, text in pair.variant.test.shaders.items():
            if test.shaders.get(name) != text:
                raise TestCaseError(f"{name} differs from what the provenance rebuilds (edited?)")


def plan_of_test(test: TestCase) -> list[StepRecord]:
    cut = test.oracle.reference_steps if isinstance(test.oracle, Metamorphic) else 1
    return [StepRecord(s.name, dict(s.params)) for s in test.provenance.steps[cut:]]
