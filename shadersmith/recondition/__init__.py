"""The reconditioner: any IR program to one free of undefined behaviour (seed 003).

    recondition(program, buffer_values, options) -> Reconditioned
    instrument(reconditioned) -> Program          the "double run" of seed 003 section 6.1
    wrapper_hits(reconditioned, buffer_values) -> set[str]
    prune_wrappers(reconditioned, unsafe_paths_taken) -> Reconditioned

See pipeline.py for the passes and their order.
"""

from shadersmith.recondition.instrument import (
    HITS_BLOCK,
    HITS_FIELD,
    hits_buffer_values,
    instrument,
    prune_wrappers,
    wrapper_hits,
    wrapper_sites,
)
from shadersmith.recondition.pipeline import Reconditioned, ReconditionOptions, recondition

__all__ = [
    "HITS_BLOCK",
    "HITS_FIELD",
    "ReconditionOptions",
    "Reconditioned",
    "hits_buffer_values",
    "instrument",
    "prune_wrappers",
    "recondition",
    "wrapper_hits",
    "wrapper_sites",
]
