"""What a bug report is about and to whom it goes: the finding a test records (refused
where there is nothing to file upstream), the component its signature names, that
component's row of the component table (targets/catalogue/components.py), the reproducer
format for the path that failed, and the few words every step of the report shares
(the reference target, the targets' chains, a signature's detail)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from shadersmith.case import TestCase
from shadersmith.case.finding import Finding
from shadersmith.case.oracle import Differential, Fusion, Metamorphic
from shadersmith.export.checks import Check
from shadersmith.oracle.known_bugs import is_known_signature, known_bug_signed
from shadersmith.oracle.normalise import normalise
from shadersmith.oracle.signature import unknown_pair
from shadersmith.targets.catalogue.components import (
    AMBER,
    MESA_GLSL,
    PIGLIT,
    Component,
    component_row,
    gl_drivers,
)
from shadersmith.targets.catalogue.registry import TARGETS, chain_of, every_target, is_witness

# Mesa's GL drivers here (llvmpipe, softpipe): shader_runner runs a piglit test on each.
MESA_GL_DRIVERS = gl_drivers(mesa_only=True)
REFERENCE = "interp"
_SUFFIXES = (".reference", ".variant")  # a metamorphic test's runs, per program


class BugReportError(ValueError):
    """A test no report can be written for; the message is one line for the user."""


# Checks whose what starts so are the ones that can show the bug itself.
SHOWS = "shows the bug: "


def reported_finding(test: TestCase, directory: Path) -> Finding:
    finding = test.results.finding
    if finding is None:
        raise BugReportError(f"{directory}: the test records no finding: nothing to report")
    if finding.ours:
        raise BugReportError(
            f"{directory}: {finding.signature or finding.kind.value} is a defect of "
            "shadersmith's, not of a compiler: nothing to report upstream"
        )
    known = known_bug_signed(finding.signature)
    if is_known_signature(finding.signature) and (known is None or known.reported):
        raise BugReportError(
            f"{directory}: {finding.signature} is a bug known upstream already "
            "(oracle/known_bugs.py): not reported again"
        )
    if isinstance(test.oracle, Fusion):
        raise BugReportError(
            f"{directory}: a fusion test's finding is a tolerance on images: report one of "
            "its programs as a test of its own"
        )
    return finding


def signed_component(finding: Finding) -> str:
    """The component a finding's signature names (`wrong:mesa-glsl`,
    `crash:naga:panic ...`, schema 1's `wrong:odd_one_out:nvidia-gl`), else the first
    blamed one."""
    parts = finding.signature.split(":")
    if len(parts) >= 2:
        named = parts[2] if parts[1] in ("odd_one_out", "disagree") and len(parts) > 2 else parts[1]
        if named:
            return named
    blamed = [name for name in finding.blamed.split(",") if name]
    if blamed:
        return blamed[0]
    raise BugReportError(f"the finding {finding.signature!r} names no component")


def plain_targets(names: Sequence[str]) -> list[str]:
    """Targets without a metamorphic test's `.reference` / `.variant` suffix."""
    plain = []
    for name in names:
        for suffix in _SUFFIXES:
            name = name.removesuffix(suffix)
        plain.append(name)
    return list(dict.fromkeys(plain))


def as_differential(test: TestCase) -> TestCase:
    """The test's program alone (a metamorphic test's variant), judged against the
    reference interpreter: what a maintainer runs."""
    if isinstance(test.oracle, Metamorphic):
        main = test.main_file
        return dataclasses.replace(test, oracle=Differential(), shaders={main: test.main_shader})
    return test


def target_chain(target: str) -> tuple[str, ...]:

    return tuple(chain_of(target).components) if target in TARGETS else ()


def upstream_of(component: str, finding: Finding, directory: Path) -> Component:
    """The component's row of the component table, where there is one to report to."""
    pair = unknown_pair(finding.signature)
    if pair is not None:
        raise BugReportError(unseparated_message(directory, finding, pair))
    row = component_row(component)
    if row is None:
        raise BugReportError(
            f"{directory}: no upstream project known for component {component!r} "
            f"({finding.signature}): it has no row in targets/catalogue/components.py"
        )
    if row.format is None:
        raise BugReportError(
            f"{directory}: {finding.signature} names {component}, {row.project}'s "
            f"{row.part}: nothing to report upstream"
        )
    return row


# How many second consumers an unseparated finding's refusal suggests.
_SUGGESTED_CONSUMERS = 4


def unseparated_message(directory: Path, finding: Finding, pair: tuple[str, str]) -> str:
    """Why a finding blame could not pin (`wrong:unknown:a|b`) has no report yet, and how
    to pin it: run it on a second consumer of a's output whose chain has no b (blame names
    a step only when such a consumer shows the same wrong value: oracle/blame.py)."""
    step, consumer = pair
    second = [
        name
        for name in every_target()
        if not is_witness(name)
        and step in target_chain(name)
        and consumer not in target_chain(name)
        and name not in finding.targets
    ][:_SUGGESTED_CONSUMERS]
    failing = ",".join(plain_targets(finding.targets))
    hint = (
        f": run it where one is present, e.g. `shadersmith run {directory} --targets "
        f"{failing},{second[0]},interp --save` ({', '.join(second)} read {step}'s output "
        f"without {consumer})"
        if second
        else ""
    )
    return (
        f"{directory}: {finding.signature}: blame could not tell {step} from {consumer} "
        f"(no second consumer of {step}'s output ran the test), so there is no one "
        f"upstream to report to yet{hint}"
    )


def reproducer_format(upstream: Component, failing: Sequence[str]) -> str:
    """A back-end both GL and Vulkan chains share (llvmpipe) is reported in the format of
    the path that failed."""
    assert upstream.format is not None  # upstream_of refused the others
    if upstream.format_follows_path and failing:
        gl = any(MESA_GLSL in target_chain(t) for t in failing)
        return PIGLIT if gl else AMBER
    return upstream.format


def mesa_gl_driver(target: str) -> str | None:
    chain = target_chain(target)
    if MESA_GLSL not in chain:
        return None
    return next((d for d in MESA_GL_DRIVERS if d in chain), None)


def signature_detail(finding: Finding) -> str:
    parts = finding.signature.split(":", 2)
    return parts[2] if len(parts) > 2 else ""


def log_says(detail: str, log: str) -> bool:
    """Whether a line of `log`, normalised as signatures are (oracle/normalise.py), holds
    a signature's `detail` (normalised and bounded already)."""

    return any(detail in normalise(line) for line in log.splitlines())


def verdict_of(checks: Sequence[Check]) -> bool | None:
    """Whether a report's reproducer reproduces: True when every check that ran showed
    the finding and one of them showed the bug itself; False when one did not; None when
    nothing that shows the bug could run here (the driver is not on this machine)."""
    if any(check.as_found is False for check in checks if check.ran):
        return False
    shown = any(check.as_found and check.what.startswith(SHOWS) for check in checks)
    return True if shown else None
