"""The two reducers of a SPIR-V finding (issue 35, item 4), on glslang's module of a
generated program with deterministic predicates: ddmin over the transformation list
(reduce/spirv_list.py) finds the one record a predicate needs, within its time budget and
until told to stop; spirv-reduce (reduce/spirv_reduce.py, Debian's and the newest) cuts
the module to a few instructions that keep the predicate and stay valid, stops at its
budget with the smallest module so far and leaves no process behind, and refuses a
module that is not interesting at the start."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from shadersmith.rebuild.admission import load_admitted
from shadersmith.reduce.run import ReductionError
from shadersmith.reduce.spirv_list import reduce_transformations
from shadersmith.reduce.spirv_reduce import run_spirv_reduce
from shadersmith.reduce.spirv_test import SpirvJudge
from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module, read_module
from shadersmith.spirv.operands import Id
from shadersmith.spirv.transforms.base import TransformationRecord
from shadersmith.spirv.transforms.driver import fuzz_module, replay
from shadersmith.spirv.transforms.follow import offset_map
from shadersmith.spirv_pair import spirv_pair_of_test
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.newest import newest_toolset
from shadersmith.targets.tools.spirv_tools import (
    DEBIAN,
    SpirvValError,
    Toolset,
    compile_glsl_to_spirv,
    validate_spirv,
)
from tests.programs import reconditioned_job

SEED = 0  # a compute shader whose 20 transformations include one vector access made dynamic
DYNAMIC_ACCESS = "OpVectorExtractDynamic"  # glslang writes none here; only that record does
KEPT = "OpIMul"


@pytest.fixture(scope="module")
def spirv() -> bytes:
    job = reconditioned_job(SEED, fragment=False)
    return compile_glsl_to_spirv(job.source, job.stage)


@pytest.fixture(scope="module")
def model(spirv: bytes) -> Module:
    return read_module(spirv)


@pytest.fixture(scope="module")
def records(model: Module) -> list[TransformationRecord]:
    _, records = fuzz_module(model, SEED, 20)
    return records


FINDINGS = Path(__file__).resolve().parent.parent / "findings"


def _opnames(module: Module | bytes) -> list[str]:
    model = read_module(module) if isinstance(module, bytes) else module
    return [instruction.opname for instruction in model.instructions()]


# ------------------------------------------------------------- the transformation list


def _makes_a_dynamic_access(model: Module) -> Callable[[list[TransformationRecord]], bool]:
    def interesting(chosen: list[TransformationRecord]) -> bool:
        return DYNAMIC_ACCESS in _opnames(replay(model, chosen))

    return interesting


def test_ddmin_reduces_the_list_to_the_one_record_that_makes_the_instruction(
    model: Module, records: list[TransformationRecord]
) -> None:
    assert DYNAMIC_ACCESS not in _opnames(model)
    assert len(records) == 20
    interesting = _makes_a_dynamic_access(model)
    assert interesting(records)
    reduced = reduce_transformations(records, interesting, 60.0, lambda: False)
    assert [r.name for r in reduced.records] == ["make-vector-access-dynamic"]
    assert reduced.original == 20
    assert not reduced.out_of_time
    assert 1 < reduced.runs < 60


def test_ddmin_over_the_list_keeps_to_its_time_budget_with_the_smallest_list_so_far(
    model: Module, records: list[TransformationRecord]
) -> None:
    makes = _makes_a_dynamic_access(model)

    def slow(chosen: list[TransformationRecord]) -> bool:
        time.sleep(0.1)
        return makes(chosen)

    reduced = reduce_transformations(records, slow, 0.35, lambda: False)
    assert reduced.out_of_time
    assert 1 <= reduced.runs <= 4
    # The budget and the run begun before its end (the run count above bounds any overrun
    # in runs), with room for a loaded machine's scheduling: a clean-clone run took 0.69 s.
    assert reduced.seconds < 0.35 + 0.1 + 0.5
    assert 1 < len(reduced.records) < len(records)  # cut short, but already smaller
    assert makes(reduced.records)


def test_ddmin_over_the_list_stops_when_told(
    model: Module, records: list[TransformationRecord]
) -> None:
    makes = _makes_a_dynamic_access(model)
    asked: list[int] = []

    def counted(chosen: list[TransformationRecord]) -> bool:
        asked.append(len(chosen))
        return makes(chosen)

    reduced = reduce_transformations(records, counted, 60.0, lambda: len(asked) >= 2)
    assert reduced.out_of_time
    assert reduced.runs == len(asked) == 2
    assert makes(reduced.records)


# ------------------------------------------------------------------------ spirv-reduce


def _valid_with_a_multiplication(module: bytes) -> bool:
    if KEPT not in _opnames(module):
        return False
    try:
        validate_spirv(module)
    except SpirvValError:
        return False
    return True


@pytest.fixture
def short_temporary_directory(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Where the reducer makes its work directory: one of this test's own (to look for
    what is left running in it) and short enough for a Unix socket's path."""
    with tempfile.TemporaryDirectory(prefix="ss-") as directory:
        monkeypatch.setattr(tempfile, "tempdir", directory)
        yield Path(directory)


def _processes_mentioning(text: str) -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().split(b"\0")
        except OSError:  # ended while we looked
            continue
        if any(text.encode() in word for word in words):
            found.append(b" ".join(words).decode(errors="replace"))
    return found


@pytest.mark.parametrize("which", ["debian", "newest"])
def test_spirv_reduce_cuts_the_module_to_a_few_valid_instructions_that_keep_the_predicate(
    which: str, spirv: bytes
) -> None:
    toolset: Toolset = DEBIAN if which == "debian" else newest_toolset()
    assert _valid_with_a_multiplication(spirv)
    before = len(_opnames(spirv))
    reduced = run_spirv_reduce(spirv, _valid_with_a_multiplication, 60.0, toolset)
    after = len(_opnames(reduced.module))
    # 1,919 instructions to 17 (a multiplication of two constants in an unreachable
    # block of an otherwise empty main), in 2 to 4 s on the shared machine.
    assert before > 1500
    assert after < 40, f"{before} -> {after} instructions"
    assert _valid_with_a_multiplication(reduced.module)
    assert reduced.finished
    assert reduced.original_size == len(spirv)
    assert reduced.candidates > 10
    assert reduced.version.startswith("v20")


def test_spirv_reduce_stops_at_its_budget_with_the_smallest_module_so_far_and_leaves_nothing(
    spirv: bytes, short_temporary_directory: Path
) -> None:
    judged: list[bytes] = []

    def slow(module: bytes) -> bool:
        time.sleep(0.05)  # so that the budget, not the reduction, ends it
        verdict = _valid_with_a_multiplication(module)
        if verdict:
            judged.append(module)
        return verdict

    reduced = run_spirv_reduce(spirv, slow, 2.0, DEBIAN)
    assert not reduced.finished
    assert reduced.seconds < 2.0 + 3.0  # the poll, the watcher's stop, one judgment
    assert len(judged) >= 2  # the start, then at least one smaller module
    assert reduced.module == min(judged, key=len)
    assert len(reduced.module) < len(spirv)
    assert _valid_with_a_multiplication(reduced.module)
    assert _processes_mentioning(str(short_temporary_directory)) == []


def test_spirv_reduce_raises_what_the_predicate_raised_and_leaves_nothing(
    spirv: bytes, short_temporary_directory: Path
) -> None:
    calls: list[int] = []

    def breaks(module: bytes) -> bool:
        calls.append(len(module))
        if len(calls) == 2:
            raise RuntimeError("the target went away")
        return True

    with pytest.raises(RuntimeError, match="the target went away"):
        run_spirv_reduce(spirv, breaks, 60.0, DEBIAN)
    assert len(calls) == 2
    assert _processes_mentioning(str(short_temporary_directory)) == []


def test_a_module_that_is_not_interesting_at_the_start_is_one_clear_error(spirv: bytes) -> None:
    calls: list[bytes] = []

    def never(module: bytes) -> bool:
        calls.append(module)
        return False

    with pytest.raises(ReductionError, match="not interesting at the start"):
        run_spirv_reduce(spirv, never, 60.0, DEBIAN)
    assert calls == [spirv]


def test_offsets_follow_the_instructions_spirv_reduce_kept() -> None:
    """An offset goes to the same instruction on the smaller side, or to the first kept
    one after a removed one; an instruction whose operands changed is the same one."""

    def load(result: int) -> Instruction:
        return Instruction.make("OpLoad", Id(7), result_type=3, result_id=result)

    def store(value: int) -> Instruction:
        return Instruction.make("OpStore", Id(7), Id(value))

    old = [load(10), load(11), store(11), load(12), store(12)]
    new = [load(10), store(10), load(12), store(12)]  # 11 gone, a store's value changed
    assert offset_map(old, new) == [0, 1, 1, 2, 3, 4]


def test_a_failure_first_shown_on_a_compile_only_target_is_judged_shown() -> None:
    """findings/spirv-opt-loop-unswitch-crash (row 23): spirv-opt crashes on the variant
    only, and the campaign recorded it first on compile-spirv-cross-msl. The judge's early
    refusal on the finding's first target compared that compile-only target's empty
    output with the crashed variant's (also empty) and called them the same, so every
    candidate, the test itself included, was refused ('the test no longer shows ...')."""
    test = load_admitted(FINDINGS / "spirv-opt-loop-unswitch-crash")
    pair = spirv_pair_of_test(test)
    targets = ["compile-spirv-cross-msl", "vk-lavapipe"]
    signature = "crash:spirv-opt:SIGSEGV at std::_Function_handler"
    with TargetSession(targets, 1, 60.0) as session:
        judge = SpirvJudge(session, targets, signature, "compile-spirv-cross-msl")
        assert judge(pair)
