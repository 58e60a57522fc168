"""Run SPIR-V compute and fragment shaders on a Vulkan device, in this process.

`VulkanRunner(name_contains)` opens the device once (lavapipe by default, any device
whose name contains the given text otherwise) and reuses it; every run creates its
pipeline, buffers and images and destroys them before returning, so a long-lived worker
does not grow.

Buffers live in host-visible coherent memory in descriptor set 0, each at its binding
(GLSL without `set =` lands in set 0 under glslang -V): storage buffers (std430) as
STORAGE_BUFFER descriptors, uniform blocks (std140) as UNIFORM_BUFFER ones. Fragment
runs draw one full-screen triangle into an R8G8B8A8_UNORM image, or an
R32G32B32A32_UINT one for an integer output, and copy it to a host buffer; row 0 of
the returned array is Vulkan's framebuffer row 0, the fragments with gl_FragCoord.y 0.5,
which is the row order `images.py` defines for both APIs (no flip needed against GL).

Timings: `compile_ms` covers the shader module and pipeline creation. lavapipe, like
llvmpipe, generates machine code lazily at the first dispatch or draw, so that part of
compilation lands in `run_ms`, which covers submit, the fence wait and the readback.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import vulkan as vk

from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.specialization import SpecializationEntry
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.runners.fullscreen import VULKAN_VERTEX_SHADER
from shadersmith.targets.runners.images import (
    CLEAR_COLOR,
    CLEAR_UINT,
    image_from_pixels,
    side_by_side,
)
from shadersmith.targets.runners.specialization import specialization_info
from shadersmith.targets.runners.std430 import (
    buffer_size,
    pack_buffer,
    runtime_lengths_of,
    unpack_buffer,
)
from shadersmith.targets.runners.texels import texel_bytes, texels_from
from shadersmith.targets.runners.vk_device import HostBuffer, VulkanDevice
from shadersmith.targets.tools.spirv_tools import compile_glsl_to_spirv

COLOR_FORMAT = vk.VK_FORMAT_R8G8B8A8_UNORM
INTEGER_COLOR_FORMAT = vk.VK_FORMAT_R32G32B32A32_UINT
# Only a backstop: a runner lives in a watched worker (targets/engine.py) whose watchdog
# stops a run at the session's timeout and records a timeout, so the fence must not give
# up first. At 120 s it did, under `replay --timeout 200`: a lavapipe hang became a
# harness crash (`crash:shadersmith:harness ... DeviceTimeout`) instead of a timeout.
DEFAULT_FENCE_TIMEOUT_S = 3600.0
_READBACK_USAGE = vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT


class DeviceTimeout(Exception):
    """The device did not finish within the fence timeout. Its per-run objects may still be
    in use and were not destroyed: the worker must discard this runner."""


class VulkanRunner:
    def __init__(
        self, name_contains: str = "llvmpipe", fence_timeout_s: float = DEFAULT_FENCE_TIMEOUT_S
    ) -> None:
        self.device = VulkanDevice(name_contains)
        self.fence_timeout_s = fence_timeout_s
        self._vertex_module: Any = None

    def versions(self) -> dict[str, str]:
        return self.device.versions()

    def run_compute(
        self,
        spirv: bytes,
        buffers: Sequence[BufferInput],
        groups: tuple[int, int, int] = (1, 1, 1),
        specialization: Sequence[SpecializationEntry] = (),
    ) -> RunResult:
        """Create a compute pipeline from `spirv` (entry point `main`) with its
        `specialization` constants set, bind `buffers`, dispatch `groups` work groups and
        read every buffer back."""
        device = self.device.device
        with ExitStack() as releases:
            bound = self._bind_buffers(buffers, vk.VK_SHADER_STAGE_COMPUTE_BIT, releases)
            pipeline_layout = self._create_pipeline_layout(
                [bound.set_layout], buffers, vk.VK_SHADER_STAGE_COMPUTE_BIT
            )
            releases.callback(vk.vkDestroyPipelineLayout, device, pipeline_layout, None)

            started = time.perf_counter()
            try:
                module = self._create_module(spirv)
                releases.callback(vk.vkDestroyShaderModule, device, module, None)
                pipeline = self._create_compute_pipeline(module, pipeline_layout, specialization)
            except (vk.VkError, vk.VkException) as error:
                return _rejected(error, _elapsed_ms(started))
            compile_ms = _elapsed_ms(started)
            releases.callback(vk.vkDestroyPipeline, device, pipeline, None)

            command_buffer = self._begin_commands(releases)
            bound.upload(command_buffer, vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT)
            vk.vkCmdBindPipeline(command_buffer, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline)
            bound.bind(command_buffer, vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout)
            vk.vkCmdDispatch(command_buffer, *groups)
            _host_read_barrier(
                command_buffer,
                vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                vk.VK_ACCESS_SHADER_WRITE_BIT,
            )
            bound.download(command_buffer)
            vk.vkEndCommandBuffer(command_buffer)

            started = time.perf_counter()
            self._submit_and_wait(command_buffer, releases)
            outputs: dict[int, dict[str, Value]] = {}
            # A push-constant block has no memory to read: its values are the bytes pushed.
            described = zip(bound.described, bound.host_buffers, strict=True)
            read = [(b, self.device.read(h)) for b, h in described]
            read += [(b, pushed_bytes(b)) for b in buffers if b.push_constant]
            for buffer, data in read:
                if buffer.texture is None:
                    outputs[buffer.binding] = unpack_buffer(
                        buffer.fields,
                        data,
                        runtime_lengths_of(buffer.fields, buffer.values),
                        "std430" if buffer.push_constant else buffer.layout,
                    )
                elif buffer.texture.kind is TextureKind.STORAGE:
                    texels = texels_from(buffer.texture, data)
                    outputs[buffer.binding] = {buffer.texture.name: texels}
            run_ms = _elapsed_ms(started)
        return RunResult(RunStatus.OK, buffers=outputs, compile_ms=compile_ms, run_ms=run_ms)

    def run_fragment(
        self,
        spirv: bytes,
        width: int = 256,
        height: int = 256,
        uniforms: Mapping[str, Value] | None = None,
        blocks: Sequence[BufferInput] = (),
        integer: bool = False,
        vertex_spirv: bytes | None = None,
        specialization: Sequence[SpecializationEntry] = (),
        attachments: int = 1,
    ) -> RunResult:
        """Draw one full-screen triangle with the fragment shader `spirv` (writing location 0)
        into a width x height image and read it back (row 0 = gl_FragCoord.y 0.5): RGBA8
        (uint8), or with `integer` R32G32B32A32_UINT (uint32 words, for a `uvec4` output).

        `blocks` are bound in set 0 at their bindings (uniform blocks as UNIFORM_BUFFER
        descriptors); none is read back. Vulkan has no default-block uniforms: loose
        `uniforms` are refused (a generated fragment shader puts its inputs in blocks).
        `vertex_spirv`: a generated vertex shader that draws the same triangle and feeds
        the fragment shader its varyings, and reads the same blocks (generate/
        vertex_stage.py); None: the fixed one (fullscreen.py). `specialization`: the
        fragment shader's constants (a generated vertex shader declares none).
        `attachments`: the shader writes locations 0..N-1, each into an image of its own
        (one subpass with N colour attachments), copied back one after the other and
        returned side by side (images.py)."""
        if uniforms:
            raise NotImplementedError("Vulkan has no default-block uniforms: use uniform blocks")
        color_format = INTEGER_COLOR_FORMAT if integer else COLOR_FORMAT
        texel_bytes = 16 if integer else 4
        device = self.device.device
        with ExitStack() as releases:
            colour_images = [
                self._create_color_image(width, height, color_format, releases)
                for _ in range(attachments)
            ]
            render_pass = self._create_render_pass(color_format, attachments)
            releases.callback(vk.vkDestroyRenderPass, device, render_pass, None)
            framebuffer = vk.vkCreateFramebuffer(
                device,
                vk.VkFramebufferCreateInfo(
                    renderPass=render_pass,
                    pAttachments=[colour.view for colour in colour_images],
                    width=width,
                    height=height,
                    layers=1,
                ),
                None,
            )
            releases.callback(vk.vkDestroyFramebuffer, device, framebuffer, None)
            stages = vk.VK_SHADER_STAGE_FRAGMENT_BIT
            if vertex_spirv is not None:
                stages |= vk.VK_SHADER_STAGE_VERTEX_BIT
            bound = self._bind_buffers(blocks, stages, releases)
            pipeline_layout = self._create_pipeline_layout([bound.set_layout], blocks, stages)
            releases.callback(vk.vkDestroyPipelineLayout, device, pipeline_layout, None)
            vertex_module = None if vertex_spirv is not None else self._fullscreen_vertex_module()
            attachment_bytes = width * height * texel_bytes
            readback = self.device.create_host_buffer(
                attachments * attachment_bytes, _READBACK_USAGE
            )
            releases.callback(self.device.destroy_host_buffer, readback)

            started = time.perf_counter()
            try:
                module = self._create_module(spirv)
                releases.callback(vk.vkDestroyShaderModule, device, module, None)
                if vertex_spirv is not None:
                    vertex_module = self._create_module(vertex_spirv)
                    releases.callback(vk.vkDestroyShaderModule, device, vertex_module, None)
                pipeline = self._create_graphics_pipeline(
                    vertex_module,
                    module,
                    pipeline_layout,
                    render_pass,
                    (width, height),
                    specialization,
                    attachments,
                )
            except (vk.VkError, vk.VkException) as error:
                return _rejected(error, _elapsed_ms(started))
            compile_ms = _elapsed_ms(started)
            releases.callback(vk.vkDestroyPipeline, device, pipeline, None)

            command_buffer = self._begin_commands(releases)
            bound.upload(command_buffer, vk.VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT)
            clear = vk.VkClearValue(
                color=vk.VkClearColorValue(uint32=list(CLEAR_UINT))
                if integer
                else vk.VkClearColorValue(float32=list(CLEAR_COLOR))
            )
            vk.vkCmdBeginRenderPass(
                command_buffer,
                vk.VkRenderPassBeginInfo(
                    renderPass=render_pass,
                    framebuffer=framebuffer,
                    renderArea=vk.VkRect2D(offset=[0, 0], extent=[width, height]),
                    pClearValues=[clear] * attachments,
                ),
                vk.VK_SUBPASS_CONTENTS_INLINE,
            )
            vk.vkCmdBindPipeline(command_buffer, vk.VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline)
            bound.bind(command_buffer, vk.VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_layout)
            vk.vkCmdDraw(command_buffer, 3, 1, 0, 0)
            vk.vkCmdEndRenderPass(command_buffer)
            # The render pass leaves the image in TRANSFER_SRC_OPTIMAL, its writes made
            # available to transfers by the subpass dependency.
            for index, colour in enumerate(colour_images):
                region = vk.VkBufferImageCopy(
                    bufferOffset=index * attachment_bytes,
                    bufferRowLength=0,
                    bufferImageHeight=0,
                    imageSubresource=vk.VkImageSubresourceLayers(
                        aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT,
                        mipLevel=0,
                        baseArrayLayer=0,
                        layerCount=1,
                    ),
                    imageOffset=[0, 0, 0],
                    imageExtent=[width, height, 1],
                )
                vk.vkCmdCopyImageToBuffer(
                    command_buffer,
                    colour.image,
                    vk.VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    readback.buffer,
                    1,
                    [region],
                )
            _host_read_barrier(
                command_buffer, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, vk.VK_ACCESS_TRANSFER_WRITE_BIT
            )
            vk.vkEndCommandBuffer(command_buffer)

            started = time.perf_counter()
            self._submit_and_wait(command_buffer, releases)
            pixels = self.device.read(readback)
            run_ms = _elapsed_ms(started)
        images = [
            image_from_pixels(
                pixels[i * attachment_bytes : (i + 1) * attachment_bytes], width, height, integer
            )
            for i in range(attachments)
        ]
        image = side_by_side(images)
        return RunResult(RunStatus.OK, image=image, compile_ms=compile_ms, run_ms=run_ms)

    def close(self) -> None:
        if self._vertex_module is not None:
            vk.vkDestroyShaderModule(self.device.device, self._vertex_module, None)
            self._vertex_module = None
        self.device.close()

    # ------------------------------------------------------------------ building blocks

    def _create_module(self, spirv: bytes) -> Any:
        if len(spirv) % 4:
            raise ValueError(f"SPIR-V of {len(spirv)} bytes is not a whole number of words")
        return vk.vkCreateShaderModule(
            self.device.device, vk.VkShaderModuleCreateInfo(codeSize=len(spirv), pCode=spirv), None
        )

    def _fullscreen_vertex_module(self) -> Any:
        if self._vertex_module is None:
            spirv = compile_glsl_to_spirv(VULKAN_VERTEX_SHADER, "vertex")
            self._vertex_module = self._create_module(spirv)
        return self._vertex_module

    def _bind_buffers(
        self, buffers: Sequence[BufferInput], stage: int, releases: ExitStack
    ) -> _BoundBuffers:
        """Host buffers filled with `buffers`' packed values, and the descriptor set 0
        that shows them to `stage` at their bindings (for a buffer read through a
        reference, a buffer holding its device address); a push-constant block's bytes,
        which `bind` pushes."""
        device = self.device.device
        host_buffers = []
        shown: list[HostBuffer] = []  # what each binding holds
        images: dict[int, _TextureImage] = {}
        pushed = [b for b in buffers if b.push_constant]
        buffers = [b for b in buffers if not b.push_constant]
        for buffer in buffers:
            if buffer.texture is None:
                data = pack_buffer(buffer.fields, buffer.values, buffer.layout)
            else:
                # The staging buffer the texels are copied from, and an image read back to.
                data = texel_bytes(buffer.texture, buffer.values[buffer.texture.name])
            host_buffer = self.device.create_host_buffer(
                _padded_size(len(data)),
                _BUFFER_USAGE[_descriptor_type(buffer)],
                addressed=buffer.buffer_reference,
            )
            releases.callback(self.device.destroy_host_buffer, host_buffer)
            self.device.write(host_buffer, data)
            host_buffers.append(host_buffer)
            shown.append(
                self._address_buffer(host_buffer, releases)
                if buffer.buffer_reference
                else host_buffer
            )
            if buffer.texture is not None:
                image = self._create_texture_image(buffer.texture, releases)
                images[buffer.binding] = dataclasses.replace(image, staging=host_buffer)
        set_layout = self._create_set_layout(buffers, stage)
        releases.callback(vk.vkDestroyDescriptorSetLayout, device, set_layout, None)
        descriptor_set = None
        if buffers:
            pool = self._create_descriptor_pool(buffers)
            releases.callback(vk.vkDestroyDescriptorPool, device, pool, None)
            descriptor_set = self._write_descriptor_set(pool, set_layout, buffers, shown, images)
        push = (pushed_bytes(pushed[0]), stage) if pushed else None
        bound = _BoundBuffers(host_buffers, set_layout, descriptor_set, list(images.values()))
        return dataclasses.replace(bound, described=buffers, push=push)

    def _address_buffer(self, host_buffer: HostBuffer, releases: ExitStack) -> HostBuffer:
        """A storage buffer holding `host_buffer`'s 8-byte device address, what the
        address block at a referenced buffer's binding reads (emit/glsl.py)."""
        address = self.device.buffer_address(host_buffer).to_bytes(8, "little")
        holder = self.device.create_host_buffer(
            _padded_size(len(address)), _BUFFER_USAGE[vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER]
        )
        releases.callback(self.device.destroy_host_buffer, holder)
        self.device.write(holder, address)
        return holder

    def _create_texture_image(self, texture: Texture, releases: ExitStack) -> _TextureImage:
        """A device image of `texture`'s format and size with its view and, for a sampled
        texture, a nearest sampler (texelFetch uses none, but the descriptor needs one)."""
        device = self.device.device
        storage = texture.kind is TextureKind.STORAGE
        usage = vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT
        usage |= (
            vk.VK_IMAGE_USAGE_STORAGE_BIT | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT
            if storage
            else vk.VK_IMAGE_USAGE_SAMPLED_BIT
        )
        texel_format = _TEXEL_FORMATS[texture.element]
        image, view = self._create_image(
            texture.width, texture.height, texel_format, usage, releases
        )
        sampler = None
        if not storage:
            sampler = vk.vkCreateSampler(
                device,
                vk.VkSamplerCreateInfo(
                    magFilter=vk.VK_FILTER_NEAREST,
                    minFilter=vk.VK_FILTER_NEAREST,
                    mipmapMode=vk.VK_SAMPLER_MIPMAP_MODE_NEAREST,
                    addressModeU=vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                    addressModeV=vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                    addressModeW=vk.VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                    maxLod=0.0,
                ),
                None,
            )
            releases.callback(vk.vkDestroySampler, device, sampler, None)
        layout = vk.VK_IMAGE_LAYOUT_GENERAL if storage else _SAMPLED_LAYOUT
        return _TextureImage(texture, image, view, sampler, layout, None)

    def _create_set_layout(self, buffers: Sequence[BufferInput], stage: int) -> Any:
        """Set 0's bindings: every buffer's but a push-constant block's."""
        buffers = [b for b in buffers if not b.push_constant]
        layout_bindings = [
            vk.VkDescriptorSetLayoutBinding(
                binding=buffer.binding,
                descriptorType=_descriptor_type(buffer),
                descriptorCount=1,
                stageFlags=stage,
            )
            for buffer in buffers
        ]
        return vk.vkCreateDescriptorSetLayout(
            self.device.device,
            vk.VkDescriptorSetLayoutCreateInfo(
                bindingCount=len(layout_bindings), pBindings=layout_bindings or None
            ),
            None,
        )

    def _create_pipeline_layout(
        self, set_layouts: list[Any], buffers: Sequence[BufferInput] = (), stage: int = 0
    ) -> Any:
        """The layout of `set_layouts`, with a push-constant range for `stage` of the
        size of `buffers`' push-constant block (Vulkan allows one a stage), if any."""
        ranges = [
            vk.VkPushConstantRange(stageFlags=stage, offset=0, size=len(pushed_bytes(b)))
            for b in buffers
            if b.push_constant
        ]
        return vk.vkCreatePipelineLayout(
            self.device.device,
            vk.VkPipelineLayoutCreateInfo(
                setLayoutCount=len(set_layouts),
                pSetLayouts=set_layouts or None,
                pushConstantRangeCount=len(ranges),
                pPushConstantRanges=ranges or None,
            ),
            None,
        )

    def _create_compute_pipeline(
        self, module: Any, layout: Any, specialization: Sequence[SpecializationEntry]
    ) -> Any:
        stage = vk.VkPipelineShaderStageCreateInfo(
            pSpecializationInfo=specialization_info(specialization),
            stage=vk.VK_SHADER_STAGE_COMPUTE_BIT,
            module=module,
            pName="main",
        )
        info = vk.VkComputePipelineCreateInfo(stage=stage, layout=layout)
        return vk.vkCreateComputePipelines(self.device.device, None, 1, [info], None)[0]

    def _create_descriptor_pool(self, buffers: Sequence[BufferInput]) -> Any:
        counts: dict[int, int] = {}
        for buffer in buffers:
            kind = _descriptor_type(buffer)
            counts[kind] = counts.get(kind, 0) + 1
        sizes = [vk.VkDescriptorPoolSize(type=t, descriptorCount=n) for t, n in counts.items()]
        return vk.vkCreateDescriptorPool(
            self.device.device, vk.VkDescriptorPoolCreateInfo(maxSets=1, pPoolSizes=sizes), None
        )

    def _write_descriptor_set(
        self,
        pool: Any,
        set_layout: Any,
        buffers: Sequence[BufferInput],
        host_buffers: Sequence[HostBuffer],
        images: dict[int, _TextureImage],
    ) -> Any:
        descriptor_set = vk.vkAllocateDescriptorSets(
            self.device.device,
            vk.VkDescriptorSetAllocateInfo(
                descriptorPool=pool, descriptorSetCount=1, pSetLayouts=[set_layout]
            ),
        )[0]
        writes = []
        for buffer, host_buffer in zip(buffers, host_buffers, strict=True):
            image = images.get(buffer.binding) if buffer.texture is not None else None
            # A texture binds its image (and sampler), anything else its host buffer.
            info: dict[str, Any] = (
                {
                    "pImageInfo": [
                        vk.VkDescriptorImageInfo(
                            sampler=image.sampler, imageView=image.view, imageLayout=image.layout
                        )
                    ]
                }
                if image is not None
                else {
                    "pBufferInfo": [
                        vk.VkDescriptorBufferInfo(
                            buffer=host_buffer.buffer, offset=0, range=_range(buffer, host_buffer)
                        )
                    ]
                }
            )
            writes.append(
                vk.VkWriteDescriptorSet(
                    dstSet=descriptor_set,
                    dstBinding=buffer.binding,
                    dstArrayElement=0,
                    descriptorCount=1,
                    descriptorType=_descriptor_type(buffer),
                    **info,
                )
            )
        vk.vkUpdateDescriptorSets(self.device.device, len(writes), writes, 0, None)
        return descriptor_set

    def _create_color_image(
        self, width: int, height: int, color_format: int, releases: ExitStack
    ) -> _ColorImage:
        usage = vk.VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT
        image, view = self._create_image(width, height, color_format, usage, releases)
        return _ColorImage(image, view)

    def _create_image(
        self, width: int, height: int, image_format: int, usage: int, releases: ExitStack
    ) -> tuple[Any, Any]:
        """A 2D device-local image (one level, one layer) and its view."""
        color_format = image_format
        device = self.device.device
        image = vk.vkCreateImage(
            device,
            vk.VkImageCreateInfo(
                imageType=vk.VK_IMAGE_TYPE_2D,
                format=color_format,
                extent=[width, height, 1],
                mipLevels=1,
                arrayLayers=1,
                samples=vk.VK_SAMPLE_COUNT_1_BIT,
                tiling=vk.VK_IMAGE_TILING_OPTIMAL,
                usage=usage,
                sharingMode=vk.VK_SHARING_MODE_EXCLUSIVE,
                initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED,
            ),
            None,
        )
        releases.callback(vk.vkDestroyImage, device, image, None)
        requirements = vk.vkGetImageMemoryRequirements(device, image)
        memory = vk.vkAllocateMemory(
            device,
            vk.VkMemoryAllocateInfo(
                allocationSize=requirements.size,
                memoryTypeIndex=self.device.memory_type(
                    requirements.memoryTypeBits, vk.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT
                ),
            ),
            None,
        )
        releases.callback(vk.vkFreeMemory, device, memory, None)
        vk.vkBindImageMemory(device, image, memory, 0)
        view = vk.vkCreateImageView(
            device,
            vk.VkImageViewCreateInfo(
                image=image,
                viewType=vk.VK_IMAGE_VIEW_TYPE_2D,
                format=color_format,
                components=[vk.VK_COMPONENT_SWIZZLE_IDENTITY] * 4,
                subresourceRange=_color_range(),
            ),
            None,
        )
        releases.callback(vk.vkDestroyImageView, device, view, None)
        return image, view

    def _create_render_pass(self, color_format: int, attachments: int) -> Any:
        """One subpass writing `attachments` colour attachments of `color_format`."""
        attachment = vk.VkAttachmentDescription(
            format=color_format,
            samples=vk.VK_SAMPLE_COUNT_1_BIT,
            loadOp=vk.VK_ATTACHMENT_LOAD_OP_CLEAR,
            storeOp=vk.VK_ATTACHMENT_STORE_OP_STORE,
            stencilLoadOp=vk.VK_ATTACHMENT_LOAD_OP_DONT_CARE,
            stencilStoreOp=vk.VK_ATTACHMENT_STORE_OP_DONT_CARE,
            initialLayout=vk.VK_IMAGE_LAYOUT_UNDEFINED,
            finalLayout=vk.VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
        )
        references = [
            vk.VkAttachmentReference(
                attachment=i, layout=vk.VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
            )
            for i in range(attachments)
        ]
        subpass = vk.VkSubpassDescription(
            pipelineBindPoint=vk.VK_PIPELINE_BIND_POINT_GRAPHICS, pColorAttachments=references
        )
        to_transfer = vk.VkSubpassDependency(
            srcSubpass=0,
            dstSubpass=vk.VK_SUBPASS_EXTERNAL,
            srcStageMask=vk.VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
            dstStageMask=vk.VK_PIPELINE_STAGE_TRANSFER_BIT,
            srcAccessMask=vk.VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
            dstAccessMask=vk.VK_ACCESS_TRANSFER_READ_BIT,
        )
        return vk.vkCreateRenderPass(
            self.device.device,
            vk.VkRenderPassCreateInfo(
                pAttachments=[attachment] * attachments,
                pSubpasses=[subpass],
                pDependencies=[to_transfer],
            ),
            None,
        )

    def _create_graphics_pipeline(
        self,
        vertex_module: Any,
        fragment_module: Any,
        layout: Any,
        render_pass: Any,
        size: tuple[int, int],
        specialization: Sequence[SpecializationEntry],
        attachments: int,
    ) -> Any:
        width, height = size
        stages = [
            vk.VkPipelineShaderStageCreateInfo(
                stage=vk.VK_SHADER_STAGE_VERTEX_BIT, module=vertex_module, pName="main"
            ),
            vk.VkPipelineShaderStageCreateInfo(
                stage=vk.VK_SHADER_STAGE_FRAGMENT_BIT,
                module=fragment_module,
                pName="main",
                pSpecializationInfo=specialization_info(specialization),
            ),
        ]
        viewport = vk.VkViewport(
            x=0.0, y=0.0, width=float(width), height=float(height), minDepth=0.0, maxDepth=1.0
        )
        scissor = vk.VkRect2D(offset=[0, 0], extent=[width, height])
        blend = vk.VkPipelineColorBlendAttachmentState(
            blendEnable=vk.VK_FALSE,
            colorWriteMask=vk.VK_COLOR_COMPONENT_R_BIT
            | vk.VK_COLOR_COMPONENT_G_BIT
            | vk.VK_COLOR_COMPONENT_B_BIT
            | vk.VK_COLOR_COMPONENT_A_BIT,
        )
        info = vk.VkGraphicsPipelineCreateInfo(
            pStages=stages,
            pVertexInputState=vk.VkPipelineVertexInputStateCreateInfo(),
            pInputAssemblyState=vk.VkPipelineInputAssemblyStateCreateInfo(
                topology=vk.VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST
            ),
            pViewportState=vk.VkPipelineViewportStateCreateInfo(
                pViewports=[viewport], pScissors=[scissor]
            ),
            pRasterizationState=vk.VkPipelineRasterizationStateCreateInfo(
                polygonMode=vk.VK_POLYGON_MODE_FILL,
                cullMode=vk.VK_CULL_MODE_NONE,
                frontFace=vk.VK_FRONT_FACE_COUNTER_CLOCKWISE,
                lineWidth=1.0,
            ),
            pMultisampleState=vk.VkPipelineMultisampleStateCreateInfo(
                rasterizationSamples=vk.VK_SAMPLE_COUNT_1_BIT
            ),
            pColorBlendState=vk.VkPipelineColorBlendStateCreateInfo(
                pAttachments=[blend] * attachments
            ),
            layout=layout,
            renderPass=render_pass,
            subpass=0,
        )
        return vk.vkCreateGraphicsPipelines(self.device.device, None, 1, [info], None)[0]

    def _begin_commands(self, releases: ExitStack) -> Any:
        device = self.device.device
        command_buffer = vk.vkAllocateCommandBuffers(
            device,
            vk.VkCommandBufferAllocateInfo(
                commandPool=self.device.command_pool,
                level=vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                commandBufferCount=1,
            ),
        )[0]
        releases.callback(
            vk.vkFreeCommandBuffers, device, self.device.command_pool, 1, [command_buffer]
        )
        vk.vkBeginCommandBuffer(
            command_buffer,
            vk.VkCommandBufferBeginInfo(flags=vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT),
        )
        return command_buffer

    def _submit_and_wait(self, command_buffer: Any, releases: ExitStack) -> None:
        device = self.device.device
        fence = vk.vkCreateFence(device, vk.VkFenceCreateInfo(), None)
        releases.callback(vk.vkDestroyFence, device, fence, None)
        vk.vkQueueSubmit(
            self.device.queue, 1, [vk.VkSubmitInfo(pCommandBuffers=[command_buffer])], fence
        )
        try:
            vk.vkWaitForFences(device, 1, [fence], vk.VK_TRUE, int(self.fence_timeout_s * 1e9))
        except vk.VkTimeout:
            # The device may still use every object of this run: leak them rather than
            # destroy them under its feet.
            releases.pop_all()
            raise DeviceTimeout(
                f"{self.device.name}: no result after {self.fence_timeout_s} s"
            ) from None


@dataclass(frozen=True)
class _ColorImage:
    image: Any
    view: Any


_STAGING_USAGE = vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT
_BUFFER_USAGE = {
    vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER: vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
    vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER: vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
    vk.VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER: _STAGING_USAGE,
    vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE: _STAGING_USAGE,
}
# One 32-bit channel per texel (ir/program.Texture): formats every Vulkan device samples
# and stores (the spec's mandatory format support for R32_UINT, R32_SINT, R32_SFLOAT).
_TEXEL_FORMATS = {
    ScalarKind.UINT: vk.VK_FORMAT_R32_UINT,
    ScalarKind.INT: vk.VK_FORMAT_R32_SINT,
    ScalarKind.FLOAT: vk.VK_FORMAT_R32_SFLOAT,
}
_SAMPLED_LAYOUT = vk.VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL


def _descriptor_type(buffer: BufferInput) -> int:
    if buffer.texture is not None:
        if buffer.texture.kind is TextureKind.STORAGE:
            return int(vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)
        return int(vk.VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
    if buffer.uniform:
        return int(vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER)
    return int(vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)


@dataclass(frozen=True)
class _TextureImage:
    """A texture's image, its view, its sampler (None for a storage image), the layout the
    shader sees it in, and the host buffer its texels are staged in and read back to."""

    texture: Texture
    image: Any
    view: Any
    sampler: Any
    layout: int
    staging: HostBuffer | None


@dataclass(frozen=True)
class _BoundBuffers:
    """A run's buffers and textures, and descriptor set 0 (None without either)."""

    host_buffers: list[HostBuffer]
    set_layout: Any
    descriptor_set: Any
    images: list[_TextureImage]
    # The buffers of the descriptor set (host_buffers' order), and the push-constant
    # block's bytes and the stages it is pushed to (None without one).
    described: list[BufferInput] = dataclasses.field(default_factory=list)
    push: tuple[bytes, int] | None = None

    def upload(self, command_buffer: Any, shader_stage: int) -> None:
        """Commands copying each texture's staged texels into its image, left in the
        layout the shader sees it in, the copy done before `shader_stage` reads it."""
        for image in self.images:
            assert image.staging is not None
            _image_barrier(
                command_buffer,
                image.image,
                (vk.VK_IMAGE_LAYOUT_UNDEFINED, vk.VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL),
                (0, vk.VK_ACCESS_TRANSFER_WRITE_BIT),
                (vk.VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, vk.VK_PIPELINE_STAGE_TRANSFER_BIT),
            )
            vk.vkCmdCopyBufferToImage(
                command_buffer,
                image.staging.buffer,
                image.image,
                vk.VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                1,
                [_texel_region(image.texture)],
            )
            _image_barrier(
                command_buffer,
                image.image,
                (vk.VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, image.layout),
                (
                    vk.VK_ACCESS_TRANSFER_WRITE_BIT,
                    vk.VK_ACCESS_SHADER_READ_BIT | vk.VK_ACCESS_SHADER_WRITE_BIT,
                ),
                (vk.VK_PIPELINE_STAGE_TRANSFER_BIT, shader_stage),
            )

    def download(self, command_buffer: Any) -> None:
        """Commands copying each storage image back to its staging buffer once the
        compute shader's stores are done, made visible to the host."""
        stored = [i for i in self.images if i.texture.kind is TextureKind.STORAGE]
        for image in stored:
            assert image.staging is not None
            _image_barrier(
                command_buffer,
                image.image,
                (vk.VK_IMAGE_LAYOUT_GENERAL, vk.VK_IMAGE_LAYOUT_GENERAL),
                (vk.VK_ACCESS_SHADER_WRITE_BIT, vk.VK_ACCESS_TRANSFER_READ_BIT),
                (vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, vk.VK_PIPELINE_STAGE_TRANSFER_BIT),
            )
            vk.vkCmdCopyImageToBuffer(
                command_buffer,
                image.image,
                vk.VK_IMAGE_LAYOUT_GENERAL,
                image.staging.buffer,
                1,
                [_texel_region(image.texture)],
            )
        if stored:
            _host_read_barrier(
                command_buffer, vk.VK_PIPELINE_STAGE_TRANSFER_BIT, vk.VK_ACCESS_TRANSFER_WRITE_BIT
            )

    def bind(self, command_buffer: Any, bind_point: int, pipeline_layout: Any) -> None:
        if self.descriptor_set is not None:
            vk.vkCmdBindDescriptorSets(
                command_buffer, bind_point, pipeline_layout, 0, 1, [self.descriptor_set], 0, None
            )
        if self.push is not None:
            data, stages = self.push
            blob = vk.ffi.new("char[]", data)
            vk.vkCmdPushConstants(command_buffer, pipeline_layout, stages, 0, len(data), blob)


def pushed_bytes(buffer: BufferInput) -> bytes:
    """A push-constant block's bytes: std430, as glslang lays out `push_constant`, padded
    with zeros to a multiple of four (a push-constant range's size must be one; a block of
    16- or 8-bit fields alone may be 2 bytes long)."""
    data = pack_buffer(buffer.fields, buffer.values, "std430")
    return data + bytes(-len(data) % 4)


def _color_range() -> Any:
    return vk.VkImageSubresourceRange(
        aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT,
        baseMipLevel=0,
        levelCount=1,
        baseArrayLayer=0,
        layerCount=1,
    )


def _texel_region(texture: Texture) -> Any:
    """The whole of a texture's one level and layer, its texels tightly packed."""
    return vk.VkBufferImageCopy(
        bufferOffset=0,
        bufferRowLength=0,
        bufferImageHeight=0,
        imageSubresource=vk.VkImageSubresourceLayers(
            aspectMask=vk.VK_IMAGE_ASPECT_COLOR_BIT, mipLevel=0, baseArrayLayer=0, layerCount=1
        ),
        imageOffset=[0, 0, 0],
        imageExtent=[texture.width, texture.height, 1],
    )


def _image_barrier(
    command_buffer: Any,
    image: Any,
    layouts: tuple[int, int],
    accesses: tuple[int, int],
    stages: tuple[int, int],
) -> None:
    """An image memory barrier: (old, new) layout, (source, destination) access and stage."""
    barrier = vk.VkImageMemoryBarrier(
        srcAccessMask=accesses[0],
        dstAccessMask=accesses[1],
        oldLayout=layouts[0],
        newLayout=layouts[1],
        srcQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
        dstQueueFamilyIndex=vk.VK_QUEUE_FAMILY_IGNORED,
        image=image,
        subresourceRange=_color_range(),
    )
    vk.vkCmdPipelineBarrier(command_buffer, stages[0], stages[1], 0, 0, None, 0, None, 1, [barrier])


def _host_read_barrier(command_buffer: Any, stage: int, access: int) -> None:
    """Make the writes of `stage` visible to the host reading mapped memory."""
    barrier = vk.VkMemoryBarrier(srcAccessMask=access, dstAccessMask=vk.VK_ACCESS_HOST_READ_BIT)
    vk.vkCmdPipelineBarrier(
        command_buffer, stage, vk.VK_PIPELINE_STAGE_HOST_BIT, 0, 1, [barrier], 0, None, 0, None
    )


def _rejected(error: Exception, compile_ms: float) -> RunResult:
    log = f"{type(error).__name__} while creating the pipeline {error}".strip()
    return RunResult(
        RunStatus.COMPILE_ERROR, log=log, compile_ms=compile_ms, failed_component="driver"
    )


def _range(buffer: BufferInput, host_buffer: HostBuffer) -> int:
    """The bytes a descriptor binds: the whole buffer, but a block ending in a
    runtime-sized array only its own bytes, the zero tail left out, since `.length()`
    counts the bound range."""
    lengths = runtime_lengths_of(buffer.fields, buffer.values)
    if not lengths:
        return host_buffer.size
    return min(host_buffer.size, max(1, buffer_size(buffer.fields, lengths, buffer.layout)))


def _padded_size(size: int) -> int:
    # Vulkan rejects a zero-sized buffer; the zero tail up to 16 bytes is never read.
    return max(16, -(-size // 16) * 16)


def _elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
