"""Reduction of the recorded spirv-opt pass list: ddmin on its own (pure predicates),
then end to end on the real toolchain, with a planted spirv-opt bug (a real
vk-lavapipe-opt whose output is rejected when `--ccp` runs after SSA rewriting, named
`planted-...`) and with a real finding of Debian's spirv-opt."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shadersmith.case import load_test, write_test
from shadersmith.cli import main
from shadersmith.config.spirv_passes import KNOWN_PASSES, violates_ordering
from shadersmith.ir.profile import GLSL450
from shadersmith.reduce import reduce_subject, reduced_directory, subject_from_test, write_reduced
from shadersmith.reduce.ddmin import ddmin
from shadersmith.reduce.interesting import Candidate, Interestingness, Prepared
from shadersmith.reduce.pass_list import PassListReducer, pass_units, reduces_pass_list
from shadersmith.reduce.subject import Subject
from shadersmith.targets.catalogue.registry import runs_recorded_passes
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import spirv_tools
from shadersmith.trial import judge

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
DATA = Path(__file__).resolve().parent / "data"

# ------------------------------------------------------------------ ddmin, pure


class Judge:
    """A pure predicate over sequences, judged in batches; remembers what it was asked."""

    def __init__(self, interesting: Callable[[Any], bool]) -> None:
        self.interesting = interesting
        self.asked: list[Any] = []

    def __call__(self, candidates: list[Any]) -> list[bool]:
        self.asked.extend(candidates)
        return [self.interesting(c) for c in candidates]


def _holds_in_order(candidate: tuple[object, ...], wanted: tuple[object, ...]) -> bool:
    rest = iter(candidate)
    return all(any(item == w for item in rest) for w in wanted)


@pytest.mark.parametrize("batch", [1, 2, 5])
def test_ddmin_finds_the_minimal_subsequence_in_order_whatever_the_batch(batch: int) -> None:
    items = tuple(range(20))
    judge = Judge(lambda c: _holds_in_order(c, (3, 17)))
    assert ddmin(items, judge, batch) == (3, 17)
    assert () not in judge.asked, "the empty list is never tried"
    assert len(judge.asked) == len(set(judge.asked)), "each candidate is judged once"


def test_ddmin_keeps_order_among_repeated_items() -> None:
    # Repeats, as random pass lists have: only a `c` after a `b` counts.
    items = ("c", "a", "b", "a", "c", "b", "a")
    assert ddmin(items, Judge(lambda c: _holds_in_order(c, ("b", "c")))) == ("b", "c")
    assert ddmin(items, Judge(lambda c: "a" in c)) == ("a",)


def test_ddmin_result_is_one_minimal_and_interesting_on_a_non_monotone_predicate() -> None:
    # Interesting when the count of even items is odd: removing items can restore it.
    def odd_evens(c: tuple[object, ...]) -> bool:
        return sum(1 for x in c if isinstance(x, int) and x % 2 == 0) % 2 == 1

    items = tuple(range(11))  # six evens: not interesting itself, ddmin assumes it is
    judge = Judge(odd_evens)
    result = ddmin(items, judge)
    assert odd_evens(result)
    for index in range(len(result)):
        smaller = result[:index] + result[index + 1 :]
        assert not smaller or not odd_evens(smaller)


def test_ddmin_stops_when_asked() -> None:
    items = tuple(range(16))
    assert ddmin(items, Judge(lambda c: 5 in c), should_stop=lambda: True) == items


def test_flags_with_a_separate_argument_stay_whole() -> None:
    passes = ["--loop-fission", "100", "--ccp", "--scalar-replacement=100", "-O"]
    units = pass_units(passes)
    assert units == [("--loop-fission", "100"), ("--ccp",), ("--scalar-replacement=100",), ("-O",)]
    judge = Judge(lambda c: ("--loop-fission", "100") in c)
    assert ddmin(units, judge) == (("--loop-fission", "100"),)


def test_targets_that_run_the_recorded_pass_list() -> None:
    assert runs_recorded_passes("vk-lavapipe-opt")
    assert runs_recorded_passes("vk-nvidia-opt")
    assert runs_recorded_passes("planted-invalid-ccp-after-ssa-vk-lavapipe-opt")
    for name in ("vk-lavapipe", "vk-lavapipe-cross", "gl-llvmpipe", "interp", "nothing"):
        assert not runs_recorded_passes(name)


# ------------------------------------------------------------------ end to end

PLANTED = "planted-invalid-ccp-after-ssa-vk-lavapipe-opt"
PLANTED_TARGETS = [PLANTED, "vk-lavapipe", "interp"]
# 14 passes: a `--ccp` before SSA rewriting (harmless to the planted bug), the one after
# it (the bad one), a merge-return behind its dead-code elimination, a flag with an
# argument.
LONG_LIST = (
    "--ccp",
    "--eliminate-dead-code-aggressive",
    "--merge-return",
    "--scalar-replacement=100",
    "--eliminate-local-multi-store",
    "--vector-dce",
    "--if-conversion",
    "--cfg-cleanup",
    "--ccp",
    "--eliminate-dead-branches",
    "--merge-blocks",
    "--simplify-instructions",
    "--redundancy-elimination",
    "--loop-unroll",
)


def _record_with_passes(seed: int, passes: tuple[str, ...], out: Path) -> Path:
    """Seed `seed`'s campaign test with `passes` as its recorded list, run and written
    with its planted finding."""
    import dataclasses

    from shadersmith.campaign.fuzz import CampaignOptions, prepare_test

    item = prepare_test(seed, CampaignOptions(targets=PLANTED_TARGETS, profile=GLSL450))
    item.test.provenance.spirv_opt_passes = list(passes)
    job = dataclasses.replace(item.job, spirv_passes=passes)
    with TargetSession(PLANTED_TARGETS) as session:
        results = session.run(job)
        judged = judge(results, session.components())
    planted = [f for f in judged.findings if f.signature.startswith("invalid:planted-invalid-ccp")]
    assert planted, f"seed {seed} does not show the planted bug: {judged.signatures}"
    return write_test(judged.recorded_in(item.test, planted[0]), out / str(seed))


def test_a_planted_spirv_opt_bug_reduces_to_its_two_passes_and_names_the_bad_one(
    tmp_path: Path,
) -> None:
    directory = _record_with_passes(5001, LONG_LIST, tmp_path)
    subject = subject_from_test(load_test(directory))
    assert subject.spirv_passes == LONG_LIST
    with TargetSession(PLANTED_TARGETS, 2) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=120)
    assert result.signature_kept
    assert result.pass_list is not None
    # The `--ccp` before SSA rewriting is gone; the one after it is kept, in order.
    assert result.spirv_passes == ("--eliminate-local-multi-store", "--ccp")
    assert result.pass_list.first_bad_pass == "--ccp"
    assert result.pass_list.original == LONG_LIST
    # The program was reduced under the reduced list, and keeps the planted trigger.
    assert result.reduced_lines < result.original_lines
    assert "for (" in result.reduced.job.source
    assert result.reduced.job.spirv_passes == result.spirv_passes

    written = write_reduced(result, reduced_directory(directory))
    reduced = load_test(written)
    provenance = reduced.provenance
    assert provenance.spirv_opt_passes == ["--eliminate-local-multi-store", "--ccp"]
    assert provenance.spirv_opt_passes_original == list(LONG_LIST)
    assert provenance.first_bad_pass == "--ccp"
    assert provenance.reduction is not None
    assert provenance.reduction["pass_list"]["reduced_passes"] == 2
    # The reduced test replays with its reduced list, and reduces again from it.
    assert subject_from_test(reduced).spirv_passes == ("--eliminate-local-multi-store", "--ccp")
    replayed = CliRunner().invoke(main, ["replay", str(written)])
    assert replayed.exit_code == 0, replayed.output
    assert "REPRODUCES" in replayed.output


def test_only_a_finding_that_needs_the_pass_list_reduces_it() -> None:
    """A finding that a target without the list shows too would show under any list:
    reducing it would name an innocent pass."""
    import dataclasses

    from shadersmith.campaign.fuzz import CampaignOptions, prepare_test

    test = prepare_test(1, CampaignOptions(targets=["vk-lavapipe-opt"], profile=GLSL450)).test
    test.provenance.spirv_opt_passes = list(LONG_LIST)
    targets = ("vk-lavapipe", "vk-lavapipe-opt", "interp")

    def subject(*finding: str) -> Subject:
        return subject_from_test(test, "crash:lavapipe:SIGSEGV", finding, targets)

    assert reduces_pass_list(subject("vk-lavapipe-opt"))
    assert reduces_pass_list(subject(PLANTED))
    assert not reduces_pass_list(subject("vk-lavapipe-opt", "vk-lavapipe"))
    assert not reduces_pass_list(subject())
    no_list = dataclasses.replace(subject("vk-lavapipe-opt"), spirv_passes=None)
    assert not reduces_pass_list(no_list)


def test_the_phi_pointer_finding_of_debians_spirv_opt_shrinks_its_pass_list(
    tmp_path: Path,
) -> None:
    """findings/spirv-opt-invalid-phi-pointers: 15 random passes make OpPhi on pointers
    (invalid without VariablePointers); a few of them do it alone."""
    directory = tmp_path / "phi-pointers"
    shutil.copytree(FINDINGS / "spirv-opt-invalid-phi-pointers", directory)
    subject = subject_from_test(load_test(directory))
    assert subject.spirv_passes is not None and len(subject.spirv_passes) == 15
    with TargetSession(list(subject.targets), 2) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=120)
    assert result.signature_kept
    assert result.pass_list is not None
    passes = result.spirv_passes
    assert passes is not None and 1 <= len(passes) <= 4
    assert not violates_ordering(list(passes))
    assert result.pass_list.first_bad_pass == passes[-1]
    written = load_test(write_reduced(result, reduced_directory(directory)))
    assert written.provenance.spirv_opt_passes == list(passes)
    assert written.provenance.spirv_opt_passes_original == list(subject.spirv_passes)
    assert written.provenance.first_bad_pass == passes[-1]
    assert written.results.finding is not None
    assert written.results.finding.signature == subject.signature


def test_the_first_bad_pass_of_an_invalid_module_is_the_pass_after_which_it_is_invalid() -> None:
    """findings/spirv-opt-phi-type-mismatch: the module is invalid after `--loop-unswitch`
    (an OpStore of a uint constant to an int variable), and the recorded message, a bad
    OpPhi, comes after `--eliminate-dead-code-aggressive`; the cause is the first."""
    subject = subject_from_test(load_test(FINDINGS / "spirv-opt-phi-type-mismatch"))
    recorded = subject.spirv_passes
    assert recorded is not None and recorded[-2:] == (
        "--loop-unswitch",
        "--eliminate-dead-code-aggressive",
    )
    with TargetSession(list(subject.targets), 1) as session:
        interestingness = Interestingness(subject, session)
        start = interestingness.prepare(Candidate(subject.program, subject.buffer_values))
        assert isinstance(start, Prepared)
        lists = PassListReducer(interestingness, recorded)
        assert lists.first_bad_pass(start) == "--loop-unswitch"
    # The recorded message needs the whole list: it is kept.
    assert lists.outcome.reduced == recorded
    assert lists.outcome.first_bad_pass == "--loop-unswitch"


def test_the_first_bad_pass_of_a_wrong_value_is_the_last_of_the_shortest_wrong_prefix() -> None:
    """findings/spirv-opt-loop-unswitch-wrong: after `--ssa-rewrite` the value is right,
    after `--loop-unswitch` it is 0 instead of 5."""
    subject = subject_from_test(load_test(FINDINGS / "spirv-opt-loop-unswitch-wrong"))
    assert subject.signature == "wrong:spirv-opt"
    with TargetSession(list(subject.targets), 1) as session:
        interestingness = Interestingness(subject, session)
        start = interestingness.prepare(Candidate(subject.program, subject.buffer_values))
        assert isinstance(start, Prepared)
        lists = PassListReducer(interestingness, subject.spirv_passes or ())
        assert lists.first_bad_pass(start) == "--loop-unswitch"
    assert lists.outcome.reduced == ("--ssa-rewrite", "--loop-unswitch")


def test_a_preset_runs_as_the_passes_spirv_opt_names_for_it() -> None:
    """`-O` of Debian's spirv-opt is 44 passes; run one by one they make -O's module."""
    expanded = spirv_tools.preset_passes("-O")
    assert expanded is not None and len(expanded) == 44
    assert expanded[:3] == ("--wrap-opkill", "--eliminate-dead-branches", "--merge-return")
    assert spirv_tools.preset_passes("-Os") not in (None, expanded)
    source = (FINDINGS / "spirv-opt-continue-postdominance" / "shader.comp").read_text()
    module = spirv_tools.compile_glsl_to_spirv(source, "compute")
    assert spirv_tools.optimize(module, expanded) == spirv_tools.optimize(module, ["-O"])


def test_every_pass_a_preset_runs_may_be_recorded() -> None:
    """A reduced list of a preset holds the preset's passes: each must pass the schema, or
    the reduced test cannot be read back (the GPU yield run's reduced -Os SIGFPE named
    --scalar-replacement=0), with Debian's spirv-opt and the newest alike."""
    from shadersmith.targets.tools.newest import newest_toolset

    for toolset in (spirv_tools.DEBIAN, newest_toolset()):
        for preset in ("-O", "-Os"):
            passes = spirv_tools.preset_passes(preset, toolset)
            assert passes, (preset, toolset)
            assert set(passes) <= KNOWN_PASSES, set(passes) - KNOWN_PASSES


def test_a_finding_of_a_preset_reduces_to_the_passes_that_make_it(tmp_path: Path) -> None:
    """Seed 7004482 (findings/spirv-opt-continue-postdominance): spirv-opt -O writes a loop
    whose continue construct its back-edge block does not post-dominate; -O is replaced
    by the passes it runs, and three of them, the last the bad one, still write it."""
    # The campaign's test of that seed, stored (tests/data/): fuzz now swarms by default.
    found = tmp_path / "7004482"
    shutil.copytree(DATA / "spirv-opt-preset-seed-7004482", found)
    subject = subject_from_test(load_test(found))
    assert subject.spirv_passes == ("-O",)
    # The pass list is reduced first, within half the budget, on the whole program: what
    # the test asserts. The program's reduction after it asserts nothing here (74 s of
    # CI's slowest test at a budget of 120 s).
    with TargetSession(list(subject.targets), 1) as session:
        result = reduce_subject(subject, session, "internal", time_budget_s=40)
    assert result.signature_kept and result.pass_list is not None
    assert result.pass_list.expanded == spirv_tools.preset_passes("-O")
    assert result.spirv_passes == (
        "--merge-return",
        "--inline-entry-points-exhaustive",
        "--eliminate-dead-branches",
    )
    assert result.pass_list.first_bad_pass == "--eliminate-dead-branches"
    written = load_test(write_reduced(result, reduced_directory(found)))
    reduction = written.provenance.reduction or {}
    assert reduction["pass_list"]["presets_expanded"] == list(result.pass_list.expanded or ())
    assert written.provenance.spirv_opt_passes_original == ["-O"]


def test_a_campaign_reduces_the_pass_list_of_its_new_bucket(tmp_path: Path) -> None:
    """Campaign reduction goes through the same entry point: seed 74's random list of 17
    passes holds `--ssa-rewrite` then `--ccp`, which the planted bug needs."""
    from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
    from shadersmith.campaign.store import CampaignStore

    options = CampaignOptions(
        targets=PLANTED_TARGETS, profile=GLSL450, count=1, seed_base=74, reduce_time_s=60
    )
    run_campaign(tmp_path / "campaign", options)
    store = CampaignStore(tmp_path / "campaign", options.keep_per_bucket)
    try:
        (bucket,) = store.buckets()
    finally:
        store.close()
    assert bucket.reduced is not None and not bucket.reduced.startswith("failed")
    provenance = load_test(tmp_path / "campaign" / bucket.reduced).provenance
    assert provenance.spirv_opt_passes == ["--ssa-rewrite", "--ccp"]
    assert provenance.spirv_opt_passes_original is not None
    assert len(provenance.spirv_opt_passes_original) == 17
    assert provenance.first_bad_pass == "--ccp"
