"""Component names, and which component a failed run points at.

A target is a chain of components (chains.py: `ChainTarget.components`, pairs of name and
version in chain order). The oracles work on names only: a bucket must not split because
a driver was updated, so versions never enter a signature or a blame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shadersmith.targets.catalogue.components import LIBRARIES
from shadersmith.targets.catalogue.registry import is_witness as in_catalogue
from shadersmith.targets.results import RunResult

# LIBRARIES (the component table's `library` column: LLVM, ACO) are linked into a driver
# rather than steps of the chain: the driver is the chain's last step that is not one. A
# crash that names no component is the driver's (a signal alone cannot tell RADV's NIR
# passes from ACO), one that names ACO (its validator) is ACO's.

OURS = "shadersmith"  # the generator, the reconditioner, the harness: a defect of ours
UNKNOWN = "unknown"  # no component can be singled out
DRIVER = "driver"  # what runners call the last component when they cannot name it

_VALIDATED_AFTER = "spirv-val after "  # toolchain.py: spirv-val rejected this tool's output
_HARNESS_EXCEPTION = "harness exception:"  # engine.py: our code raised inside the worker


def is_witness(target: str) -> bool:
    """A witness (targets/catalogue/table.py, Role.WITNESS) is evidence for blame only."""

    return in_catalogue(target)


def component_name(component: str | tuple[str, str]) -> str:
    """`("glslang", "11.13.0")` -> `glslang`; a bare name stays as it is."""
    return component[0] if isinstance(component, tuple) else component


def chain_names(chain: Iterable[str | tuple[str, str]]) -> list[str]:
    return [component_name(component) for component in chain]


def driver_of(chain: Sequence[str]) -> str:
    """The driver: the last step of the chain that is not a library."""
    steps = [name for name in chain if name not in LIBRARIES]
    return steps[-1] if steps else UNKNOWN


def failing_component(result: RunResult, chain: Sequence[str] = ()) -> str:
    """The component a failed run names, resolved against its target's chain.

    A cause found by evidence.py comes first; spirv-val rejecting a tool's output
    blames that tool; the interpreter meeting undefined
    behaviour, or our own code raising in the worker, blames us; a run that names no
    component (a worker killed by a signal) or only "driver" blames the chain's driver.
    """
    named = result.failed_component
    if result.log.startswith(_HARNESS_EXCEPTION) or named == "program":
        return OURS
    if result.cause is not None and result.cause[0] in chain:
        return result.cause[0]  # the component that made the bad state the failing one met
    if named is not None and named.startswith(_VALIDATED_AFTER):
        return named[len(_VALIDATED_AFTER) :]
    if named is None or named == DRIVER:
        return driver_of(chain) if chain else DRIVER
    return named
