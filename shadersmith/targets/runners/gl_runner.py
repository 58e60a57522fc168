"""Run GLSL compute and fragment shaders on an OpenGL driver, in this process, through EGL.

`GLRunner(driver)` creates one headless context (no display) and reuses it; every run
creates and releases its own program and buffers. One process drives one GL driver
(see `environment.py`), so a runner refuses a context that is not the driver it asked for.

Timings: `compile_ms` covers compiling and linking the program. llvmpipe generates its
machine code lazily at the first dispatch or draw, so that part of compilation lands in
`run_ms`, which covers the dispatch or draw, glFinish and the readback.

Images come back as glReadPixels gives them: row 0 is the bottom row of the window, i.e.
the fragments with gl_FragCoord.y == 0.5 (the row order `images.py` defines for both APIs).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import moderngl
import numpy as np

from shadersmith.analysis.widths import EXTENSION
from shadersmith.ir.program import Texture, TextureKind
from shadersmith.ir.values import Value
from shadersmith.targets.results import BufferInput, RunResult, RunStatus
from shadersmith.targets.runners.environment import DriverUnavailable, select_gl_driver
from shadersmith.targets.runners.fullscreen import gl_vertex_shader
from shadersmith.targets.runners.images import (
    CLEAR_COLOR,
    CLEAR_UINT,
    image_from_pixels,
    side_by_side,
)
from shadersmith.targets.runners.std430 import pack_buffer, runtime_lengths_of, unpack_buffer
from shadersmith.targets.runners.texels import TEXEL_DTYPES as _TEXEL_DTYPES
from shadersmith.targets.runners.texels import texel_bytes, texels_from


@dataclass(frozen=True)
class GLDriver:
    name: str
    required_version: int  # the GL version the context must offer, e.g. 430 for compute
    # What GL_RENDERER (or GL_VENDOR for NVIDIA) must contain; None for a Gallium driver
    # a user declares, whose renderer need not name it (iris: "Mesa Intel(R) UHD ...").
    renderer_word: str | None

    def is_the_context_of(self, identity: str) -> bool:
        """Whether a context whose GL_RENDERER and GL_VENDOR read `identity` is this
        driver's. A declared driver's is, unless the renderer names it or no driver this
        table knows: Mesa falling back to llvmpipe for a missing radeonsi is not radeonsi."""
        lower = identity.lower()
        if self.renderer_word is not None:
            return self.renderer_word in lower
        return self.name in lower or not any(
            d.renderer_word is not None and d.renderer_word in lower for d in GL_DRIVERS.values()
        )


GL_DRIVERS = {
    "llvmpipe": GLDriver("llvmpipe", 430, "llvmpipe"),
    "softpipe": GLDriver("softpipe", 330, "softpipe"),  # GL 3.3: fragment shaders only
    # GL 4.6 on Vulkan; GL_RENDERER "zink Vulkan 1.4(llvmpipe (LLVM 15.0.6, 256 bits)...".
    "zink": GLDriver("zink", 430, "zink"),
    # NVIDIA creates exactly the version asked for, and the generated shaders are GLSL 450.
    "nvidia": GLDriver("nvidia", 450, "nvidia"),
}


def gl_driver(name: str) -> GLDriver:
    """Driver `name`'s row; a name the table lacks is a Gallium driver a user declares
    (radeonsi, iris): GL 3.3 at least, compute shaders where it offers GL 4.3."""
    known = GL_DRIVERS.get(name)
    return known if known is not None else GLDriver(name, 330, None)


_COMPILE_FAILED = "GLSL Compiler failed"
_LINK_FAILED = "GLSL Linker failed"


class GLRunner:
    def __init__(self, driver: str = "llvmpipe", raise_version: bool = False) -> None:
        """`raise_version`: softpipe as a blame witness for compute (environment.py)."""
        self.driver = gl_driver(driver)
        select_gl_driver(driver, raise_version)
        try:
            # Typed as Any: moderngl's stub mistypes the backend settings as dicts.
            settings: dict[str, Any] = {"backend": "egl"}
            self.context = moderngl.create_standalone_context(
                require=self.driver.required_version, **settings
            )
        except Exception as error:  # moderngl raises plain Exception for a missing version
            raise DriverUnavailable(f"no OpenGL context for {driver}: {error}") from None
        identity = f"{self.context.info['GL_RENDERER']} {self.context.info['GL_VENDOR']}"
        if not self.driver.is_the_context_of(identity):
            self.context.release()
            raise DriverUnavailable(
                f"asked for {driver} but EGL gave {identity!r} (one GL driver per process)"
            )

        # A headless context has no window framebuffer; object 0 is what we leave bound.
        self._no_framebuffer = self.context.detect_framebuffer(0)
        # Context creation may leave an error behind (softpipe with a raised version sets
        # GL_INVALID_ENUM); reading it clears it, so a later check sees only our calls.
        _ = self.context.error

    @property
    def supports_compute(self) -> bool:
        return bool(self.context.version_code >= 430)

    @property
    def features(self) -> frozenset[str]:
        """The explicit-width arithmetic features (analysis/widths.py) whose extensions
        the driver lists (Mesa's GL offers GL_ARB_gpu_shader_int64 and
        GL_ARB_gpu_shader_fp64 on llvmpipe)."""
        listed = set(self.context.extensions)
        return frozenset(f for f, name in EXTENSION.items() if name in listed)

    def versions(self) -> dict[str, str]:
        info = self.context.info
        versions = {
            "driver": self.driver.name,
            "GL_RENDERER": str(info["GL_RENDERER"]),
            "GL_VERSION": str(info["GL_VERSION"]),
            "GL_VENDOR": str(info["GL_VENDOR"]),
        }
        mesa = mesa_version(versions["GL_VERSION"])
        if mesa:
            versions["Mesa"] = mesa
        llvm = llvm_version(versions["GL_RENDERER"])
        if llvm:
            versions["LLVM"] = llvm
        return versions

    def run_compute(
        self,
        source: str,
        buffers: Sequence[BufferInput],
        groups: tuple[int, int, int] = (1, 1, 1),
    ) -> RunResult:
        """Compile `source`, bind `buffers` at their bindings, dispatch `groups` work groups
        and read every buffer back."""
        if not self.supports_compute:
            raise DriverUnavailable(f"{self.driver.name} has no compute shaders")
        with ExitStack() as releases:
            started = time.perf_counter()
            try:
                shader = self.context.compute_shader(source)
            except moderngl.Error as error:
                return _rejected(str(error), _elapsed_ms(started))
            compile_ms = _elapsed_ms(started)
            releases.callback(shader.release)

            gl_buffers = []
            images: list[tuple[BufferInput, Any]] = []
            for buffer in buffers:
                if buffer.texture is not None:
                    texture = self._texture(buffer.texture, buffer.values, releases)
                    if buffer.texture.kind is TextureKind.STORAGE:
                        images.append((buffer, texture))
                    continue
                data = pack_buffer(buffer.fields, buffer.values, buffer.layout)
                gl_buffer = self.context.buffer(_padded(data))
                releases.callback(gl_buffer.release)
                if buffer.uniform:  # a push-constant block's GL spelling (emit/glsl.py)
                    gl_buffer.bind_to_uniform_block(buffer.binding)
                elif data and runtime_lengths_of(buffer.fields, buffer.values):
                    # Bound to its own bytes: `.length()` of a runtime-sized array counts
                    # the bound range, which the zero tail would lengthen.
                    gl_buffer.bind_to_storage_buffer(buffer.binding, size=len(data))
                else:
                    gl_buffer.bind_to_storage_buffer(buffer.binding)
                gl_buffers.append(gl_buffer)

            started = time.perf_counter()
            shader.run(*groups)
            if images:
                # Image stores reach a later texture read only after a barrier.
                self.context.memory_barrier()
            self.context.finish()
            blocks = [b for b in buffers if b.texture is None]
            outputs = {
                buffer.binding: unpack_buffer(
                    buffer.fields,
                    gl_buffer.read(),
                    runtime_lengths_of(buffer.fields, buffer.values),
                    buffer.layout,
                )
                for buffer, gl_buffer in zip(blocks, gl_buffers, strict=True)
            }
            for buffer, texture in images:
                assert buffer.texture is not None
                outputs[buffer.binding] = {
                    buffer.texture.name: texels_from(buffer.texture, texture.read())
                }
            run_ms = _elapsed_ms(started)
            self._check_no_gl_error()
        return RunResult(RunStatus.OK, buffers=outputs, compile_ms=compile_ms, run_ms=run_ms)

    def run_fragment(
        self,
        source: str,
        width: int = 256,
        height: int = 256,
        uniforms: Mapping[str, Value] | None = None,
        blocks: Sequence[BufferInput] = (),
        integer: bool = False,
        vertex_source: str | None = None,
        attachments: int = 1,
    ) -> RunResult:
        """Draw one full-screen triangle with the fragment shader `source` and read the
        image back (row 0 = gl_FragCoord.y 0.5, the bottom row): RGBA8 (uint8), or with
        `integer` RGBA32UI (uint32 words, for a `uvec4` output).

        `source` keeps its own `#version` line (the harness picks it: 330 for softpipe).
        Uniforms the program does not use (the compiler may remove them) are skipped.
        `blocks` are bound at their bindings: a uniform block's std140 data as a UBO, a
        storage buffer's std430 data as an SSBO; none is read back. A uniform block is also
        given its binding by name, because GLSL 3.30 has no `binding` layout (both would
        otherwise sit at binding 0).
        `vertex_source`: a generated vertex shader that draws the same triangle and feeds
        the fragment shader its varyings (generate/vertex_stage.py), in the fragment
        shader's GLSL version; None: the fixed one (fullscreen.py).
        `attachments`: the shader writes locations 0..N-1, drawn into N draw buffers
        (moderngl calls glDrawBuffers with all of them), read back one by one and
        returned side by side (images.py).
        """
        with ExitStack() as releases:
            colours = [self._color_attachment(width, height, integer) for _ in range(attachments)]
            framebuffer = self.context.framebuffer(color_attachments=colours)
            for colour in colours:
                releases.callback(colour.release)
            releases.callback(framebuffer.release)

            started = time.perf_counter()
            try:
                program = self._fragment_program(source, vertex_source)
            except moderngl.Error as error:
                return _rejected(str(error), _elapsed_ms(started))
            compile_ms = _elapsed_ms(started)
            releases.callback(program.release)
            for name, value in (uniforms or {}).items():
                member = program.get(name, None)
                if isinstance(member, moderngl.Uniform):
                    member.value = _uniform_value(value)
            self._bind_fragment_blocks(program, blocks, releases)
            vertex_array = self.context.vertex_array(program, [])
            releases.callback(vertex_array.release)

            # Rebind the previous framebuffer before ours is deleted: moderngl would later
            # rebind the deleted one, a GL error in the next run.
            releases.callback(self._no_framebuffer.use)
            framebuffer.use()
            if not integer:  # an integer attachment starts cleared (_color_attachment)
                framebuffer.clear(*CLEAR_COLOR)
            started = time.perf_counter()
            vertex_array.render(moderngl.TRIANGLES, vertices=3)
            self.context.finish()
            dtype = "u4" if integer else "f1"
            read = [
                framebuffer.read(components=4, alignment=1, dtype=dtype, attachment=i)
                for i in range(attachments)
            ]
            run_ms = _elapsed_ms(started)
            self._check_no_gl_error()
        image = side_by_side([image_from_pixels(p, width, height, integer) for p in read])
        return RunResult(RunStatus.OK, image=image, compile_ms=compile_ms, run_ms=run_ms)

    def compile_program(
        self, stage: str, source: str, vertex_source: str | None = None
    ) -> RunResult:
        """Create the program of `source` (a compute shader, or a fragment shader with
        `vertex_source` or the fixed vertex shader) and release it: the GLSL front-end,
        the linker and NIR run; no draw or dispatch, so llvmpipe makes no machine code.
        An OK result is `compile_only`."""
        started = time.perf_counter()
        try:
            if stage == "compute":
                if not self.supports_compute:
                    raise DriverUnavailable(f"{self.driver.name} has no compute shaders")
                program: Any = self.context.compute_shader(source)
            else:
                program = self._fragment_program(source, vertex_source)
        except moderngl.Error as error:
            return _rejected(str(error), _elapsed_ms(started))
        compile_ms = _elapsed_ms(started)
        program.release()
        self._check_no_gl_error()
        return RunResult(RunStatus.OK, compile_ms=compile_ms, compile_only=True)

    def _fragment_program(self, source: str, vertex_source: str | None) -> moderngl.Program:
        """The fragment shader `source` linked with `vertex_source`, or with the fixed
        full-screen vertex shader of its GLSL version."""
        return self.context.program(
            vertex_shader=vertex_source or gl_vertex_shader(source), fragment_shader=source
        )

    def _color_attachment(self, width: int, height: int, integer: bool) -> Any:
        if not integer:
            return self.context.renderbuffer((width, height), 4, dtype="f1")
        # glClear on an integer colour buffer is undefined (GL 4.6, 17.4.3) and moderngl
        # offers no glClearBufferuiv: a texture uploaded with the clear words instead.
        cleared = np.broadcast_to(np.array(CLEAR_UINT, np.uint32), (height, width, 4))
        return self.context.texture((width, height), 4, data=cleared.tobytes(), dtype="u4")

    def _texture(self, texture: Texture, values: Mapping[str, Value], releases: ExitStack) -> Any:
        """A one-channel 32-bit texture holding `texture`'s texels, nearest-filtered (GL's
        default filter makes an integer texture without mipmaps incomplete), bound to
        texture unit `binding`, or to image unit `binding` for a storage image."""
        data = texel_bytes(texture, values[texture.name])
        dtype = _TEXEL_DTYPES[texture.element]
        gl_texture = self.context.texture((texture.width, texture.height), 1, data, dtype=dtype)
        releases.callback(gl_texture.release)
        gl_texture.filter = (moderngl.NEAREST, moderngl.NEAREST)
        if texture.kind is TextureKind.STORAGE:
            gl_texture.bind_to_image(texture.binding, read=True, write=True)
        else:
            gl_texture.use(location=texture.binding)
        return gl_texture

    def _bind_fragment_blocks(
        self, program: moderngl.Program, blocks: Sequence[BufferInput], releases: ExitStack
    ) -> None:
        for block in blocks:
            if block.texture is not None:
                self._texture(block.texture, block.values, releases)
                # GLSL 3.30 has no `binding` layout: the sampler is told its unit by name.
                sampler = program.get(block.texture.name, None)
                if isinstance(sampler, moderngl.Uniform):
                    sampler.value = block.texture.binding
                continue
            data = pack_buffer(block.fields, block.values, block.layout)
            gl_buffer = self.context.buffer(_padded(data))
            releases.callback(gl_buffer.release)
            if not block.uniform:
                gl_buffer.bind_to_storage_buffer(block.binding)
                continue
            gl_buffer.bind_to_uniform_block(block.binding)
            # A block the compiler removed (unused) has no index: nothing to set.
            member = program.get(block.block, None) if block.block else None
            if isinstance(member, moderngl.UniformBlock):
                member.binding = block.binding

    def close(self) -> None:
        self.context.release()

    def _check_no_gl_error(self) -> None:
        # A GL error after a successful link means we drove GL wrongly: a harness defect,
        # not a finding about the compiler.
        error = self.context.error
        if error != "GL_NO_ERROR":
            raise RuntimeError(f"{self.driver.name}: GL error {error} during the run")


def llvm_version(renderer: str) -> str | None:
    """`15.0.6` from `llvmpipe (LLVM 15.0.6, 256 bits)`."""
    return _word_after("LLVM ", renderer)


def mesa_version(gl_version: str) -> str | None:
    """`22.3.6` from `4.5 (Core Profile) Mesa 22.3.6`."""
    return _word_after("Mesa ", gl_version)


def _word_after(marker: str, text: str) -> str | None:
    start = text.find(marker)
    if start < 0:
        return None
    words = text[start + len(marker) :].replace(",", " ").replace(")", " ").split()
    return words[0] if words else None


def _rejected(message: str, compile_ms: float) -> RunResult:
    status = RunStatus.LINK_ERROR if message.startswith(_LINK_FAILED) else RunStatus.COMPILE_ERROR
    return RunResult(status, log=message.strip(), compile_ms=compile_ms, failed_component="driver")


def _uniform_value(value: Value) -> Any:
    # moderngl takes bools as ints, vectors as tuples and arrays of vectors as lists of
    # tuples. (An array of scalars would look like a vector: not supported yet.)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, tuple):
        items = [_uniform_value(item) for item in value]
        return list(items) if items and isinstance(items[0], tuple | list) else tuple(items)
    return value


def _padded(data: bytes) -> bytes:
    # GL rejects an empty buffer; a zero tail up to a multiple of 16 is never read (a
    # buffer ending in a runtime-sized array is bound without it).
    size = max(16, -(-len(data) // 16) * 16)
    return data + bytes(size - len(data))


def _elapsed_ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0
