"""IR to text, one module per language; `emit` is the one place that picks the module for
a profile's language (a new language is its module and one line in _EMITTERS)."""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.emit.glsl import emit_glsl
from shadersmith.emit.wgsl import emit_wgsl
from shadersmith.ir.profile import Language, LanguageProfile
from shadersmith.ir.program import Program

_EMITTERS: dict[Language, Callable[[Program, LanguageProfile], str]] = {
    Language.GLSL: emit_glsl,
    Language.ESSL: emit_glsl,
    # WGSL has one version: the emitter needs nothing of the profile.
    Language.WGSL: lambda program, _profile: emit_wgsl(program),
}


def emit(program: Program, profile: LanguageProfile) -> str:
    """`program` as shader text in `profile`'s language and version."""
    return _EMITTERS[profile.language](program, profile)


__all__ = ["emit"]
