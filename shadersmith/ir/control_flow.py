"""GL_EXT_control_flow_attributes: `[[unroll]] for (...)`, `[[flatten]] if (...)`, hints to
the compiler (SPIR-V's LoopControl and SelectionControl masks) that change no value.

Only the hints that promise nothing are used: `unroll`, `dont_unroll` and `loop` on loops,
`flatten`, `dont_flatten` and `branch` on `if` and `switch`. `dependency_infinite` and
`dependency_length(N)` promise that iterations carry no dependency (or none closer than N),
which a generated loop breaks, so a compiler could rightly compute another value: they
would bring undefined behaviour no reconditioning removes, and are never written.

The GLSL text spells each as an object-like macro (`_SS_UNROLL for (...)`) that is
`[[unroll]]` under `#ifdef VULKAN` (glslang, with the extension enabled there) and empty
otherwise: Mesa's GL compiler has no such extension. The macro names are the front-end's
cue to read the attributes back (front/glsl/preprocess.py).
"""

from __future__ import annotations

LOOP_ATTRIBUTES: tuple[str, ...] = ("unroll", "dont_unroll", "loop")
SELECTION_ATTRIBUTES: tuple[str, ...] = ("flatten", "dont_flatten", "branch")
EXTENSION = "GL_EXT_control_flow_attributes"


def macro_name(attribute: str) -> str:
    """The macro the GLSL text writes an attribute as: `_SS_UNROLL` for `unroll`."""
    return f"_SS_{attribute.upper()}"


# Macro name -> attribute, for every attribute written.
MACROS: dict[str, str] = {macro_name(a): a for a in (*LOOP_ATTRIBUTES, *SELECTION_ATTRIBUTES)}
