"""glslang once per job (targets/tools/precompile.py): the Vulkan chains take the shared module
and give the results they give with their own glslang; a chain whose text differs (a
planted rewrite, the spirv-cross witness's second glslang) and the newest toolset make
their own; a glslang failure is met by every chain as before."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator

import pytest

from shadersmith.ir.types import INT, UINT
from shadersmith.oracle.differential import output_digest
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput, RunStatus
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import (
    needs_debian_spirv,
    precompile,
    source_digest,
    usable,
    with_spirv,
)
from shadersmith.targets.tools.spirv_tools import DEBIAN, Toolset
from tests.test_fragment_runners import BLOCKS, HEIGHT, SHADER_330, SHADER_450, WIDTH

os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

SPIRV_MAGIC = b"\x03\x02\x23\x07"
COMPUTE = """#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int x; uint y; };
void main() { x = x * 3 ^ 5; y = y << 4u; }
"""
COMPUTE_JOB = Job(
    stage="compute",
    source=COMPUTE,
    buffers=(BufferInput(0, (("x", INT), ("y", UINT)), {"x": 7, "y": 0xF0F0_0001}),),
)
FRAGMENT_JOB = Job(
    stage="fragment",
    source=SHADER_450,
    source_gl33=SHADER_330,
    buffers=BLOCKS,
    width=WIDTH,
    height=HEIGHT,
    integer_image=True,
)
VULKAN = ("vk-lavapipe", "vk-lavapipe-opt", "vk-lavapipe-cross", "witness-cross-lavapipe")
PLANTED = "planted-xor-to-or-vk-lavapipe"


def test_precompiled_module_is_keyed_by_text_stage_and_toolset() -> None:
    made = precompile(COMPUTE, "compute")
    assert made is not None and made.spirv[:4] == SPIRV_MAGIC and made.ms > 0
    assert made.source_digest == source_digest(COMPUTE) and made.glslang_version
    assert usable(made, COMPUTE, "compute", DEBIAN) is made
    assert usable(made, COMPUTE.replace(" ^ ", " | "), "compute", DEBIAN) is None
    assert usable(made, COMPUTE, "fragment", DEBIAN) is None
    assert usable(made, COMPUTE, "compute", Toolset("newest", glslang="/elsewhere")) is None
    job = with_spirv(COMPUTE_JOB)
    assert job.spirv is not None and job.spirv.spirv == made.spirv  # glslang is deterministic
    assert with_spirv(job) is job
    assert precompile("#version 450\nvoid main() { undeclared = 1; }\n", "compute") is None


def test_which_targets_share_debian_glslang() -> None:
    shares = {
        name: needs_debian_spirv(name)
        for name in (
            *VULKAN,
            PLANTED,
            "gl-llvmpipe",
            "interp",
            "vk-lavapipe-newest",
            "vk-swiftshader-newest",
            "vk-radv-navi21",
        )
    }
    sharing = {name for name, yes in shares.items() if yes}
    # RADV's compile-only chains start with Debian's glslang too (on the newest Mesa).
    assert sharing == {*VULKAN, PLANTED, "vk-radv-navi21"}


@pytest.fixture(scope="module")
def session() -> Iterator[TargetSession]:
    with TargetSession([*VULKAN, PLANTED, "gl-llvmpipe"], timeout_s=120) as started:
        assert not started.missing, started.missing
        yield started


@pytest.mark.parametrize("job", [COMPUTE_JOB, FRAGMENT_JOB], ids=["compute", "fragment"])
def test_chains_share_the_module_and_agree_with_their_own(session: TargetSession, job: Job) -> None:
    session.precompile = False
    own = session.run(job)
    session.precompile = True
    shared = session.run(job)
    for name in (*VULKAN, PLANTED, "gl-llvmpipe"):
        assert own[name].ok and shared[name].ok, (name, own[name].log, shared[name].log)
        assert output_digest(own[name]) == output_digest(shared[name]), name
        assert own[name].shared_spirv_ms is None, name
        if name in VULKAN:
            assert own[name].artefacts["spv"] == shared[name].artefacts["spv"], name
    times = {shared[name].shared_spirv_ms for name in VULKAN}
    assert len(times) == 1 and None not in times, "one glslang run, reported by each chain"
    # The planted rewrite changes the text: its chain ran its own glslang.
    assert shared[PLANTED].shared_spirv_ms is None
    assert shared["gl-llvmpipe"].shared_spirv_ms is None


def test_a_glslang_failure_is_met_by_every_chain(session: TargetSession) -> None:
    broken = dataclasses.replace(COMPUTE_JOB, source=COMPUTE.replace("x = x", "x = z"))
    assert with_spirv(broken).spirv is None
    results = session.run(broken)
    for name in VULKAN:
        assert results[name].status is RunStatus.COMPILE_ERROR, name
        assert results[name].failed_component == "glslang", name
        assert results[name].shared_spirv_ms is None
