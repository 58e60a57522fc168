"""Real-world shaders (issue 20, part 3): piglit's shader tests, a handful copied into
tests/data/piglit (README there), become metamorphic references, dead-code and live-code
donors and fusion parts. A file is read, converted, filled from a seed and reconditioned
the same way every time; one we cannot use is skipped with its reason; the converted
programs compute on the real drivers what the interpreter expects; a metamorphic
campaign and a fusion sequence on them record results, and a kept test names its corpus
file and replays without the corpus.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fusion import FusionOptions, fusion_finding, run_sequence
from shadersmith.campaign.fusion_tests import save_findings
from shadersmith.campaign.metamorphic import MetamorphicOptions, run_metamorphic_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test
from shadersmith.cli import main
from shadersmith.corpus import (
    CORPUS,
    CorpusError,
    Purpose,
    Unusable,
    open_corpus,
    pick,
    program_of_record,
    usable_program,
)
from shadersmith.corpus import files as corpus_files
from shadersmith.corpus.prepare import prepare_corpus
from shadersmith.generate.smith import SmithOptions
from shadersmith.ir.program import Stage
from shadersmith.mutate.fusion import Relation
from shadersmith.mutate.transforms.donors import CORPUS_DONOR
from shadersmith.oracle.differential import output_digest
from shadersmith.oracle.fusion import HOLDS, VIOLATED
from shadersmith.pair import pair_of_test
from shadersmith.targets.session import TargetSession
from shadersmith.trial import reconditioning

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

DATA = Path(__file__).parent / "data" / "piglit"
COMPUTE = (
    "tests/spec/arb_compute_shader/execution/basic-uniform-access.shader_test",
    "tests/spec/glsl-4.50/execution/glsl-mul-const.shader_test",
    "tests/spec/glsl-1.50/execution/out-of-ssa-DFS-pre-order.shader_test",
)
FRAGMENT = (
    "tests/spec/glsl-1.10/execution/glsl-fs-functions-6.shader_test",
    "tests/spec/glsl-1.30/execution/fs-loop-cont-else-bug.shader_test",
    "tests/spec/glsl-1.20/execution/fs-function-inout-array-of-structs.shader_test",
    "tests/spec/glsl-1.10/execution/discard/glsl-fs-discard-04.shader_test",
    "tests/spec/glsl-1.10/compiler/vector-dereference-in-dereference.frag",
)
UNUSABLE = {
    "tests/spec/glsl-1.30/execution/fs-textureSize-compare.shader_test": "samples a texture",
    "tests/spec/glsl-1.50/execution/geometry/generate-zero-primitives.shader_test": (
        "other stages than compute or fragment"
    ),
    "tests/spec/glsl-1.10/compiler/version-0.frag": "a compiler test the compiler must reject",
}
METAMORPHIC_PLANTED = "planted-opaque-loop-skipped-gl-llvmpipe"  # tests/planted_bugs.py
FUSION_PLANTED = "planted-halve-part-2-gl-llvmpipe"


@pytest.fixture(scope="module")
def corpus() -> corpus_files.Corpus:
    return open_corpus(str(DATA))


def test_the_corpus_lists_every_shader_file_and_reads_through_no_link(
    corpus: corpus_files.Corpus, tmp_path: Path
) -> None:
    assert set(corpus.files) == {*COMPUTE, *FRAGMENT, *UNUSABLE}
    # A link planted in a corpus, to a file or a folder, is never listed nor read.
    shutil.copytree(DATA, tmp_path / "c")
    (tmp_path / "secret.frag").write_text("void main() { gl_FragColor = vec4(1.0); }\n")
    (tmp_path / "c" / "linked.frag").symlink_to(tmp_path / "secret.frag")
    (tmp_path / "c" / "linked-folder").symlink_to(DATA / "tests", target_is_directory=True)
    planted = open_corpus(str(tmp_path / "c"))
    assert set(planted.files) == set(corpus.files)
    with pytest.raises(Unusable, match="symbolic link"):
        usable_program(planted, "linked.frag", 0)
    with pytest.raises(Unusable, match="symbolic link"):
        usable_program(planted, f"linked-folder/{COMPUTE[0].removeprefix('tests/')}", 0)


@pytest.mark.parametrize("relative", [*COMPUTE, *FRAGMENT])
def test_reading_converting_and_filling_is_deterministic(
    corpus: corpus_files.Corpus, relative: str
) -> None:
    first = usable_program(corpus, relative, 7)
    again = usable_program(corpus, relative, 7)
    assert (first.text, first.values, first.dispatch) == (again.text, again.values, again.dispatch)
    assert first.sha256 == hashlib.sha256((DATA / relative).read_bytes()).hexdigest()
    assert first.stage is (Stage.COMPUTE if relative in COMPUTE else Stage.FRAGMENT)
    other = usable_program(corpus, relative, 8)
    assert other.text == first.text
    if any(first.values.values()):
        assert other.values != first.values, "another seed draws other inputs"
    # What a test keeps of it is enough to make it again, without the corpus.
    record = json.loads(json.dumps(first.record()))
    assert record["file"] == relative and record["corpus"] == str(DATA)
    rebuilt = program_of_record(record)
    assert (rebuilt.program, rebuilt.values) == (first.program, first.values)


def test_default_uniforms_images_and_outputs_become_what_a_test_fills(
    corpus: corpus_files.Corpus,
) -> None:
    image = usable_program(corpus, COMPUTE[0], 0)
    assert "uniform vec4 color" not in image.text and "image2D" not in image.text
    assert "buffer corpus_uniforms" in image.text and "image_store_tex(coord, color)" in image.text
    assert image.dispatch == (1, 1, 1) and image.program.local_size == (16, 16, 1)
    matrix = usable_program(corpus, FRAGMENT[4], 0)
    assert "uniform corpus_uniforms" in matrix.text and "vec4 m[4];" in matrix.text
    assert "mat4(m[0], m[1], m[2], m[3])" in matrix.text
    assert "fragment_body();" in matrix.text and "_gl_FragColor" in matrix.text
    assert matrix.conversions == (
        "uniforms in a block",
        "bools and matrices stored as uints and columns",
        "outputs folded into _color",
    )


@pytest.mark.parametrize(("relative", "reason"), UNUSABLE.items())
def test_an_unusable_file_is_skipped_with_its_reason(
    corpus: corpus_files.Corpus, relative: str, reason: str
) -> None:
    with pytest.raises(Unusable) as raised:
        usable_program(corpus, relative, 0)
    assert raised.value.reason == reason


def test_a_seed_picks_a_program_for_each_purpose(corpus: corpus_files.Corpus) -> None:
    for seed in range(6):
        reference = pick(corpus, seed, Stage.COMPUTE)
        assert reference.stage is Stage.COMPUTE and reference.relative in COMPUTE
        assert pick(corpus, seed, Stage.COMPUTE) == reference
        part = pick(corpus, seed, Stage.FRAGMENT, Purpose.PART)
        assert "discard" not in part.text, "a part that discards would drop the others' colour"
        donor = pick(corpus, seed, Stage.COMPUTE, Purpose.DONOR)
        assert "shared" not in donor.text, "a donor runs anywhere: no shared memory"


def test_a_missing_or_empty_corpus_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(corpus_files, "PIGLIT_ROOT", tmp_path / "absent")
    with pytest.raises(CorpusError, match="piglit is not installed"):
        open_corpus("piglit")
    with pytest.raises(CorpusError, match=r"no \.shader_test"):
        open_corpus(str(tmp_path))
    runner = CliRunner()
    for command in (
        ["metamorphic", "--references-from", str(tmp_path / "absent")],
        ["metamorphic", "--references-from", "piglit"],
        ["fuse", "--parts-from", str(tmp_path)],
    ):
        result = runner.invoke(main, [*command, "--out", str(tmp_path / "out")])
        assert result.exit_code == 2, result.output
        error = result.output.strip().splitlines()[-1]
        assert error.startswith("Error: Invalid value for '--"), result.output
    result = runner.invoke(
        main,
        ["metamorphic", "--donors-from", str(DATA), "--transformations", "wrap-if"],
    )
    assert result.exit_code != 0 and "no donor family" in result.output


def test_converted_programs_compute_on_the_drivers_what_the_interpreter_expects(
    corpus: corpus_files.Corpus,
) -> None:
    trials = [
        prepare_corpus(usable_program(corpus, relative, 3), [reconditioning()])
        for relative in (*COMPUTE, *FRAGMENT)
    ]
    with TargetSession(["gl-llvmpipe", "vk-lavapipe", "interp"], 1, 60) as session:
        assert not session.missing, session.missing
        answers = dict(session.run_many([trial.job for trial in trials]))
    for index, trial in enumerate(trials):
        results = answers[index]
        assert all(result.ok for result in results.values()), trial.test.provenance.extra
        digests = {name: output_digest(result) for name, result in results.items()}
        assert len(set(digests.values())) == 1, (trial.test.provenance.extra, digests)


def test_a_metamorphic_campaign_on_corpus_references_and_donors_records_and_replays(
    tmp_path: Path,
) -> None:
    options = MetamorphicOptions(
        targets=[METAMORPHIC_PLANTED, "vk-lavapipe"],
        count=6,
        seed_base=40,
        generator=SmithOptions(fragment_probability=0.5),
        families=("wrap-loop", "dead-code", "live-code"),
        reduce=False,
        references=open_corpus(str(DATA)),
        donors=open_corpus(str(DATA)),
    )
    progress = run_metamorphic_campaign(tmp_path / "c", options)
    assert progress.tests == 6 and progress.ours == 0
    store = CampaignStore(tmp_path / "c")
    rows = store.db.execute("SELECT target, status FROM results").fetchall()
    buckets = store.buckets()
    examples = store.db.execute("SELECT directory FROM bucket_tests").fetchall()
    store.close()
    statuses = {target: status for target, status in rows}
    assert statuses["vk-lavapipe.reference"] == "ok" and statuses["interp"] == "ok"
    assert [b.signature for b in buckets] == [f"metamorphic:{METAMORPHIC_PLANTED}"]
    directory = tmp_path / "c" / examples[0][0]
    test = load_test(directory)
    provenance = test.provenance
    assert provenance.generator == CORPUS and provenance.seed is not None
    record = provenance.extra["corpus"]
    assert record["file"] in (*COMPUTE, *FRAGMENT) and record["seed"] == provenance.seed
    assert record["sha256"] == hashlib.sha256((DATA / record["file"]).read_bytes()).hexdigest()
    donors = [s.params[CORPUS_DONOR] for s in provenance.steps if CORPUS_DONOR in s.params]
    assert donors and all(d["file"] in (*COMPUTE, *FRAGMENT) for d in donors)
    # The test replays from its own directory: moved away from the corpus, rebuilt from
    # its records and checked against its shaders.
    moved = shutil.copytree(directory, tmp_path / "elsewhere")
    assert pair_of_test(load_test(moved)).variant.source == test.main_shader
    replay = CliRunner().invoke(main, ["replay", str(moved)])
    assert replay.exit_code == 0, replay.output
    assert f"REPRODUCES: metamorphic:{METAMORPHIC_PLANTED}" in replay.output


def test_fusion_of_corpus_parts_holds_on_llvmpipe_and_a_planted_bug_replays(
    tmp_path: Path,
) -> None:
    options = FusionOptions(
        targets=("gl-llvmpipe", FUSION_PLANTED),
        seed_base=3,
        parts=3,
        relations=(Relation.ADD, Relation.LIGHT),
        parts_from=open_corpus(str(DATA)),
    )
    with TargetSession(list(options.targets), timeout_s=60) as session:
        outcomes, unfused = run_sequence(session, 0, options)
    assert outcomes and not unfused
    for outcome in outcomes:
        assert not outcome.ours, outcome.ours
        assert outcome.verdicts["gl-llvmpipe"].status == HOLDS, outcome.plan.name
        for part in outcome.parts:
            assert part.test.provenance.extra["corpus"]["file"] in FRAGMENT
    # Halving part 2 shows in every average (MR+); a grey level may hide it in MR_l.
    added = [o for o in outcomes if o.plan.relation is Relation.ADD]
    assert all(o.verdicts[FUSION_PLANTED].status == VIOLATED for o in added)
    outcome = added[-1]
    store = CampaignStore(tmp_path)
    findings = [fusion_finding(sign, target, options) for sign, target in outcome.findings()]
    save_findings(store, outcome, findings, options, {})
    store.close()
    (directory,) = (tmp_path / "buckets").glob("*/*")
    result = CliRunner().invoke(main, ["replay", str(directory)])
    assert result.exit_code == 0, result.output
    assert f"REPRODUCES: fusion:{outcome.plan.relation.value}:{FUSION_PLANTED}" in result.output
