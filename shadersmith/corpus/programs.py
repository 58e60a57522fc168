"""Corpus files as programs a test can run, checked, and chosen from a seed.

`usable_program` takes one file all the way: its shader read (files.py), converted
(convert.py), emitted and read back by the front-end (the text is what defines it,
record.py), its inputs drawn from the seed (fill.py), then reconditioned and run by the
reference interpreter with its sanitizer, under a time cap: a program the interpreter
cannot run, or runs into undefined behaviour even after reconditioning, or runs too long,
would give no expected values, so it is Unusable, with the reason. Nothing a corpus file
holds raises anything else.

`pick` chooses a file for a test from the test's seed: files drawn one after another
(without replacement) from a stream of that seed until one is usable for the purpose (a
metamorphic reference of a stage, a fusion part, a donor), so the choice is deterministic
for a given corpus tree.
"""

from __future__ import annotations

import enum
import functools
import math
import random
from typing import Any

from shadersmith.case.inputs import TestCaseError
from shadersmith.case.time_cap import time_cap
from shadersmith.corpus.convert import convert
from shadersmith.corpus.files import Corpus, CorpusError, Unusable, load_corpus_file
from shadersmith.corpus.fill import fill
from shadersmith.emit.glsl import emit_glsl
from shadersmith.front.corpus_record import PROFILE, CorpusProgram
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.interp import InterpreterError, UndefinedBehaviour, run_compute
from shadersmith.interp.fragment_image import expected_image
from shadersmith.ir.expressions import Call
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.statements import Discard
from shadersmith.ir.walk import iter_nodes
from shadersmith.recondition import recondition

# Seconds the reconditioner and the interpreter may spend on one corpus program.
CHECK_TIME_S = 30.0
# Files drawn for one choice before giving up on the stage asked for (a usable one of
# either stage is among the first few dozen of piglit's: bench/corpus_scan.py).
MAX_PICKS = 2000


class Purpose(enum.Enum):
    """What a chosen program is for: each asks something more of it."""

    REFERENCE = "reference"  # a metamorphic reference: any usable program
    PART = "part"  # a fusion part: a fragment program that never discards
    DONOR = "donor"  # dead or live code: runs anywhere in another program (below)


def converted_program(corpus: Corpus, relative: str, seed: int) -> CorpusProgram:
    """File `relative` of `corpus` as a program of ours with inputs from `seed`, not yet
    checked by the interpreter; Unusable says why there is none."""
    text, dispatch, framebuffer, conversions, sha256 = _converted_text(corpus, relative)
    try:
        program = parse_glsl(text).program
    except FrontEndError as error:  # the emitter wrote what the front-end rejects
        raise Unusable("the converted program does not read back", str(error)) from None
    invocations = math.prod(program.local_size) * math.prod(dispatch)
    values = fill(program, seed, invocations)
    return CorpusProgram(
        corpus.name,
        relative,
        sha256,
        seed,
        text,
        program,
        values,
        dispatch,
        framebuffer,
        conversions,
    )


@functools.lru_cache(maxsize=4096)
def _converted_text(
    corpus: Corpus, relative: str
) -> tuple[str, tuple[int, int, int], tuple[int, int] | None, tuple[str, ...], str]:
    """The seed-independent half, kept per process: a campaign meets a file again."""
    try:
        return _convert_file(corpus, relative)
    except Unusable:
        raise
    except Exception as error:  # a defect of ours on one file must not end a campaign
        raise Unusable("shadersmith fails on it", _failure(error)) from None


def _convert_file(
    corpus: Corpus, relative: str
) -> tuple[str, tuple[int, int, int], tuple[int, int] | None, tuple[str, ...], str]:
    found = load_corpus_file(corpus, relative)
    try:
        parsed = parse_glsl(found.source)
    except FrontEndError as error:
        raise Unusable("the front-end rejects it", str(error)) from None
    converted = convert(parsed, found.stage, found.dispatch)
    try:
        text = emit_glsl(converted.program, PROFILE)
    except (ValueError, KeyError, TypeError, AssertionError) as error:
        raise Unusable("the emitter cannot write it", f"{type(error).__name__}: {error}") from None
    return text, converted.dispatch, converted.framebuffer, converted.conversions, found.sha256


def check_program(shader: CorpusProgram, time_s: float = CHECK_TIME_S) -> None:
    """Recondition `shader` and run it in the reference interpreter with its sanitizer
    (every invocation of a compute shader; a fragment shader's whole image, sampled
    fragments sanitized); Unusable when that gives no expected values."""
    try:
        with time_cap(f"{shader.relative}: reconditioning and interpreting", time_s):
            result = recondition(shader.program, shader.values)
            if shader.stage is Stage.COMPUTE:
                run_compute(result.program, result.buffer_values, workgroups=shader.dispatch)
            else:
                width, height = shader.framebuffer or (1, 1)
                expected_image(result.program, result.buffer_values, width, height)
    except UndefinedBehaviour as ub:
        raise Unusable("undefined behaviour after reconditioning", ub.category.value) from None
    except InterpreterError as error:
        raise Unusable("the interpreter cannot run it", _first_words(str(error))) from None
    except TestCaseError as error:  # the time cap
        raise Unusable("the interpreter takes too long", str(error)) from None
    except RecursionError:
        raise Unusable("nested too deeply for the interpreter") from None
    except Exception as error:  # a defect of ours must not end a campaign or a scan
        raise Unusable("shadersmith fails on it", _failure(error)) from None


def _failure(error: Exception) -> str:
    return f"{type(error).__name__}: {_first_words(str(error))}"


def usable_program(corpus: Corpus, relative: str, seed: int) -> CorpusProgram:
    """File `relative` as a checked program with inputs from `seed`; Unusable otherwise."""
    shader = converted_program(corpus, relative, seed)
    check_program(shader)
    return shader


def serves(program: Program, purpose: Purpose) -> bool:
    """Whether `program` can serve `purpose`: a fusion part must not discard (one
    discarded fragment would drop every part's colour, mutate/fusion/form.py); a donor
    runs on its own globals anywhere in another program, so it must not synchronise
    (barrier, shared memory), use atomic operations (on what becomes a global), or take
    derivatives (undefined in non-uniform control flow)."""
    if purpose is Purpose.PART:
        return program.stage is Stage.FRAGMENT and not any(
            isinstance(n, Discard) for n in iter_nodes(program)
        )
    if purpose is Purpose.DONOR:
        if program.shared:
            return False
        return not any(
            isinstance(n, Call) and n.callee.startswith(_DONOR_FORBIDDEN)
            for n in iter_nodes(program)
        )
    return True


_DONOR_FORBIDDEN = ("barrier", "atomic", "dFd", "fwidth", "interpolateAt", "subgroup")


@functools.lru_cache(maxsize=1024)
def pick(
    corpus: Corpus, seed: int, stage: Stage | None, purpose: Purpose = Purpose.REFERENCE
) -> CorpusProgram:
    """The program for a test of `seed`: files drawn from the seed's stream until one is
    usable for `purpose` in `stage` (any stage for None); for a reference, where none of
    that stage turns up in MAX_PICKS files, one of the other stage (a corpus of fragment
    shaders alone still serves a campaign whose share of fragment tests is not 1).
    CorpusError when none does. Kept per process: a fusion sequence names a part in each
    of its plans."""
    wanted: list[Stage | None] = [stage]
    if stage is not None and purpose is Purpose.REFERENCE:
        wanted.append(Stage.FRAGMENT if stage is Stage.COMPUTE else Stage.COMPUTE)
    for attempt, current in enumerate(wanted):
        found = _first_usable(corpus, seed, attempt, current, purpose)
        if found is not None:
            return found
    what = f"{stage.value} " if len(wanted) == 1 and stage is not None else ""
    drawn = min(MAX_PICKS, len(corpus.files))
    raise CorpusError(
        f"{corpus.name}: no usable {what}shader for a {purpose.value} among the {drawn} file(s) "
        f"drawn for seed {seed} (bench/corpus_scan.py says why files are unusable)"
    )


def _first_usable(
    corpus: Corpus,
    seed: int,
    attempt: int,
    stage: Stage | None,
    purpose: Purpose,
) -> CorpusProgram | None:
    rng = random.Random(f"corpus-pick-{purpose.value}-{seed}-{attempt}")
    # Without replacement: a small corpus is tried whole, each file once.
    for position in rng.sample(range(len(corpus.files)), min(MAX_PICKS, len(corpus.files))):
        relative = corpus.files[position]
        found_stage = _stage_of(corpus, relative)
        if found_stage is None or (stage is not None and found_stage is not stage):
            continue
        try:
            shader = converted_program(corpus, relative, seed)
        except Unusable:
            continue
        if not serves(shader.program, purpose):
            continue
        try:
            check_program(shader)
        except Unusable:
            continue
        return shader
    return None


def donor_record(corpus: Corpus, stage: Stage, seed: int) -> dict[str, Any]:
    """The record (record.py) of the corpus donor a dead-code or live-code step of a
    `stage` program takes, chosen from the step's donor seed."""
    return pick(corpus, seed, stage, Purpose.DONOR).record()


def reference_stage(seed: int, fragment_share: float) -> Stage:
    """The stage of test `seed`'s reference from a corpus: fragment for a share of
    seeds, as the generator's `fragment_probability` decides for generated ones."""
    fragment = random.Random(f"corpus-stage-{seed}").random() < fragment_share
    return Stage.FRAGMENT if fragment else Stage.COMPUTE


@functools.lru_cache(maxsize=65536)
def _stage_of(corpus: Corpus, relative: str) -> Stage | None:
    """The stage of a file's shader, None where it holds none we use (read once; a file
    that makes shadersmith fail is one it cannot use, not the end of a campaign)."""
    try:
        return load_corpus_file(corpus, relative).stage
    except Exception:
        return None


def _first_words(text: str, limit: int = 120) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line[:limit]
