"""Signatures: a short stable string that names the bug a finding shows (seed 002 4.2).

Buckets are named by signature, the ignore list holds signatures, and reduction keeps a
candidate only if it keeps the signature. Layout:

    <status>:<component>:<detail>   crash:spirv-cross:assert bitcast_glsl_op: in_type...
                                    compile:glslang:'ID' : undeclared identifier
                                    crash:lavapipe:SIGSEGV
    timeout:<component>             oom:<component>
    wrong:<component>               wrong:spirv-opt (the blamed component)
    wrong:unknown:<step>|<consumer> wrong:unknown:spirv-opt|nvidia-vk (not told apart)
    ours:ub:<category>              ours:all-failed:<status>:<component>:<detail>
    unconfirmed:invalid:<component>:<detail>   a rejection only Debian's old spirv-val made

The detail comes from the log, by the first rule of `RULES` that recognises something:
messages first (ACO's, glibc's assertions, LLVM's, the tools': they name the bug best),
then the top stack frame, then the signal, then the first line. Timeouts and running out
of memory carry no detail: where they happen is not stable.
"""

from __future__ import annotations

import re
import signal as signals
from collections.abc import Callable, Mapping, Sequence

from shadersmith.case.finding import Finding, Kind
from shadersmith.oracle.aco import aco_message
from shadersmith.oracle.blame import Chains, blame
from shadersmith.oracle.classify import WRONG_RESULT_KINDS
from shadersmith.oracle.components import (
    OURS,
    UNKNOWN,
    chain_names,
    failing_component,
    is_witness,
)
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.frames import function_name, nearby_crashes, top_frame
from shadersmith.oracle.known_bugs import KnownBug, known_bug, known_signature
from shadersmith.oracle.normalise import bound, normalise, tidy
from shadersmith.targets.results import DEVICE_LOST, RunResult, RunStatus

Rule = Callable[[str], str | None]

STATUS_WORDS = {
    RunStatus.CRASH: "crash",
    RunStatus.OOM: "oom",
    RunStatus.TIMEOUT: "timeout",
    RunStatus.COMPILE_ERROR: "compile",
    RunStatus.LINK_ERROR: "link",
    RunStatus.VALIDATION_ERROR: "invalid",  # spirv-val rejected what a tool produced
    RunStatus.UNDEFINED_BEHAVIOUR: "ub",
}
NO_MESSAGE = "no-message"
# What an unconfirmed validator verdict's signature starts with: the signature the same
# rejection would have, confirmed, after it.
UNCONFIRMED_PREFIX = f"{Kind.UNCONFIRMED.value}:"


# ---------------------------------------------------------------------------- rules


def harness_exception(log: str) -> str | None:
    """engine.py: our code raised in the worker. The exception's type and message."""
    if not log.startswith("harness exception:"):
        return None
    lines = [line for line in log.splitlines() if line.strip()]
    return "harness " + normalise(lines[-1])


def device_lost(log: str) -> str | None:
    """engine.py: the driver lost its Vulkan device during the run (the log's traceback
    is where our harness met the error, not the driver's fault)."""
    return DEVICE_LOST if log.startswith(f"{DEVICE_LOST}:") else None


def aco_error(log: str) -> str | None:
    """RADV's back-end, ACO: the first `ACO ERROR:` of its validators or its instruction
    selection (aco.py), `ACO: %ID never defined [v_add_u16_e64]`. Before the assertion:
    a failed register-allocation check aborts after it, and its message names the bug."""
    return aco_message(log)


_ASSERTION = re.compile(r"(?:(?P<function>[^\n]*?): )?Assertion `(?P<expression>[^\n]*)' failed")


def assertion(log: str) -> str | None:
    """glibc: `prog: file.cpp:545: void ns::C::f(int): Assertion `x' failed.`

    The function and the expression name the assertion; the line number changes with
    every release. Both are source code, not test data: their numbers stay.
    """
    match = _ASSERTION.search(log)
    if match is None:
        return None
    expression = tidy(match["expression"])
    where = match["function"] or ""
    # `prog: file:line: function`: the function follows the last `file:line: `.
    where = re.split(r"\S+:\d+: ", where)[-1]
    name = function_name(where).rsplit("::", 1)[-1] if where else ""
    return f"assert {name}: {expression}" if name else f"assert {expression}"


_LLVM_ERROR = re.compile(r"LLVM ERROR: ?(?P<message>[^\n]*)")


def llvm_error(log: str) -> str | None:
    """LLVM's fatal errors: `LLVM ERROR: Cannot emit physreg copy instruction`."""
    match = _LLVM_ERROR.search(log)
    return "LLVM ERROR: " + normalise(match["message"]) if match else None


_UNCAUGHT = re.compile(
    r"terminate called after throwing an instance of '(?P<type>[^']+)'"
    r"(?:\s*what\(\):\s*(?P<what>[^\n]*))?"
)


def uncaught_exception(log: str) -> str | None:
    """libstdc++: `terminate called after throwing an instance of 'std::out_of_range'`."""
    match = _UNCAUGHT.search(log)
    if match is None:
        return None
    what = normalise(match["what"] or "")
    return f"uncaught {match['type']}: {what}" if what else f"uncaught {match['type']}"


_GLSLANG_ERROR = re.compile(r"^ERROR: (?:[^\n:]*:)?\d+: (?P<message>[^\n]*)", re.M)
_GLSLANG_TRAILER = "'' : compilation terminated"


def glslang_error(log: str) -> str | None:
    """glslang: `ERROR: shader.comp:5: '_656' : undeclared identifier` (or `0:5:`)."""
    for match in _GLSLANG_ERROR.finditer(log):
        if match["message"].strip() != _GLSLANG_TRAILER:
            return normalise(match["message"])
    return None


_SPIRV_TOOLS_ERROR = re.compile(r"^error: line \d+: (?P<message>[^\n]*)", re.M)


def spirv_tools_error(log: str) -> str | None:
    """spirv-val, spirv-opt: `error: line 14: Expected int scalar or vector type...`."""
    match = _SPIRV_TOOLS_ERROR.search(log)
    return normalise(match["message"]) if match else None


_MESA_GLSL_ERROR = re.compile(r"^(?:\d+:\d+\(\d+\): )?error: (?P<message>[^\n]*)", re.M)


def mesa_glsl_error(log: str) -> str | None:
    """Mesa's GLSL compiler and linker: `0:6(1): error: syntax error, unexpected '}'...`."""
    match = _MESA_GLSL_ERROR.search(log)
    return normalise(match["message"]) if match else None


_SPIRV_CROSS_EXCEPTION = re.compile(r"SPIRV-Cross threw an exception: (?P<message>[^\n]*)")


def spirv_cross_exception(log: str) -> str | None:
    """spirv-cross: `SPIRV-Cross threw an exception: Cannot resolve expression type.`"""
    match = _SPIRV_CROSS_EXCEPTION.search(log)
    return normalise(match["message"]) if match else None


def stack_frame(log: str) -> str | None:
    """The top frame of a backtrace (frames.py): a function, else module+offset."""
    return top_frame(log)


_KILLED = re.compile(r"killed by (?:signal (?P<number>\d+)|(?P<name>SIG[A-Z]+))")


def signal_name(log: str) -> str | None:
    """`worker killed by signal 11` (engine.py), `killed by SIGSEGV` (spirv_tools.py)."""
    match = _KILLED.search(log)
    if match is None:
        return None
    if match["name"]:
        return str(match["name"])
    try:
        return signals.Signals(int(match["number"])).name
    except ValueError:
        return f"signal {match['number']}"


# Lines our own code writes around a driver's output: never the message itself.
_OUR_HEADINGS = re.compile(
    r"^(?:worker killed by .*|worker exit .*|killed by \S+|GLSL (?:Compiler|Linker) failed"
    r"|compute_shader|fragment_shader|vertex_shader|Program|=+|spirv-opt .*"
    r"|shadersmith: .+ in-process: (?:started|finished)"  # targets/tools/in_process.py
    r"|shadersmith: native backtrace at signal \d+:|shadersmith: end of backtrace)$"
)


def first_line(log: str) -> str | None:
    """Anything else: the first line that is not one of our headings."""
    for line in log.splitlines():
        if line.strip() and not _OUR_HEADINGS.match(line.strip()):
            return normalise(line)
    return None


RULES: list[tuple[str, Rule]] = [
    ("harness_exception", harness_exception),
    ("device_lost", device_lost),
    ("aco_error", aco_error),
    ("assertion", assertion),
    ("llvm_error", llvm_error),
    ("uncaught_exception", uncaught_exception),
    ("glslang_error", glslang_error),
    ("spirv_tools_error", spirv_tools_error),
    ("mesa_glsl_error", mesa_glsl_error),
    ("spirv_cross_exception", spirv_cross_exception),
    ("stack_frame", stack_frame),
    ("signal", signal_name),
    ("first_line", first_line),
]


def describe(log: str) -> tuple[str, str]:
    """(the rule that recognised the log, the detail it gives); `no-message` if none."""
    for name, rule in RULES:
        detail = rule(log)
        if detail:
            return name, detail
    return "none", NO_MESSAGE


# ---------------------------------------------------------------------------- signatures


def signature(result: RunResult, kind: Kind, component: str | None = None) -> str:
    """The signature of one target's result within a finding of `kind`.

    `component`: for a wrong result, the blamed component (`blame(...)[0]`); for a
    failure, the failing one (`failing_component(result, chain)`), which without a chain
    is read from the result alone (a driver then stays "driver").
    """
    if kind is Kind.AGREE:
        return "agree"
    if kind in WRONG_RESULT_KINDS:
        # Not the kind: whether the wrong target stood alone (odd one out) or other
        # targets were wrong in other ways (disagree) depends on the other targets, not on
        # the bug, and would split one bug into two buckets.
        return bound(f"wrong:{component or UNKNOWN}")
    if kind is Kind.OURS_UB:
        category = result.log.split(":", 1)[0].strip()
        return bound(f"ours:ub:{normalise(category)}" if category else "ours:ub")
    failure = _failure_signature(result, component or failing_component(result))
    if kind is Kind.UNCONFIRMED:
        return unconfirmed(failure)
    return bound(f"ours:all-failed:{failure}" if kind is Kind.ALL_FAILED else failure)


def unconfirmed(confirmed: str) -> str:
    """The signature of an unconfirmed validator verdict whose confirmed signature (the
    newest spirv-val rejecting too) would be `confirmed`."""
    return bound(f"{UNCONFIRMED_PREFIX}{confirmed}")


def _failure_signature(result: RunResult, component: str) -> str:
    word = STATUS_WORDS.get(result.status, result.status.value)
    if result.cause is not None and result.cause[0] == component:
        # The bad state names the bug; where it finally broke (an LLVM abort, a
        # segfault) varies with the program, so crashes of one cause share a bucket.
        return f"{word}:{component}:{result.cause[1]}"
    if result.status in (RunStatus.TIMEOUT, RunStatus.OOM):
        return f"{word}:{component}"
    rule, detail = describe(result.log)
    if rule == "stack_frame" and (killed_by := signal_name(result.log)):
        # The signal first: a crash signed before workers wrote their backtraces
        # (`crash:llvmpipe:SIGSEGV`) then names this one by prefix (shows_signature).
        detail = f"{killed_by}{FRAME_SEPARATOR}{detail}"
    return f"{word}:{component}:{detail}"


FRAME_SEPARATOR = " at "
_SIGNAL_ONLY = re.compile(r"SIG[A-Z]+")


def shows_signature(wanted: str, signature: str) -> bool:
    """Whether a finding signed `signature` is the bug `wanted` names: the same; or
    `wanted` is a crash signed by its signal alone, as every crash was before workers
    wrote their backtraces (a recorded test, a finding), and `signature` adds the frame;
    or `wanted` names two suspects blame could not tell apart (`wrong:unknown:a|b`) and
    `signature` names one of them alone (`wrong:a`): the same wrong value, now with a
    second consumer that separates them. A reduction that drops what kept that consumer
    away (a feature a witness lacks: an unread 8-bit push constant keeps SwiftShader
    out) then goes on, rather than keeping it to keep the pair. A crash in a library
    without symbols is shown by the same crash a few bytes away (frames.nearby_crashes):
    NVIDIA's GL compiler moves its fault between runs of one program, and a reduction that
    asked for the very offset refused to start ("it shows ... +0x32c855")."""
    if signature == wanted or nearby_crashes(wanted, signature):
        return True
    pair = unknown_pair(wanted)
    if pair is not None:
        kind, _, _, *rest = wanted.split(":", 3)
        return any(signature == ":".join([kind, suspect, *rest]) for suspect in pair)
    return bool(_SIGNAL_ONLY.fullmatch(wanted.rsplit(":", 1)[-1])) and signature.startswith(
        wanted + FRAME_SEPARATOR
    )


def sign_finding(finding: Finding, results: Mapping[str, RunResult], components: Chains) -> str:
    """The signature of a finding: its first target's, with the component blame gives.

    What a campaign buckets by and what a reduction must keep.
    """
    if finding.kind is Kind.AGREE or not finding.targets:
        return "agree"
    first = finding.targets[0]
    result = results[first]
    if finding.kind in WRONG_RESULT_KINDS:
        known = known_bug_of(finding, results, components)
        if known is not None:
            return bound(known_signature(known.component, known))
        return signature(result, finding.kind, blamed_name(blame(finding, results, components)))
    if finding.kind is Kind.OURS_UB:
        return signature(result, finding.kind, OURS)
    if finding.kind in (Kind.COMPILE_FAILURE, Kind.UNCONFIRMED):
        # A rejection may be blamed on the tool that wrote the rejected input.
        return signature(result, finding.kind, blame(finding, results, components)[0])
    chain: Sequence[str] = chain_names(components.get(first, ()))
    return signature(result, finding.kind, finding.component or failing_component(result, chain))


def blamed_name(blamed: Sequence[str]) -> str:
    """What a wrong result's signature names: the blamed component, or `unknown:<a>|<b>`
    where blame could not tell a step from the consumer of its output
    (blame.unseparated_step), so that bucket says which two to tell apart."""
    if len(blamed) >= 3 and blamed[0] == UNKNOWN:
        return f"{UNKNOWN}:{blamed[1]}|{blamed[2]}"
    return blamed[0] if blamed else UNKNOWN


def unknown_pair(signature: str) -> tuple[str, str] | None:
    """The two suspects a wrong result's signature names (`blamed_name`'s
    `wrong:unknown:<a>|<b>`), or None where it names one component."""
    parts = signature.split(":", 3)
    if len(parts) < 3 or parts[1] != UNKNOWN or "|" not in parts[2]:
        return None
    first, _, second = parts[2].partition("|")
    return first, second


def known_bug_of(
    finding: Finding, results: Mapping[str, RunResult], components: Chains
) -> KnownBug | None:
    """The known bug (oracle/known_bugs.py) that explains a wrong result: every wrong
    target's chain holds the component that has it, and the interpreter saw the program
    evaluate one of its operations. Whatever else blame says (a witness through the same
    component may happen to compute the right value): that chain's answer is undefined."""
    reference = results.get(REFERENCE)
    evaluated = reference.defined_by_wgsl_only if reference is not None else ()
    if not evaluated:
        return None
    chains = [
        chain_names(components.get(name, ())) for name in finding.targets if not is_witness(name)
    ]
    for component in dict.fromkeys(c for chain in chains[:1] for c in chain):
        shown = [known_bug(component, evaluated, chain) for chain in chains]
        if shown[0] is not None and all(bug is shown[0] for bug in shown):
            return shown[0]
    return None
