"""Named sets of generator options, and options from OPTION=VALUE text.

`DEEPER_CONSTRUCTS` turns on every construct of issue 20 the generator has, at the rates
a campaign with them uses: small ones for the constructs that replace ordinary variables
(a matrix or struct in every declaration would crowd the rest out), larger for those added
once per program or met only by some programs (subgroups need a work group of whole
subgroups, pointer arguments a local of the parameter's type). A language's profile
ignores what it lacks (GLSL: the WGSL spellings; WGSL has every construct here). The
benches (bench/constructs.py, bench/differential.py --constructs) measure with it.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from shadersmith.config.generator_options import SmithOptions, options_from_dict, options_to_dict

DEEPER_CONSTRUCTS: dict[str, float] = {
    "matrix_probability": 0.05,
    "struct_probability": 0.05,
    "buffer_struct_probability": 0.1,
    "atomic_probability": 0.2,
    "discard_probability": 0.3,
    "index_clamping_probability": 0.3,
    "buffer_qualifier_probability": 0.3,
    "vertex_stage_probability": 0.25,
    "subgroup_probability": 0.6,
    "texture_probability": 0.2,
    "texture_sampling_probability": 0.5,
    "loop_continuing_probability": 0.3,
    "pointer_parameter_probability": 0.3,
    "preprocessor_probability": 0.1,
    "multi_invocation_probability": 0.7,
    "fragment_probability": 0.25,
}

# Every feature the generator has, for the language table's "generated?" column
# (bench/language.py), the 10,000-program undefined-behaviour sweep (bench/recondition.py
# --options every) and the coverage bench's `every` row: DEEPER_CONSTRUCTS and the
# features of issue 36 that are not in that preset (tests carry its seeds' programs, so
# it stays as it is), each at a campaign's rate of its own.
EVERY_FEATURE: dict[str, float] = {
    **DEEPER_CONSTRUCTS,
    "specialization_probability": 0.5,
    "int64_probability": 0.05,
    "small_int_probability": 0.05,
    "push_constant_probability": 0.5,
    "control_flow_attribute_probability": 0.3,
    "initialiser_list_probability": 0.3,
    "extra_builtin_probability": 0.5,
    "invariant_probability": 0.5,
    "precise_probability": 0.3,
    "varying_block_probability": 0.5,
    "buffer_reference_probability": 0.5,
    "fragment_output_probability": 0.3,
    "double_probability": 0.05,
    "half_probability": 0.05,
    "narrow_storage_probability": 0.1,
    "image_atomic_probability": 0.3,
    "runtime_array_probability": 0.3,
}


def options_with(settings: dict[str, Any]) -> SmithOptions:
    """The default options with `settings` (option name -> value) applied, read as a
    test's provenance is read: an unknown or mistyped option is a ValueError."""
    return options_from_dict({**options_to_dict(SmithOptions()), **settings})


def parse_settings(pairs: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """`base` with each OPTION=VALUE of `pairs` (a SmithOptions field; the value JSON,
    or True/False); a malformed pair or an unknown option is a ValueError."""
    settings: dict[str, Any] = dict(base)
    known = {f.name for f in dataclasses.fields(SmithOptions)}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or name not in known:
            raise ValueError(f"{pair}: expected OPTION=VALUE with a generator option")
        try:
            settings[name] = text == "True" if text in ("True", "False") else json.loads(text)
        except json.JSONDecodeError:
            raise ValueError(f"{pair}: the value is not a number, list or boolean") from None
    return settings
