"""SwiftShader: Google's Vulkan implementation on the CPU (its SPIR-V front-end, Reactor,
Subzero), a second Vulkan back-end beside lavapipe's llvmpipe.

Debian ships it in `chromium-common` (/usr/lib/chromium/libvk_swiftshader.so and its ICD
file). The library needs only libc, libm and libgcc_s, so where Chromium is not installed
scripts/swiftshader.sh downloads that one package and unpacks the two files into
`.drivers/swiftshader` (nothing is installed, nothing else of Chromium is needed). A worker
sees SwiftShader alone: the Vulkan loader reads VK_DRIVER_FILES when the instance is
created, and `environment` names the ICD file from the worker's start.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from shadersmith.targets.runners.environment import DriverUnavailable

REPOSITORY = Path(__file__).resolve().parents[3]
ICD_FILE = "vk_swiftshader_icd.json"
LIBRARY = "libvk_swiftshader.so"
SYSTEM = Path("/usr/lib/chromium")  # Debian's chromium-common
UNPACKED = REPOSITORY / ".drivers" / "swiftshader"  # scripts/swiftshader.sh
PACKAGE = "chromium-common"
DEVICE = "SwiftShader"  # what the device's name contains: "SwiftShader Device (Subzero)"


def folder() -> Path | None:
    """Where the ICD file and library are: the system's Chromium first, else the unpacked
    package."""
    for candidate in (SYSTEM, UNPACKED):
        if (candidate / ICD_FILE).is_file() and (candidate / LIBRARY).is_file():
            return candidate
    return None


def environment() -> dict[str, str]:
    """The worker's Vulkan loader offers SwiftShader alone (none where it is missing: the
    target then says why, `require`)."""
    found = folder()
    if found is None:
        return {}
    icd = str(found / ICD_FILE)
    # The system's Mesa 22 device-select layer is implicit: keep it out of this worker.
    return {"VK_DRIVER_FILES": icd, "VK_ICD_FILENAMES": icd, "NODEVICE_SELECT": "1"}


def require() -> str:
    """The version of the chromium-common that SwiftShader comes from; DriverUnavailable
    says why there is none."""
    found = folder()
    if found is None:
        raise DriverUnavailable(
            f"SwiftShader not found in {SYSTEM} nor {UNPACKED} (scripts/swiftshader.sh "
            f"unpacks Debian's {PACKAGE} there)"
        )
    if found == UNPACKED:
        try:
            stamp = (UNPACKED / "PACKAGES").read_text().split()
        except OSError:
            return "?"
        versions = dict(line.split("=", 1) for line in stamp if "=" in line)
        return versions.get(PACKAGE, "?")
    query = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", PACKAGE], capture_output=True, text=True, check=False
    )
    return query.stdout.strip() or "?"


def component_version(device_version: str, package: str) -> str:
    """`5.0.0 (chromium-common 156.0.8078.108-1~deb12u1)`: SwiftShader's own version says
    little (it is 5.0.0 in every Chromium); the package's says which build."""
    return f"{device_version.split(' ')[0]} ({PACKAGE} {package})"
