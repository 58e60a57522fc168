"""The component table (targets/catalogue/components.py): every component a target's chain
names has a row, so a finding blamed on any of them can be reported upstream, and the
report's project, tracker and format come from that row; the chains of the target table
and the chains the workers record are both read from its columns."""

from __future__ import annotations

from shadersmith.ir.profile import Language
from shadersmith.targets.catalogue.components import (
    COMPONENTS,
    LIBRARIES,
    PIGLIT,
    RADV_PIPELINE,
    VALIDATED_OUTPUT,
    cpu_vulkan_devices,
    gl_chain,
    gl_drivers,
    handed_on,
    naga_writer,
    vulkan_chain,
)
from shadersmith.targets.catalogue.table import TARGETS, GLBuild, Role, WgpuBuild, rows
from shadersmith.targets.chains import gl_components
from shadersmith.targets.wgpu_chain import wgpu_components


def test_every_component_of_every_target_row_has_a_row() -> None:
    # Planted rows (tests) name components of their own, made up to be blamed.
    named = {
        name for target in rows() if target.role is not Role.PLANTED for name in target.components
    }
    assert len(named) >= 20, sorted(named)
    assert sorted(named - set(COMPONENTS)) == []


def test_a_row_with_a_format_says_where_to_file_and_how_its_version_is_read() -> None:
    for row in COMPONENTS.values():
        assert row.tracker and row.version_from, row
        if row.format is not None:
            # Either it is checked against a newer release here, or the row says why not.
            assert bool(row.newest) != bool(row.why_not_newest), row


def test_aco_and_radv_are_reported_to_mesa_with_a_pipeline_reproducer() -> None:
    for name in ("aco", "radv"):
        row = COMPONENTS[name]
        assert row.project == "Mesa" and "gitlab.freedesktop.org/mesa" in row.tracker
        assert row.format == RADV_PIPELINE
    assert COMPONENTS["mesa-glsl"].format == PIGLIT


# ------------------------------------------------------------- chains read from the table


def test_a_chain_links_only_components_the_table_has() -> None:
    for row in COMPONENTS.values():
        for linked in (row.hands_to, row.front_end):
            assert linked is None or linked in COMPONENTS, row
        # A library ends a chain: nothing is handed on from inside it.
        assert not (row.library and row.hands_to), row


def test_a_gl_driver_is_mesas_glsl_front_end_then_what_its_back_end_hands_on_to() -> None:
    assert gl_chain("llvmpipe") == ("mesa-glsl", "llvmpipe", "llvm")
    assert gl_chain("softpipe") == ("mesa-glsl", "softpipe")
    # zink writes NIR as SPIR-V for lavapipe, whose back-end is llvmpipe's again.
    assert gl_chain("zink") == ("mesa-glsl", "zink", "lavapipe", "llvmpipe", "llvm")
    assert gl_chain("nvidia") == ("nvidia-gl",)  # a closed driver: one opaque component
    # A Gallium driver no row names (a user declares it): Mesa's front-end, then it.
    assert gl_chain("radeonsi") == ("mesa-glsl", "radeonsi")
    assert gl_drivers() == ("llvmpipe", "softpipe", "nvidia")  # zink: the newest Mesa only
    assert gl_drivers(mesa_only=True) == ("llvmpipe", "softpipe")


def test_a_vulkan_device_is_its_driver_and_what_the_driver_hands_on_to() -> None:
    assert vulkan_chain("llvmpipe") == ("lavapipe", "llvmpipe", "llvm")
    assert vulkan_chain("llvmpipe (LLVM 15.0.6, 256 bits)") == ("lavapipe", "llvmpipe", "llvm")
    assert vulkan_chain("swiftshader") == vulkan_chain("SwiftShader") == ("swiftshader",)
    assert vulkan_chain("NVIDIA H200") == ("nvidia-vk",)
    assert vulkan_chain("AMD Radeon") == ("amd-vk",)  # a closed driver no row names
    assert sorted(cpu_vulkan_devices()) == ["SwiftShader", "llvmpipe"]


def test_libraries_and_the_tools_spirv_val_checks_are_columns() -> None:
    assert sorted(LIBRARIES) == ["aco", "llvm"]
    assert sorted(VALIDATED_OUTPUT) == ["glslang", "naga-spv-out", "spirv-opt"]
    assert handed_on("radv") == ("radv", "aco")
    assert handed_on(naga_writer("vulkan")) == ("naga-spv-out", "wgpu-hal-vulkan")
    assert handed_on(naga_writer("gl")) == ("naga-glsl-out", "wgpu-hal-gles")


def test_every_built_in_row_names_the_chain_its_build_gives() -> None:
    assert TARGETS["gl-zink"].components == ("mesa-glsl", "zink", "lavapipe", "llvmpipe", "llvm")
    assert TARGETS["vk-lavapipe-cross"].components == (
        "glslang",
        "spirv-cross",
        "mesa-glsl",
        "llvmpipe",
        "llvm",
    )
    assert TARGETS["witness-cross-lavapipe"].components == (
        "glslang",
        "spirv-cross",
        "lavapipe",
        "llvmpipe",
        "llvm",
    )
    assert TARGETS["vk-radv-navi21"].components == ("glslang", "radv", "aco")
    assert TARGETS["compile-gl-llvmpipe"].components == ("mesa-glsl",)
    assert TARGETS["wgpu-vk-glsl"].components == (
        "naga-glsl-in",
        "naga",
        "naga-spv-out",
        "wgpu-hal-vulkan",
        "lavapipe",
        "llvmpipe",
        "llvm",
    )
    assert TARGETS["wgpu-vk-nvidia"].components[-1] == "nvidia-vk"
    for target in rows():
        if target.declared_in is None:
            assert target.components == target.build.components(), target.name


def test_a_worker_records_the_chain_its_row_names() -> None:
    # What the GL runner, the Vulkan runner and wgpu report, as the workers read it.
    llvmpipe = {"driver": "llvmpipe", "GL_VERSION": "4.5 Mesa 22.3.6", "Mesa": "22.3.6"}
    assert [name for name, _ in gl_components({**llvmpipe, "LLVM": "15.0.6"})] == list(
        GLBuild("llvmpipe").components()
    )
    assert gl_components({"driver": "nvidia", "GL_VERSION": "4.6 NVIDIA 550"}) == [
        ("nvidia-gl", "4.6 NVIDIA 550")
    ]
    wgpu = {
        "wgpu-native": "0.32",
        "naga": "29.0.3",
        "wgpu-hal": "29.0.1",
        "device": "llvmpipe (LLVM 15.0.6, 256 bits)",
        "description": "4.5 (Core Profile) Mesa 22.3.6",
    }
    for backend in ("vulkan", "gl"):
        for language in (Language.WGSL, Language.GLSL):
            recorded = [name for name, _ in wgpu_components(backend, language, wgpu)]
            assert recorded == list(WgpuBuild(backend, language).components())
    nvidia = {**wgpu, "device": "NVIDIA H200", "description": "550.54"}
    assert wgpu_components("vulkan", Language.WGSL, nvidia)[-1] == ("nvidia-vk", "550.54")
