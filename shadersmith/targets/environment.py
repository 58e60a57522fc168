"""Process environment that the drivers read once, when they load: set it before that.

Mesa reads GALLIUM_DRIVER when the EGL display is first initialised, and glvnd picks the
EGL vendor library at the same moment, so one process drives one GL driver; a second
context in the same process silently gets the first one's driver (the runners check).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

# Where glvnd vendor files live: the distribution's folder, and where container images
# mount the NVIDIA driver.
EGL_VENDOR_DIRECTORIES = (
    Path("/usr/share/glvnd/egl_vendor.d"),
    Path("/etc/glvnd/egl_vendor.d"),
    Path("/usr/local/nvidia/share/glvnd/egl_vendor.d"),
)
EGL_VENDOR_FILES = {"mesa": "50_mesa.json", "nvidia": "10_nvidia.json"}


class DriverUnavailable(Exception):
    """The driver a runner was asked for is not present; the message says what was found."""


def disable_shader_cache() -> None:
    """Mesa's on-disk cache would skip compiling a shader it has seen, hiding compile-time
    bugs and turning compile timings into cache look-ups."""
    os.environ["MESA_SHADER_CACHE_DISABLE"] = "true"
    # The NVIDIA driver keeps a disk cache of its own, for OpenGL and Vulkan alike.
    os.environ["__GL_SHADER_DISK_CACHE"] = "0"


def ensure_runtime_directory() -> None:
    """The Vulkan loader and Mesa print (harmless) errors when XDG_RUNTIME_DIR is unset."""
    if os.environ.get("XDG_RUNTIME_DIR"):
        return
    directory = Path(tempfile.gettempdir()) / f"shadersmith-runtime-{os.getuid()}"
    directory.mkdir(mode=0o700, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = str(directory)


def select_gl_driver(driver: str) -> None:
    """Route EGL to `driver`: a Mesa Gallium driver name (llvmpipe, softpipe) or nvidia.

    glvnd otherwise loads whichever vendor it finds first, so on a machine with both
    Mesa and NVIDIA installed we name the vendor library explicitly.
    """
    disable_shader_cache()
    ensure_runtime_directory()
    vendor = "nvidia" if driver == "nvidia" else "mesa"
    for directory in EGL_VENDOR_DIRECTORIES:
        vendor_file = directory / EGL_VENDOR_FILES[vendor]
        if vendor_file.is_file():
            os.environ["__EGL_VENDOR_LIBRARY_FILENAMES"] = str(vendor_file)
            break
    if vendor == "mesa":
        os.environ["GALLIUM_DRIVER"] = driver
    else:
        os.environ.pop("GALLIUM_DRIVER", None)
