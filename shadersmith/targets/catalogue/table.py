"""Every target shadersmith knows, as one typed table.

One row per target says everything the rest of the tool asks about it: how a worker
builds it (a typed build description, handed to the chain's factory), its components in
chain order (derived from the build and the component table, components.py:
`Build.components()`) and the stages it runs (what `shadersmith targets` prints for a
target that is missing, what blame reads by name), the languages it reads, its role (a
target campaigns compare, a witness run only to tell suspects apart, a twin on the
newest releases, a planted bug that tests wrap around a real target), whether campaigns
run it by default, and the targets that stand beside it (its witnesses; a planted
target's base).

Derived views (the default mix, the witnesses of a target, the newest twins, a target's
siblings for blame) are computed from these rows in registry.py and oracle/blame.py,
never spelled again. A built-in target is a row here (and, for a new kind of chain, its
factory); a user's target is a row made from a TOML file (user_targets.py); a planted
target is a row tests register (tests/planted_bugs.py).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from shadersmith.ir.profile import Language
from shadersmith.targets.catalogue.components import (
    gl_chain,
    gl_front_end,
    handed_on,
    naga_writer,
    vulkan_chain,
)
from shadersmith.targets.engine import TargetSpec
from shadersmith.targets.tools.spirv_tools import Toolset

COMPUTE = "compute"
FRAGMENT = "fragment"
BOTH = frozenset({COMPUTE, FRAGMENT})
# GLSL text: the desktop and the ES dialect alike (an ESSL test is GLSL text to a driver).
GLSL_TEXT = frozenset({Language.GLSL, Language.ESSL})
WGSL_TEXT = frozenset({Language.WGSL})


class Role(enum.Enum):
    TARGET = "target"  # a compiler chain whose results campaigns compare
    WITNESS = "witness"  # run only to tell suspects apart; never a finding of its own
    NEWEST = "newest twin"  # a target's chain on the newest releases (newest.py)
    PLANTED = "planted"  # a real target with a known bug planted (tests only)


# How a worker builds each kind of chain: one frozen description per factory, handed to
# it whole (a spec's kwargs cross to the worker pickled), so a factory has no flags of
# its own and blame reads the same fields the worker builds from.
@dataclass(frozen=True)
class GLBuild:
    """GLSL straight into an OpenGL driver through EGL (chains.gl_target)."""

    driver: str  # llvmpipe, softpipe, zink or nvidia
    # softpipe claiming more than GL 3.3 (environment.py): only for a witness.
    raise_version: bool = False

    factory = "shadersmith.targets.chains:gl_target"

    def components(self) -> tuple[str, ...]:
        return gl_chain(self.driver)


@dataclass(frozen=True)
class VulkanBuild:
    """GLSL -> glslang -> SPIR-V [-> spirv-opt] -> a Vulkan driver, or spirv-cross's GLSL
    into an OpenGL driver (chains.vulkan_target)."""

    device: str  # what the Vulkan device's name contains: llvmpipe, SwiftShader, NVIDIA
    # None: no spirv-opt; "default": the test's recorded pass list, else -O; otherwise a
    # fixed pass list, its flags separated by spaces ("-Os", "--ccp --simplify-instructions").
    optimizer: str | None = None
    # spirv-cross's GLSL into this OpenGL driver instead of the Vulkan one.
    cross_driver: str | None = None
    # spirv-cross's GLSL through glslang again into the Vulkan driver (a witness).
    recross: bool = False
    toolset: Toolset | None = None  # a user's own tools (user_targets.py)

    factory = "shadersmith.targets.chains:vulkan_target"

    def components(self) -> tuple[str, ...]:
        tools = ("glslang", *(("spirv-opt",) if self.optimizer is not None else ()))
        if self.cross_driver is not None:
            return (*tools, "spirv-cross", *gl_chain(self.cross_driver))
        return (*tools, *(("spirv-cross",) if self.recross else ()), *vulkan_chain(self.device))


@dataclass(frozen=True)
class WgpuBuild:
    """A test through wgpu: naga, naga's back-end for the API, wgpu-hal (wgpu_chain.py)."""

    backend: str  # vulkan or gl
    language: Language = Language.WGSL  # WGSL, or GLSL through naga's GLSL front-end
    device: str = "llvmpipe"
    raise_version: bool = False  # softpipe with raised versions (a witness)

    factory = "shadersmith.targets.wgpu_chain:wgpu_target"

    def components(self) -> tuple[str, ...]:
        front = ("naga-glsl-in",) if self.language is Language.GLSL else ()
        # naga, its writer for the API and wgpu-hal's back-end, then the driver.
        wgpu = ("naga", *handed_on(naga_writer(self.backend)))
        driver = gl_chain(self.device) if self.backend == "gl" else vulkan_chain(self.device)
        return (*front, *wgpu, *driver)


@dataclass(frozen=True)
class RadvBuild:
    """RADV and ACO compile-only on a null device of one AMD generation (radv.py)."""

    family: str  # what RADV_FORCE_FAMILY takes

    factory = "shadersmith.targets.radv:radv_target"

    def components(self) -> tuple[str, ...]:
        return ("glslang", *handed_on("radv"))


@dataclass(frozen=True)
class VulkanCompileBuild:
    """A Vulkan driver's pipeline compiler alone: glslang [-> spirv-opt] -> the device
    `device` picks, which creates each pipeline and runs nothing (radv.py's
    vulkan_compile_target). A user's RADV on a null device (RADV_FORCE_FAMILY in its
    environment), as the built-in RadvBuild is on the newest Mesa's."""

    device: str  # a substring of the device's name, any case: "RADV"
    optimizer: str | None = None  # as VulkanBuild's
    toolset: Toolset | None = None  # a user's own tools (user_targets.py)

    factory = "shadersmith.targets.radv:vulkan_compile_target"

    def components(self) -> tuple[str, ...]:
        tools = ("glslang", *(("spirv-opt",) if self.optimizer is not None else ()))
        return (*tools, *vulkan_chain(self.device))


@dataclass(frozen=True)
class SpirvToolsBuild:
    """The SPIR-V tools alone, compile-only: glslang, spirv-opt with the test's recorded
    pass list, spirv-val after each, spirv-cross of the result (compile_only.py) into
    `output`: GLSL, or HLSL or MSL, which nothing here runs."""

    output: str = "glsl"
    factory = "shadersmith.targets.compile_only:spirv_tools_target"

    def components(self) -> tuple[str, ...]:
        return ("glslang", "spirv-opt", "spirv-cross")


@dataclass(frozen=True)
class GLCompileBuild:
    """Mesa's GL front-end and linker, compile-only: the program is created through EGL
    and never run, so the driver makes no machine code (compile_only.py)."""

    driver: str  # the Mesa GL driver whose context creates the program: llvmpipe

    factory = "shadersmith.targets.compile_only:gl_compile_target"

    def components(self) -> tuple[str, ...]:
        """The driver's GLSL front-end alone: no machine code is made."""
        front_end = gl_front_end(self.driver)
        return (front_end,) if front_end is not None else gl_chain(self.driver)


# The builds whose chains compile and never run: only the crash oracle judges them.
COMPILE_ONLY_BUILDS = (RadvBuild, VulkanCompileBuild, SpirvToolsBuild, GLCompileBuild)


@dataclass(frozen=True)
class InterpBuild:
    """The reference interpreter (chains.interp_target)."""

    factory = "shadersmith.targets.chains:interp_target"

    def components(self) -> tuple[str, ...]:
        return ("shadersmith-interp",)


@dataclass(frozen=True)
class WrappedBuild:
    """A real target (`base`) whose jobs a function of ours rewrites or fails: `factory`
    (`module:function`) is called in the worker with the base target built and
    `arguments`, and returns the run function; `component` joins the chain after `after`
    (first where None), so blame can point at it."""

    base: str
    factory: str
    component: str
    after: str | None = None
    arguments: tuple[tuple[str, str], ...] = ()

    def components(self) -> tuple[str, ...]:
        """The base's chain with `component` after `after` (as wrapped.py builds it)."""
        chain = list(TARGETS[self.base].components)
        chain.insert(chain.index(self.after) + 1 if self.after is not None else 0, self.component)
        return tuple(chain)


Build = (
    GLBuild
    | VulkanBuild
    | WgpuBuild
    | RadvBuild
    | VulkanCompileBuild
    | SpirvToolsBuild
    | GLCompileBuild
    | InterpBuild
    | WrappedBuild
)

_WRAPPED_FACTORY = "shadersmith.targets.wrapped:wrapped_target"
_NEWEST_MESA = "shadersmith.targets.tools.newest:mesa_environment"


@dataclass(frozen=True)
class Target:
    name: str
    build: Build
    # In chain order; () for the build's own (Build.components()): only a user's target
    # names its own (user_targets.py).
    components: tuple[str, ...] = ()
    stages: frozenset[str] = BOTH
    reads: frozenset[Language] = GLSL_TEXT
    role: Role = Role.TARGET
    # On the newest releases (newest.py): the newest tools, and Mesa's newest drivers.
    newest: bool = False
    # In the mix campaigns run when no --targets are given (for the languages it reads).
    default: bool = False
    # Listed by `shadersmith targets` without --all (the GPU's and the twins of targets
    # nobody runs by default are not).
    listed: bool = True
    # Run only beside a finding of this target, to tell its suspects apart.
    witnesses: tuple[str, ...] = ()
    # The one on the other releases: a twin's base, a base's twin.
    twin_of: str | None = None
    # A user's target: the file that declares it, and the variables its worker starts with.
    declared_in: str | None = None
    fixed_environment: tuple[tuple[str, str], ...] = ()
    # Whose environment function the worker starts with (the newest Mesa's, SwiftShader's
    # loader, RADV's null device), by `module:function`.
    environment: str | None = field(default=None)

    def __post_init__(self) -> None:
        if not self.components:
            object.__setattr__(self, "components", self.build.components())

    @property
    def compile_only(self) -> bool:
        """A chain that compiles and never dispatches: only a crash oracle judges it (a
        wrapped target, as its base does)."""
        if isinstance(self.build, WrappedBuild):
            return TARGETS[self.build.base].compile_only
        return isinstance(self.build, COMPILE_ONLY_BUILDS)

    @property
    def reads_ir(self) -> bool:
        """The reference interpreter reads a job's IR; every other target its text."""
        return isinstance(self.build, InterpBuild)

    def text(self) -> str:
        stages = "+".join(sorted(self.stages))
        return f"{' -> '.join(self.components)} ({stages})"

    def spec(self) -> TargetSpec:
        """How a worker builds this target."""
        kwargs: list[tuple[str, object]] = [("name", self.name)]
        if isinstance(self.build, WrappedBuild):
            kwargs += [("build", self.build), ("base", TARGETS[self.build.base].spec())]
            factory = _WRAPPED_FACTORY
            environment = TARGETS[self.build.base].environment
        else:
            if not isinstance(self.build, InterpBuild):
                kwargs.append(("build", self.build))
            if self.newest and not isinstance(self.build, RadvBuild):
                kwargs.append(("newest", True))
            factory = self.build.factory
            environment = self.environment
        return TargetSpec(self.name, factory, tuple(kwargs), environment, self.fixed_environment)


def register(target: Target) -> None:
    """Make `target` known by name to this process (a user's, a planted one)."""
    TARGETS[target.name] = target


def rows(role: Role | None = None) -> Iterator[Target]:
    return (t for t in TARGETS.values() if role is None or t.role is role)


# The AMD generations the compile-only RADV targets build for, by the name
# RADV_FORCE_FAMILY takes (Mesa's amd_family in lower case); gfx12 is new in Mesa 24.1.
RADV_FAMILIES = {
    "polaris10": "gfx8",
    "vega10": "gfx9",
    "navi21": "gfx10.3",
    "navi31": "gfx11",
    "gfx1201": "gfx12",
}

_SWIFTSHADER_ENVIRONMENT = "shadersmith.targets.runners.swiftshader:environment"
_RADV_ENVIRONMENT = "shadersmith.targets.radv:environment"


_BUILT_IN: tuple[Target, ...] = (
    # The default mix on the CPU (registry.default_targets). softpipe offers GL 3.3: no
    # compute shaders.
    Target(
        "gl-llvmpipe",
        GLBuild("llvmpipe"),
        default=True,
        witnesses=("witness-softpipe",),
    ),
    Target("gl-softpipe", GLBuild("softpipe"), stages=frozenset({FRAGMENT}), default=True),
    Target("vk-lavapipe", VulkanBuild("llvmpipe"), default=True),
    Target("vk-lavapipe-opt", VulkanBuild("llvmpipe", optimizer="default"), default=True),
    Target(
        "vk-lavapipe-cross",
        VulkanBuild("llvmpipe", cross_driver="llvmpipe"),
        default=True,
        witnesses=("witness-cross-softpipe", "witness-cross-lavapipe", "witness-softpipe"),
    ),
    # SwiftShader (swiftshader.py), a second Vulkan back-end on the CPU (Subzero): it
    # costs about what lavapipe does and lets blame clear glslang and spirv-opt of a wrong
    # value only lavapipe computes (blame.other_back_ends).
    Target(
        "vk-swiftshader",
        VulkanBuild("SwiftShader"),
        default=True,
        environment=_SWIFTSHADER_ENVIRONMENT,
    ),
    # Named, not defaults. vk-swiftshader-opt would add ~40% to every test of the default
    # mix for what vk-lavapipe-opt already tests (spirv-opt's output on a CPU driver).
    Target(
        "vk-swiftshader-opt",
        VulkanBuild("SwiftShader", optimizer="default"),
        environment=_SWIFTSHADER_ENVIRONMENT,
    ),
    # RADV and ACO compile-only on a null device, one AMD generation each (radv.py): five
    # of them would double a test's compile work and can only find crashes and validator
    # errors.
    *(
        Target(
            f"vk-radv-{family}",
            RadvBuild(family),
            environment=_RADV_ENVIRONMENT,
        )
        for family in RADV_FAMILIES
    ),
    # The crash oracle's compile-only chains (compile_only.py; fuzz --oracle crash), never
    # in the differential mix: the SPIR-V tools alone, and Mesa's GL front-end and linker.
    Target("compile-spirv-tools", SpirvToolsBuild()),
    # spirv-cross's HLSL and MSL back-ends, compile-only (issue 35): code no GL or Vulkan
    # chain reaches.
    Target("compile-spirv-cross-hlsl", SpirvToolsBuild("hlsl")),
    Target("compile-spirv-cross-msl", SpirvToolsBuild("msl")),
    Target("compile-gl-llvmpipe", GLCompileBuild("llvmpipe")),
    # zink, GL on Vulkan (lavapipe), needs Mesa 25: on the newest Mesa only (gl_runner.py,
    # environment.py): Mesa's GLSL front-end, zink's NIR to SPIR-V, then lavapipe.
    Target("gl-zink", GLBuild("zink"), newest=True, environment=_NEWEST_MESA),
    # Blame witnesses: the same input through another consumer (seed 002, Example 7).
    # - the GL text through softpipe: the same Mesa GLSL front-end, another back-end;
    # - spirv-cross's GLSL through softpipe, and through glslang and lavapipe: was
    #   spirv-cross's output right? (softpipe shares Mesa's GLSL front-end with llvmpipe's
    #   GL path; glslang does not, so a Mesa front-end bug that only spirv-cross's style of
    #   GLSL meets is not blamed on spirv-cross.)
    # A witness's set-up may claim more than the driver offers
    # (environment.SOFTPIPE_COMPUTE_OVERRIDE): it never makes a finding of its own.
    Target("witness-softpipe", GLBuild("softpipe", raise_version=True), role=Role.WITNESS),
    Target(
        "witness-cross-softpipe",
        VulkanBuild("llvmpipe", cross_driver="softpipe"),
        role=Role.WITNESS,
    ),
    Target(
        "witness-cross-lavapipe",
        VulkanBuild("llvmpipe", recross=True),
        role=Role.WITNESS,
    ),
    # NVIDIA's drivers on the GPU machine (named: `--targets`, `targets --all`).
    Target("gl-nvidia", GLBuild("nvidia"), listed=False),
    Target("vk-nvidia", VulkanBuild("NVIDIA"), listed=False),
    Target("vk-nvidia-opt", VulkanBuild("NVIDIA", optimizer="default"), listed=False),
    # WGSL (and GLSL through naga's GLSL front-end) on wgpu (wgpu_chain.py); the default
    # mix of `--profile wgsl` with the interpreter and wgpu-vk's twin, whose lavapipe dumps
    # naga's SPIR-V for spirv-val (Debian's Mesa does not).
    Target("wgpu-vk", WgpuBuild("vulkan"), reads=WGSL_TEXT, default=True),
    Target(
        "wgpu-gl",
        WgpuBuild("gl"),
        reads=WGSL_TEXT,
        default=True,
        witnesses=("witness-wgpu-gl-softpipe",),
    ),
    Target("wgpu-vk-glsl", WgpuBuild("vulkan", language=Language.GLSL)),
    Target("wgpu-vk-nvidia", WgpuBuild("vulkan", device="NVIDIA"), reads=WGSL_TEXT, listed=False),
    # naga's SPIR-V on SwiftShader: a second Vulkan back-end on the CPU for WGSL, as
    # vk-swiftshader is for glslang's SPIR-V.
    Target(
        "wgpu-vk-swiftshader",
        WgpuBuild("vulkan", device="SwiftShader"),
        reads=WGSL_TEXT,
        environment=_SWIFTSHADER_ENVIRONMENT,
    ),
    # naga's GLSL on softpipe: clears or keeps naga's GLSL writer, wgpu-hal's GLES
    # back-end and Mesa's GLSL front-end when wgpu-gl alone is wrong.
    Target(
        "witness-wgpu-gl-softpipe",
        WgpuBuild("gl", device="softpipe", raise_version=True),
        reads=WGSL_TEXT,
        role=Role.WITNESS,
    ),
    # The reference interpreter reads both languages: in every default mix.
    Target("interp", InterpBuild(), reads=GLSL_TEXT | WGSL_TEXT, default=True),
)


def _twin(base: Target) -> Target:
    """`base`'s chain on the newest releases: the newest glslang, spirv-opt and spirv-val,
    and on Mesa's drivers the newest Mesa (SwiftShader and NVIDIA have no newer build
    here: their twins take the newest tools only)."""
    build = base.build
    driver = build.driver if isinstance(build, GLBuild) else getattr(build, "device", "")
    # The SPIR-V tools alone load no driver: their twin takes the newest tools only.
    on_mesa = (
        base.environment is None
        and driver.lower() != "nvidia"
        and not isinstance(build, SpirvToolsBuild)
    )
    return dataclasses.replace(
        base,
        name=f"{base.name}-newest",
        role=Role.NEWEST if base.role is Role.TARGET else base.role,
        newest=True,
        # wgpu-vk's twin is in WGSL's default mix: its lavapipe dumps naga's SPIR-V for
        # spirv-val on every test (Debian's Mesa does not dump it).
        default=base.name == "wgpu-vk",
        twin_of=base.name,
        witnesses=tuple(f"{w}-newest" for w in base.witnesses if w in _TWINNED),
        environment=_NEWEST_MESA if on_mesa else base.environment,
    )


# Each target with a twin on the newest releases (not a default: Debian's versions are).
# The interpreter, NVIDIA's GL driver, RADV and zink (on the newest Mesa already) have
# none: nothing newer here.
_TWINNED = frozenset(
    {
        "gl-llvmpipe",
        "gl-softpipe",
        "vk-lavapipe",
        "vk-lavapipe-opt",
        "vk-lavapipe-cross",
        "vk-swiftshader",
        "vk-swiftshader-opt",
        "witness-softpipe",
        "witness-cross-softpipe",
        "vk-nvidia",
        "vk-nvidia-opt",
        "wgpu-vk",
        "wgpu-gl",
        "wgpu-vk-glsl",
        # The newest spirv-opt and spirv-val (spirv-cross: Debian's, nothing newer here).
        "compile-spirv-tools",
        "compile-spirv-cross-hlsl",
        "compile-spirv-cross-msl",
    }
)


def _with_twins(targets: tuple[Target, ...]) -> Iterator[Target]:
    """Each target, followed by its twin on the newest releases where it has one."""
    for target in targets:
        if target.name not in _TWINNED:
            yield target
            continue
        yield dataclasses.replace(target, twin_of=f"{target.name}-newest")
        yield _twin(target)


TARGETS: dict[str, Target] = {target.name: target for target in _with_twins(_BUILT_IN)}
