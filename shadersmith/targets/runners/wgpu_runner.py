"""Run WGSL (or GLSL, through naga's GLSL front-end) on wgpu, in this process.

wgpu-native (bundled with the `wgpu` package) holds naga: the shader text goes through
naga's front-end and validator when the module is created, through naga's back-end
(SPIR-V for Vulkan, GLSL for OpenGL) and the driver when the pipeline is created. One
`WgpuRunner` opens one adapter and device on one back-end and reuses them; every run
makes and drops its own module, pipeline, buffers and texture.

The instance is restricted to the one back-end (wgpu-native's instance extras), so a
Vulkan worker never initialises EGL and a GL worker never loads the Vulkan loader; the
adapter must then be Mesa's CPU driver asked for (lavapipe, or llvmpipe through EGL:
headless, no display or window needed).

Bindings: every job buffer goes in group 0 at its binding (what WGSL `@group(0)` and GLSL
`set = 0` say); the bind group layout is explicit, with each entry's buffer kind read
from the shader's declaration (wgpu_bindings.py says why). A WGSL push-constant block
(`var<immediate>`) is no binding: the pipeline layout gets its size (`immediate_size`)
and the pass its bytes (`set_immediates`) where the adapter has wgpu's `immediates`
native feature (else the run is unsupported); it reads back as the bytes set. A generated texture
(BufferInput.texture) is a wgpu texture of its one-channel format, its texels written
before the run: a sampled one bound as a texture (sample type uint, sint or
unfilterable-float: r32float filters only with a feature, and textureLoad never filters),
an image as a storage texture with the access its declaration has, read back after a
dispatch as vk_runner reads its storage images.

Images: the render target's row 0 is framebuffer y = 0, where WebGPU's
`@builtin(position).y` is 0.5; the readback is not flipped, so row r holds the fragments
with y = r + 0.5 as on the GL and Vulkan runners (images.py). On the GL back-end wgpu
hides GL's bottom-up origin itself: a difference there would be a wgpu bug.

Timings: `compile_ms` covers creating the module (naga's front-end and validator) and the
pipeline (naga's back-end, the driver's front-end); lavapipe and llvmpipe make machine code
at the first dispatch or draw, in `run_ms`, with the submit, the wait and the readback.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shadersmith.analysis.widths import FLOAT16, STORAGE16
from shadersmith.emit.wgsl_textures import TEXEL_FORMATS
from shadersmith.ir.profile import Language
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.types import ScalarKind
from shadersmith.ir.values import Value
from shadersmith.targets.dumps.glsl_dump import GlslDump
from shadersmith.targets.dumps.spirv_dump import SpirvDump
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.runners.environment import (
    DriverUnavailable,
    disable_shader_cache,
    ensure_runtime_directory,
    select_gl_driver,
)
from shadersmith.targets.runners.images import (
    CLEAR_COLOR,
    CLEAR_UINT,
    image_from_pixels,
    side_by_side,
)
from shadersmith.targets.runners.std430 import pack_buffer, runtime_lengths_of, unpack_buffer
from shadersmith.targets.runners.texels import texel_bytes, texels_from
from shadersmith.targets.runners.wgpu_bindings import (
    READ_WRITE,
    BufferKind,
    glsl_buffer_kinds,
    wgsl_buffer_kinds,
    wgsl_image_accesses,
    wgsl_sampler_bindings,
)

# wgpu-native's instance back-end names, and the adapter's `backend_type` each gives.
BACKENDS = {"vulkan": ("Vulkan", "Vulkan"), "gl": ("GL", "OpenGL")}

# A full-screen triangle from the vertex index alone, as fullscreen.py's GLSL one.
VERTEX_SHADER = """
@vertex
fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let x = f32((i & 1u) << 2u) - 1.0;
    let y = f32((i & 2u) << 1u) - 1.0;
    return vec4<f32>(x, y, 0.0, 1.0);
}
"""

PROBE_SHADER = "@compute @workgroup_size(1)\nfn main() {}\n"
# Writes the size of its subgroup (subgroup_size()).
SUBGROUP_PROBE_SHADER = """
@group(0) @binding(0) var<storage, read_write> size: u32;
@compute @workgroup_size(1)
fn main(@builtin(subgroup_size) s: u32) {
    size = s;
}
"""

# A sampled texture's binding sample type, by its texels' kind.
_SAMPLE_TYPES = {
    ScalarKind.UINT: "uint",
    ScalarKind.INT: "sint",
    ScalarKind.FLOAT: "unfilterable-float",
}

# What a WGSL job with a push-constant block answers on an adapter without immediates.
NO_IMMEDIATES = "wgpu: the adapter has no `immediates` feature (WGSL var<immediate>)"

_EXPERIMENTAL = re.compile(r"ray-|acceleration-structure|cooperative-matrix|experimental")

# naga's GLSL front-end takes the stage from wgpu-py's module label.
_GLSL_STAGE_LABELS = {"compute": "comp", "fragment": "frag", "vertex": "vert"}


class ShaderRejected(Exception):
    """wgpu refused a module or a pipeline; `stage` says which step ("module" or
    "pipeline"), the message is wgpu's (naga's own text for a shader error)."""

    def __init__(self, step: str, message: str) -> None:
        super().__init__(message)
        self.step = step


class TexturesRefused(Exception):
    """wgpu would not make or bind a run's textures (a format, a storage access or a
    binding type the device lacks): the target cannot run the test, `unsupported`, which
    is no finding against naga."""


@dataclass(frozen=True)
class _Bound:
    """The bind group of a run: `resources`, one per input, its wgpu buffer or texture."""

    layout: Any
    group: Any
    resources: list[Any]


class WgpuRunner:
    def __init__(
        self, backend: str, device_contains: str = "llvmpipe", raise_version: bool = False
    ) -> None:
        """`raise_version`: softpipe claims GL 4.5 and ES 3.1, which wgpu's GL back-end
        needs (a blame witness only: environment.SOFTPIPE_COMPUTE_OVERRIDE)."""
        if backend not in BACKENDS:
            raise DriverUnavailable(f"unknown wgpu back-end {backend!r}; known: {sorted(BACKENDS)}")
        self.backend = backend
        disable_shader_cache()
        ensure_runtime_directory()
        if backend == "gl":
            # EGL picks Mesa's vendor library and Gallium driver when it first loads.
            select_gl_driver(device_contains.lower(), raise_version)
        # Set before the driver loads: Mesa reads them once (spirv_dump.py, glsl_dump.py).
        self.spirv_dump = SpirvDump.start() if backend == "vulkan" else None
        self.glsl_dump = GlslDump.start() if backend == "gl" else None

        import wgpu
        from wgpu.backends.wgpu_native import extras

        self._wgpu = wgpu
        instance_backend, adapter_backend = BACKENDS[backend]
        extras.set_instance_extras(backends=[instance_backend])
        # By name, not by wgpu's preference: a machine with a GPU and lavapipe offers both.
        adapters = wgpu.gpu.enumerate_adapters_sync()
        offered = [f"{a.info.get('backend_type')}: {a.info.get('device')}" for a in adapters]
        chosen = [
            a
            for a in adapters
            if a.info.get("backend_type") == adapter_backend
            and device_contains.lower() in str(a.info.get("device", "")).lower()
        ]
        if not chosen:
            raise DriverUnavailable(
                f"wgpu offers no {adapter_backend} adapter named like {device_contains!r}"
                f" (offered: {offered or 'none'})"
            )
        adapter = chosen[0]
        self.info = dict(adapter.info)
        # The adapter's own features and limits, not WebGPU's defaults: a fuzzer should
        # reach as far as the driver goes (subgroups, which naga's GLSL front-end needs for
        # `barrier()`; more storage buffers per stage; larger work groups). wgpu refuses
        # its experimental features (ray queries, which Mesa 25's lavapipe offers; the
        # cooperative matrices of NVIDIA's driver 580, which made the device request fail
        # on the GPU machine) unless told to allow them, which no test needs.
        features = sorted(f for f in adapter.features if not _EXPERIMENTAL.search(f))
        self.device = adapter.request_device_sync(
            required_features=features, required_limits=dict(adapter.limits)
        )
        self._vertex_module: Any = None
        self.subgroup_size = self._measured_subgroup_size()
        # WGSL's var<immediate> (a push-constant block) needs this native feature, which
        # lavapipe's and llvmpipe's adapters offer (maxImmediateSize 128 and 256).
        self.immediates = "immediates" in self.device.features
        if self.glsl_dump is not None:
            self.glsl_dump.take()  # wgpu's own shaders, made as the device starts
        if self.spirv_dump is not None:
            # wgpu makes pipelines of its own as the device starts: none of them is ours.
            self.spirv_dump.take()
            self._probe_pipeline()
            self.spirv_dump.probe()

    @property
    def features(self) -> frozenset[str]:
        """The explicit-width features (analysis/widths.py) the device was given: FLOAT16
        and STORAGE16 where the adapter offers shader-f16 (wgpu-vk over lavapipe; not
        wgpu-gl), which naga needs for WGSL's `enable f16;` and which lets f16 live in
        uniform and storage buffers (WebGPU's shader-f16; wgpu asks Vulkan for the 16-bit
        storage features with it)."""
        if "shader-f16" not in self.device.features:
            return frozenset()
        return frozenset({FLOAT16, STORAGE16})

    def versions(self) -> dict[str, str]:
        from wgpu.backends import wgpu_native

        versions = {
            "wgpu-py": str(self._wgpu.__version__),
            "wgpu-native": ".".join(str(part) for part in wgpu_native.version_info),
            "backend": str(self.info.get("backend_type", "")),
            "device": str(self.info.get("device", "")),
            "description": str(self.info.get("description", "")),
        }
        versions.update(crate_versions(str(wgpu_native.lib_path)))
        if self.spirv_dump is not None:
            versions["spirv_dump"] = self.spirv_dump.state()
        return versions

    # ---------------------------------------------------------------------- compute

    def run_compute(
        self,
        source: str,
        buffers: Sequence[BufferInput],
        groups: tuple[int, int, int] = (1, 1, 1),
        language: Language = Language.WGSL,
        constants: Mapping[str, int] | None = None,
    ) -> RunResult:
        """Create a compute pipeline from `source` with the pipeline-overridable
        `constants` set (WGSL's `@id(N) override`, by "N": pipeline_constants), bind
        `buffers` in group 0, dispatch `groups` work groups and read every buffer back."""
        wgpu = self._wgpu
        pushed, buffers = _immediates(buffers, language)
        if pushed and not self.immediates:
            return RunResult(RunStatus.UNSUPPORTED, log=NO_IMMEDIATES)
        started = time.perf_counter()
        try:
            module = self._module(source, "compute", language)
            bound = self._bind(buffers, source, language, wgpu.ShaderStage.COMPUTE)
            pipeline = self._guarded(
                "pipeline",
                lambda: self.device.create_compute_pipeline(
                    layout=self._pipeline_layout(bound, pushed),
                    compute={"module": module, "constants": dict(constants or {})},
                ),
            )
        except ShaderRejected as error:
            return _rejected(error, _elapsed_ms(started))
        except TexturesRefused as error:
            return RunResult(RunStatus.UNSUPPORTED, log=str(error))
        compile_ms = _elapsed_ms(started)
        invalid = self._check_spirv()
        if invalid is not None:
            invalid.compile_ms = compile_ms
            return invalid

        started = time.perf_counter()
        encoder = self.device.create_command_encoder()
        compute_pass = encoder.begin_compute_pass()
        compute_pass.set_pipeline(pipeline)
        compute_pass.set_bind_group(0, bound.group)
        _set_immediates(compute_pass, pushed)
        compute_pass.dispatch_workgroups(*groups)
        compute_pass.end()
        self.device.queue.submit([encoder.finish()])
        outputs = {
            buffer.binding: self._read_back(buffer, resource)
            for buffer, resource in zip(buffers, bound.resources, strict=True)
            if buffer.texture is None or buffer.texture.kind is TextureKind.STORAGE
        }
        # A push-constant block has no memory to read: its values are the bytes set.
        for buffer, data in pushed:
            outputs[buffer.binding] = unpack_buffer(buffer.fields, data, {}, "std430")
        run_ms = _elapsed_ms(started)
        return self._ok(RunResult(RunStatus.OK, buffers=outputs), compile_ms, run_ms, "compute")

    # --------------------------------------------------------------------- fragment

    def run_fragment(
        self,
        source: str,
        width: int = 64,
        height: int = 64,
        blocks: Sequence[BufferInput] = (),
        integer: bool = False,
        language: Language = Language.WGSL,
        vertex_source: str | None = None,
        constants: Mapping[str, int] | None = None,
        attachments: int = 1,
    ) -> RunResult:
        """Draw one full-screen triangle with the fragment shader `source` (writing
        locations 0..`attachments`-1, each into a texture of its own, read back side by
        side: images.py) into a width x height `rgba32uint` texture (`integer`) or `rgba8unorm`
        one and read it back, row r = fragment y r + 0.5. `blocks` are bound in group 0 at
        their bindings, seen by both stages when `vertex_source` (a generated vertex
        shader, in `language`, that draws the same triangle and reads the same blocks)
        replaces the fixed one; none is read back. `constants`: the fragment shader's
        pipeline-overridable constants, as for run_compute."""
        wgpu = self._wgpu
        pushed, blocks = _immediates(blocks, language)
        if pushed and not self.immediates:
            return RunResult(RunStatus.UNSUPPORTED, log=NO_IMMEDIATES)
        color_format = "rgba32uint" if integer else "rgba8unorm"
        texel_bytes = 16 if integer else 4
        stages = wgpu.ShaderStage.FRAGMENT
        if vertex_source is not None:
            stages |= wgpu.ShaderStage.VERTEX
        started = time.perf_counter()
        try:
            module = self._module(source, "fragment", language)
            if vertex_source is None:
                vertex = self._fullscreen_vertex_module()
            else:
                vertex = self._module(vertex_source, "vertex", language)
            bound = self._bind(blocks, source, language, stages)
            pipeline = self._guarded(
                "pipeline",
                lambda: self.device.create_render_pipeline(
                    layout=self._pipeline_layout(bound, pushed),
                    vertex={"module": vertex},
                    primitive={"topology": "triangle-list"},
                    fragment={
                        "module": module,
                        "targets": [{"format": color_format}] * attachments,
                        "constants": dict(constants or {}),
                    },
                ),
            )
        except ShaderRejected as error:
            return _rejected(error, _elapsed_ms(started))
        except TexturesRefused as error:
            return RunResult(RunStatus.UNSUPPORTED, log=str(error))
        compile_ms = _elapsed_ms(started)
        invalid = self._check_spirv()
        if invalid is not None:
            invalid.compile_ms = compile_ms
            return invalid

        textures = [
            self.device.create_texture(
                size=(width, height, 1),
                format=color_format,
                usage=wgpu.TextureUsage.RENDER_ATTACHMENT | wgpu.TextureUsage.COPY_SRC,
            )
            for _ in range(attachments)
        ]
        clear = CLEAR_UINT if integer else CLEAR_COLOR
        started = time.perf_counter()
        encoder = self.device.create_command_encoder()
        render_pass = encoder.begin_render_pass(
            color_attachments=[
                {
                    "view": texture.create_view(),
                    "clear_value": clear,
                    "load_op": "clear",
                    "store_op": "store",
                }
                for texture in textures
            ]
        )
        render_pass.set_pipeline(pipeline)
        render_pass.set_bind_group(0, bound.group)
        _set_immediates(render_pass, pushed)
        render_pass.draw(3)
        render_pass.end()
        self.device.queue.submit([encoder.finish()])
        # wgpu-py pads rows to WebGPU's 256-byte copy stride and strips the padding.
        read = [
            self.device.queue.read_texture(
                {"texture": texture, "mip_level": 0, "origin": (0, 0, 0)},
                {"offset": 0, "bytes_per_row": width * texel_bytes},
                (width, height, 1),
            )
            for texture in textures
        ]
        run_ms = _elapsed_ms(started)
        image = side_by_side([image_from_pixels(bytes(p), width, height, integer) for p in read])
        return self._ok(RunResult(RunStatus.OK, image=image), compile_ms, run_ms, "fragment")

    # ---------------------------------------------------------------------- helpers

    def _module(self, source: str, stage: str, language: Language) -> Any:
        if language is Language.GLSL:
            label = _GLSL_STAGE_LABELS[stage]
        elif language is Language.WGSL:
            label = stage
        else:
            raise ValueError(f"wgpu reads no {language.value.upper()}")
        return self._guarded(
            "module", lambda: self.device.create_shader_module(label=label, code=source)
        )

    def _pipeline_layout(self, bound: _Bound, pushed: _Pushed) -> Any:
        """Group 0's layout, with room for the push-constant block's bytes if any."""
        size = sum(len(data) for _, data in pushed)
        if not size:
            return self.device.create_pipeline_layout(bind_group_layouts=[bound.layout])
        return self.device.create_pipeline_layout(
            bind_group_layouts=[bound.layout], immediate_size=size
        )

    def _guarded(self, step: str, create: Callable[[], Any]) -> Any:
        """`create()`, with wgpu's errors as ShaderRejected. wgpu-py captures the error
        that wgpu-native reports during each call and raises it from that call (it has
        no error scopes)."""
        try:
            return create()
        except self._wgpu.GPUError as error:
            raise ShaderRejected(step, str(error)) from None
        except (RuntimeError, ValueError) as error:  # wgpu-py's own refusals (GLSL stage)
            raise ShaderRejected(step, f"{type(error).__name__}: {error}") from None

    def _bind(
        self, buffers: Sequence[BufferInput], source: str, language: Language, stage: int
    ) -> _Bound:
        wgpu = self._wgpu
        glsl = language is Language.GLSL
        declared = glsl_buffer_kinds(source) if glsl else wgsl_buffer_kinds(source)
        accesses = {} if glsl else wgsl_image_accesses(source)
        entries, layout_entries, resources = [], [], []
        for buffer in buffers:
            if buffer.texture is not None:
                access = accesses.get(buffer.binding, READ_WRITE)
                texture, layout_entry = self._texture(buffer, access, stage)
                resources.append(texture)
                layout_entries.append(layout_entry)
                entries.append({"binding": buffer.binding, "resource": texture.create_view()})
                continue
            kind = declared.get(buffer.binding)
            if kind is None:  # not in the shader: any kind of the job's layout will do
                kind = BufferKind.UNIFORM if buffer.uniform else BufferKind.STORAGE
            usage = wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST
            usage |= (
                wgpu.BufferUsage.UNIFORM if kind is BufferKind.UNIFORM else wgpu.BufferUsage.STORAGE
            )
            data = _padded(pack_buffer(buffer.fields, buffer.values, buffer.layout))
            gpu_buffer = self.device.create_buffer_with_data(data=data, usage=usage)
            resources.append(gpu_buffer)
            layout_entries.append(
                {"binding": buffer.binding, "visibility": stage, "buffer": {"type": kind.value}}
            )
            entries.append(
                {
                    "binding": buffer.binding,
                    "resource": {"buffer": gpu_buffer, "offset": 0, "size": len(data)},
                }
            )
        for binding in [] if glsl else wgsl_sampler_bindings(source):
            # Not among `resources` (one per input); the bind group holds it.
            sampler, layout_entry = self._nearest_sampler(binding, stage)
            layout_entries.append(layout_entry)
            entries.append({"binding": binding, "resource": sampler})
        layout = self._layout(layout_entries, any(b.texture is not None for b in buffers))
        group = self._guarded(
            "pipeline", lambda: self.device.create_bind_group(layout=layout, entries=entries)
        )
        return _Bound(layout, group, resources)

    def _layout(self, entries: list[dict[str, Any]], textures: bool) -> Any:
        """The bind group layout of `entries`. Refused with textures among them, the
        device lacks what they need (TexturesRefused); without, a pipeline refusal."""
        try:
            return self._guarded(
                "pipeline", lambda: self.device.create_bind_group_layout(entries=entries)
            )
        except ShaderRejected as error:
            if textures:
                raise TexturesRefused(f"wgpu refused the textures' bindings: {error}") from None
            raise

    def _texture(self, buffer: BufferInput, access: str, stage: int) -> tuple[Any, dict[str, Any]]:
        """`buffer`'s texture with its texels written, and its bind group layout entry
        (a storage texture's with `access`, what the shader declares)."""
        texture = buffer.texture
        assert texture is not None
        usage = self._wgpu.TextureUsage
        storage = texture.kind is TextureKind.STORAGE
        try:
            gpu_texture = self.device.create_texture(
                size=(texture.width, texture.height, 1),
                format=TEXEL_FORMATS[texture.element],
                usage=usage.COPY_DST
                | usage.COPY_SRC
                | (usage.STORAGE_BINDING if storage else usage.TEXTURE_BINDING),
            )
        except self._wgpu.GPUError as error:
            raise TexturesRefused(f"wgpu made no texture {texture.name}: {error}") from None
        self.device.queue.write_texture(
            {"texture": gpu_texture},
            texel_bytes(texture, buffer.values[texture.name]),
            {"bytes_per_row": 4 * texture.width, "rows_per_image": texture.height},
            (texture.width, texture.height, 1),
        )
        entry: dict[str, Any] = {"binding": buffer.binding, "visibility": stage}
        if storage:
            entry["storage_texture"] = {
                "access": access,
                "format": TEXEL_FORMATS[texture.element],
                "view_dimension": "2d",
            }
        else:
            entry["texture"] = {
                "sample_type": _SAMPLE_TYPES[texture.element],
                "view_dimension": "2d",
            }
        return gpu_texture, entry

    def _nearest_sampler(self, binding: int, stage: int) -> tuple[Any, dict[str, Any]]:
        """A nearest, clamp-to-edge sampler for a WGSL `sampler` at `binding`, and its
        layout entry: non-filtering, the only kind WebGPU pairs with an unfilterable-float
        (r32float) texture; a centre read needs no filtering (emit/wgsl_textures.py)."""
        sampler = self.device.create_sampler(
            address_mode_u="clamp-to-edge",
            address_mode_v="clamp-to-edge",
            mag_filter="nearest",
            min_filter="nearest",
            mipmap_filter="nearest",
        )
        entry = {"binding": binding, "visibility": stage, "sampler": {"type": "non-filtering"}}
        return sampler, entry

    def _read_back(self, buffer: BufferInput, resource: Any) -> dict[str, Value]:
        """A buffer's contents after the run, or a storage image's texels under its name."""
        if buffer.texture is None:
            return unpack_buffer(
                buffer.fields,
                bytes(self.device.queue.read_buffer(resource)),
                runtime_lengths_of(buffer.fields, buffer.values),
                buffer.layout,
            )
        texture: Texture = buffer.texture
        # wgpu-py pads rows to WebGPU's 256-byte copy stride and strips the padding.
        data = self.device.queue.read_texture(
            {"texture": resource, "mip_level": 0, "origin": (0, 0, 0)},
            {"offset": 0, "bytes_per_row": 4 * texture.width},
            (texture.width, texture.height, 1),
        )
        return {texture.name: texels_from(texture, bytes(data))}

    def _probe_pipeline(self) -> None:
        """One trivial pipeline, so that the driver shows whether it dumps modules."""
        module = self.device.create_shader_module(label="probe", code=PROBE_SHADER)
        self.device.create_compute_pipeline(layout="auto", compute={"module": module})

    def _measured_subgroup_size(self) -> int | None:
        """The size of the device's compute subgroups, or None where it has no `subgroup`
        feature. wgpu cannot ask for a size, and wgpu-py 0.32's adapter info gives none
        (its `stackgroup_min_size`/`_max_size` are WebGPU's defaults, 4 and 128): a probe
        shader reads it (lavapipe: 8 on hosts with 256-bit vectors). Run as the device
        starts, before the dumps are taken, so that no run's dump holds it."""
        if "subgroup" not in self.device.features:
            return None
        wgpu = self._wgpu
        module = self.device.create_shader_module(label="subgroups", code=SUBGROUP_PROBE_SHADER)
        pipeline = self.device.create_compute_pipeline(layout="auto", compute={"module": module})
        usage = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_SRC
        buffer = self.device.create_buffer_with_data(data=bytes(4), usage=usage)
        group = self.device.create_bind_group(
            layout=pipeline.get_bind_group_layout(0),
            entries=[{"binding": 0, "resource": {"buffer": buffer, "offset": 0, "size": 4}}],
        )
        encoder = self.device.create_command_encoder()
        compute_pass = encoder.begin_compute_pass()
        compute_pass.set_pipeline(pipeline)
        compute_pass.set_bind_group(0, group)
        compute_pass.dispatch_workgroups(1, 1, 1)
        compute_pass.end()
        self.device.queue.submit([encoder.finish()])
        return int.from_bytes(bytes(self.device.queue.read_buffer(buffer)), "little") or None

    def _fullscreen_vertex_module(self) -> Any:
        if self._vertex_module is None:
            self._vertex_module = self.device.create_shader_module(
                label="fullscreen-vertex", code=VERTEX_SHADER
            )
        return self._vertex_module

    def _check_spirv(self) -> RunResult | None:
        """spirv-val on what naga handed the driver, where the driver dumps it: an
        invalid module is naga's fault and the run stops there."""
        if self.spirv_dump is None:
            return None
        return self.spirv_dump.validate_new()

    def _ok(self, result: RunResult, compile_ms: float, run_ms: float, stage: str) -> RunResult:
        result.compile_ms, result.run_ms = compile_ms, run_ms
        if self.glsl_dump is not None:
            result.artefacts.update(self.glsl_dump.take(stage))
        if self.spirv_dump is not None:
            result.artefacts.update(self.spirv_dump.last_artefacts)
            result.tools_ms = self.spirv_dump.last_validation_ms
            if self.spirv_dump.last_notes:
                result.log = "\n".join(self.spirv_dump.last_notes)
        return result

    def close(self) -> None:
        if self.spirv_dump is not None:
            self.spirv_dump.close()
        if self.glsl_dump is not None:
            self.glsl_dump.close()


# Panic messages carry the crates' source paths (`.../naga-29.0.3/src/...`): the only place
# wgpu-native says which naga and wgpu-hal it was built from.
_CRATE_PATH = re.compile(rb"/(naga|wgpu-hal|wgpu-core)-(\d+\.\d+\.\d+)/src/")


@functools.cache
def crate_versions(library: str) -> dict[str, str]:
    """{"naga": "29.0.3", "wgpu-hal": ..., "wgpu-core": ...} as built into `library`."""
    try:
        data = Path(library).read_bytes()
    except OSError:
        return {}
    found: dict[str, str] = {}
    for match in _CRATE_PATH.finditer(data):
        found.setdefault(match.group(1).decode(), match.group(2).decode())
    return found


# A WGSL test's push-constant block and its bytes (none or one: ir/program.StorageBuffer).
_Pushed = list[tuple[BufferInput, bytes]]


def _immediates(
    buffers: Sequence[BufferInput], language: Language
) -> tuple[_Pushed, list[BufferInput]]:
    """A WGSL job's push-constant blocks with the bytes set_immediates gives them, and the
    buffers bound in group 0. WGSL lays out `var<immediate>` as host-shareable memory, for
    the block's scalars and 2-/4-vectors std430's offsets; the size is rounded up to 16
    (a struct's alignment with a vector of 4, at most; wgpu wants a multiple of 4). GLSL
    through naga's front-end reads the `#else` of `#ifdef VULKAN`, a std140 uniform
    block, bound as one (emit/glsl.py)."""
    if language is not Language.WGSL:
        return [], list(buffers)
    pushed = [
        (b, _padded(pack_buffer(b.fields, b.values, "std430"))) for b in buffers if b.push_constant
    ]
    return pushed, [b for b in buffers if not b.push_constant]


def _set_immediates(encoder: Any, pushed: _Pushed) -> None:
    """Set the push-constant block's bytes on a compute or render pass."""
    for _, data in pushed:
        encoder.set_immediates(0, data, 0, len(data))


def _rejected(error: ShaderRejected, compile_ms: float) -> RunResult:
    # A module error is naga's front-end or validator; a pipeline error is naga's back-end
    # or the driver (wgpu-hal wraps both): the chain names it (wgpu_chain.py).
    return RunResult(
        RunStatus.COMPILE_ERROR,
        log=str(error).strip(),
        compile_ms=compile_ms,
        failed_component=error.step,
    )


def _padded(data: bytes) -> bytes:
    # WebGPU buffers are sized in multiples of 4 and may not be empty; a uniform struct
    # occupies a multiple of 16. The zero tail is never read.
    size = max(16, -(-len(data) // 16) * 16)
    return data + bytes(size - len(data))


def _elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
