"""What every compiled function of a program shares (the scalar interpreter's scope):
its global and buffer variables, its functions by name, the sanitizer's switches and the
language whose semantics it runs. Built once per program (interp/program.py), read by the
expression and statement compilers."""

from __future__ import annotations

from shadersmith.interp.evaluation_order import EffectAnalysis
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.frames import FIRST_BUFFER, GLOBALS, INVOCATION, Frame
from shadersmith.interp.functions import CompiledFunction
from shadersmith.interp.places import BufferInstance
from shadersmith.interp.semantics import Language
from shadersmith.interp.variables import Variable, describe_slot


class ProgramScope:
    """What every function of a program shares: globals, buffers, functions, options."""

    def __init__(
        self,
        *,
        sanitize: bool,
        abs_int_min_is_ub: bool,
        effects: EffectAnalysis,
        global_variables: list[Variable],
        buffer_variables: list[list[Variable]],
        names: dict[str, Variable | BufferInstance],
        language: Language = Language.GLSL,
        floats: FloatMode = FloatMode.EXACT,
    ) -> None:
        self.sanitize = sanitize
        # How floats are evaluated (float_mode.py): exact values or intervals.
        self.floats = floats
        # Whose semantics the program has (interp/semantics.py).
        self.language = language
        self.abs_int_min_is_ub = abs_int_min_is_ub
        self.effects = effects
        self.global_variables = global_variables
        self.buffer_variables = buffer_variables
        self.names = names
        self.functions: dict[str, list[CompiledFunction]] = {}

    def name_shared_location(self, fr: Frame, location: int) -> str | None:
        buffer_ids: list[int] = fr[INVOCATION].buffer_ids
        for b in reversed(range(len(buffer_ids))):
            if location >= buffer_ids[b]:
                return describe_slot(
                    self.buffer_variables[b], FIRST_BUFFER + b, location - buffer_ids[b]
                )
        return describe_slot(self.global_variables, GLOBALS, location)
