"""A corpus program made ready to run: the trial (trial.py) of its program after some
steps, with its corpus record in the provenance (record.py).

It sits above trial.py in the flow, as pair.py and campaign/ do, which import it; the
rest of corpus/ (reading, converting, choosing) is below and imports no trial.
"""

from __future__ import annotations

from collections.abc import Sequence

from shadersmith.front.corpus_record import PROFILE, CorpusProgram
from shadersmith.steps.record import StepRecord
from shadersmith.trial import PreparedTrial, prepare_program


def prepare_corpus(shader: CorpusProgram, steps: Sequence[StepRecord]) -> PreparedTrial:
    """`shader` after `steps` (reconditioning first), emitted, as a job and a test."""
    return prepare_program(
        shader.program,
        shader.values,
        PROFILE,
        shader.provenance(),
        steps,
        None,
        shader.dispatch,
        shader.framebuffer,
    )
