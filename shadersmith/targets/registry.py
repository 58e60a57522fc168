"""Every target shadersmith knows, by name, and how to find out which are present.

A target is present when a worker can build it: its driver answers and its tools run.
Discovery starts each target in a worker of its own (a driver that crashes while
starting takes only that worker down) and reports versions or the reason it is missing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from shadersmith.targets.declared import RADV_FAMILIES, DeclaredChain, declared_chain
from shadersmith.targets.engine import TargetSpec, TargetUnavailable, Worker
from shadersmith.targets.spirv_tools import DEBIAN, Toolset

_CHAINS = "shadersmith.targets.chains"


def _spec(name: str, factory: str, **kwargs: object) -> TargetSpec:
    return TargetSpec(name, f"{_CHAINS}:{factory}", (("name", name), *sorted(kwargs.items())))


def _newest(name: str, factory: str, **kwargs: object) -> TargetSpec:
    """A chain on the newest releases (newest.py); on Mesa's drivers its worker starts
    with the newest Mesa's environment."""
    spec = _spec(name, factory, newest=True, **kwargs)
    if kwargs.get("device") == "NVIDIA":
        return spec
    return dataclasses.replace(spec, environment="shadersmith.targets.newest:mesa_environment")


def _swiftshader(name: str, **kwargs: object) -> TargetSpec:
    """A Vulkan chain on SwiftShader, whose worker's loader offers SwiftShader alone."""
    spec = _spec(name, "vulkan_target", device="SwiftShader", **kwargs)
    return dataclasses.replace(spec, environment="shadersmith.targets.swiftshader:environment")


def _radv(name: str, family: str) -> TargetSpec:
    return TargetSpec(
        name,
        "shadersmith.targets.radv:radv_target",
        (("family", family), ("name", name)),
        environment="shadersmith.targets.radv:environment",
    )


_WGPU = "shadersmith.targets.wgpu_chain:wgpu_target"


def _wgpu(name: str, **kwargs: object) -> TargetSpec:
    return TargetSpec(name, _WGPU, (("name", name), *sorted(kwargs.items())))


def _wgpu_newest(name: str, **kwargs: object) -> TargetSpec:
    spec = _wgpu(name, newest=True, **kwargs)
    return dataclasses.replace(spec, environment="shadersmith.targets.newest:mesa_environment")


TARGETS: dict[str, TargetSpec] = {
    spec.name: spec
    for spec in (
        _spec("gl-llvmpipe", "gl_target", driver="llvmpipe"),
        _spec("gl-softpipe", "gl_target", driver="softpipe"),
        _spec("vk-lavapipe", "vulkan_target", device="llvmpipe"),
        _spec("vk-lavapipe-opt", "vulkan_target", device="llvmpipe", optimizer="default"),
        _spec("vk-lavapipe-cross", "vulkan_target", device="llvmpipe", cross=True),
        _spec("interp", "interp_target"),
        # SwiftShader (swiftshader.py): a second Vulkan back-end on the CPU.
        _swiftshader("vk-swiftshader"),
        _swiftshader("vk-swiftshader-opt", optimizer="default"),
        # Blame witnesses (WITNESSES below): run only to tell suspects apart.
        _spec("witness-softpipe", "gl_target", driver="softpipe", raise_version=True),
        _spec(
            "witness-cross-softpipe",
            "vulkan_target",
            device="llvmpipe",
            cross=True,
            cross_driver="softpipe",
        ),
        _spec("witness-cross-lavapipe", "vulkan_target", device="llvmpipe", recross=True),
        _spec("gl-nvidia", "gl_target", driver="nvidia"),
        _spec("vk-nvidia", "vulkan_target", device="NVIDIA"),
        _spec("vk-nvidia-opt", "vulkan_target", device="NVIDIA", optimizer="default"),
        # RADV and ACO compile-only on a null device, one AMD generation each (radv.py).
        *(_radv(f"vk-radv-{family}", family) for family in RADV_FAMILIES),
        # WGSL (and GLSL through naga's GLSL front-end) on wgpu (wgpu_chain.py).
        _wgpu("wgpu-vk", backend="vulkan"),
        _wgpu("wgpu-gl", backend="gl"),
        _wgpu("wgpu-vk-glsl", backend="vulkan", language="glsl"),
        _wgpu("wgpu-vk-nvidia", backend="vulkan", device="NVIDIA"),
        # naga's GLSL on softpipe: clears or keeps naga's GLSL writer, wgpu-hal's GLES
        # back-end and Mesa's GLSL front-end when wgpu-gl alone is wrong.
        _wgpu("witness-wgpu-gl-softpipe", backend="gl", device="softpipe", raise_version=True),
        # The same chains on the newest releases (NEWEST_TWINS below).
        _newest("gl-llvmpipe-newest", "gl_target", driver="llvmpipe"),
        _newest("gl-softpipe-newest", "gl_target", driver="softpipe"),
        _newest("vk-lavapipe-newest", "vulkan_target", device="llvmpipe"),
        _newest("vk-lavapipe-opt-newest", "vulkan_target", device="llvmpipe", optimizer="default"),
        _newest("vk-lavapipe-cross-newest", "vulkan_target", device="llvmpipe", cross=True),
        _newest("witness-softpipe-newest", "gl_target", driver="softpipe", raise_version=True),
        _newest(
            "witness-cross-softpipe-newest",
            "vulkan_target",
            device="llvmpipe",
            cross=True,
            cross_driver="softpipe",
        ),
        # zink, GL on Vulkan (lavapipe), needs Mesa 25: on the newest Mesa only, and no
        # twin of a default target (gl_runner.py, environment.py).
        _newest("gl-zink", "gl_target", driver="zink"),
        # SwiftShader has no newer build here: its twins take the newest tools only.
        _swiftshader("vk-swiftshader-newest", newest=True),
        _swiftshader("vk-swiftshader-opt-newest", newest=True, optimizer="default"),
        _newest("vk-nvidia-newest", "vulkan_target", device="NVIDIA"),
        _newest("vk-nvidia-opt-newest", "vulkan_target", device="NVIDIA", optimizer="default"),
        # On the newest Mesa, lavapipe dumps naga's SPIR-V for spirv-val (spirv_dump.py).
        _wgpu_newest("wgpu-vk-newest", backend="vulkan"),
        _wgpu_newest("wgpu-gl-newest", backend="gl"),
        _wgpu_newest("wgpu-vk-glsl-newest", backend="vulkan", language="glsl"),
    )
}
_PLANTED_REWRITES = ("xor-to-or", "shl-to-shr", "sub-to-add", "opaque-loop-skipped", "halve-part-2")
for _rewrite in _PLANTED_REWRITES:
    for _base in ("gl-llvmpipe", "vk-lavapipe"):
        _name = f"planted-{_rewrite}-{_base}"
        TARGETS[_name] = TargetSpec(
            _name,
            "shadersmith.targets.planted:planted_target",
            (("base", _base), ("name", _name), ("rewrite", _rewrite)),
        )
for _failure in ("crash-on-bitfield-reverse", "reject-switch", "reject-three-parts"):
    for _base in ("gl-llvmpipe", "vk-lavapipe"):
        _name = f"planted-{_failure}-{_base}"
        TARGETS[_name] = TargetSpec(
            _name,
            "shadersmith.targets.planted:planted_failure_target",
            (("base", _base), ("name", _name), ("failure", _failure)),
        )
for _failure in ("invalid-ccp-after-ssa",):
    _name = f"planted-{_failure}-vk-lavapipe-opt"
    TARGETS[_name] = TargetSpec(
        _name,
        "shadersmith.targets.planted:planted_pass_failure_target",
        (("base", "vk-lavapipe-opt"), ("name", _name), ("failure", _failure)),
    )

# What `--targets` means when not given: every CPU target (name the NVIDIA ones).
# softpipe's GL 3.3 runs fragment tests only (compute tests: unsupported, left out).
# SwiftShader costs about what lavapipe does (~100 ms a test) and gives blame a second
# Vulkan back-end for the same SPIR-V (blame.other_back_ends). The compile-only RADV
# targets are named, not defaults: five of them would double a test's compile work and
# can only find crashes and validator errors.
CPU_TARGETS = (
    "gl-llvmpipe",
    "gl-softpipe",
    "vk-lavapipe",
    "vk-lavapipe-opt",
    "vk-lavapipe-cross",
    "vk-swiftshader",
    # vk-swiftshader-opt is not a default: it would add ~40% to every test of the default
    # mix for what vk-lavapipe-opt already tests (spirv-opt's output on a CPU driver);
    # named, it clears spirv-opt of a wrong value only lavapipe computes (blame.py).
    "interp",
)
# Targets that are neither defaults nor twins, listed by `shadersmith targets`: the
# compile-only RADV targets (radv.py), one per AMD generation, and zink on the newest Mesa.
RADV_TARGETS = tuple(f"vk-radv-{family}" for family in RADV_FAMILIES)
OTHER_TARGETS = ("vk-swiftshader-opt", *RADV_TARGETS, "gl-zink")

# wgpu's chains (wgpu_chain.py): listed by `shadersmith targets`, but not campaign defaults
# until tests come in WGSL (a GLSL test is `unsupported` on wgpu-vk and wgpu-gl).
WGPU_TARGETS = ("wgpu-vk", "wgpu-gl", "wgpu-vk-glsl")
# What `fuzz --profile wgsl` runs when no --targets are given: the chains that read WGSL,
# with wgpu-vk's twin on the newest Mesa, whose lavapipe dumps the SPIR-V naga wrote, so
# that spirv-val checks naga's SPIR-V on every test (Debian's Mesa does not dump it).
WGSL_CPU_TARGETS = ("wgpu-vk", "wgpu-vk-newest", "wgpu-gl", "interp")


def reads_language(name: str, language: str) -> bool:
    """Whether target `name` reads tests in `language` ("glsl" or "wgsl"; chains.GLSL_JOB,
    WGSL_JOB): the interpreter reads both, a wgpu chain the one it was made for, every
    other chain (and a planted variant of one) GLSL."""
    spec = TARGETS.get(name)
    if spec is None:
        return False
    kwargs = dict(spec.kwargs)
    if spec.factory.endswith(":interp_target"):
        return True
    if spec.factory == _WGPU:
        return str(kwargs.get("language", "wgsl")) == language
    return language == "glsl"


# Targets whose results only tell suspects apart (seed 002, Example 7, generalised): the
# same input through another consumer. When a finding involves a key target, its
# witnesses run too; a witness never makes a finding of its own (its set-up may claim more
# than the driver offers: environment.SOFTPIPE_COMPUTE_OVERRIDE).
# - the GL text through softpipe: the same Mesa GLSL front-end, another back-end;
# - spirv-cross's GLSL through softpipe, and through glslang and lavapipe: was
#   spirv-cross's output right? (softpipe shares Mesa's GLSL front-end with llvmpipe's GL
#   path; glslang does not, so a Mesa front-end bug that only spirv-cross's style of GLSL
#   meets is not blamed on spirv-cross.)
WITNESSES: dict[str, tuple[str, ...]] = {
    "gl-llvmpipe": ("witness-softpipe",),
    "wgpu-gl": ("witness-wgpu-gl-softpipe",),
    "vk-lavapipe-cross": ("witness-cross-softpipe", "witness-cross-lavapipe", "witness-softpipe"),
    "gl-llvmpipe-newest": ("witness-softpipe-newest",),
    "vk-lavapipe-cross-newest": ("witness-cross-softpipe-newest", "witness-softpipe-newest"),
}

# Each target's twin on the newest releases of its components (newest.py): the newest
# glslang, spirv-opt and spirv-val, and the newest Mesa. Not in CPU_TARGETS: Debian's
# versions are the default. A target without a twin (the interpreter, NVIDIA's GL
# driver: nothing newer here) stays itself in `twins_on_newest`.
NEWEST_TWINS: dict[str, str] = {
    name.removesuffix("-newest"): name for name in TARGETS if name.endswith("-newest")
}
NEWEST_CPU_TARGETS = tuple(NEWEST_TWINS[name] for name in CPU_TARGETS if name in NEWEST_TWINS)
NEWEST_WGPU_TARGETS = tuple(NEWEST_TWINS[name] for name in WGPU_TARGETS)


def twins_on_newest(names: Iterable[str]) -> list[str]:
    """`names` with each target replaced by its twin on the newest releases."""
    return list(dict.fromkeys(NEWEST_TWINS.get(name, name) for name in names))


class UnknownTarget(ValueError):
    pass


def runs_recorded_passes(name: str) -> bool:
    """Whether target `name` runs the spirv-opt pass list a test records (Job.spirv_passes),
    itself or through the real target it wraps."""
    spec = TARGETS.get(name)
    if spec is None:
        return False
    kwargs = dict(spec.kwargs)
    if kwargs.get("optimizer") == "default":
        return True
    base = kwargs.get("base")
    return isinstance(base, str) and base != name and runs_recorded_passes(base)


def spirv_toolset(name: str) -> Toolset:
    """The glslang and SPIRV-Tools target `name`'s chain runs: the newest releases' on a
    `-newest` twin, Debian's otherwise (a wrapped target's base decides)."""
    from shadersmith.targets.newest import newest_toolset

    kwargs = dict(TARGETS[name].kwargs) if name in TARGETS else {}
    declared_tools = kwargs.get("toolset")  # a user's own (user_targets.py)
    if isinstance(declared_tools, Toolset):
        return declared_tools
    if kwargs.get("newest"):
        return newest_toolset()
    base = kwargs.get("base")
    if isinstance(base, str) and base != name and base in TARGETS:
        return spirv_toolset(base)
    return DEBIAN


def spec_for(name: str) -> TargetSpec:
    try:
        return TARGETS[name]
    except KeyError:
        known = ", ".join(TARGETS)
        raise UnknownTarget(f"unknown target {name!r} (known: {known})") from None


def parse_target_list(text: str | None, language: str = "glsl") -> list[str]:
    """`gl-llvmpipe,vk-lavapipe` -> names, checked; None -> the CPU targets that read
    `language`."""
    if not text:
        return list(WGSL_CPU_TARGETS if language == "wgsl" else CPU_TARGETS)
    names = [part.strip() for part in text.split(",") if part.strip()]
    for name in names:
        spec_for(name)
    return names


@dataclass(frozen=True)
class Discovery:
    name: str
    present: bool
    versions: dict[str, str]
    reason: str = ""


def _probe(name: str) -> Discovery:
    try:
        with Worker(spec_for(name), start_timeout_s=60) as worker:
            return Discovery(name, True, dict(worker.versions))
    except TargetUnavailable as error:
        return Discovery(name, False, {}, str(error).split(": ", 1)[-1])


def discover(names: Iterable[str] | None = None, parallel: int = 2) -> list[Discovery]:
    chosen = list(names) if names is not None else list(TARGETS)
    with ThreadPoolExecutor(max_workers=parallel) as threads:
        return list(threads.map(_probe, chosen))


def chain_of(name: str) -> DeclaredChain:
    """Target `name`'s declared chain (declared.py), planted targets included."""
    spec = spec_for(name)
    kwargs = dict(spec.kwargs)
    base = kwargs.get("base")
    if isinstance(base, str):
        plant = str(kwargs.get("rewrite") or kwargs.get("failure"))
        after = "spirv-opt" if spec.factory.endswith(":planted_pass_failure_target") else None
        return declared_chain(name, base, f"planted-{plant}", after)
    return declared_chain(name)
