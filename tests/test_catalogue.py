"""The targets are one typed table (targets/catalogue/table.py, issue 19 part 1): roles,
siblings and defaults are read from its rows, never from names, and a new target of a
known kind is one row that every command then knows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shadersmith.ir.profile import Language
from shadersmith.oracle.blame import refinement_targets, witnesses_for
from shadersmith.oracle.components import is_witness
from shadersmith.targets.catalogue import table as catalogue
from shadersmith.targets.catalogue.registry import (
    default_targets,
    listed_targets,
    runs_recorded_passes,
    twins_on_newest,
)
from shadersmith.targets.catalogue.table import (
    FRAGMENT,
    GLBuild,
    Role,
    Target,
    VulkanBuild,
    WrappedBuild,
)
from shadersmith.targets.job import Job
from shadersmith.targets.session import TargetSession
from shadersmith.targets.tools.precompile import needs_debian_spirv

COMPUTE_SHADER = "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n"


@pytest.fixture
def catalogue_restored() -> Iterator[None]:
    before = dict(catalogue.TARGETS)
    yield
    catalogue.TARGETS.clear()
    catalogue.TARGETS.update(before)


def test_the_default_mixes_are_the_rows_marked_default_for_each_language() -> None:
    assert default_targets(Language.GLSL) == (
        "gl-llvmpipe",
        "gl-softpipe",
        "vk-lavapipe",
        "vk-lavapipe-opt",
        "vk-lavapipe-cross",
        "vk-swiftshader",
        "interp",
    )
    assert default_targets(Language.WGSL) == ("wgpu-vk", "wgpu-vk-newest", "wgpu-gl", "interp")


def test_twins_and_their_witnesses_come_from_their_base_row() -> None:
    twin = catalogue.TARGETS["vk-lavapipe-cross-newest"]
    base = catalogue.TARGETS["vk-lavapipe-cross"]
    assert twin.role is Role.NEWEST and twin.newest and twin.twin_of == base.name
    assert twin.build == base.build and twin.components == base.components
    # A witness has a twin only where the newest Mesa can run it the same way.
    assert twin.witnesses == ("witness-cross-softpipe-newest", "witness-softpipe-newest")
    assert twins_on_newest(["vk-swiftshader", "interp", "gl-nvidia"]) == [
        "vk-swiftshader-newest",
        "interp",
        "gl-nvidia",
    ]
    assert catalogue.TARGETS["vk-swiftshader-newest"].environment == base_environment(
        "vk-swiftshader"
    )


def base_environment(name: str) -> str | None:
    return catalogue.TARGETS[name].environment


def test_no_planted_target_is_built_in() -> None:
    """The planted bugs live with the tests (planted_bugs.py registers them)."""
    planted = list(catalogue.rows(Role.PLANTED))
    assert planted, "conftest.py registers them"
    assert all(isinstance(t.build, WrappedBuild) for t in planted)
    factories = {t.build.factory for t in planted if isinstance(t.build, WrappedBuild)}
    assert all(factory.startswith("tests.") for factory in factories)
    assert not [t for t in catalogue._BUILT_IN if t.role is Role.PLANTED]
    assert not set(listed_targets()) & {t.name for t in planted}


def test_a_role_is_a_fact_of_the_row_not_of_the_name(catalogue_restored: None) -> None:
    """A user's target called witness-... is compared like any target; blame's witnesses
    are the rows whose role says so."""
    catalogue.register(
        Target("witness-of-mine", GLBuild("llvmpipe"), ("mesa-glsl", "llvmpipe", "llvm"))
    )
    assert not is_witness("witness-of-mine")
    assert is_witness("witness-softpipe")
    assert witnesses_for(["gl-llvmpipe", "witness-of-mine"]) == ["witness-softpipe"]


def test_a_new_target_of_a_known_kind_is_one_row(catalogue_restored: None) -> None:
    """vk-lavapipe with spirv-opt's -Os: the row alone makes it a target that a session
    starts, blame gives siblings and the precompiled SPIR-V reaches."""
    catalogue.register(
        Target(
            "vk-lavapipe-os",
            VulkanBuild("llvmpipe", optimizer="-Os"),
            ("glslang", "spirv-opt", "lavapipe", "llvmpipe", "llvm"),
        )
    )
    assert refinement_targets("vk-lavapipe-os") == ["vk-lavapipe"]
    assert needs_debian_spirv("vk-lavapipe-os")
    assert not runs_recorded_passes("vk-lavapipe-os")  # a fixed pass, not the test's list
    job = Job(stage="compute", source=COMPUTE_SHADER)
    with TargetSession(["vk-lavapipe-os"], timeout_s=60) as session:
        assert session.components()["vk-lavapipe-os"][1] == "spirv-opt"
        ((_, results),) = list(session.run_many([job]))
    assert results["vk-lavapipe-os"].ok, results["vk-lavapipe-os"].log


def test_a_stage_is_declared_once_for_a_chain_and_its_twin() -> None:
    assert catalogue.TARGETS["gl-softpipe"].stages == frozenset({FRAGMENT})
    assert catalogue.TARGETS["gl-softpipe-newest"].stages == frozenset({FRAGMENT})
