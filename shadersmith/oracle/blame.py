"""Which component a finding points at.

Failures name their component themselves (the tool that rejected or crashed, else the
driver). A wrong result is blamed on the components that every wrong target has and no
passing target has: ShaDiv's back-end rule (only the targets of one back-end differ) and
GLSLsmith's ANGLE rule (only the targets through ANGLE differ) are special cases of it.

Where that set is empty, a component a passing target shares still stays a suspect when
that target fed it a different input: llvmpipe's GL driver is in both gl-llvmpipe and
vk-lavapipe-cross, but the second gives it spirv-cross's GLSL, not the original. What
else is needed to tell such suspects apart is a re-run without the optional parts of the
chain (seed 002, Example 7): `refinement_targets` names those sibling targets, the
campaign runs the ones missing from the test (`missing_refinements`), adds their results,
and classifies and blames again. E.g. vk-lavapipe-opt alone wrong, vk-lavapipe missing:
glslang, spirv-opt and lavapipe are suspects; if vk-lavapipe then gives the right output,
glslang and lavapipe (with the same input) are cleared and spirv-opt remains.

A tool before the driver (glslang, spirv-opt, spirv-cross, naga) is named alone only
when a second consumer of its output shows the same wrong value (issue 30): vk-nvidia-opt
wrong beside a right vk-nvidia clears NVIDIA's driver only of glslang's module, not of
spirv-opt's, and it was NVIDIA that miscompiled the optimised module (lavapipe and
SwiftShader ran it right). The front-end is no different: vk-lavapipe alone wrong, with
SwiftShader unable to run the module (no int64), leaves glslang and lavapipe equal
suspects, and it was Mesa 22's lavapipe (Mesa 25's ran glslang's same module right).
Without that second consumer both stay suspects, named `unknown` first (`unknown_pair`);
the CPU Vulkan drivers are run beside every Vulkan chain to be that consumer
(`other_back_ends`, `witnesses_for`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TypeGuard

from shadersmith.case.finding import OUR_KINDS, Finding, Kind
from shadersmith.oracle.classify import WRONG_RESULT_KINDS
from shadersmith.oracle.components import (
    OURS,
    UNKNOWN,
    chain_names,
    failing_component,
    is_witness,
)
from shadersmith.targets.catalogue.components import LIBRARIES, cpu_vulkan_devices
from shadersmith.targets.catalogue.registry import on_newest, witnesses
from shadersmith.targets.catalogue.table import (
    TARGETS,
    GLBuild,
    Role,
    VulkanBuild,
    WgpuBuild,
    WrappedBuild,
)
from shadersmith.targets.results import RunResult

Chains = Mapping[str, Sequence[str | tuple[str, str]]]


def blame(finding: Finding, results: Mapping[str, RunResult], components: Chains) -> list[str]:
    """The suspect components of a finding, most specific first; `[UNKNOWN]` when none
    can be singled out, `[OURS]` for a defect of ours, `[]` for agreement."""
    if finding.kind is Kind.AGREE:
        return []
    if finding.kind in OUR_KINDS:
        return [OURS]
    if finding.kind in WRONG_RESULT_KINDS:
        if not finding.passing:
            return [UNKNOWN]  # outputs split with no majority and no reference
        causes = {
            result.cause[0]
            for name in finding.targets
            if not is_witness(name) and (result := results[name]).cause is not None
        }
        subjects = [name for name in finding.targets if not is_witness(name)]
        if len(causes) == 1 and all(results[name].cause is not None for name in subjects):
            # Every wrong target was handed a bad state by one component (evidence.py):
            # what the back-ends then computed from it says nothing more.
            return sorted(causes)
        failing = [chain_names(components.get(name, ())) for name in finding.targets]
        passing = [
            chain_names(components.get(name, ()))
            for name in same_releases(finding.passing, subjects)
        ]
        return unseparated_step(suspects(failing, passing), failing, passing)
    named: list[str] = []
    for name in finding.targets:
        component = failing_component(results[name], chain_names(components.get(name, ())))
        if finding.kind in REJECTION_KINDS:
            producer = input_producer(name, component, finding.passing, components)
            if producer is not None and producer not in named:
                named.append(producer)
        if component not in named:
            named.append(component)
    return named or [UNKNOWN]


def same_releases(passing: Sequence[str], failing: Sequence[str]) -> list[str]:
    """The passing targets that clear components of the failing ones: those on the same
    releases. Names carry no versions, so gl-zink's right value (Mesa 25's GLSL front-end)
    must not clear gl-llvmpipe's `mesa-glsl` (Mesa 22's), nor a -newest twin's the base's."""

    releases = {on_newest(name) for name in failing}
    return [name for name in passing if on_newest(name) in releases]


# A driver that crashes or hangs is at fault whoever wrote its input; one that rejects its
# input may be right to, if a tool before it in the chain wrote invalid code.
REJECTION_KINDS = frozenset({Kind.COMPILE_FAILURE, Kind.UNCONFIRMED})


def input_producer(
    target: str, component: str, passing: Sequence[str], components: Chains
) -> str | None:
    """The tool that wrote what `component` rejected, when a passing target ran the same
    component on other input: the nearest tool upstream of it in `target`'s chain that the
    passing chain lacks. E.g. llvmpipe's GL driver rejects spirv-cross's GLSL on
    vk-lavapipe-cross but compiles the original on gl-llvmpipe: spirv-cross wrote it."""
    chain = chain_names(components.get(target, ()))
    if component not in chain:
        return None
    upstream = chain[: chain.index(component)]
    for other in passing:
        other_chain = set(chain_names(components.get(other, ())))
        if component not in other_chain:
            continue
        for tool in reversed(upstream):
            if tool not in other_chain:
                return tool
    return None


def suspects(failing: Sequence[Sequence[str]], passing: Sequence[Sequence[str]]) -> list[str]:
    """Components of every failing chain that no passing chain clears.

    First the strict rule: components no passing chain has at all. If there are none, the
    components whose every passing occurrence received a different input (another chain
    upstream). In chain order, libraries last (LIBRARIES, the component table's `library`
    column: linked into a driver, a library's place in a chain says nothing about what it
    received, and a shared library is the least specific suspect).
    """
    if not failing:
        return [UNKNOWN]
    common = [name for name in _specific_first(failing[0]) if all(name in f for f in failing)]
    strict = [name for name in common if not any(name in p for p in passing)]
    if strict:
        return strict
    weaker = [
        name
        for name in common
        if not any(
            name in p and _upstream(p, name) == _upstream(f, name) for p in passing for f in failing
        )
    ]
    return weaker or [UNKNOWN]


def unseparated_step(
    named: list[str], failing: Sequence[Sequence[str]], passing: Sequence[Sequence[str]]
) -> list[str]:
    """`named` (suspects, most specific first), or `[UNKNOWN, tool, consumer, ...]` where
    it names a tool before the driver that no second consumer of its output confirms.

    Two ways leave a tool and what reads its output equal suspects:
    - a middle step (spirv-opt, spirv-cross) that the chain without it cleared
      (vk-nvidia beside vk-nvidia-opt, seed 002's Example 7): that chain fed the step's
      consumer what the step itself was fed and got the right value, which clears the
      consumer of the step's input, not of its output;
    - the chain's first step (a front-end) suspected together with a step after it: no
      chain without the front-end exists to tell them apart.
    Either way the step is confirmed only by two failing chains that read its same output
    through consumers they do not share (vk-lavapipe-opt and vk-swiftshader-opt both
    wrong; vk-lavapipe and vk-lavapipe-opt share lavapipe, so they are one consumer).
    Left as named: a planted rewrite before a front-end (tests/planted_bugs.py), which
    stands for the bug its test planted, even where no chain without it ran (a fusion
    campaign compares each target with itself); and the driver, the last step, which
    nothing reads."""
    if not named or named[0] == UNKNOWN or not failing:
        return named
    step, chain = named[0], failing[0]
    steps = [name for name in chain if name not in LIBRARIES]
    if step not in steps or steps.index(step) == len(steps) - 1:
        return named
    after = _steps_after(chain, step)
    fed = _upstream(chain, step)
    if steps.index(step) == 0:
        if step in PLANTED_COMPONENTS:
            return named  # a test's planted bug, wrapped around a real chain: named as such
        downstream = [name for name in named[1:] if name in after]
        if not downstream:
            return named  # the strict rule named it alone: nothing after it is suspect
        consumer = downstream[0]
    else:
        consumer = after[0]
        if not any(consumer in p and _upstream(p, consumer) == fed for p in passing):
            return named  # nothing ran the consumer on the step's input: Example 7 stands
    readers = [
        set(_steps_after(f, step)) for f in failing if step in f and _upstream(f, step) == fed
    ]
    if any(not (one & other) for one in readers for other in readers):
        return named  # a second consumer of the same output shows the same wrong value
    return [UNKNOWN, step, consumer, *(name for name in named[1:] if name != consumer)]


class _PlantedComponents:
    """The components wrapped targets add to a real chain (WrappedBuild: tests' planted
    bugs), read from the catalogue when asked, since tests register theirs late."""

    def __contains__(self, name: object) -> bool:
        return any(
            isinstance(row.build, WrappedBuild) and row.build.component == name
            for row in TARGETS.values()
        )


PLANTED_COMPONENTS = _PlantedComponents()


def _steps_after(chain: Sequence[str], name: str) -> list[str]:
    steps = [step for step in chain if step not in LIBRARIES]
    return steps[steps.index(name) + 1 :]


def _specific_first(chain: Sequence[str]) -> list[str]:
    steps = [name for name in chain if name not in LIBRARIES]
    return steps + [name for name in chain if name in LIBRARIES]


def _upstream(chain: Sequence[str], name: str) -> tuple[str, ...]:
    """What feeds a component: the steps before it; a library is fed by the whole chain."""
    steps = [step for step in chain if step not in LIBRARIES]
    if name in LIBRARIES:
        return tuple(steps)
    return tuple(steps[: steps.index(name)])


def refinement_targets(target: str) -> list[str]:
    """Sibling targets: the same chain without its optional parts (seed 002, Example 7).

    vk-lavapipe-opt -> vk-lavapipe (without spirv-opt); vk-lavapipe-cross -> vk-lavapipe
    (without spirv-cross) and gl-llvmpipe (the same GL driver, given the original GLSL);
    a planted target -> its base and the base's siblings. A Vulkan chain also has its
    twins on the CPU Vulkan drivers it does not run on (other_back_ends). Read from the
    catalogue's typed rows, so new targets of the same kinds need no entry here.
    """

    row = TARGETS.get(target)
    if row is None:
        return []
    if isinstance(row.build, WrappedBuild):
        return [row.build.base, *refinement_targets(row.build.base)]
    siblings: list[str] = list(row.witnesses)
    build = row.build
    if not isinstance(build, VulkanBuild):
        return siblings + other_back_ends(target)
    compared = [
        o for o in TARGETS.values() if o.role is not Role.WITNESS and o.newest == row.newest
    ]
    if build.optimizer or build.cross_driver:
        plain = dataclasses.replace(build, optimizer=None, cross_driver=None)
        siblings += [o.name for o in compared if o.build == plain]
    if build.cross_driver:
        # The GL driver spirv-cross's GLSL is handed to, given the original GLSL.
        siblings += [o.name for o in compared if o.build == GLBuild(build.cross_driver)]
    return siblings + other_back_ends(target)


# Vulkan drivers on the CPU that share nothing but the SPIR-V they are given (and the
# tools before it): lavapipe (llvmpipe, LLVM) and SwiftShader (Subzero), by the text that
# picks their device (the component table's `on_cpu` and `vulkan_device` columns).
CPU_VULKAN_DEVICES = cpu_vulkan_devices()


def other_back_ends(target: str) -> list[str]:
    """The same chain into the CPU Vulkan drivers it does not run on: vk-lavapipe ->
    vk-swiftshader, vk-swiftshader-opt -> vk-lavapipe-opt, vk-nvidia-opt ->
    vk-lavapipe-opt and vk-swiftshader-opt; wgpu-vk-nvidia -> wgpu-vk and
    wgpu-vk-swiftshader. Their glslang, spirv-opt (same pass list) and spirv-val, or
    naga, make the same SPIR-V, so a right output there clears those tools of a wrong one
    here (the driver that read it is left), and the same wrong output there is the second
    consumer that names the tool (`unseparated_step`). They need only the CPU:
    every machine can run them (scripts/gpu-carry.sh takes SwiftShader to the GPU's)."""

    row = TARGETS.get(target)
    if row is None or not _on_a_vulkan_device(row.build):
        return []
    others = {
        dataclasses.replace(row.build, device=device)
        for device in CPU_VULKAN_DEVICES - {row.build.device}
    }
    return [
        o.name
        for o in TARGETS.values()
        if o.build in others and o.newest == row.newest and o.role is not Role.WITNESS
    ]


def _on_a_vulkan_device(build: object) -> TypeGuard[VulkanBuild | WgpuBuild]:
    """A chain that ends in a Vulkan device it picks by name: glslang's (VulkanBuild) or
    naga's SPIR-V through wgpu's Vulkan back-end (wgpu-vk -> wgpu-vk-swiftshader)."""
    if isinstance(build, WgpuBuild):
        return build.backend == "vulkan"
    return isinstance(build, VulkanBuild)


def missing_refinements(finding: Finding, results: Mapping[str, RunResult]) -> list[str]:
    """Sibling targets of a wrong result's targets that the test did not run."""
    if finding.kind not in WRONG_RESULT_KINDS:
        return []
    missing: list[str] = []
    for target in finding.targets:
        for sibling in refinement_targets(target):
            if sibling not in results and sibling not in missing:
                missing.append(sibling)
    return missing


def witnesses_for(targets: Sequence[str]) -> list[str]:
    """The witness targets a session of `targets` should hold ready: the catalogue's
    witnesses of each, and each Vulkan chain's twins on the CPU drivers (other_back_ends),
    run only beside a wrong result to tell a tool from the driver that read its output.
    A session leaves out those this machine lacks."""

    held = {w for target in targets for w in [*witnesses(target), *other_back_ends(target)]}
    return sorted(held - set(targets))
