"""A Vulkan device chosen by name, with its queue, command pool and host-visible buffers.

Created once per runner (instance and device creation cost tens of milliseconds, and a
driver that leaks per device would otherwise grow the worker); everything a single run
needs is made and destroyed by the runner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import vulkan as vk

from shadersmith.analysis.widths import (
    BUFFER_REFERENCE,
    FLOAT16,
    FLOAT64,
    INT8,
    INT16,
    INT64,
    PUSH8,
    PUSH16,
    STORAGE8,
    STORAGE16,
)
from shadersmith.targets.runners.environment import (
    DriverUnavailable,
    disable_shader_cache,
    ensure_runtime_directory,
)

API_VERSION = vk.VK_MAKE_VERSION(1, 1, 0)  # 1.1: vkGetPhysicalDeviceProperties2 is core
QUEUE_FLAGS = vk.VK_QUEUE_COMPUTE_BIT | vk.VK_QUEUE_GRAPHICS_BIT
_FLOAT16_INT8 = "VK_KHR_shader_float16_int8"
# 8-bit storage is core from 1.2 only (16-bit storage is 1.1's): the instance asks for 1.1.
_STORAGE_8BIT = "VK_KHR_8bit_storage"
_STORAGE_BUFFER_CLASS = "VK_KHR_storage_buffer_storage_class"  # 8-bit storage needs it
# Buffer references (analysis/widths.BUFFER_REFERENCE): core in 1.2 only, so on the 1.1
# instance a device must offer the extension (lavapipe does; SwiftShader, a 1.3 device
# that lists no such extension, then answers `unsupported`).
_BUFFER_DEVICE_ADDRESS = "VK_KHR_buffer_device_address"
# Its bits, by value: the binding has the core names only as None-valued aliases.
_SHADER_DEVICE_ADDRESS_USAGE = 0x00020000  # VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT
_DEVICE_ADDRESS_ALLOCATION = 0x00000002  # VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT
HOST_MEMORY = vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT


@dataclass
class HostBuffer:
    """A buffer in host-visible, coherent memory: written and read without staging."""

    buffer: Any
    memory: Any
    size: int


class VulkanDevice:
    def __init__(self, name_contains: str = "llvmpipe") -> None:
        disable_shader_cache()
        ensure_runtime_directory()
        application = vk.VkApplicationInfo(
            pApplicationName="shadersmith",
            applicationVersion=1,
            pEngineName="shadersmith",
            engineVersion=1,
            apiVersion=API_VERSION,
        )
        self.instance = vk.vkCreateInstance(
            vk.VkInstanceCreateInfo(pApplicationInfo=application), None
        )
        try:
            self.physical_device = self._pick_physical_device(name_contains)
            self.properties = vk.vkGetPhysicalDeviceProperties(self.physical_device)
            self.memory_properties = vk.vkGetPhysicalDeviceMemoryProperties(self.physical_device)
            self.queue_family = self._pick_queue_family()
            queue_info = vk.VkDeviceQueueCreateInfo(
                queueFamilyIndex=self.queue_family, queueCount=1, pQueuePriorities=[1.0]
            )
            self.features = self._offered_features()
            # The arithmetic-type features a shader may use must be enabled on the device
            # (a valid module with the Int64 capability needs shaderInt64 enabled).
            enabled = vk.VkPhysicalDeviceFeatures(
                shaderInt64=INT64 in self.features,
                shaderInt16=INT16 in self.features,
                shaderFloat64=FLOAT64 in self.features,
            )
            extensions, chained = self._chained_features()
            self.device = vk.vkCreateDevice(
                self.physical_device,
                vk.VkDeviceCreateInfo(
                    pNext=chained,
                    pQueueCreateInfos=[queue_info],
                    pEnabledFeatures=enabled,
                    ppEnabledExtensionNames=extensions,
                ),
                None,
            )
        except BaseException:
            vk.vkDestroyInstance(self.instance, None)
            raise
        self.queue = vk.vkGetDeviceQueue(self.device, self.queue_family, 0)
        self.command_pool = vk.vkCreateCommandPool(
            self.device,
            vk.VkCommandPoolCreateInfo(
                flags=vk.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                queueFamilyIndex=self.queue_family,
            ),
            None,
        )

    @property
    def name(self) -> str:
        return _text(self.properties.deviceName)

    def versions(self) -> dict[str, str]:
        versions = {
            "device": self.name,
            "vendor_id": f"0x{self.properties.vendorID:04x}",
            "api_version": _decode_version(self.properties.apiVersion),
            "driver_version": self._driver_version(),
        }
        versions.update(self._driver_properties())
        return versions

    def _offered_features(self) -> frozenset[str]:
        """The explicit-width arithmetic features (analysis/widths.py's words) the device
        offers: lavapipe all of them; SwiftShader (Chromium 120's) none of shaderInt64,
        shaderInt16, shaderInt8, shaderFloat64, shaderFloat16 and the 16-/8-bit storage."""
        offered = vk.vkGetPhysicalDeviceFeatures(self.physical_device)
        found = {INT64} if offered.shaderInt64 else set()
        if offered.shaderFloat64:
            found.add(FLOAT64)
        if offered.shaderInt16:
            found.add(INT16)
        small = self._small_types()
        if small.shaderInt8:
            found.add(INT8)
        if small.shaderFloat16:
            found.add(FLOAT16)
        if self._buffer_device_address():
            found.add(BUFFER_REFERENCE)
        return frozenset(found | self._storage_features())

    def _chained_features(self) -> tuple[list[str], Any]:
        """The device extensions and the feature structs (a pNext chain) that enable the
        offered features beyond VkPhysicalDeviceFeatures: shaderInt8 and shaderFloat16
        are VK_KHR_shader_float16_int8's (core in 1.2; the instance asks for 1.1), the
        16-bit storage features core 1.1's, the 8-bit ones VK_KHR_8bit_storage's."""
        extensions: list[str] = []
        chained: Any = None
        if STORAGE8 in self.features:
            extensions += [_STORAGE_8BIT, _STORAGE_BUFFER_CLASS]
            chained = vk.VkPhysicalDevice8BitStorageFeatures(
                sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
                storageBuffer8BitAccess=vk.VK_TRUE,
                uniformAndStorageBuffer8BitAccess=vk.VK_TRUE,
                storagePushConstant8=PUSH8 in self.features,
            )
        if STORAGE16 in self.features:
            chained = vk.VkPhysicalDevice16BitStorageFeatures(
                sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
                pNext=chained,
                storageBuffer16BitAccess=vk.VK_TRUE,
                uniformAndStorageBuffer16BitAccess=vk.VK_TRUE,
                storagePushConstant16=PUSH16 in self.features,
            )
        if BUFFER_REFERENCE in self.features:
            if _STORAGE_BUFFER_CLASS not in extensions:
                extensions.append(_STORAGE_BUFFER_CLASS)
            extensions.append(_BUFFER_DEVICE_ADDRESS)
            chained = vk.VkPhysicalDeviceBufferDeviceAddressFeatures(
                sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
                pNext=chained,
                bufferDeviceAddress=vk.VK_TRUE,
            )
        if INT8 in self.features or FLOAT16 in self.features:
            extensions.append(_FLOAT16_INT8)
            chained = vk.VkPhysicalDeviceShaderFloat16Int8Features(
                sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
                pNext=chained,
                shaderInt8=INT8 in self.features,
                shaderFloat16=FLOAT16 in self.features,
            )
        return extensions, chained

    def _storage_features(self) -> set[str]:
        """STORAGE16 / STORAGE8 where the device offers both the storage-buffer and the
        uniform-block access of that width (lavapipe does; SwiftShader neither), and
        PUSH16 / PUSH8 where it offers push constants of that width too."""
        names = self._extension_names()
        sixteen = vk.VkPhysicalDevice16BitStorageFeatures(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES
        )
        eight = vk.VkPhysicalDevice8BitStorageFeatures(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES, pNext=sixteen
        )
        features2 = vk.VkPhysicalDeviceFeatures2(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, pNext=eight
        )
        try:
            vk.vkGetPhysicalDeviceFeatures2(self.physical_device, features2)
        except (AttributeError, vk.VkError):
            return set()
        found = set()
        if sixteen.storageBuffer16BitAccess and sixteen.uniformAndStorageBuffer16BitAccess:
            found.add(STORAGE16)
            if sixteen.storagePushConstant16:
                found.add(PUSH16)
        if (
            _STORAGE_8BIT in names
            and eight.storageBuffer8BitAccess
            and eight.uniformAndStorageBuffer8BitAccess
        ):
            found.add(STORAGE8)
            if eight.storagePushConstant8:
                found.add(PUSH8)
        return found

    def _buffer_device_address(self) -> bool:
        """Whether the device offers VK_KHR_buffer_device_address's bufferDeviceAddress."""
        if _BUFFER_DEVICE_ADDRESS not in self._extension_names():
            return False
        addresses = vk.VkPhysicalDeviceBufferDeviceAddressFeatures(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES
        )
        features2 = vk.VkPhysicalDeviceFeatures2(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, pNext=addresses
        )
        try:
            vk.vkGetPhysicalDeviceFeatures2(self.physical_device, features2)
        except (AttributeError, vk.VkError):
            return False
        return bool(addresses.bufferDeviceAddress)

    def _extension_names(self) -> set[str]:
        return {
            _text(e.extensionName)
            for e in vk.vkEnumerateDeviceExtensionProperties(self.physical_device, None)
        }

    def _small_types(self) -> Any:
        """The device's VkPhysicalDeviceShaderFloat16Int8Features (all false where it
        lacks VK_KHR_shader_float16_int8)."""
        small = vk.VkPhysicalDeviceShaderFloat16Int8Features(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES
        )
        if _FLOAT16_INT8 not in self._extension_names():
            return small
        features2 = vk.VkPhysicalDeviceFeatures2(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, pNext=small
        )
        try:
            vk.vkGetPhysicalDeviceFeatures2(self.physical_device, features2)
        except (AttributeError, vk.VkError):
            return vk.VkPhysicalDeviceShaderFloat16Int8Features(
                sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES
            )
        return small

    def subgroup_size(self) -> int | None:
        """The size of the device's compute subgroups, where its compute shaders offer
        the basic, vote, arithmetic and ballot subgroup operations (Vulkan 1.1's
        VkPhysicalDeviceSubgroupProperties); None otherwise."""
        subgroups = vk.VkPhysicalDeviceSubgroupProperties(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES
        )
        properties2 = vk.VkPhysicalDeviceProperties2(pNext=subgroups)
        try:
            vk.vkGetPhysicalDeviceProperties2(self.physical_device, properties2)
        except (AttributeError, vk.VkError):
            return None
        needed = (
            vk.VK_SUBGROUP_FEATURE_BASIC_BIT
            | vk.VK_SUBGROUP_FEATURE_VOTE_BIT
            | vk.VK_SUBGROUP_FEATURE_ARITHMETIC_BIT
            | vk.VK_SUBGROUP_FEATURE_BALLOT_BIT
        )
        if not subgroups.supportedStages & vk.VK_SHADER_STAGE_COMPUTE_BIT:
            return None
        if subgroups.supportedOperations & needed != needed:
            return None
        return int(subgroups.subgroupSize)

    def create_host_buffer(self, size: int, usage: int, addressed: bool = False) -> HostBuffer:
        """A buffer of `size` bytes for `usage`; `addressed`: one whose device address a
        shader may read it through (buffer_address)."""
        flags = None
        if addressed:
            usage |= _SHADER_DEVICE_ADDRESS_USAGE
            flags = vk.VkMemoryAllocateFlagsInfo(
                sType=vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                flags=_DEVICE_ADDRESS_ALLOCATION,
            )
        buffer = vk.vkCreateBuffer(
            self.device,
            vk.VkBufferCreateInfo(size=size, usage=usage, sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE),
            None,
        )
        try:
            requirements = vk.vkGetBufferMemoryRequirements(self.device, buffer)
            memory = vk.vkAllocateMemory(
                self.device,
                vk.VkMemoryAllocateInfo(
                    pNext=flags,
                    allocationSize=requirements.size,
                    memoryTypeIndex=self.memory_type(requirements.memoryTypeBits, HOST_MEMORY),
                ),
                None,
            )
        except BaseException:
            vk.vkDestroyBuffer(self.device, buffer, None)
            raise
        vk.vkBindBufferMemory(self.device, buffer, memory, 0)
        return HostBuffer(buffer, memory, size)

    def buffer_address(self, host_buffer: HostBuffer) -> int:
        """The device address of an `addressed` buffer (VK_KHR_buffer_device_address's
        vkGetBufferDeviceAddressKHR, a device function), called through cffi itself: the
        binding's wrapper takes the info for an output and drops the address returned."""
        name = b"vkGetBufferDeviceAddressKHR"
        pointer = vk.lib.vkGetDeviceProcAddr(self.device, name)
        if pointer == vk.ffi.NULL:
            raise DriverUnavailable(f"{self.name}: no {name.decode()}")
        get_address = vk.ffi.cast("PFN_vkGetBufferDeviceAddressKHR", pointer)
        info = vk.ffi.new(
            "VkBufferDeviceAddressInfo*",
            {
                "sType": vk.VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                "buffer": host_buffer.buffer,
            },
        )
        return int(get_address(self.device, info))

    def destroy_host_buffer(self, host_buffer: HostBuffer) -> None:
        vk.vkDestroyBuffer(self.device, host_buffer.buffer, None)
        vk.vkFreeMemory(self.device, host_buffer.memory, None)

    def write(self, host_buffer: HostBuffer, data: bytes) -> None:
        mapped = vk.vkMapMemory(self.device, host_buffer.memory, 0, host_buffer.size, 0)
        try:
            mapped[: len(data)] = data
            mapped[len(data) :] = bytes(host_buffer.size - len(data))
        finally:
            vk.vkUnmapMemory(self.device, host_buffer.memory)

    def read(self, host_buffer: HostBuffer) -> bytes:
        mapped = vk.vkMapMemory(self.device, host_buffer.memory, 0, host_buffer.size, 0)
        try:
            return bytes(mapped[:])
        finally:
            vk.vkUnmapMemory(self.device, host_buffer.memory)

    def memory_type(self, type_bits: int, flags: int) -> int:
        for index in range(self.memory_properties.memoryTypeCount):
            allowed = type_bits & (1 << index)
            offered = self.memory_properties.memoryTypes[index].propertyFlags
            if allowed and offered & flags == flags:
                return index
        raise DriverUnavailable(f"{self.name}: no memory type with flags 0x{flags:x}")

    def close(self) -> None:
        vk.vkDeviceWaitIdle(self.device)
        vk.vkDestroyCommandPool(self.device, self.command_pool, None)
        vk.vkDestroyDevice(self.device, None)
        vk.vkDestroyInstance(self.instance, None)

    def _pick_physical_device(self, name_contains: str) -> Any:
        names = []
        for physical_device in vk.vkEnumeratePhysicalDevices(self.instance):
            properties = vk.vkGetPhysicalDeviceProperties(physical_device)
            name = _text(properties.deviceName)
            if name_contains.lower() in name.lower():
                return physical_device
            names.append(name)
        raise DriverUnavailable(f"no Vulkan device named like {name_contains!r}; found {names}")

    def _pick_queue_family(self) -> int:
        families = vk.vkGetPhysicalDeviceQueueFamilyProperties(self.physical_device)
        for index, family in enumerate(families):
            if family.queueFlags & QUEUE_FLAGS == QUEUE_FLAGS:
                return index
        raise DriverUnavailable(f"{self.name}: no queue family for both compute and graphics")

    def _driver_version(self) -> str:
        raw = int(self.properties.driverVersion)
        # NVIDIA packs 10.8.8.6 bits; the others follow the Vulkan version macro.
        if self.properties.vendorID == 0x10DE:
            return f"{raw >> 22}.{(raw >> 14) & 0xFF}.{(raw >> 6) & 0xFF}.{raw & 0x3F}"
        return f"{_decode_version(raw)} (raw {raw})"

    def _driver_properties(self) -> dict[str, str]:
        """Driver name and info (e.g. `Mesa 22.3.6 (LLVM 15.0.6)`) where the device offers
        VkPhysicalDeviceDriverProperties (Vulkan 1.2 or VK_KHR_driver_properties)."""
        driver = vk.VkPhysicalDeviceDriverProperties(
            sType=vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES
        )
        properties2 = vk.VkPhysicalDeviceProperties2(pNext=driver)
        try:
            vk.vkGetPhysicalDeviceProperties2(self.physical_device, properties2)
        except (AttributeError, vk.VkError):
            return {}
        if self.properties.apiVersion < vk.VK_MAKE_VERSION(1, 2, 0):
            return {}
        conformance = driver.conformanceVersion
        return {
            "driver_name": _text(driver.driverName),
            "driver_info": _text(driver.driverInfo),
            "conformance_version": ".".join(
                str(part)
                for part in (
                    conformance.major,
                    conformance.minor,
                    conformance.subminor,
                    conformance.patch,
                )
            ),
        }


def _decode_version(raw: int) -> str:
    return f"{vk.VK_VERSION_MAJOR(raw)}.{vk.VK_VERSION_MINOR(raw)}.{vk.VK_VERSION_PATCH(raw)}"


def _text(value: Any) -> str:
    # The binding turns some char arrays into str itself; others stay cffi arrays.
    return value if isinstance(value, str) else str(vk.ffi.string(value).decode())
