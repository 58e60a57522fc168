"""Planted-bug targets: a real target whose input is rewritten before it compiles.

They exist to check oracles, signatures, blame and reduction end to end against a bug
whose cause is known: the rewrite is named as a component of its own, so blame must
point at it. Never part of the default target list; their names start with `planted-`.
"""

from __future__ import annotations

import dataclasses

from shadersmith.targets.chains import ChainTarget, Job, gl_target, vulkan_target
from shadersmith.targets.results import RunResult

# name -> (text to find, replacement): each rewrite changes one operator everywhere.
REWRITES: dict[str, tuple[str, str]] = {
    "xor-to-or": (" ^ ", " | "),
    "shl-to-shr": (" << ", " >> "),
    "sub-to-add": (" - ", " + "),
}


def planted_target(name: str, base: str, rewrite: str) -> ChainTarget:
    """`base` ("gl-llvmpipe" or "vk-lavapipe") with the operator rewrite `rewrite`."""
    find, replace = REWRITES[rewrite]
    if base == "gl-llvmpipe":
        real = gl_target(name, "llvmpipe")
    elif base == "vk-lavapipe":
        real = vulkan_target(name, "llvmpipe")
    else:
        raise ValueError(f"no planted variant of {base}")

    def run(job: Job) -> RunResult:
        rewritten = dataclasses.replace(job, source=job.source.replace(find, replace))
        return real.run(rewritten)

    components = [(f"planted-{rewrite}", "1"), *real.components]
    return ChainTarget(name, components, run, extra_versions=real.extra_versions)
