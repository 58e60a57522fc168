"""Whether a tool step made invalid SPIR-V: the step's output, and its input when needed.

The validators disagree, and each rule they add is new for every tool. Seed 9200298 (issue
30): glslang 12 gives a `shared` array the type of a buffer's array, with its
`ArrayStride`; Debian's spirv-val (v2023.1) accepts that, the newest (v2025.5) rejects it
(VUID-StandaloneSpirv-None-10684, a rule new since). validate_spirv asks the validators
oldest first and stops at the first that accepts, so after glslang the newest was never
asked; after spirv-opt Debian's rejected the output for another reason (its false
positive, SPIRV-Tools #5784), the newest for 10684, inherited from the input, and
spirv-opt was blamed for glslang's module.

The rule: a step is invalid (`invalid:<step>`) only when the newest validator, the one
that judges, accepts the step's input and rejects its output. When it rejects the input
too, the step introduced nothing: the chain goes on with its output, and the log says
whose module the newest rejects (and, where it is cheap to know, whether the newest
release of that producer writes a valid one). The input is checked only in that rare
case, after the output was rejected: the usual path stays validate_spirv's, in-process.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from shadersmith.targets.tools.spirv_tools import (
    SpirvValError,
    ToolError,
    ToolOutcome,
    Toolset,
    validate_spirv,
    validator_version,
)

# The newest producer's module of the same source, or None where there is none to ask
# (the producer is the newest already, or the newest release is not installed).
NewestModule = Callable[[], bytes | None]


def judging_toolset(toolset: Toolset) -> Toolset:
    """`toolset` with only its last validator: the newest, whose verdict stands."""
    return dataclasses.replace(toolset, validators=toolset.validator_paths()[-1:])


def rejects(spirv: bytes, toolset: Toolset) -> SpirvValError | None:
    """The judging validator's rejection of `spirv`, or None when it accepts it (a
    validator that crashes or hangs says nothing against the module: None too)."""
    try:
        validate_spirv(spirv, toolset=judging_toolset(toolset))
    except SpirvValError as error:
        return error if error.outcome is ToolOutcome.REJECTED else None
    return None


def validate_step_output(
    given: bytes,
    made: bytes,
    step: str,
    producer: str,
    toolset: Toolset,
    newest_module: NewestModule | None = None,
) -> str:
    """validate_spirv on `made`, what `step` wrote from `given` (a module that `producer`
    wrote, e.g. "glslang 11:12.0.0"): a line for the log ("" when there is nothing to
    say), or the SpirvValError that makes it the step's finding. A rejected `made` is the
    step's only when the judging validator accepts `given`."""
    try:
        return validate_spirv(made, toolset=toolset)
    except SpirvValError as error:
        if error.outcome is not ToolOutcome.REJECTED:
            raise
        inherited = rejects(given, toolset)
        if inherited is None:
            raise
        return _inherited_note(error, inherited, step, producer, toolset, newest_module)


def _inherited_note(
    output_error: SpirvValError,
    input_error: SpirvValError,
    step: str,
    producer: str,
    toolset: Toolset,
    newest_module: NewestModule | None,
) -> str:
    judge = validator_version(toolset.validator_paths()[-1])
    given = _message(input_error.log)
    made = _message(output_error.log)
    return (
        f"spirv-val {judge} rejects {step}'s input, {producer}'s module, as well as its "
        f"output: not {step}'s finding (input: {given}; output: "
        f"{'the same' if made == given else made})"
        f"{_newest_producer(newest_module, toolset, given)}"
    )


def _newest_producer(newest_module: NewestModule | None, toolset: Toolset, given: str) -> str:
    """What the judging validator says of the newest producer's module, for the note."""
    if newest_module is None:
        return ""
    try:
        module = newest_module()
    except (ToolError, OSError) as error:
        return f"; the producer's newest release could not be asked: {_message(str(error))}"
    if module is None:
        return ""
    rejection = rejects(module, toolset)
    if rejection is None:
        return "; the producer's newest release writes a valid module (fixed there)"
    said = _message(rejection.log)
    same = "the same" if said == given else said
    return f"; its newest release's module is rejected too ({same})"


def _message(log: str) -> str:
    """The validator's first error line (the last line of validate_spirv's log repeats it
    after what was checked)."""
    errors = [line for line in log.splitlines() if line.startswith("error:")]
    lines = errors or log.strip().splitlines()
    return lines[0] if lines else "no message"
