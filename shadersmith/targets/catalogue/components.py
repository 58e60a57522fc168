"""Every component a target's chain names, as one typed table: who maintains it, where its
bugs are filed, in which reproducer format, and how the version a test records for it is
read.

The target table (table.py) says how each target is built; which components that build's
chain is made of, and what each one is, this table says. A bug report
(export/bug_report/) reads its project, tracker and format here; a component no row
names cannot be reported, so tests check that every component of every target row has
one (tests/test_component_table.py). A new component is a row here beside its first
target.

Formats: a piglit `shader_test` for Mesa's GL drivers and NVIDIA's GL driver, an Amber
script for Vulkan drivers that dispatch, the SPIR-V and a pipeline-creating script for
RADV/ACO (compile-only here: a null device dispatches nothing, so Amber cannot run
there), the shader and the tools' own command lines for glslang, spirv-opt and
spirv-cross, the module and the naga command for naga and wgpu. `None`: nothing is filed
upstream (the reference interpreter is ours).

The one home of what a component is, and who reads it. Its upstream (`project`, `part`,
`tracker`, `format`) and versions (`version_from`; `newest`, `why_not_newest`,
`newest_mesa_only`): the bug report (export/bug_report/) and its newest_release.py.
How chains are made of it (`gl_driver` and its `front_end`, `vulkan_device`, `hands_to`,
`wgpu_backend`), through `gl_chain`, `vulkan_chain` and `naga_writer` below: the chains
workers build and record (chains.py, wgpu_chain.py) and the target table's
`Build.components()` (table.py), which `shadersmith targets`, a user's targets and blame
read. How blame and reports weigh it (`library`: suspected last; `on_cpu`: run beside a
Vulkan chain; `output_validated`: spirv-val judges its output): oracle/components.py,
oracle/blame.py and the bug report's title.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

PIGLIT = "piglit"
AMBER = "amber"
RADV_PIPELINE = "radv pipeline"
GLSLANG = "glslang"
SPIRV_OPT = "spirv-opt"
SPIRV_CROSS = "spirv-cross"
NAGA = "naga"

# Where "the newest release" of a component is checked here (bug_report/newest_release.py).
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
    # Here only on the newest Mesa (newest.py): zink needs Mesa 25, RADV's null device 24.1.
    newest_mesa_only: bool = False
    # Linked into a driver rather than a step of the chain: LLVM is llvmpipe's back-end,
    # ACO RADV's. Its place in a chain says nothing about what it received, and a shared
    # library is the least specific suspect: blame lists it after the chain's own steps.
    library: bool = False
    # An OpenGL driver: the name a GL context picks it by (GLBuild.driver; Mesa's
    # GALLIUM_DRIVER), and the component that reads its GLSL first: Mesa's GLSL front-end
    # (GLSL IR, its optimiser, glsl_to_nir), shared by every Mesa GL driver; None for a
    # closed driver, one opaque component. So a wrong result on both Mesa GL drivers points
    # at the front-end, one on llvmpipe alone at llvmpipe: ShaDiv's front-end vs back-end
    # rule falls out of the chains.
    gl_driver: str | None = None
    front_end: str | None = None
    # A Vulkan driver: what its device's name contains (VulkanBuild.device, matched as
    # the device is picked: in any case). A device no row names is a closed driver, one
    # opaque component `<device>-vk` (vulkan_driver).
    vulkan_device: str | None = None
    # The component it hands its work on to inside the same driver or library: zink writes
    # its NIR as SPIR-V for lavapipe, lavapipe (spirv_to_nir) hands NIR to llvmpipe's
    # back-end (gallivm), which Mesa's GL llvmpipe uses too, on LLVM; RADV hands NIR to
    # ACO; naga's writers hand their text to wgpu-hal. Naming the shared back-end lets
    # blame tell its bug from a front-end's own.
    hands_to: str | None = None
    # A driver on the CPU that every machine can run (scripts/gpu-carry.sh takes
    # SwiftShader to the GPU's): blame runs the CPU Vulkan drivers beside a Vulkan chain.
    on_cpu: bool = False
    # What it writes is SPIR-V that spirv-val checks after it (toolchain.py; naga's where
    # the driver dumps it, spirv_dump.py): an `invalid:` finding of it is spirv-val's
    # verdict, not a driver's own validator's.
    output_validated: bool = False
    # naga's writer for this wgpu back-end (WgpuBuild.backend): each API has its own.
    wgpu_backend: str | None = None

    @property
    def upstream_name(self) -> str:
        return f"{self.project} ({self.part})"


def _mesa(name: str, part: str, format: str, version_from: str) -> Component:
    return Component(name, "Mesa", part, MESA_TRACKER, format, version_from)


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


MESA_GLSL = "mesa-glsl"
LLVM = "llvm"
_RADV_NEWEST = f"RADV's null device (RADV_FORCE_FAMILY) is here {_ON_NEWEST_MESA_ONLY}"

_ROWS: tuple[Component, ...] = (
    replace(
        _mesa(
            MESA_GLSL,
            "GLSL compiler front-end: GLSL IR, its optimiser and glsl_to_nir, shared by every "
            "Mesa GL driver",
            PIGLIT,
            _MESA_GL,
        ),
        newest=NEWEST_MESA,
        format_follows_path=True,
    ),
    replace(
        _mesa("llvmpipe", "llvmpipe", PIGLIT, f"{_MESA_GL}; for lavapipe's chain, {_MESA_VK}"),
        newest=NEWEST_MESA,
        format_follows_path=True,
        gl_driver="llvmpipe",
        front_end=MESA_GLSL,
        hands_to=LLVM,
        on_cpu=True,
    ),
    replace(
        _mesa("softpipe", "softpipe", PIGLIT, _MESA_GL),
        newest=NEWEST_MESA,
        format_follows_path=True,
        gl_driver="softpipe",
        front_end=MESA_GLSL,
        on_cpu=True,
    ),
    replace(
        _mesa("lavapipe", "lavapipe", AMBER, _MESA_VK),
        newest=NEWEST_MESA,
        format_follows_path=True,
        vulkan_device="llvmpipe",
        hands_to="llvmpipe",
        on_cpu=True,
    ),
    replace(
        _mesa("zink", "zink (GL on Vulkan)", PIGLIT, _MESA_GL),
        why_not_newest=f"zink runs here {_ON_NEWEST_MESA_ONLY}",
        newest_mesa_only=True,
        gl_driver="zink",
        front_end=MESA_GLSL,
        hands_to="lavapipe",
    ),
    replace(
        _mesa("radv", "RADV (NIR passes before ACO)", RADV_PIPELINE, _MESA_VK),
        why_not_newest=_RADV_NEWEST,
        newest_mesa_only=True,
        vulkan_device="RADV",  # "AMD Radeon RX 6800 (RADV NAVI21)", "Null hardware (RADV ...)"
        hands_to="aco",
    ),
    replace(
        _mesa("aco", "ACO, RADV's shader compiler back-end", RADV_PIPELINE, _MESA_VK),
        why_not_newest=_RADV_NEWEST,
        newest_mesa_only=True,
        library=True,
    ),
    Component(
        LLVM,
        "LLVM",
        "code generation, as llvmpipe and lavapipe use it",
        "https://github.com/llvm/llvm-project/issues",
        PIGLIT,
        _LLVM,
        why_not_newest="the newest Mesa here links the same LLVM (15.0.6)",
        format_follows_path=True,
        library=True,
    ),
    Component(
        "glslang",
        "glslang",
        "GLSL to SPIR-V compiler",
        "https://github.com/KhronosGroup/glslang/issues",
        GLSLANG,
        "`glslangValidator --version` (its Glslang Version line)",
        newest=NEWEST_TOOLS,
        output_validated=True,
    ),
    Component(
        "spirv-opt",
        "SPIRV-Tools",
        "spirv-opt",
        "https://github.com/KhronosGroup/SPIRV-Tools/issues",
        SPIRV_OPT,
        "`spirv-opt --version`",
        newest=NEWEST_TOOLS,
        output_validated=True,
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
    # SwiftShader (runners/swiftshader.py) is a Vulkan back-end of its own (Subzero),
    # sharing nothing with lavapipe but the SPIR-V it is given.
    Component(
        "swiftshader",
        "SwiftShader",
        "Vulkan driver (Subzero/Reactor back-end)",
        "https://github.com/google/swiftshader (its README links the issue tracker)",
        AMBER,
        "the Vulkan device's driverVersion and driverInfo",
        why_not_newest="no SwiftShader newer than the one built here",
        vulkan_device="SwiftShader",
        on_cpu=True,
    ),
    _naga("naga", "WGSL front-end, validator and constant evaluator"),
    _naga("naga-glsl-in", "GLSL front-end"),
    # naga's back-end for each API is a component of its own: the two chains share naga's
    # front-end and validator but not the writer, so a wrong result on one chain alone can
    # point at its writer (naga's GLSL writer passes WGSL's integer `%` through as GLSL's,
    # undefined for negative operands and a zero divisor).
    replace(_naga("naga-glsl-out", "GLSL back-end"), wgpu_backend="gl", hands_to="wgpu-hal-gles"),
    replace(
        _naga("naga-spv-out", "SPIR-V back-end"),
        wgpu_backend="vulkan",
        hands_to="wgpu-hal-vulkan",
        output_validated=True,
    ),
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
        gl_driver="nvidia",
    ),
    Component(
        "nvidia-vk",
        "NVIDIA",
        "Vulkan driver",
        NVIDIA_TRACKER,
        AMBER,
        "the Vulkan device's driverVersion (NVIDIA's encoding)",
        why_not_newest=NO_NVIDIA,
        vulkan_device="NVIDIA",
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


def gallium_driver(name: str) -> Component:
    """A Mesa GL driver no row names (radeonsi, iris, a user's own): Mesa's Gallium driver
    of that name (GALLIUM_DRIVER, MESA_LOADER_DRIVER_OVERRIDE), read by Mesa's GLSL
    front-end first, reproduced with piglit and filed at Mesa's tracker."""
    return replace(
        _mesa(name, f"{name} (Gallium driver)", PIGLIT, _MESA_GL),
        why_not_newest=f"{name} is a driver a targets file declares: its Mesa is the user's",
        gl_driver=name,
        front_end=MESA_GLSL,
    )


def declare_gl_driver(name: str) -> None:
    """Make a GL driver a user's target names known by name to this process (blame, bug
    reports): the table's row where it has one, else a Mesa Gallium driver."""
    row = _gl_row(name)
    COMPONENTS.setdefault(row.name, row)


# ------------------------------------------------------------------ read from the columns

LIBRARIES = frozenset(row.name for row in _ROWS if row.library)
# The components whose output spirv-val checks: an `invalid:` finding of theirs is its.
VALIDATED_OUTPUT = frozenset(row.name for row in _ROWS if row.output_validated)


def handed_on(name: str) -> tuple[str, ...]:
    """`name` and the components it hands its work on to, in order (`hands_to`):
    lavapipe -> (lavapipe, llvmpipe, llvm); a name no row knows stands alone."""
    chain = [name]
    while (row := COMPONENTS.get(chain[-1])) is not None and row.hands_to is not None:
        chain.append(row.hands_to)
    return tuple(chain)


def _gl_row(driver: str) -> Component:
    """GL driver `driver`'s row; a name no row has is a Mesa Gallium driver (a closed GL
    driver has a row: NVIDIA's is the one EGL offers on Linux)."""
    known = next((row for row in _ROWS if row.gl_driver == driver), None)
    return known if known is not None else gallium_driver(driver)


def gl_front_end(driver: str) -> str | None:
    """The component that reads GL driver `driver`'s GLSL first (Mesa's GLSL front-end),
    or None for a closed driver."""
    return _gl_row(driver).front_end


def gl_chain(driver: str) -> tuple[str, ...]:
    """The components of GL driver `driver` (GLBuild.driver) in chain order, front-end
    first: llvmpipe -> (mesa-glsl, llvmpipe, llvm); radeonsi, a Gallium driver no row
    names -> (mesa-glsl, radeonsi); nvidia, a closed driver -> (nvidia-gl,)."""
    row = _gl_row(driver)
    return (*((row.front_end,) if row.front_end else ()), *handed_on(row.name))


def gl_drivers(mesa_only: bool = False) -> tuple[str, ...]:
    """The GL drivers (GLBuild.driver) not on the newest Mesa only, in table order:
    llvmpipe, softpipe, nvidia; `mesa_only`: those Debian's Mesa offers (shader_runner
    runs a piglit test on each)."""
    return tuple(
        row.gl_driver
        for row in _ROWS
        if row.gl_driver is not None
        and not row.newest_mesa_only
        and (row.front_end == MESA_GLSL or not mesa_only)
    )


def vulkan_driver(device: str) -> str:
    """The component a Vulkan device is, by its name or the text that picks it
    (VulkanBuild.device; any case): llvmpipe -> lavapipe; a device no row names is a
    closed driver, one opaque component `<its first word>-vk`."""
    lower = device.lower()
    for row in _ROWS:
        if row.vulkan_device is not None and row.vulkan_device.lower() in lower:
            return row.name
    return f"{(device.split() or ['driver'])[0].lower()}-vk"


def vulkan_chain(device: str) -> tuple[str, ...]:
    """The components of a Vulkan device in chain order: llvmpipe -> (lavapipe, llvmpipe,
    llvm), SwiftShader -> (swiftshader,), NVIDIA -> (nvidia-vk,)."""
    return handed_on(vulkan_driver(device))


def naga_writer(backend: str) -> str:
    """naga's writer for wgpu back-end `backend` (vulkan: naga-spv-out, gl: naga-glsl-out)."""
    return next(row.name for row in _ROWS if row.wgpu_backend == backend)


def cpu_vulkan_devices() -> frozenset[str]:
    """The Vulkan devices on the CPU, by the text that picks them: llvmpipe (lavapipe)
    and SwiftShader."""
    return frozenset(row.vulkan_device for row in _ROWS if row.vulkan_device and row.on_cpu)
