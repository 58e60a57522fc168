"""spirv-cross in-process (targets/tools/spirv_cross_library.py) against the command line:
the same GLSL byte for byte on generated modules (compute and fragment, plain and after
spirv-opt), the command line's message on a module it rejects, the command line kept for
modules with images, and the library used only inside a worker."""

from __future__ import annotations

import pytest

from shadersmith.targets.tools import in_process, spirv_cross_library, spirv_tools
from shadersmith.targets.tools.spirv_cross_library import (
    EXCEPTION_PREFIX,
    SpirvCrossLibrary,
    cross_compiler_for,
    has_images,
    same_version,
)
from shadersmith.targets.tools.spirv_tools import SpirvCrossError
from shadersmith.targets.tools.toolchain import build_spirv
from tests.programs import reconditioned_job


@pytest.fixture(scope="module")
def library() -> SpirvCrossLibrary:
    # Installed by scripts/setup.sh, from the command line's own source package.
    assert same_version(), "libspirv-cross-c-shared0 and spirv-cross differ in version"
    return SpirvCrossLibrary(spirv_cross_library.LIBRARY)


def modules() -> list[bytes]:
    """The modules the -cross chains hand spirv-cross: glslang's, and spirv-opt -O's."""
    found = []
    for seed in range(12):
        job = reconditioned_job(700 + seed, fragment=seed % 3 == 0)
        for passes in ((), ("-O",)):
            spirv, _ = build_spirv(job.source, job.stage, passes)
            found.append(spirv)
    return found


def test_the_library_writes_the_command_lines_glsl_byte_for_byte(
    library: SpirvCrossLibrary,
) -> None:
    compared = 0
    for spirv in modules():
        assert not has_images(spirv)
        assert library.to_glsl(spirv) == spirv_tools.cross_to_glsl(spirv)
        compared += 1
    assert compared == 24


def test_a_rejected_module_gets_the_command_lines_message(library: SpirvCrossLibrary) -> None:
    spirv = modules()[0]
    broken = spirv[:20] + b"\xff\xff\xff\x7f" + spirv[24:]  # a nonsense first instruction
    with pytest.raises(SpirvCrossError) as from_cli:
        spirv_tools.cross_to_glsl(broken)
    with pytest.raises(SpirvCrossError) as from_library:
        library.to_glsl(broken)
    assert from_library.value.log.startswith(EXCEPTION_PREFIX)
    assert from_library.value.log == from_cli.value.log


def test_only_a_worker_loads_it_and_not_for_modules_with_images(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spirv = modules()[0]
    assert cross_compiler_for(spirv) is None  # the test process is no worker
    monkeypatch.setattr(in_process, "_allowed", True)
    assert cross_compiler_for(spirv) is not None
    assert cross_compiler_for(spirv[:-1]) is None  # not whole words: the CLI's message
    sampler, _ = build_spirv(
        "#version 450\nlayout(binding = 0) uniform sampler2D s;\n"
        "layout(location = 0) out vec4 c;\nvoid main() { c = texture(s, vec2(0.5)); }\n",
        "fragment",
        (),
    )
    assert has_images(sampler) and cross_compiler_for(sampler) is None


def test_the_cross_chain_runs_it_in_its_worker_with_the_same_result() -> None:
    from shadersmith.targets.session import TargetSession

    job = reconditioned_job(705, fragment=False)
    with TargetSession(["vk-lavapipe-cross"]) as session:
        in_worker = session.run(job)["vk-lavapipe-cross"]
    assert in_worker.ok, in_worker.log
    spirv, _ = build_spirv(job.source, job.stage, ())
    assert in_worker.artefacts["cross.comp"].decode() == spirv_tools.cross_to_glsl(spirv)


def test_a_crash_or_hang_inside_it_is_blamed_on_spirv_cross() -> None:
    from shadersmith.oracle.components import failing_component
    from shadersmith.targets.engine import TargetSpec, Worker
    from shadersmith.targets.results import RunStatus

    # As if the library crashed or hung between its marker lines (in_process.py).
    planted = TargetSpec("planted", "tests.planted_targets:make_planted_misbehaviour")
    chain = ["glslang", "spirv-cross", "mesa-glsl", "llvmpipe"]
    with Worker(planted, timeout_s=3) as worker:
        outcomes = {job: worker.run(job) for job in ("abort-in-spirv-cross", "hang-in-spirv-cross")}
    assert outcomes["abort-in-spirv-cross"].status is RunStatus.CRASH
    assert outcomes["hang-in-spirv-cross"].status is RunStatus.TIMEOUT
    for outcome in outcomes.values():
        assert outcome.failed_component == spirv_cross_library.STEP == "spirv-cross"
        assert failing_component(outcome, chain) == "spirv-cross"
