"""The trivial vertex shader of every fragment run: one triangle that covers the viewport.

Vertices (-1,-1), (3,-1), (-1,3) in clip space come from the vertex index alone, so no
vertex buffer is needed and the diagonal edge of a quad never crosses the image.
"""

from __future__ import annotations

import re

_BODY = """
void main() {{
    int i = {index};
    gl_Position = vec4(float((i & 1) << 2) - 1.0, float((i & 2) << 1) - 1.0, 0.0, 1.0);
}}
"""

VULKAN_VERTEX_SHADER = "#version 450\n" + _BODY.format(index="gl_VertexIndex")

_VERSION_LINE = re.compile(r"^\s*#\s*version\s+[^\n]*", re.M)


def gl_vertex_shader(fragment_source: str) -> str:
    """A GL vertex shader with the fragment shader's own `#version` line, because a program
    may not mix ESSL and desktop GLSL stages, and softpipe offers only GLSL 3.30."""
    match = _VERSION_LINE.search(fragment_source)
    version = match.group(0).strip() if match else "#version 330 core"
    return version + "\n" + _BODY.format(index="gl_VertexID")
