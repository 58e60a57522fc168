"""glslang in-process (targets/tools/glslang_library.py) against glslangValidator: the same
SPIR-V byte for byte and the same signature on rejection, on Debian's glslang and on the
newest; a crash or hang inside it is blamed on glslang, not on the driver."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import pytest

from shadersmith.oracle.components import failing_component
from shadersmith.oracle.signature import describe
from shadersmith.targets.engine import TargetSpec, Worker
from shadersmith.targets.results import RunStatus
from shadersmith.targets.tools import glslang_library
from shadersmith.targets.tools.glslang_library import GlslangLibrary, library_files
from shadersmith.targets.tools.in_process import open_step
from shadersmith.targets.tools.newest import newest_toolset, tool_environment
from shadersmith.targets.tools.spirv_tools import DEBIAN, GlslangError, Toolset
from tests.programs import reconditioned_job

TOOLSETS = {"debian": DEBIAN, "newest": newest_toolset()}


def programs() -> list[tuple[str, str]]:
    """Reconditioned generated programs, compute and fragment, as the chains get them."""
    jobs = [reconditioned_job(700 + seed, fragment=seed % 2 == 1) for seed in range(6)]
    return [(job.source, job.stage) for job in jobs]


def validator(toolset: Toolset, source: str, stage: str) -> tuple[bytes | None, str]:
    extension = {"compute": "comp", "fragment": "frag"}[stage]
    env = {**os.environ, **tool_environment()} if toolset.glslang else None
    with tempfile.TemporaryDirectory() as scratch:
        shader = Path(scratch) / f"shader.{extension}"
        shader.write_text(source)
        command = [toolset.glslang_path(), "-V", "--target-env", "vulkan1.0", shader.name]
        done = subprocess.run(
            [*command, "-o", "out.spv"], cwd=scratch, capture_output=True, text=True, env=env
        )
        output = Path(scratch) / "out.spv"
        return (output.read_bytes() if done.returncode == 0 else None), done.stdout


@pytest.fixture(scope="module", params=sorted(TOOLSETS))
def toolset_and_library(request: pytest.FixtureRequest) -> tuple[Toolset, GlslangLibrary]:
    toolset = TOOLSETS[request.param]
    files = library_files(toolset)
    # Part of the set-up (scripts/setup.sh builds Debian's, requirements.lock pins the
    # newest): missing is a failure, not a skip.
    assert files is not None, f"{request.param} glslang library missing: run scripts/setup.sh"
    return toolset, GlslangLibrary(files)


def test_the_same_spirv_byte_for_byte_as_glslang_validator(
    toolset_and_library: tuple[Toolset, GlslangLibrary],
) -> None:
    toolset, library = toolset_and_library
    stages = set()
    for source, stage in programs():
        expected, log = validator(toolset, source, stage)
        assert expected is not None, log
        assert library.compile(source, stage) == expected
        stages.add(stage)
    assert stages == {"compute", "fragment"}


REJECTED = {
    "undeclared": "#version 450\nlayout(local_size_x = 1) in;\nvoid main() { int a = b; }\n",
    "no body": "#version 450\nlayout(local_size_x = 1) in;\nvoid f();\nvoid main() { f(); }\n",
}


@pytest.mark.parametrize("case", sorted(REJECTED))
def test_a_rejection_has_glslang_validators_signature(
    toolset_and_library: tuple[Toolset, GlslangLibrary], case: str
) -> None:
    toolset, library = toolset_and_library
    expected, log = validator(toolset, REJECTED[case], "compute")
    assert expected is None
    with pytest.raises(GlslangError) as raised:
        library.compile(REJECTED[case], "compute")
    assert describe(raised.value.log) == describe(log)
    assert describe(raised.value.log)[1] != "no-message"


def test_the_chains_compile_in_process_only_inside_a_worker() -> None:
    # This (test) process never loads glslang for the chains: a crash would take it down.
    assert glslang_library.library_for(DEBIAN) is None


PLANTED = TargetSpec("planted", "tests.planted_targets:make_planted_misbehaviour")


def test_planted_crash_and_hang_inside_in_process_glslang_blame_glslang() -> None:
    with Worker(PLANTED, timeout_s=3) as worker:
        crashed = worker.run("abort-in-glslang")
        hung = worker.run("hang-in-glslang")
        driver = worker.run("abort")
        assert worker.run("ok").status is RunStatus.OK
    assert crashed.status is RunStatus.CRASH and crashed.failed_component == "glslang"
    assert hung.status is RunStatus.TIMEOUT and hung.failed_component == "glslang"
    assert failing_component(crashed, ["glslang", "lavapipe"]) == "glslang"
    # Outside the step, a death is the driver's as before.
    assert driver.failed_component is None


def test_open_step_reads_the_last_marker() -> None:
    started, finished = glslang_library.STARTED, glslang_library.FINISHED
    assert open_step(f"x\n{started}\n{finished}\n") is None
    assert open_step(f"{started}\n{finished}\n{started}\nboom\n") == "glslang"
    assert open_step("no marker") is None
