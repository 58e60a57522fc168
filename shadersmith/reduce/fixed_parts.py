"""The parts of a test that a reduction does not reduce, and what every candidate must
keep of them.

- Textures: a candidate's text declares them without their size, which the test's inputs
  give (front/glsl/known_textures.py); the subject's own textures are handed back to each
  reparsed candidate, and a candidate keeps the texels of those it still declares.
- A generated vertex shader (a fragment test's shader.vert): it runs unchanged with every
  candidate, so a candidate must still declare each uniform block the vertex shader
  reads exactly as it does (the blocks are bound from the fragment program's inputs, and
  one layout serves both stages), and read only varyings that the vertex shader writes
  (name, type and location: the stages must match). A varying the fragment shader no
  longer declares may stay in the vertex shader: an unread output is allowed. Not so where
  the pair declares them in an interface block (Program.output_block, input_block): GL
  links such blocks only when their members match one for one, in order, so a candidate
  keeps every varying, or the vertex shader's block (a block removed from one side
  alone would leave varyings unmatched by name).
- A fragment shader's colour outputs (generate/fragment.py: several at locations
  0..N-1): each is one attachment of the image, drawn side by side, so a candidate keeps
  every output the subject declares, by name, type and location (one fewer would
  narrow the image, which then differs from every target's for that reason alone).
"""

from __future__ import annotations

from shadersmith.front.glsl.known_textures import with_textures
from shadersmith.ir.program import Program, StorageBuffer


def with_subject_textures(candidate: Program, original: Program) -> Program:
    """A reparsed `candidate` with the textures of `original` (the subject's) it declares."""
    return with_textures(candidate, original.textures)


def fits_vertex(fragment: Program, vertex: Program | None) -> bool:
    """Whether `fragment` still runs with `vertex` (see the module docstring)."""
    if vertex is None:
        return True
    blocks = {buffer.block_name: buffer for buffer in fragment.buffers}
    for buffer in vertex.buffers:
        kept = blocks.get(buffer.block_name)
        if kept is None or _layout(kept) != _layout(buffer):
            return False
    written = [(o.name, o.type, o.location) for o in vertex.outputs]
    read = [(i.name, i.type, i.location) for i in fragment.inputs]
    if vertex.output_block is not None or fragment.input_block is not None:
        same_block = vertex.output_block == fragment.input_block
        return same_block and read == written
    return all(varying in written for varying in read)


def keeps_outputs(candidate: Program, original: Program) -> bool:
    """Whether `candidate` declares the colour outputs of `original`, one for one (see
    the module docstring)."""
    kept = [(o.name, o.type, o.location) for o in candidate.outputs]
    return kept == [(o.name, o.type, o.location) for o in original.outputs]


def _layout(buffer: StorageBuffer) -> tuple[object, ...]:
    fields = tuple((f.name, f.type) for f in buffer.fields)
    return (buffer.binding, buffer.uniform, buffer.instance_name, fields)
