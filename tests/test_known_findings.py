"""Buckets of bugs we already know are marked as known (issue 31 item 8): a new user's
first campaign opened six buckets, all rows of findings/README.md, and nothing said so."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from shadersmith.cli import main
from shadersmith.oracle.known_findings import (
    NEW,
    known_findings,
    known_label,
    known_match,
    names_a_bug,
)

REPOSITORY = Path(__file__).resolve().parent.parent
FINDINGS = REPOSITORY / "findings"


def test_the_catalogue_is_what_the_findings_directories_give() -> None:
    checked = subprocess.run(
        [sys.executable, "scripts/known_findings.py", "--check"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stderr
    names = {finding.name for finding in known_findings()}
    assert {"spirv-opt-phi-type-mismatch", "mesa-gl-swizzle-index"} <= names


def test_a_signature_that_names_a_bug_is_known_by_it() -> None:
    phi = next(f for f in known_findings() if f.name == "spirv-opt-phi-type-mismatch")
    assert known_match(phi.signature) is not None
    assert known_match(phi.signature).name == "spirv-opt-phi-type-mismatch"  # type: ignore[union-attr]


def test_row_10s_crash_is_known_by_its_frame_and_no_other_frame_is() -> None:
    """The H200 campaign showed row 10 (SPIRV-Tools #4953) NEW: its finding was recorded
    before workers wrote backtraces (`crash:spirv-opt:SIGSEGV`, which names no bug) and
    before first bad passes (root cause by shape, `builtins:usubBorrow`), while the
    campaign's reduced bucket had the frame and `--simplify-instructions`. Re-recorded by
    `shadersmith run --save`, the finding's signature has its frame."""
    frame = "crash:spirv-opt:SIGSEGV at spvtools::opt::CompositeInsertToCompositeConstruct"
    match = known_match(frame, "spirv-opt|first-bad-pass:--simplify-instructions")
    assert match is not None and (match.name, match.by) == ("spirv-opt-os-crash", "signature")
    # Another frame, or the signal alone, is another bug for all we know.
    assert known_match("crash:spirv-opt:SIGSEGV at spvtools::opt::Other") is None
    assert known_match("crash:spirv-opt:SIGSEGV") is None


def test_the_glslang_bugs_fixed_upstream_after_13_1_1_are_known_by_their_signatures() -> None:
    """The H200 campaign with every issue-36 feature spent 93 + 14 + 9 of 1,688 tests on
    two glslang bugs known and fixed upstream (glslang #3506, #3449): rows 25 and 26."""
    uconvert = "invalid:glslang:Prior to SPIR-V N.N, specialization constant operation UConvert"
    capability = "invalid:glslang:Using {} N-bit integer type requires the IntN capability, or an"
    campaign = {
        uconvert: "glslang-spec-constant-uconvert",
        capability.format("an"): "glslang-spec-constant-int8-capability",
        capability.format("a") + " e": "glslang-spec-constant-int16-capability",
    }
    for signature, name in campaign.items():
        match = known_match(signature)
        assert match is not None and (match.name, match.by) == (name, "signature"), signature


def test_a_signature_that_names_only_a_component_or_a_signal_is_new() -> None:
    # Four findings are `wrong:llvmpipe`, two `crash:llvmpipe:SIGSEGV`-like: neither names a bug.
    assert known_match("wrong:llvmpipe") is None
    assert known_match("crash:llvmpipe:SIGSEGV") is None
    assert known_label("odd_one_out", "wrong:llvmpipe", None) == NEW


def test_a_reduced_bucket_is_known_by_a_root_cause_that_names_one_bug() -> None:
    # Row 1: three directories (a wrong value, an LLVM abort, a segfault), one bug.
    row_1 = "mesa-glsl|builtins:mulExtended"
    match = known_match("wrong:mesa-glsl", row_1)
    assert match is not None and match.by == "root cause"
    # Two rows' directories share this one: it names no single bug.
    assert known_match("wrong:llvmpipe", "llvmpipe|ops:call") is None
    # A shape of one operator form is too common to call a bug known.
    assert known_match("wrong:softpipe", "softpipe|ops:%") is None


def test_known_bugs_and_our_own_defects_are_labelled_apart() -> None:
    known = "wrong:naga-glsl-out:known:wgsl-integer-division"
    assert known_label("disagree", known, None) == "wgsl-integer-division (by known bug)"
    assert known_label("all_failed", "ours:all-failed:compile:glslang:x", None) is None
    assert known_label("unconfirmed", "unconfirmed:invalid:spirv-opt:x", None) is None


def test_a_campaign_on_a_known_finding_says_its_bucket_is_known(tmp_path: Path) -> None:
    """The stored test of row 14 (spirv-opt's OpPhi type) run as a campaign's corpus."""
    out = tmp_path / "c"
    result = CliRunner().invoke(
        main,
        ["fuzz", "--corpus", str(FINDINGS / "spirv-opt-phi-type-mismatch"), "--count", "1",
         "--targets", "vk-lavapipe,vk-lavapipe-opt,interp", "--no-reduce", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "(1 known, 0 new)" in result.output
    assert "findings/spirv-opt-phi-type-mismatch (by signature)" in result.output


def test_a_root_cause_marks_a_bucket_known_only_of_the_same_kind() -> None:
    """Issue 37's CPU review: spirv-opt 2023.1's `--ccp` folding `522391150 % 1813808445`
    to -144959256 (a wrong value, fixed in v2025.5) was marked known as row 18, the SIGFPE
    `--ccp` dies of, since both root causes name the first bad pass alone."""
    ccp = "spirv-opt|first-bad-pass:--ccp"
    assert known_match("wrong:spirv-opt", ccp) is None
    crash = known_match("crash:spirv-opt:SIGFPE at spvtools::opt::Elsewhere", ccp)
    assert crash is not None and crash.name == "spirv-opt-ccp-sigfpe"


def test_a_bucket_blamed_on_an_unknown_pair_is_known_by_either_suspects_root_cause() -> None:
    """The H200's every-feature yield run: `int(abs(-2147483649l))` wrong on vk-nvidia and
    vk-nvidia-opt, no SwiftShader int64 there to confirm glslang, so blamed on the pair;
    it is row 24 (glslang's `abs` fold), as the same shape blamed on glslang is."""
    pair = "wrong:unknown:glslang|nvidia-vk"
    match = known_match(pair, "unknown|builtins:abs")
    assert match is not None and match.name == "glslang-int64-abs-fold"
    assert known_match("wrong:unknown:softpipe|llvmpipe", "unknown|builtins:abs") is None
    # The pair is read only from an unknown pair's signature.
    assert known_match("wrong:nvidia-vk", "unknown|builtins:abs") is None


def test_an_unknown_pairs_signature_names_no_bug() -> None:
    """`wrong:unknown:glslang|nvidia-vk` says which two components no consumer could tell
    apart, not which bug: two pairs' buckets of different bugs share it."""
    assert not names_a_bug("wrong:unknown:glslang|nvidia-vk")
    assert names_a_bug("invalid:glslang:Invalid use of N- or N-bit result")


def test_a_crash_a_few_bytes_from_a_known_crash_is_known() -> None:
    """The H200 yield run: NVIDIA's GL compiler died at +0x32c855 and +0x32c889, and their
    reductions showed +0x32c864, gl-nvidia-segfault's. Far from it, or in another
    library, component or signal, it is new."""
    for offset in ("0x32c855", "0x32c889"):
        match = known_match(f"crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+{offset}")
        assert match is not None and match.name == "gl-nvidia-segfault"
        assert match.by == "a crash a few bytes away"
    assert known_match("crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32d864") is None
    assert known_match("crash:nvidia-gl:SIGABRT at libnvidia-eglcore.so+0x32c855") is None
    assert known_match("crash:nvidia-vk:SIGSEGV at libnvidia-eglcore.so+0x32c855") is None
    assert known_match("crash:nvidia-gl:SIGSEGV at libnvidia-glcore.so+0x32c855") is None


def test_a_campaign_reduces_its_new_buckets_while_tests_run_and_the_known_ones_last() -> None:
    """The H200 every-feature campaign reduced 13 of its 17 buckets, 14 of them known by
    signature, with its tests stopped the while. A bucket a finding already names waits
    until no test is left; a new one, and one only a root cause could name, go first."""
    from shadersmith.campaign.loop import _Loop
    from shadersmith.campaign.store import Bucket

    def bucket(signature: str) -> Bucket:
        return Bucket(signature, "crash", "t", "c", 1, 0.0, "b/1", False, False, None)

    known = bucket(
        "invalid:glslang:Prior to SPIR-V N.N, specialization constant operation UConvert"
    )
    nearby = bucket("crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c889")
    new = bucket("crash:spirv-opt:SIGSEGV at spvtools::opt::NotAKnownPass")
    pair = bucket("wrong:unknown:glslang|nvidia-vk")  # known, if at all, by its root cause

    class Store:
        def unreduced_buckets(self) -> list[Bucket]:
            return [known, nearby, new, pair]

    loop = object.__new__(_Loop)
    loop.store = Store()  # type: ignore[assignment]
    assert loop._to_reduce(within_share=True) == [new, pair]
    assert loop._to_reduce(within_share=False) == [new, pair, known, nearby]
