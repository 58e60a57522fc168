"""FShader's shader fusion (seed 001, sections IV and V) on generated fragment programs.

Two reconditioned fragment programs become one whose colour is a known function of
theirs (relations.py: MR+, MR-, MR_l; occlusion.py: MR_o), so the fused program's image
must be that function of the parts' images on the same target: a metamorphic oracle that
needs no second compiler (oracle/fusion.py).

The fused program is built in the paper's three steps, as far as `Strategy` asks:

1. side by side (form.py): each part renamed (rename.py), its `main` a function that
   returns its 8-bit colour, and a new `main` that calls them and mixes the colours;
2. inline and interleave (inline.py): the parts' code moved into `main`, their
   top-level statements interleaved, each part's order kept, loops moved whole;
3. variable reuse (reuse.py): a dead local of one part holds a later local of another.

Fusing a fused program with a third one adds a part to it (FShader's sequences fuse
((P1, P2), P3), P4); occlusion fuses two programs only (the paper fuses MR_o pairwise).

Both operations are steps (steps/registry.py), so provenance rebuilds a fused program:

- `float-colour`: a generated program as part 1 alone (its RGBA8 image is what the
  oracle fuses);
- `fuse`: the program it is applied to, fused with a partner that the step regenerates
  from the partner's generator seed, options, profile and steps (reconditioning), or
  reads from its corpus record (a real-world shader, front/corpus_record.py: its text and
  inputs, so it replays without the corpus), with the relation, the strategy, and a seed
  for the step's own random choices.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from shadersmith.case.inputs import TestCaseError
from shadersmith.front.corpus_record import program_of_record
from shadersmith.generate.liveness import LIVENESS_STEP
from shadersmith.generate.smith import generate, options_from_dict
from shadersmith.ir.expressions import VariableRef
from shadersmith.ir.profile import profile_named
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.fusion.form import (
    MIX_FUNCTION,
    PART_LOCAL,
    PART_PARAMETER,
    FusedForm,
    fused_form,
    is_fused,
    is_plain,
    part_call,
    part_parameter,
    renamed_part,
    with_part,
)
from shadersmith.mutate.fusion.inline import inline_parts, interleave
from shadersmith.mutate.fusion.occlusion import occlude
from shadersmith.mutate.fusion.relations import Relation, combine, leaf
from shadersmith.mutate.fusion.rename import FusionError, referenced_names
from shadersmith.mutate.fusion.reuse import reuse_variables
from shadersmith.recondition.step import RECONDITION, RECONDITION_STEP
from shadersmith.steps.record import StepRecord
from shadersmith.steps.registry import NoParameters, Registry, Step, StepResult

FUSE = "fuse"
FLOAT_COLOUR = "float-colour"
# Uniform blocks a fragment shader may always use: GL_MAX_FRAGMENT_UNIFORM_BLOCKS is at
# least 12 in GLSL 3.30 (softpipe) and Vulkan's maxPerStageDescriptorUniformBuffers too.
MAX_UNIFORM_BLOCKS = 12

__all__ = [
    "FLOAT_COLOUR",
    "FLOAT_COLOUR_STEP",
    "FUSE",
    "FUSE_STEP",
    "MIX_FUNCTION",
    "PARTNER_STEPS",
    "FuseParams",
    "FusionError",
    "FusionResult",
    "PartnerSpec",
    "Relation",
    "Strategy",
    "float_colour",
    "fuse",
    "is_fused",
    "is_plain",
    "partner_program",
]


class Strategy(enum.Enum):
    SIDE_BY_SIDE = "side-by-side"  # step 1
    INLINE = "inline"  # steps 1 and 2
    INLINE_REUSE = "inline-reuse"  # steps 1, 2 and 3


# The steps a partner may take before it is fused: those of a generated program (a
# partner is generated or read from a corpus, then reconditioned; never itself mutated).
PARTNER_STEPS = Registry((LIVENESS_STEP, RECONDITION_STEP))


@dataclass(frozen=True)
class PartnerSpec:
    """How to make a partner again: the generator's seed, options (config/generator_options.py
    `options_to_dict`) and profile, or a corpus program's record (`corpus`, whose seed is
    `seed`); then its steps (its reconditioning; PARTNER_STEPS)."""

    seed: int
    options: dict[str, Any]
    profile: str
    steps: tuple[StepRecord, ...] = ()
    corpus: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "seed": self.seed,
            "options": dict(self.options),
            "profile": self.profile,
            "steps": [{"name": s.name, "params": dict(s.params)} for s in self.steps],
        }
        if self.corpus is not None:
            data["corpus"] = dict(self.corpus)
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> PartnerSpec:
        steps = tuple(StepRecord(str(s["name"]), dict(s.get("params", {}))) for s in data["steps"])
        corpus = data.get("corpus")
        return PartnerSpec(
            int(data["seed"]),
            dict(data["options"]),
            str(data["profile"]),
            steps,
            None if corpus is None else dict(corpus),
        )


def partner_program(spec: PartnerSpec) -> tuple[Program, BufferValues]:
    """The partner `spec` describes, generated and stepped (reconditioned)."""
    if not spec.steps or spec.steps[-1].name != RECONDITION:
        # An unreconditioned part may have undefined behaviour, and then no relation
        # holds for sure: a fused program is built from reconditioned parts only.
        raise FusionError("a partner's steps must end with its reconditioning")
    if spec.corpus is not None:
        return PARTNER_STEPS.replay(spec.steps, *_corpus_partner(spec.corpus))
    # Imported here: the generator is only needed when a fusion is built or replayed.

    generated = generate(
        spec.seed, options_from_dict(dict(spec.options)), profile_named(spec.profile)
    )
    if generated.program.stage is not Stage.FRAGMENT:
        raise FusionError(
            f"partner seed {spec.seed} generates a compute shader, not a fragment one"
        )
    return PARTNER_STEPS.replay(spec.steps, generated.program, generated.buffer_values)


def _corpus_partner(record: Mapping[str, Any]) -> tuple[Program, BufferValues]:
    # Imported here: corpus/ reads real-world shaders, which only corpus partners need.

    try:
        shader = program_of_record(record, "a fuse step's partner")
    except TestCaseError as error:
        raise FusionError(str(error)) from None
    if shader.stage is not Stage.FRAGMENT:
        raise FusionError(f"corpus partner {shader.relative} is a compute shader")
    return shader.program, shader.values


@dataclass(frozen=True)
class FusionResult:
    program: Program
    values: BufferValues
    report: dict[str, Any] = field(default_factory=dict)


def float_colour(program: Program, values: BufferValues) -> tuple[Program, BufferValues]:
    """A generated program as part 1 alone: its colour's low bytes into RGBA8."""
    form = fused_form(program, values)
    return form.program(), form.values


def fuse(
    base: Program,
    base_values: BufferValues,
    partner: Program,
    partner_values: BufferValues,
    relation: Relation,
    strategy: Strategy,
    rng: random.Random,
) -> FusionResult:
    """`base` (generated or fused) fused with `partner` (generated) under `relation`."""
    form = fused_form(base, base_values)
    number = form.parts + 1
    part = renamed_part(partner, partner_values, number, form.next_binding)
    blocks = len(form.buffers) + len(part.buffers)
    if blocks > MAX_UNIFORM_BLOCKS:
        # A driver may refuse more, and rightly: that would read as a compile failure.
        raise FusionError(f"{blocks} uniform blocks, more than every target must accept")
    if part.colour != form.colour:
        # A hash's bytes and a float colour mean different things: one float mode a fusion.
        raise FusionError("exact- and interval-mode parts do not fuse with each other")
    report: dict[str, Any] = {"parts": number}
    if relation is Relation.OCCLUDE:
        fused, site = occlude(form, part, rng)
        report["occluded_if"] = site
        if strategy is not Strategy.SIDE_BY_SIDE:
            fused, inlined = inline_parts(fused)
            report["inlined"] = inlined
    else:
        fused = _combined(form, part.part, relation, with_part(form, part))
        if strategy is Strategy.SIDE_BY_SIDE:
            call = part_call(number, form.colour)
            fused = replace(fused, statements=(*form.statements, call))
        else:
            fused, report = _inlined(fused, form, number, strategy, rng, report)
    _check_main_scope(fused)
    return FusionResult(fused.program(), fused.values, report)


def _combined(form: FusedForm, number: int, relation: Relation, fused: FusedForm) -> FusedForm:
    colour = form.colour
    partner = leaf(PART_PARAMETER.format(number), colour)
    return replace(
        fused,
        mix_params=(*form.mix_params, part_parameter(number, colour)),
        mix_value=combine(relation, form.mix_value, partner),
        mix_args=(*form.mix_args, VariableRef(colour, PART_LOCAL.format(number))),
    )


def _inlined(
    fused: FusedForm,
    form: FusedForm,
    number: int,
    strategy: Strategy,
    rng: random.Random,
    report: dict[str, Any],
) -> tuple[FusedForm, dict[str, Any]]:
    """Steps 2 and 3: the fused program's main and the partner inlined where they can be,
    interleaved, then (INLINE_REUSE) locals reused."""
    with_base, inlined = inline_parts(replace(fused, statements=form.statements))
    with_partner, inlined_partner = inline_parts(
        replace(with_base, statements=(part_call(number, form.colour),))
    )
    merged = interleave(with_base.statements, with_partner.statements, rng)
    report = {**report, "inlined": [*inlined, *inlined_partner]}
    if strategy is Strategy.INLINE_REUSE:
        merged, reused = reuse_variables(merged, referenced_names(fused.mix_args), rng)
        report["reused"] = [list(pair) for pair in reused]
    return replace(with_partner, statements=tuple(merged)), report


def _check_main_scope(form: FusedForm) -> None:
    names = [s.name for s in form.statements if isinstance(s, VarDecl)]
    if len(names) != len(set(names)):
        raise FusionError("fusion would declare a name twice in main (a defect of shadersmith)")


# ---------------------------------------------------------------------------- steps


@dataclass(frozen=True)
class FuseParams:
    partner: PartnerSpec
    relation: Relation
    strategy: Strategy
    seed: int  # of the step's own random choices

    def to_json(self) -> dict[str, Any]:
        return {
            "partner": self.partner.to_json(),
            "relation": self.relation.value,
            "strategy": self.strategy.value,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FuseParams:
        return cls(
            PartnerSpec.from_json(data["partner"]),
            Relation(data["relation"]),
            Strategy(data["strategy"]),
            int(data["seed"]),
        )


def fuse_step(program: Program, values: BufferValues, params: FuseParams) -> StepResult:
    """Fuse with the partner the parameters describe (see the module docstring)."""
    partner, partner_values = partner_program(params.partner)
    result = fuse(
        program,
        values,
        partner,
        partner_values,
        params.relation,
        params.strategy,
        random.Random(params.seed),
    )
    return StepResult(result.program, result.values, result.report)


def float_colour_step(program: Program, values: BufferValues, params: NoParameters) -> StepResult:
    """A generated program as part 1 alone, its colour in RGBA8 (no parameters)."""
    fused, fused_values = float_colour(program, values)
    return StepResult(fused, fused_values)


FUSE_STEP = Step(FUSE, FuseParams.from_json, fuse_step)
FLOAT_COLOUR_STEP = Step(FLOAT_COLOUR, NoParameters.from_json, float_colour_step)
