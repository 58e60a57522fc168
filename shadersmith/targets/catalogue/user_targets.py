"""Targets a user declares in a TOML file: their own Mesa build, their own spirv-opt.

    [[target]]
    name = "vk-my-lavapipe"        # must not name a built-in target
    kind = "vulkan"                # "vulkan" (glslang -> [spirv-opt ->] a Vulkan ICD), "gl", or
                                   # "vulkan-compile" (pipelines compiled, nothing run: RADV with
                                   # env = { RADV_FORCE_FAMILY = "navi21" })
    device = "llvmpipe"            # vulkan: a substring of the device name to pick
    icd = "/opt/mesa/share/vulkan/icd.d/lvp_icd.x86_64.json"   # vulkan: the ICD file
    library_path = "/opt/mesa/lib/x86_64-linux-gnu"            # optional: LD_LIBRARY_PATH
    optimizer = true               # optional: run spirv-opt (the test's pass list, else -O),
                                   # or a fixed pass list: ["--ccp", "--simplify-instructions"]
    spirv_opt = "/src/SPIRV-Tools/build/tools/spirv-opt"       # optional: whose spirv-opt
    glslang = "/src/glslang/build/StandAlone/glslang"          # optional: whose glslang
    spirv_cross = "/src/SPIRV-Cross/build/spirv-cross"         # optional: whose spirv-cross,
    cross_driver = "llvmpipe"      # its GLSL run on this GL driver (default llvmpipe)
    spirv_val = "/src/SPIRV-Tools/build/tools/spirv-val"       # optional: whose spirv-val
    components = ["glslang", "spirv-opt", "lavapipe", "llvmpipe", "llvm"]  # optional
    env = { LP_NUM_THREADS = "0" } # optional: more environment for its worker

    [[target]]
    name = "gl-my-llvmpipe"
    kind = "gl"
    driver = "llvmpipe"            # gl: any Mesa Gallium driver (zink, radeonsi, iris), or nvidia
    egl_vendor = "/opt/mesa/share/glvnd/egl_vendor.d/50_mesa.json"   # the one EGL loads
    library_path = "/opt/mesa/lib/x86_64-linux-gnu"
    icd = "/opt/mesa/share/vulkan/icd.d/lvp_icd.x86_64.json"   # gl: zink's Vulkan driver

A declared target is a row of the target catalogue like a built-in one (catalogue.py),
built by the same factories (chains.py) with its files: it joins
`targets`, `run`, `fuzz`, `metamorphic`, `fuse`, `replay`, `reduce` and blame, which read
components by name (a user's lavapipe is `lavapipe`). Nothing here runs a driver: a path
that does not exist, an unknown key or a clash with a built-in name is a one-line error
when the file is read; a driver that does not start is reported by `targets` as missing,
with its reason, like any other.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from shadersmith.files import safe_files
from shadersmith.targets.catalogue import table as catalogue
from shadersmith.targets.catalogue.components import declare_gl_driver
from shadersmith.targets.catalogue.table import (
    BOTH,
    FRAGMENT,
    GLBuild,
    Target,
    VulkanBuild,
    VulkanCompileBuild,
)
from shadersmith.targets.runners.environment import OTHER_MESA_VENDOR_FILE
from shadersmith.targets.tools.spirv_tools import Toolset

# Read by `shadersmith` before any command (cli/group.py's --targets-file says the same).
ENVIRONMENT_VARIABLE = "SHADERSMITH_TARGETS_FILE"

_COMMON = {"name", "kind", "library_path", "env", "components"}
_VULKAN = _COMMON | {"device", "icd", "optimizer", "spirv_opt", "glslang", "spirv_val"}
_KEYS = {
    # spirv-cross's GLSL into a GL driver in place of the device (VulkanBuild.cross_driver).
    "vulkan": _VULKAN | {"spirv_cross", "cross_driver"},
    # Pipelines compiled, nothing run (table.VulkanCompileBuild): a user's RADV.
    "vulkan-compile": _VULKAN,
    "gl": _COMMON | {"driver", "egl_vendor", "icd"},
}
# A GL driver's name becomes GALLIUM_DRIVER (environment.select_gl_driver): a plain word.
_DRIVER_NAME = re.compile(r"[a-z][a-z0-9_]*")
_TOOLS = ("glslang", "spirv_opt", "spirv_val", "spirv_cross")
_PATH_KEYS = ("icd", "library_path", "egl_vendor", *_TOOLS)
# A targets file is a few dozen lines; anything much larger is not one.
MAX_FILE_BYTES = 1024 * 1024


class TargetsFileError(ValueError):
    """A targets file that cannot be used; the message is one line."""


def load_targets_file(path: Path) -> list[Target]:
    """The targets `path` declares, checked (files exist, keys known, names new)."""
    try:
        data = tomllib.loads(safe_files.read_named_file(path, MAX_FILE_BYTES).decode("utf-8"))
    except safe_files.UnsafePathError as error:
        raise TargetsFileError(str(error)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as error:
        raise TargetsFileError(f"{path}: not TOML: {error}") from None
    unknown = set(data) - {"target"}
    if unknown:
        raise TargetsFileError(f"{path}: unknown table(s) {sorted(unknown)}; use [[target]]")
    entries = data.get("target", [])
    if not isinstance(entries, list) or not entries:
        raise TargetsFileError(f"{path}: no [[target]] declared")
    targets = [_target(entry, path, k) for k, entry in enumerate(entries, start=1)]
    names = [t.name for t in targets]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TargetsFileError(f"{path}: target(s) declared twice: {', '.join(twice)}")
    return targets


def register(targets: Sequence[Target]) -> None:
    """Make `targets` known by name to this process, as built-in ones are."""
    for target in targets:
        catalogue.register(target)


def register_file(path: Path) -> list[str]:
    """Read and register `path`'s targets; their names."""
    targets = load_targets_file(path)
    register(targets)
    return [t.name for t in targets]


def declared_names() -> list[str]:
    """The user-declared targets registered in this process, in declaration order."""
    return [t.name for t in catalogue.rows() if t.declared_in is not None]


def declaration(name: str) -> str | None:
    """One line for `shadersmith targets`: the file that declares target `name`, and the
    spirv-opt passes a Vulkan chain runs; None for a built-in target."""
    target = catalogue.TARGETS.get(name)
    if target is None or target.declared_in is None:
        return None
    line = f"{name}: declared in {target.declared_in}"
    build = target.build
    if not isinstance(build, VulkanBuild | VulkanCompileBuild):
        return line
    if build.optimizer == "default":
        passes = "the test's recorded pass list, else -O"
    else:
        passes = build.optimizer or "none (no spirv-opt)"
    return f"{line}; spirv-opt passes: {passes}"


def _target(entry: Any, path: Path, position: int) -> Target:
    where = f"{path}: target {position}"
    if not isinstance(entry, dict):
        raise TargetsFileError(f"{where}: not a table")
    name = _text(entry, "name", where)
    where = f"{path}: target {name!r}"
    known = catalogue.TARGETS.get(name)
    if known is not None and known.declared_in is None:
        raise TargetsFileError(f"{where}: a built-in target has this name; choose another")
    if not name.replace("-", "").replace("_", "").isalnum():
        raise TargetsFileError(f"{where}: a name is letters, digits, '-' and '_'")
    kind = _text(entry, "kind", where)
    if kind not in _KEYS:
        raise TargetsFileError(f"{where}: kind must be one of {sorted(_KEYS)}, not {kind!r}")
    unknown = set(entry) - _KEYS[kind]
    if unknown:
        raise TargetsFileError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))} for kind {kind!r}; "
            f"its keys: {', '.join(sorted(_KEYS[kind]))}"
        )
    if (campaign := _campaign_holding(path)) is not None:
        _check_outside_campaign(entry, where, campaign)
    environment = _environment(entry, where, path.parent)
    if kind == "gl":
        return _gl(entry, name, where, path, environment)
    return _vulkan(entry, name, where, path, environment, compile_only=kind == "vulkan-compile")


def _vulkan(
    entry: Mapping[str, Any],
    name: str,
    where: str,
    path: Path,
    environment: dict[str, str],
    compile_only: bool,
) -> Target:
    device = _text(entry, "device", where)
    environment |= _icd_environment(entry, where, path.parent)
    tools = {key: _existing(entry, key, where, path.parent) for key in _TOOLS}
    optimizer = entry.get("optimizer", tools["spirv_opt"] is not None)
    fixed = isinstance(optimizer, list) and optimizer
    if fixed and all(
        isinstance(p, str) and p.startswith("-") and p.split()[0] == p for p in optimizer
    ):
        passes: str | None = " ".join(optimizer)
    elif isinstance(optimizer, bool):
        passes = "default" if optimizer else None
    else:
        raise TargetsFileError(
            f"{where}: optimizer must be true, false or a list of spirv-opt flags"
        )
    toolset = Toolset(
        name=f"{name}'s tools",
        glslang=tools["glslang"],
        spirv_opt=tools["spirv_opt"],
        spirv_cross=tools["spirv_cross"],
        validators=None if tools["spirv_val"] is None else (tools["spirv_val"],),
    )
    own_tools = toolset if any(tools.values()) else None
    build: VulkanBuild | VulkanCompileBuild
    if compile_only:
        build = VulkanCompileBuild(device, optimizer=passes, toolset=own_tools)
    else:
        # A user's spirv-cross joins the chain as their spirv-opt does: its GLSL runs on
        # llvmpipe, as vk-lavapipe-cross's does, unless `cross_driver` names another.
        cross = "llvmpipe" if tools["spirv_cross"] is not None else None
        if "cross_driver" in entry:
            cross = _driver(entry, "cross_driver", where)
            if cross == "softpipe":
                raise TargetsFileError(
                    f"{where}: cross_driver softpipe offers GL 3.3, not spirv-cross's GLSL 450"
                )
        build = VulkanBuild(device, optimizer=passes, cross_driver=cross, toolset=own_tools)
    return Target(
        name,
        build,
        _components(entry, where),
        declared_in=str(path),
        fixed_environment=tuple(sorted(environment.items())),
    )


def _gl(
    entry: Mapping[str, Any], name: str, where: str, path: Path, environment: dict[str, str]
) -> Target:
    driver = _driver(entry, "driver", where)
    vendor = _existing(entry, "egl_vendor", where, path.parent)
    if vendor is not None:
        # The worker names this file to glvnd, and no other (environment.select_gl_driver).
        environment |= {"__EGL_VENDOR_LIBRARY_FILENAMES": vendor, OTHER_MESA_VENDOR_FILE: vendor}
    # zink's Vulkan driver: the ICD it runs on.
    environment |= _icd_environment(entry, where, path.parent)
    library_path = environment.get("LD_LIBRARY_PATH")
    if library_path is not None and driver != "nvidia":
        # Mesa's loader finds its Gallium drivers beside the libraries it was built with.
        environment.setdefault("LIBGL_DRIVERS_PATH", f"{library_path.split(':')[0]}/dri")
    return Target(
        name,
        GLBuild(driver),
        _components(entry, where),
        stages=BOTH if driver != "softpipe" else frozenset({FRAGMENT}),
        declared_in=str(path),
        fixed_environment=tuple(sorted(environment.items())),
    )


def _campaign_holding(path: Path) -> Path | None:
    """The campaign directory `path` lies in (its copy of a declaration, or a file
    planted deeper in it), or None."""
    for folder in Path(os.path.abspath(path)).parents:
        if safe_files.is_campaign_directory(folder):
            return folder
    return None


def _check_outside_campaign(entry: Mapping[str, Any], where: str, campaign: Path) -> None:
    """A declaration inside a campaign directory (anyone's) must name its files by
    absolute paths outside that directory: `icd = "icd.json"` or `library_path = "."`
    would load a library shipped in the campaign itself."""
    for key in _PATH_KEYS:
        if key not in entry:
            continue
        text = _text(entry, key, where)
        if not os.path.isabs(text):
            raise TargetsFileError(
                f"{where}: {key} {text!r} is a relative path in a campaign's file; a "
                "campaign's declaration is used only with absolute paths outside it"
            )
        resolved = Path(text).resolve()
        if resolved.is_relative_to(campaign.resolve()):
            raise TargetsFileError(
                f"{where}: {key} {resolved} is inside the campaign {campaign}; a campaign's "
                "declaration may not name its own files (they would be loaded and run)"
            )


def named_paths(path: Path) -> list[str]:
    """`key path` for each file the declaration in `path` names, resolved as loading it
    would resolve them (relative to the file's folder); [] where it cannot be read."""
    try:
        data = tomllib.loads(safe_files.read_named_file(path, MAX_FILE_BYTES).decode("utf-8"))
    except (safe_files.UnsafePathError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return []
    entries = data.get("target", [])
    named = []
    for entry in entries if isinstance(entries, list) else []:
        for key in _PATH_KEYS:
            value = entry.get(key) if isinstance(entry, dict) else None
            if isinstance(value, str) and value:
                resolved = (path.parent / Path(value).expanduser()).resolve()
                named.append(f"{key} {str(resolved)[:200]}")
    return named


def _driver(entry: Mapping[str, Any], key: str, where: str) -> str:
    """The GL driver `key` names, known by name to blame and bug reports from now on."""
    driver = _text(entry, key, where)
    if not _DRIVER_NAME.fullmatch(driver):
        raise TargetsFileError(
            f"{where}: {key} must be a Mesa Gallium driver's name (llvmpipe, softpipe, zink, "
            f"radeonsi, iris, ...) or nvidia, not {driver!r}"
        )
    declare_gl_driver(driver)
    return driver


def _icd_environment(entry: Mapping[str, Any], where: str, base: Path) -> dict[str, str]:
    """The loader offers the `icd` file's driver alone, so `device` (or zink) picks among
    its devices only."""
    icd = _existing(entry, "icd", where, base)
    if icd is None:
        return {}
    return {"VK_DRIVER_FILES": icd, "VK_ICD_FILENAMES": icd, "NODEVICE_SELECT": "1"}


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise TargetsFileError(f"{where}: `{key}` must be a non-empty string")
    return value


def _existing(entry: Mapping[str, Any], key: str, where: str, base: Path) -> str | None:
    """The path `key` names (relative to the targets file), which must exist."""
    if key not in entry:
        return None
    path = Path(_text(entry, key, where)).expanduser()
    path = path if path.is_absolute() else base / path
    if not path.exists():
        raise TargetsFileError(f"{where}: {key} {path} does not exist")
    return str(path.resolve())


def _environment(entry: Mapping[str, Any], where: str, base: Path) -> dict[str, str]:
    extra = entry.get("env", {})
    if not isinstance(extra, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in extra.items()
    ):
        raise TargetsFileError(f"{where}: env must be a table of strings")
    environment = dict(extra)
    library_path = _existing(entry, "library_path", where, base)
    if library_path is not None:
        inherited = os.environ.get("LD_LIBRARY_PATH")
        environment["LD_LIBRARY_PATH"] = (
            f"{library_path}:{inherited}" if inherited else library_path
        )
    return environment


def _components(entry: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """The chain the file names, else () for the build's own (Build.components(): the
    component table's names, as the worker records them)."""
    if "components" not in entry:
        return ()
    components = entry["components"]
    if (
        not isinstance(components, list)
        or not components
        or not all(isinstance(c, str) and c for c in components)
    ):
        raise TargetsFileError(f"{where}: components must be a list of names")
    return tuple(components)


# A campaign that runs declared targets keeps their declaration beside its store, so that
# whoever resumes or reads it knows what they were. It is never loaded from there by
# itself: a declared target loads the libraries and runs the tools it names, and a
# campaign directory may come from anyone (issue 23); the user names the file to run it.
CAMPAIGN_FILE = "targets.toml"


def record_in_campaign(campaign: Path, names: Sequence[str]) -> None:
    """Copy the declaration of the declared targets among `names` into `campaign`, or
    check that the copy there is the same. TargetsFileError (one line) when it is not."""

    files = sorted(
        {t.declared_in for n in names if (t := catalogue.TARGETS.get(n)) and t.declared_in}
    )
    if not files:
        return
    if len(files) > 1:
        raise TargetsFileError(f"targets declared in several files: {', '.join(files)}")
    try:
        text = safe_files.read_named_file(Path(files[0]), MAX_FILE_BYTES).decode("utf-8")
    except (safe_files.UnsafePathError, UnicodeDecodeError) as error:
        raise TargetsFileError(f"{files[0]}: {error}") from None
    if not safe_files.is_plain_file(campaign, CAMPAIGN_FILE):
        safe_files.write_file(campaign, CAMPAIGN_FILE, text)
    elif safe_files.read_text(campaign, CAMPAIGN_FILE) != text:
        raise TargetsFileError(
            f"{campaign / CAMPAIGN_FILE} is not {files[0]}: a campaign keeps one declaration "
            "of its targets (resume with that file, or start another campaign)"
        )


def campaign_hint(campaign: Path) -> str:
    """What to add to an unknown-target error for a campaign that declares targets."""

    try:
        declares = safe_files.is_plain_file(campaign, CAMPAIGN_FILE)
    except (OSError, ValueError):
        return ""
    if not declares:
        return ""
    named = named_paths(campaign / CAMPAIGN_FILE)
    return (
        f"; this campaign declares targets in {campaign / CAMPAIGN_FILE}"
        + (f", which names {'; '.join(named[:8])}" if named else "")
        + f": check those, then pass --targets-file {campaign / CAMPAIGN_FILE} (a declared "
        "target loads the libraries it names, so a campaign's file is never loaded by "
        "itself, and it may name only absolute paths outside the campaign)"
    )
