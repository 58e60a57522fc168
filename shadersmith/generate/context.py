"""State shared by the expression and statement generators of one program.

One `random.Random` is threaded through everything, names come from counters, and no
set or dict is ever iterated to make a choice, so a seed fixes the program exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.invocations import InvocationLayout
from shadersmith.generate.scope import Scope
from shadersmith.generate.values import ValueSource
from shadersmith.interp.float_mode import FloatMode
from shadersmith.ir.profile import LanguageProfile
from shadersmith.ir.program import Parameter
from shadersmith.ir.types import Type

if TYPE_CHECKING:
    from shadersmith.generate.divergence import DivergenceDriver
    from shadersmith.generate.narrow_storage import NarrowStore


@dataclass(frozen=True, slots=True)
class Signature:
    """A user function as its callers see it."""

    name: str
    return_type: Type
    params: tuple[Parameter, ...]

    @property
    def writes_arguments(self) -> bool:
        return any(p.qualifier.writes_back for p in self.params)


class GenerationContext:
    def __init__(
        self,
        seed: int,
        options: SmithOptions,
        profile: LanguageProfile,
        invocations: InvocationLayout | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        # For the options that draw from streams of the seed's own (not from `rng`).
        self.seed = seed
        # The dispatch of a multi-invocation program (None: one invocation), and what
        # steers its divergence (generate/divergence.py), set once the interface exists.
        self.invocations = invocations
        self.divergence: DivergenceDriver | None = None
        # A fragment program: its input buffers become uniform blocks (fragment.py).
        self.fragment = False
        self.options = options
        self.profile = profile
        self.choices: Counter[str] = Counter()
        self.interval_floats = options.float_mode == FloatMode.INTERVAL.value
        self.values = ValueSource(
            self.rng, options.value_generators, self.choices, self.interval_floats
        )
        self.scope = Scope()
        # Names of variables that are GLSL constant expressions; names are never reused,
        # so the set only grows and is only ever tested for membership.
        self.constant_names: set[str] = set()
        # Callable user functions (defined so far), and those by return type.
        self.functions: list[Signature] = []
        self.functions_returning: dict[Type, list[Signature]] = {}
        self._counters: dict[str, int] = {}
        # The narrow buffer fields the program may store to (generate/narrow_storage.py).
        self.narrow_stores: list[NarrowStore] = []

    def fresh_name(self, prefix: str) -> str:
        """`prefix_N` with N counting per prefix, e.g. var_0, var_1, func_0."""
        number = self._counters.get(prefix, 0)
        self._counters[prefix] = number + 1
        return f"{prefix}_{number}"

    def add_function(self, signature: Signature) -> None:
        self.functions.append(signature)
        self.functions_returning.setdefault(signature.return_type, []).append(signature)

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability
