"""A real target whose jobs a function of ours rewrites or fails (catalogue.WrappedBuild).

Tests plant known bugs this way (tests/planted_bugs.py) to check oracles, signatures,
blame and reduction end to end: the wrapper is named as a component of its own, so blame
must point at it, and everything else is the real driver's work.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from shadersmith.targets.chains import ChainTarget
from shadersmith.targets.engine import TargetSpec
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult

if TYPE_CHECKING:
    from shadersmith.targets.catalogue.table import WrappedBuild

# What a wrapper's factory returns, given the real target and the row's arguments.
Wrapper = Callable[..., Callable[[Job], RunResult]]


def wrapped_target(name: str, build: WrappedBuild, base: TargetSpec) -> ChainTarget:
    """`base` built in this worker under `name`, its jobs run through `build.factory`'s
    function, `build.component` in its chain after `build.after`."""
    own_name = tuple((k, name if k == "name" else v) for k, v in base.kwargs)
    real = dataclasses.replace(base, kwargs=own_name).build()
    if not isinstance(real, ChainTarget):
        raise TypeError(f"{base.name} is not a chain a wrapper can stand in front of")
    module_name, function_name = build.factory.split(":")
    make_run: Wrapper = getattr(importlib.import_module(module_name), function_name)
    run = make_run(real, **dict(build.arguments))
    names = [component for component, _ in real.components]
    at = names.index(build.after) + 1 if build.after is not None else 0
    components = list(real.components)
    components.insert(at, (build.component, "1"))
    return ChainTarget(name, components, run, extra_versions=real.extra_versions)
