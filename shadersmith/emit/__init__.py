"""IR to text, one module per language; `emit` is the one place that picks the module for
a profile's language (a new language is its module and one line in _EMITTERS)."""

from __future__ import annotations

import threading
from collections import OrderedDict
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

# The texts of the programs emitted last, by the program object itself. A reduction
# writes one candidate several times (its size, its job, the job's vertex stage, which
# never changes while the fragment shader is reduced): 1,476 emits for 251 candidates of
# one vertex-stage reduction, 16% of its time. The IR is immutable (every node a frozen
# dataclass of tuples), so an object's text never changes; an entry holds its program, so
# the id in its key is never reused while the entry lives.
_RECENT_SIZE = 32
_recent: OrderedDict[tuple[int, LanguageProfile], tuple[Program, str]] = OrderedDict()
_recent_lock = threading.Lock()


def emit(program: Program, profile: LanguageProfile) -> str:
    """`program` as shader text in `profile`'s language and version."""
    key = (id(program), profile)
    with _recent_lock:
        hit = _recent.get(key)
        if hit is not None and hit[0] is program:
            _recent.move_to_end(key)
            return hit[1]
    text = _EMITTERS[profile.language](program, profile)
    with _recent_lock:
        _recent[key] = (program, text)
        if len(_recent) > _RECENT_SIZE:
            _recent.popitem(last=False)
    return text


__all__ = ["emit"]
