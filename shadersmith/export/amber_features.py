"""The device extensions and features an Amber script asks for (DEVICE_EXTENSION,
DEVICE_FEATURE, as the CTS's own scripts do), read from the `#extension` lines of the
test's GLSL (analysis/widths.py writes one per explicit-width type a program uses): a
device without one then skips the script instead of failing to compile it."""

from __future__ import annotations

import re

from shadersmith.analysis.widths import (
    EXTENSION,
    FLOAT16,
    INT8,
    INT16,
    INT64,
    STORAGE8,
    STORAGE16,
)

# Amber's names (amber/src/vulkan/device.cc) of each feature's Vulkan bits, and the device
# extension that carries them on a Vulkan 1.1 device.
_AMBER: dict[str, tuple[str | None, tuple[str, ...]]] = {
    INT64: (None, ("shaderInt64",)),
    INT16: (None, ("shaderInt16",)),
    INT8: ("VK_KHR_shader_float16_int8", ("Float16Int8Features.shaderInt8",)),
    FLOAT16: ("VK_KHR_shader_float16_int8", ("Float16Int8Features.shaderFloat16",)),
    STORAGE16: (
        "VK_KHR_16bit_storage",
        (
            "Storage16BitFeatures.storageBuffer16BitAccess",
            "Storage16BitFeatures.uniformAndStorageBuffer16BitAccess",
        ),
    ),
    STORAGE8: (
        "VK_KHR_8bit_storage",
        (
            "Storage8BitFeatures.storageBuffer8BitAccess",
            "Storage8BitFeatures.uniformAndStorageBuffer8BitAccess",
        ),
    ),
}
_EXTENSION_LINE = re.compile(r"^\s*#\s*extension\s+(\w+)\s*:", re.MULTILINE)


def device_requirements(source: str) -> list[str]:
    """The DEVICE_EXTENSION and DEVICE_FEATURE lines for the GLSL `source` (none for a
    test of 32-bit types only), in a fixed order."""
    named = set(_EXTENSION_LINE.findall(source))
    extensions: list[str] = []
    features: list[str] = []
    for feature, (extension, bits) in _AMBER.items():
        if EXTENSION[feature] not in named:
            continue
        if extension is not None and extension not in extensions:
            extensions.append(extension)
        features += bits
    lines = [f"DEVICE_EXTENSION {name}" for name in extensions]
    lines += [f"DEVICE_FEATURE {name}" for name in features]
    return [*lines, ""] if lines else []
