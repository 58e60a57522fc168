"""The built-in targets of issue 19 on their real drivers: SwiftShader, a second Vulkan
back-end on the CPU; zink, GL on Vulkan (Mesa 25); and RADV with ACO compiling for AMD
GPUs on null devices, whose verdicts are compile-only (ok, crash, validator error...),
never values.

The stored tests are generated programs (seed 1, compute and fragment), reconditioned.
The RADV modules in tests/data/radv are SPIR-V mutants (1-3 words changed at random in
glslang's output of a small compute shader) that made ACO report errors here; neither is
a bug to file (see tests/data/logs/README.md), but what ACO printed is real.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.case import Kind
from shadersmith.case.codec import load_test
from shadersmith.evidence import attach_panic_causes
from shadersmith.ir.types import UINT
from shadersmith.oracle.classify import classify
from shadersmith.oracle.differential import Verdict, compare, run_records
from shadersmith.targets.catalogue.registry import RADV_TARGETS, chain_of
from shadersmith.targets.engine import TargetSpec, Worker
from shadersmith.targets.radv import PipelineCompiler, open_compiler
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools import newest
from shadersmith.trial import judge, prepare_loaded

# zink and RADV's null devices come with the newest Mesa (scripts/newest-mesa.sh).
needs_mesa = pytest.mark.skipif(
    newest.mesa_version() is None,
    reason=f"newest Mesa not unpacked in {newest.mesa_root()} (scripts/newest-mesa.sh)",
)
DATA = Path(__file__).parent / "data"
COMPUTE = DATA / "generated-compute-seed-1"
FRAGMENT = DATA / "generated-fragment-seed-1"
SWIFTSHADER = ["vk-swiftshader", "vk-swiftshader-opt"]


def run_stored(
    test_dir: Path, targets: list[str]
) -> tuple[dict[str, RunResult], dict[str, list[str]]]:
    """The stored test's results on `targets` (every one must be present), and their
    chains as the workers report them."""
    job = prepare_loaded(load_test(test_dir)).job
    with TargetSession(targets, timeout_s=120) as session:
        assert not session.missing, session.missing
        ((_, results),) = list(session.run_many([job]))
        return results, session.components()


# ----------------------------------------------------------------------------- SwiftShader


@pytest.mark.parametrize("test_dir", [COMPUTE, FRAGMENT], ids=["compute", "fragment"])
def test_swiftshader_agrees_with_the_interpreter_and_lavapipe(test_dir: Path) -> None:
    results, components = run_stored(test_dir, [*SWIFTSHADER, "vk-lavapipe", "interp"])
    assert all(result.ok for result in results.values()), {
        name: result.log[-300:] for name, result in results.items() if not result.ok
    }
    assert len({result.output_digest() for result in results.values()}) == 1
    assert compare(results).verdict is Verdict.AGREE
    for name in SWIFTSHADER:
        assert tuple(components[name]) == chain_of(name).components
        assert "swiftshader" in components[name]


# ------------------------------------------------------------------------------------ zink


@needs_mesa
@pytest.mark.parametrize("test_dir", [COMPUTE, FRAGMENT], ids=["compute", "fragment"])
def test_zink_agrees_with_the_interpreter_and_its_chain_is_gl_on_lavapipe(
    test_dir: Path,
) -> None:
    results, components = run_stored(test_dir, ["gl-zink", "gl-llvmpipe-newest", "interp"])
    assert all(result.ok for result in results.values()), {
        name: result.log[-300:] for name, result in results.items() if not result.ok
    }
    assert compare(results).verdict is Verdict.AGREE
    assert tuple(components["gl-zink"]) == chain_of("gl-zink").components
    assert components["gl-zink"][:3] == ["mesa-glsl", "zink", "lavapipe"]


# ------------------------------------------------------------------------------------ RADV


@needs_mesa
def test_radv_compiles_a_stored_compute_test_on_every_generation() -> None:
    results, components = run_stored(COMPUTE, [*RADV_TARGETS, "vk-lavapipe", "interp"])
    for name in RADV_TARGETS:
        assert results[name].status is RunStatus.OK, results[name].log[-500:]
        assert results[name].compile_only and results[name].output_digest() == "compiled"
        assert not results[name].buffers and results[name].compile_ms > 0
        assert tuple(components[name]) == chain_of(name).components == ("glslang", "radv", "aco")
    # A compile-only OK is no value: nothing to agree or disagree with.
    assert compare(results).groups == (("interp", "vk-lavapipe"),)
    assert compare(results).verdict is Verdict.AGREE
    assert [f.kind for f in classify(results, components).findings] == [Kind.AGREE]
    assert not judge(results, components).findings
    recorded = run_records(results).runs["vk-radv-navi21"]
    assert recorded.status == "ok" and recorded.output == "compiled" and recorded.values is None


@needs_mesa
def test_radv_compiles_a_stored_fragment_test() -> None:
    results, _ = run_stored(FRAGMENT, ["vk-radv-navi21", "vk-radv-polaris10"])
    for result in results.values():
        assert result.status is RunStatus.OK and result.compile_only, result.log[-500:]
        assert result.image is None
    # Two compile-only targets alone compare nothing.
    assert compare(results).verdict is Verdict.TOO_FEW
    assert not classify(results).findings


def test_a_compile_only_ok_beside_a_wrong_value_is_not_a_side() -> None:
    """The interpreter and lavapipe disagree: an odd one out of two with RADV's OK
    beside them would make three; RADV is neither right nor wrong."""
    wrong = {
        "interp": RunResult(RunStatus.OK, buffers={1: {"r": 1}}),
        "vk-lavapipe": RunResult(RunStatus.OK, buffers={1: {"r": 2}}),
        "vk-swiftshader": RunResult(RunStatus.OK, buffers={1: {"r": 1}}),
        "vk-radv-navi21": RunResult(RunStatus.OK, compile_only=True),
        "vk-radv-navi31": RunResult(RunStatus.OK, compile_only=True),
    }
    (finding,) = classify(wrong).findings
    assert finding.kind is Kind.ODD_ONE_OUT and finding.targets == ("vk-lavapipe",)
    assert finding.passing == ("interp", "vk-swiftshader")


# ----------------------------------------------------------------- ACO's validators, real


class RadvOnSpirv:
    """A worker's target that hands SPIR-V straight to a RADV null device (no glslang,
    no spirv-val: the mutants are what ACO was given), with eight storage buffers in
    set 0 as the pipeline layout."""

    name = "radv-spirv"

    def __init__(self, family: str) -> None:
        self.compiler: PipelineCompiler = open_compiler(family)
        self.buffers = [BufferInput(b, (("x", UINT),), {"x": 0}) for b in range(8)]

    def versions(self) -> dict[str, str]:
        return self.compiler.versions()

    def execute(self, spirv: bytes) -> RunResult:
        return self.compiler.run_compute(spirv, self.buffers)


def radv_on_spirv(family: str) -> RadvOnSpirv:
    return RadvOnSpirv(family)


RADV_CHAIN = {name: chain_of(name).components for name in ("vk-radv-navi21", "vk-radv-navi31")}


@pytest.fixture(scope="module")
def radv_worker() -> Iterator[Worker]:
    spec = TargetSpec(
        "radv-spirv",
        f"{__name__}:radv_on_spirv",
        (("family", "navi21"),),
        environment="shadersmith.targets.radv:environment",
    )
    with Worker(spec, timeout_s=60) as worker:
        yield worker


@needs_mesa
def test_an_aco_validator_error_is_a_finding_of_aco(radv_worker: Worker) -> None:
    """ACO's IR validator rejects what its own passes made, and the compile goes on
    (Mesa's release build): the runner reads the message from the worker's log."""
    result = radv_worker.run((DATA / "radv" / "descriptor-set-outside-layout.spv").read_bytes())
    assert result.status is RunStatus.VALIDATION_ERROR, result.log[-500:]
    assert result.failed_component == "aco"
    assert result.log.startswith("ACO ERROR:\n")
    assert "Operand and Definition size must match" in result.log
    results = {
        "vk-radv-navi21": result,
        "vk-radv-navi31": RunResult(RunStatus.OK, compile_only=True),
    }
    (finding,) = judge(results, RADV_CHAIN).findings
    assert finding.kind is Kind.COMPILE_FAILURE and finding.blamed == "aco"
    assert finding.signature == (
        "invalid:aco:ACO: Operand and Definition size must match [p_parallelcopy]"
    )


@needs_mesa
def test_an_aco_register_allocation_abort_is_a_crash_of_aco(radv_worker: Worker) -> None:
    """A failed register-allocation check aborts the worker after ACO's messages: the
    crash is ACO's (evidence: its first message), not RADV's as a bare signal would be."""
    result = radv_worker.run((DATA / "radv" / "fadd-on-bytes.spv").read_bytes())
    assert result.status is RunStatus.CRASH
    assert result.log.startswith("worker killed by signal 6\nACO ERROR:")
    assert "RA error found at instruction" in result.log
    results = {
        "vk-radv-navi21": result,
        "vk-radv-navi31": RunResult(RunStatus.OK, compile_only=True),
    }
    attach_panic_causes(results, RADV_CHAIN)
    (finding,) = judge(results, RADV_CHAIN).findings
    assert finding.kind is Kind.CRASH and finding.blamed == "aco"
    assert finding.signature == "crash:aco:ACO: Unimplemented NIR instr bit size [fadd]"
    # Without the evidence a crash that names nobody is the driver's.
    bare = {
        **results,
        "vk-radv-navi21": RunResult(RunStatus.CRASH, log="worker killed by signal 11\n"),
    }
    assert judge(bare, RADV_CHAIN).findings[0].signature == "crash:radv:SIGSEGV"
