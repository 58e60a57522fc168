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
# The vendor file a worker's EGL loads, set for it from its start: another Mesa's
# (targets/tools/newest.py), or the one a user's target declares (user_targets.py).
OTHER_MESA_VENDOR_FILE = "SHADERSMITH_EGL_VENDOR_FILE"
# The Gallium drivers Mesa's software winsys makes a screen of, picked by GALLIUM_DRIVER
# alone; any other (radeonsi, iris) is a hardware device's driver, which Mesa's loader
# picks by the PCI id unless MESA_LOADER_DRIVER_OVERRIDE names it.
SOFTWARE_GALLIUM_DRIVERS = frozenset({"llvmpipe", "softpipe", "zink", "swr", "d3d12"})


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


# softpipe offers GL 3.3 core, but also ARB_compute_shader and ARB_shader_storage_buffer_
# object: with the version raised it runs GLSL 450 compute shaders through the same Mesa
# GLSL front-end as llvmpipe and a back-end without LLVM (a TGSI interpreter). Only blame
# witnesses use it (catalogue.py): a raised version is a claim the driver never made, so
# what softpipe does with it is evidence about the other chains, not a finding of its own.
# wgpu's GL back-end asks EGL for OpenGL ES and refuses a device without ES 3.1's compute
# shaders: for the WGSL witness (catalogue.py) softpipe claims ES 3.1 too.
SOFTPIPE_COMPUTE_OVERRIDE = {
    "MESA_GL_VERSION_OVERRIDE": "4.5",
    "MESA_GLSL_VERSION_OVERRIDE": "450",
    "MESA_GLES_VERSION_OVERRIDE": "3.1",
}


def select_gl_driver(driver: str, raise_version: bool = False) -> None:
    """Route EGL to `driver`: a Mesa Gallium driver name (llvmpipe, softpipe, zink,
    radeonsi, iris, ...) or nvidia.

    glvnd otherwise loads whichever vendor it finds first, so on a machine with both
    Mesa and NVIDIA installed we name the vendor library explicitly.
    """
    disable_shader_cache()
    ensure_runtime_directory()
    vendor = "nvidia" if driver == "nvidia" else "mesa"
    # A worker on another Mesa (targets/tools/newest.py) names that Mesa's vendor file; a
    # user's target the one it declares (NVIDIA's from a container mount too).
    chosen = os.environ.get(OTHER_MESA_VENDOR_FILE)
    if chosen:
        os.environ["__EGL_VENDOR_LIBRARY_FILENAMES"] = chosen
    for directory in () if chosen else EGL_VENDOR_DIRECTORIES:
        vendor_file = directory / EGL_VENDOR_FILES[vendor]
        if vendor_file.is_file():
            os.environ["__EGL_VENDOR_LIBRARY_FILENAMES"] = str(vendor_file)
            break
    if vendor == "mesa":
        os.environ["GALLIUM_DRIVER"] = driver
        if driver not in SOFTWARE_GALLIUM_DRIVERS:
            # A hardware driver: its device's DRI driver, and no software fallback (Mesa
            # makes no software screen for a GALLIUM_DRIVER it does not have).
            os.environ["MESA_LOADER_DRIVER_OVERRIDE"] = driver
        if raise_version and driver == "softpipe":
            os.environ.update(SOFTPIPE_COMPUTE_OVERRIDE)
        if driver == "zink":
            # zink skips a Vulkan device on the CPU (lavapipe) unless software rendering is
            # asked for; without it, eglInitialize fails ("ZINK: failed to choose pdev").
            os.environ["LIBGL_ALWAYS_SOFTWARE"] = "1"
    else:
        os.environ.pop("GALLIUM_DRIVER", None)
