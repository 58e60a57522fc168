"""Questions about the targets, answered from the one table (catalogue.py), and how to
find out which are present.

A target is present when a worker can build it: its driver answers and its tools run.
Discovery starts each target in a worker of its own (a driver that crashes while
starting takes only that worker down) and reports versions or the reason it is missing.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from shadersmith.ir.profile import Language
from shadersmith.targets.catalogue.components import COMPONENTS
from shadersmith.targets.catalogue.table import (
    RADV_FAMILIES,
    TARGETS,
    GLBuild,
    RadvBuild,
    Role,
    SpirvToolsBuild,
    Target,
    VulkanBuild,
    VulkanCompileBuild,
    WgpuBuild,
    WrappedBuild,
    rows,
)
from shadersmith.targets.engine import TargetSpec, TargetUnavailable, Worker
from shadersmith.targets.tools.newest import newest_toolset
from shadersmith.targets.tools.spirv_tools import DEBIAN, Toolset

__all__ = ["RADV_FAMILIES", "TARGETS", "Target"]


def reads_language(name: str, language: Language) -> bool:
    """Whether target `name` reads tests in `language` (catalogue.Target.reads)."""
    target = TARGETS.get(name)
    return target is not None and language in target.reads


def default_targets(language: Language = Language.GLSL) -> tuple[str, ...]:
    """What `--targets` means when not given: the catalogue's default rows that read
    `language` (GLSL: every CPU target but the named ones; WGSL: wgpu's chains, wgpu-vk's
    twin and the interpreter)."""
    return tuple(t.name for t in rows() if t.default and language in t.reads)


CPU_TARGETS = default_targets(Language.GLSL)
WGSL_CPU_TARGETS = default_targets(Language.WGSL)
# The compile-only RADV targets (radv.py), one per AMD generation.
RADV_TARGETS = tuple(t.name for t in rows() if isinstance(t.build, RadvBuild))


def compile_only_targets() -> tuple[str, ...]:
    """What `fuzz --oracle crash` runs when no --targets are given: every built-in
    compile-only target (RADV's generations, compile-spirv-tools, compile-gl-llvmpipe); a
    user's runs where it is named, as in the differential mix."""
    return tuple(t.name for t in rows(Role.TARGET) if t.compile_only and t.declared_in is None)


def executes(name: str) -> bool:
    """Whether target `name` runs what it compiles (a dispatch, a draw, the interpreter):
    what the crash oracle refuses, its programs not being free of undefined behaviour."""
    return not target(name).compile_only


def witnesses(name: str) -> tuple[str, ...]:
    """The witnesses that run beside a finding of target `name` (catalogue.Target)."""
    target = TARGETS.get(name)
    return target.witnesses if target is not None else ()


def is_witness(name: str) -> bool:
    target = TARGETS.get(name)
    return target is not None and target.role is Role.WITNESS


def listed_targets() -> list[str]:
    """What `shadersmith targets` lists without --all: every target and twin of this
    machine's kind (not the witnesses, planted targets or the GPU's), a user's included."""
    return [t.name for t in rows() if t.listed and t.role in (Role.TARGET, Role.NEWEST)]


def component_names() -> frozenset[str]:
    """Every component the component table knows (components.py), and any other a
    target's chain names (a user's, a planted one)."""
    return frozenset(COMPONENTS) | frozenset(c for t in rows() for c in t.components)


def every_target() -> list[str]:
    """Every target but the planted ones (test aids, not compilers)."""
    return [t.name for t in rows() if t.role is not Role.PLANTED]


def twin_on_newest(name: str) -> str:
    """Target `name`'s twin on the newest releases (newest.py), or itself where it has
    none (the interpreter, NVIDIA's GL driver, RADV: nothing newer here)."""
    target = TARGETS.get(name)
    if target is None or target.newest or target.twin_of is None:
        return name
    return target.twin_of


def has_newest_twin(name: str) -> bool:
    """Whether target `name` runs the newest releases or has a twin that does: where
    not (the interpreter, RADV, witnesses of their own), `--newest` runs it as it is."""
    return on_newest(name) or twin_on_newest(name) != name


def cpu_stand_in(name: str) -> str | None:
    """The same chain on this machine's Mesa for a chain on NVIDIA's driver (gl-nvidia ->
    gl-llvmpipe, wgpu-vk-nvidia -> wgpu-vk): where the program's validity and its right
    values are checked when the NVIDIA driver is not here. None for any other target."""
    row = TARGETS.get(name)
    if row is None:
        return None
    build = row.build
    if isinstance(build, GLBuild) and build.driver == "nvidia":
        on_cpu: object = dataclasses.replace(build, driver="llvmpipe")
    elif isinstance(build, (VulkanBuild, WgpuBuild)) and build.device == "NVIDIA":
        on_cpu = dataclasses.replace(build, device="llvmpipe")
    else:
        return None
    return next(
        (t.name for t in rows(Role.TARGET) if t.build == on_cpu and t.newest == row.newest),
        None,
    )


def on_newest(name: str) -> bool:
    """Whether target `name` runs the newest releases (a twin, or zink: newest only)."""
    target = TARGETS.get(name)
    return target is not None and target.newest


def twins_on_newest(names: Iterable[str]) -> list[str]:
    """`names` with each target replaced by its twin on the newest releases."""
    return list(dict.fromkeys(twin_on_newest(name) for name in names))


class UnknownTarget(ValueError):
    pass


def runs_recorded_passes(name: str) -> bool:
    """Whether target `name` runs the spirv-opt pass list a test records (Job.spirv_passes),
    itself or through the real target it wraps."""
    target = TARGETS.get(name)
    if target is None:
        return False
    if isinstance(target.build, WrappedBuild):
        return runs_recorded_passes(target.build.base)
    if isinstance(target.build, SpirvToolsBuild):
        return True
    build = target.build
    return isinstance(build, VulkanBuild | VulkanCompileBuild) and build.optimizer == "default"


def spirv_toolset(name: str) -> Toolset:
    """The glslang and SPIRV-Tools target `name`'s chain runs: a user's own where it
    declares them (user_targets.py), the newest releases' on a twin, Debian's otherwise
    (a wrapped target's base decides)."""

    target = TARGETS.get(name)
    if target is None:
        return DEBIAN
    if isinstance(target.build, WrappedBuild):
        return spirv_toolset(target.build.base)
    build = target.build
    if isinstance(build, VulkanBuild | VulkanCompileBuild) and build.toolset is not None:
        return build.toolset
    return newest_toolset() if target.newest else DEBIAN


def target(name: str) -> Target:
    try:
        return TARGETS[name]
    except KeyError:
        raise UnknownTarget(unknown_target_message(name)) from None


def unknown_target_message(name: str) -> str:
    """One line: the closest names this version knows, where to see them all, and how to
    declare one's own."""
    close = difflib.get_close_matches(name, every_target(), n=3, cutoff=0.6)
    guess = f" (did you mean {' or '.join(close)}?)" if close else ""
    return (
        f"unknown target {name!r}{guess}; `shadersmith targets` lists the known ones, and "
        "--targets-file FILE declares your own (docs/targets.md: Targets you declare)"
    )


def spec_for(name: str) -> TargetSpec:
    return target(name).spec()


def parse_target_list(text: str | None, language: Language = Language.GLSL) -> list[str]:
    """`gl-llvmpipe,vk-lavapipe` -> names, checked; None -> the default targets that
    read `language`."""
    if not text:
        return list(default_targets(language))
    names = [part.strip() for part in text.split(",") if part.strip()]
    for name in names:
        target(name)
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


def chain_of(name: str) -> Target:
    """Target `name`'s row: its components in chain order and its stages."""
    return target(name)
