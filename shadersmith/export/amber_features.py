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
# A push-constant block's members (emit/glsl.py writes them in `#ifdef VULKAN`), and the
# narrow types there that need storagePushConstant16 / 8 (generate/push_constants.py).
_PUSH_BLOCK = re.compile(r"layout\s*\(\s*push_constant\s*\)\s*uniform\s+\w+\s*\{([^}]*)\}")
_PUSH_WIDTHS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    (
        STORAGE16,
        re.compile(r"\b(?:u?int16_t|[iu]16vec[234]|float16_t|f16vec[234])\b"),
        "Storage16BitFeatures.storagePushConstant16",
    ),
    (
        STORAGE8,
        re.compile(r"\b(?:u?int8_t|[iu]8vec[234])\b"),
        "Storage8BitFeatures.storagePushConstant8",
    ),
)


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
    pushed = " ".join(_PUSH_BLOCK.findall(source))
    for feature, narrow, bits_name in _PUSH_WIDTHS:
        if EXTENSION[feature] in named and narrow.search(pushed):
            features.append(bits_name)
    lines = [f"DEVICE_EXTENSION {name}" for name in extensions]
    lines += [f"DEVICE_FEATURE {name}" for name in features]
    return [*lines, ""] if lines else []
