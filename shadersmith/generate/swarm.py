"""Swarm testing (Groce, Zhang, Eide, Chen, Regehr: "Swarm Testing", ISSTA 2012): each
program is generated from its own random configuration instead of one that enables
everything. A construct that is always available crowds out the patterns that need its
absence (a long straight run of arithmetic with no calls, loops without `switch`, integer
code without floats), and a bug that one construct's presence masks is found only by
programs that leave it out.

`swarm_options(seed, options)` draws, from a random stream of the seed alone:
- each construct of options.CONSTRUCTS left out with probability 1/2 (the paper's
  coin per feature), on top of those the base options already leave out;
- floats and buffer instance names kept with probability 1/2 (when the base keeps them),
  and a non-empty subset of the base's value generators;
- each size bound (expression depth, statements per block, nesting, functions,
  parameters, globals) uniformly between its minimum and the base's value;
- the statement probabilities (control flow, guided switch and for, ShaDiv's p_delta,
  shared memory, M_liv) uniformly between 0 and twice the base's value (at most 1), so
  that a probability the base sets to 0 stays 0, and one of at most 1/2 keeps its mean.
- each deeper construct of issue 20 the base turns on (matrices, structs in variables
  and in buffers, discard, a vertex stage, atomics, subgroups, textures, index
  clamping, buffer qualifiers, WGSL's loop-continuing spelling and pointer parameters,
  texture sampling, GLSL's preprocessor spelling: options.CONSTRUCT_PROBABILITIES) left out
  with probability 1/2, else its probability drawn like the statement probabilities;
  these are drawn last, so the configurations of before, where the base had them off,
  keep every earlier draw.
The shares of the campaign (multi-invocation, fragment) and M_liv's mode are the base's.
The result has `swarm` off: it is the program's configuration, recorded in its test's
provenance as it is, so a replay regenerates the program without drawing again (and
without depending on this module staying as it is).

Where `swarm` is on: `fuzz` turns it on by default (cli/fuzz.py, FUZZ_GENERATOR_DEFAULTS); the
generator's own default (`SmithOptions.swarm`) stays off, since the default options make
every program that `generate`, `validate`, `metamorphic` references, `fuse` parts and the
tests build, and swarm would leave half of the constructs out of each of them. Measured:
- bench/ablation.py (2 cores, shared): swarm 5 distinct signatures against M_liv's 3
  (2 minutes each), then 4 against 7; far too few to tell; its programs are smaller
  (median 99 GLSL lines against 124 over 300 seeds), each uses fewer constructs (56
  construct labels against 76, every label still reached by some program);
- bench/yield.py on the H200 machine (16 cores, 4 rounds of 150 s, every new root cause
  reviewed by hand; bench/data/yield/): one new root cause per configuration in about
  half a CPU-hour each (2.1 per CPU-hour against the defaults' 2.0), the same number of
  known ones, and 22% more tests per CPU-hour (5,678 against 4,635).
"""

from __future__ import annotations

import dataclasses
import random

from shadersmith.config.generator_options import CONSTRUCT_PROBABILITIES, CONSTRUCTS, SmithOptions

# Size bounds drawn between their minimum and the base's value.
_SIZE_MINIMA: dict[str, int] = {
    "max_expression_depth": 1,
    "max_statements_per_block": 1,
    "max_nesting": 1,
    "max_functions": 0,
    "max_params": 0,
    "max_globals": 0,
}
_PROBABILITIES: tuple[str, ...] = (
    "control_flow_probability",
    "guided_switch_probability",
    "guided_for_probability",
    "divergence_probability",
    "shared_memory_probability",
    "liveness_extension_probability",
)


def swarm_options(seed: int, options: SmithOptions) -> SmithOptions:
    """The configuration of program `seed` under swarm testing (see the module
    docstring); `options` itself when its `swarm` is off."""
    if not options.swarm:
        return options
    rng = random.Random(f"shadersmith-swarm-{seed}")
    omitted = tuple(c for c in CONSTRUCTS if c in options.omitted_constructs or rng.random() < 0.5)
    generators = tuple(g for g in options.value_generators if rng.random() < 0.5)
    if not generators:
        generators = (rng.choice(options.value_generators),)
    changes: dict[str, object] = {
        "swarm": False,
        "omitted_constructs": omitted,
        "value_generators": generators,
        "floats": options.floats and rng.random() < 0.5,
        "buffer_instance_names": options.buffer_instance_names and rng.random() < 0.5,
    }
    for name, minimum in _SIZE_MINIMA.items():
        changes[name] = rng.randint(min(minimum, getattr(options, name)), getattr(options, name))
    for name in _PROBABILITIES:
        ceiling = min(1.0, 2 * getattr(options, name))
        changes[name] = round(rng.uniform(0.0, ceiling), 3)
    for name in CONSTRUCT_PROBABILITIES:
        ceiling = min(1.0, 2 * getattr(options, name))
        kept = rng.random() >= 0.5
        drawn = rng.uniform(0.0, ceiling)
        changes[name] = round(drawn, 3) if kept else 0.0
    return dataclasses.replace(options, **changes)  # type: ignore[arg-type]


def omitted_labels(options: SmithOptions) -> list[str]:
    """The choice labels that record what a swarm configuration left out."""
    return [f"swarm:omitted:{construct}" for construct in options.omitted_constructs]
