"""VkSpecializationInfo of a job's specialization constants: what a pipeline sets over
the DEFAULTs its SPIR-V module holds (ir/specialization.py)."""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import vulkan as vk

from shadersmith.ir.specialization import SpecializationEntry

# Each constant is 4 bytes of the data blob, little-endian: int32, uint32, or a VkBool32
# (0 or 1), which is what Vulkan requires of a boolean constant's entry.
_FORMAT = {"int": "<i", "uint": "<I", "bool": "<I"}
_SIZE = 4


def packed(entries: Sequence[SpecializationEntry]) -> bytes:
    """The data blob: the entries' values in order, 4 bytes each."""
    return b"".join(struct.pack(_FORMAT[type_name], value) for _, type_name, value in entries)


def specialization_info(entries: Sequence[SpecializationEntry]) -> Any:
    """The VkSpecializationInfo of `entries`, or None (the module's DEFAULTs) for none."""
    if not entries:
        return None
    data = packed(entries)
    map_entries = [
        vk.VkSpecializationMapEntry(constantID=constant_id, offset=index * _SIZE, size=_SIZE)
        for index, (constant_id, _, _) in enumerate(entries)
    ]
    # A char array the binding keeps alive with the structure (void* takes no bytes).
    return vk.VkSpecializationInfo(
        mapEntryCount=len(map_entries),
        pMapEntries=map_entries,
        dataSize=len(data),
        pData=vk.ffi.new("char[]", data),
    )
