"""Runners shared by the target tests: one per process, because a GL driver is chosen once
per process and opening a device costs time."""

from __future__ import annotations

import functools

from shadersmith.targets.runners.gl_runner import GLRunner
from shadersmith.targets.runners.vk_runner import VulkanRunner


@functools.cache
def gl_llvmpipe() -> GLRunner:
    return GLRunner("llvmpipe")


@functools.cache
def vk_lavapipe() -> VulkanRunner:
    return VulkanRunner("llvmpipe")
