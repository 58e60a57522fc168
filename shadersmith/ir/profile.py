"""Language profiles: what a target shading language can express.

A generator takes a profile and never produces what it cannot express; an emitter takes
one to choose spellings. Profiles are plain data so that the IR stays free of I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Language(enum.Enum):
    GLSL = "glsl"
    ESSL = "essl"
    WGSL = "wgsl"


@dataclass(frozen=True, slots=True)
class LanguageProfile:
    name: str
    language: Language
    version: int
    # Side effects (++, assignments) inside expressions: GLSL yes, WGSL no.
    side_effects_in_expressions: bool = True
    # Case bodies that fall into the next case.
    switch_fallthrough: bool = True
    ternary: bool = True
    do_while: bool = True
    # `precision highp ...;` lines are needed (ESSL).
    needs_precision: bool = False
    # `#version 150 compatibility`: deprecated built-ins (gl_FragColor, ...) stay available.
    compatibility: bool = False
    # `#extension NAME : require` lines after the version.
    extensions: tuple[str, ...] = ()


GLSL450 = LanguageProfile(name="glsl450", language=Language.GLSL, version=450)
ESSL310 = LanguageProfile(name="essl310", language=Language.ESSL, version=310, needs_precision=True)
# softpipe's GL 3.3: fragment shaders only, no `binding` layouts (emit/glsl.py); Mesa
# offers there the integer built-ins and implicit conversions of GLSL 4.00 (gpu_shader5)
# and `mix` on integers (4.50), which generated and reconditioned programs use.
GLSL330 = LanguageProfile(
    name="glsl330",
    language=Language.GLSL,
    version=330,
    extensions=("GL_ARB_gpu_shader5", "GL_EXT_shader_integer_mix"),
)

# The profiles a test is generated in (GLSL330 is only a second spelling of a fragment
# test for softpipe).
PROFILES: dict[str, LanguageProfile] = {p.name: p for p in (GLSL450, ESSL310)}


def profile_named(name: str) -> LanguageProfile:
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise ValueError(f"unknown language profile {name!r} (known: {known})") from None
