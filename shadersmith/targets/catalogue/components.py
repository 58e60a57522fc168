"""Every component a target's chain names, as one typed table: who maintains it, where its
bugs are filed, in which reproducer format, and how the version a test records for it is
read.

The target table (table.py) says which components a chain is made of; this table says
what each one is. A bug report (export/bug_report.py) reads its project, tracker and
format here; a component no row names cannot be reported, so tests check that every
component of every target row has one (tests/test_component_table.py). A new component is a
row here beside its first target.

Formats: a piglit `shader_test` for Mesa's GL drivers and NVIDIA's GL driver, an Amber
script for Vulkan drivers that dispatch, the SPIR-V and a pipeline-creating script for
RADV/ACO (compile-only here: a null device dispatches nothing, so Amber cannot run
there), the shader and the tools' own command lines for glslang, spirv-opt and
spirv-cross, the module and the naga command for naga and wgpu. `None`: nothing is filed
upstream (the reference interpreter is ours).
"""

from __future__ import annotations

from dataclasses import dataclass

PIGLIT = "piglit"
AMBER = "amber"
RADV_PIPELINE = "radv pipeline"
GLSLANG = "glslang"
SPIRV_OPT = "spirv-opt"
SPIRV_CROSS = "spirv-cross"
NAGA = "naga"

# Where "the newest release" of a component is checked here (bug_report._newest).
NEWEST_MESA = "mesa"  # the newest Mesa unpacked by scripts/newest-mesa.sh
NEWEST_TOOLS = "tools"  # PyPI's newest glslang and SPIRV-Tools

MESA_TRACKER = "https://gitlab.freedesktop.org/mesa/mesa/-/issues"
NVIDIA_TRACKER = "NVIDIA's developer bug form (developer.nvidia.com, needs an account)"
NO_NVIDIA = "the NVIDIA driver is not on this machine"
_NAGA_TRACKER = "https://github.com/gfx-rs/wgpu/issues"
_NO_NEWER_NAGA = "wgpu-py 0.32.0's naga 29.0.3 is the newest naga here"
_ON_NEWEST_MESA_ONLY = "on the newest Mesa only: the recorded run is on the newest release"

# How a version is read, by kind of component (what a test.json run's `versions` hold).
_MESA_GL = "the GL_VERSION string of Mesa's EGL context (Mesa's version)"
_MESA_VK = "the Vulkan device's driverInfo (Mesa's version)"
_LLVM = "the LLVM version Mesa's renderer string names"
_NAGA = "the naga built into wgpu-py (wgpu-native's version report)"


@dataclass(frozen=True)
class Component:
    """One component of a chain and its upstream."""

    name: str
    project: str
    part: str
    tracker: str
    format: str | None  # the reproducer format; None: nothing to file upstream
    version_from: str  # how the version a test records for it is read
    # What "the newest release" is checked against here (NEWEST_MESA, NEWEST_TOOLS); ""
    # where nothing newer is here (`why_not_newest` says why).
    newest: str = ""
    why_not_newest: str = ""
    # A Mesa or LLVM component a GL and a Vulkan chain can both reach (llvmpipe is GL's
    # back-end and lavapipe's; spirv-cross's GLSL reaches Mesa's GLSL front-end): reported
    # in the format of the path that failed (piglit for GL, Amber for Vulkan).
    format_follows_path: bool = False

    @property
    def upstream_name(self) -> str:
        return f"{self.project} ({self.part})"


def _mesa(
    name: str,
    part: str,
    format: str,
    version_from: str,
    newest: str = "",
    why_not_newest: str = "",
    format_follows_path: bool = False,
) -> Component:
    return Component(
        name,
        "Mesa",
        part,
        MESA_TRACKER,
        format,
        version_from,
        newest,
        why_not_newest,
        format_follows_path,
    )


def _naga(name: str, part: str) -> Component:
    return Component(
        name, "naga (gfx-rs/wgpu)", part, _NAGA_TRACKER, NAGA, _NAGA, why_not_newest=_NO_NEWER_NAGA
    )


def _wgpu(name: str, part: str) -> Component:
    return Component(
        name,
        "wgpu (gfx-rs/wgpu)",
        part,
        _NAGA_TRACKER,
        NAGA,
        "the wgpu-hal built into wgpu-py (wgpu-native's version report)",
        why_not_newest=_NO_NEWER_NAGA,
    )


_ROWS: tuple[Component, ...] = (
    _mesa(
        "mesa-glsl",
        "GLSL compiler front-end: GLSL IR, its optimiser and glsl_to_nir, shared by every "
        "Mesa GL driver",
        PIGLIT,
        _MESA_GL,
        newest=NEWEST_MESA,
        format_follows_path=True,
    ),
    _mesa(
        "llvmpipe",
        "llvmpipe",
        PIGLIT,
        f"{_MESA_GL}; for lavapipe's chain, {_MESA_VK}",
        newest=NEWEST_MESA,
        format_follows_path=True,
    ),
    _mesa("softpipe", "softpipe", PIGLIT, _MESA_GL, NEWEST_MESA, format_follows_path=True),
    _mesa("lavapipe", "lavapipe", AMBER, _MESA_VK, NEWEST_MESA, format_follows_path=True),
    _mesa(
        "zink",
        "zink (GL on Vulkan)",
        PIGLIT,
        _MESA_GL,
        why_not_newest=f"zink runs here {_ON_NEWEST_MESA_ONLY}",
    ),
    _mesa(
        "radv",
        "RADV (NIR passes before ACO)",
        RADV_PIPELINE,
        _MESA_VK,
        why_not_newest=f"RADV's null device (RADV_FORCE_FAMILY) is here {_ON_NEWEST_MESA_ONLY}",
    ),
    _mesa(
        "aco",
        "ACO, RADV's shader compiler back-end",
        RADV_PIPELINE,
        _MESA_VK,
        why_not_newest=f"RADV's null device (RADV_FORCE_FAMILY) is here {_ON_NEWEST_MESA_ONLY}",
    ),
    Component(
        "llvm",
        "LLVM",
        "code generation, as llvmpipe and lavapipe use it",
        "https://github.com/llvm/llvm-project/issues",
        PIGLIT,
        _LLVM,
        why_not_newest="the newest Mesa here links the same LLVM (15.0.6)",
        format_follows_path=True,
    ),
    Component(
        "glslang",
        "glslang",
        "GLSL to SPIR-V compiler",
        "https://github.com/KhronosGroup/glslang/issues",
        GLSLANG,
        "`glslangValidator --version` (its Glslang Version line)",
        newest=NEWEST_TOOLS,
    ),
    Component(
        "spirv-opt",
        "SPIRV-Tools",
        "spirv-opt",
        "https://github.com/KhronosGroup/SPIRV-Tools/issues",
        SPIRV_OPT,
        "`spirv-opt --version`",
        newest=NEWEST_TOOLS,
    ),
    Component(
        "spirv-cross",
        "SPIRV-Cross",
        "GLSL back-end",
        "https://github.com/KhronosGroup/SPIRV-Cross/issues",
        SPIRV_CROSS,
        "Debian's package version of spirv-cross (dpkg-query)",
        why_not_newest="no newer spirv-cross than Debian's 2021.01.15 is packaged here",
    ),
    Component(
        "swiftshader",
        "SwiftShader",
        "Vulkan driver (Subzero/Reactor back-end)",
        "https://github.com/google/swiftshader (its README links the issue tracker)",
        AMBER,
        "the Vulkan device's driverVersion and driverInfo",
        why_not_newest="no SwiftShader newer than the one built here",
    ),
    _naga("naga", "WGSL front-end, validator and constant evaluator"),
    _naga("naga-glsl-in", "GLSL front-end"),
    _naga("naga-glsl-out", "GLSL back-end"),
    _naga("naga-spv-out", "SPIR-V back-end"),
    _wgpu("wgpu-hal-vulkan", "wgpu-hal's Vulkan back-end"),
    _wgpu("wgpu-hal-gles", "wgpu-hal's GLES back-end"),
    Component(
        "nvidia-gl",
        "NVIDIA",
        "OpenGL driver's GLSL compiler",
        NVIDIA_TRACKER,
        PIGLIT,
        "the GL_VERSION string of NVIDIA's EGL context (the driver's version)",
        why_not_newest=NO_NVIDIA,
    ),
    Component(
        "nvidia-vk",
        "NVIDIA",
        "Vulkan driver",
        NVIDIA_TRACKER,
        AMBER,
        "the Vulkan device's driverVersion (NVIDIA's encoding)",
        why_not_newest=NO_NVIDIA,
    ),
    Component(
        "shadersmith-interp",
        "shadersmith",
        "reference interpreter",
        "this repository",
        None,
        "shadersmith's own version",
        why_not_newest="the reference interpreter is ours",
    ),
)

COMPONENTS: dict[str, Component] = {row.name: row for row in _ROWS}


def component_row(name: str) -> Component | None:
    return COMPONENTS.get(name)
