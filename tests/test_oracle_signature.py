"""Signatures from real driver and tool logs (tests/data/logs, see its README).

Every rule is checked on the logs it exists for, and the properties buckets rely on:
the same bug gives the same signature whatever the test's identifiers, lines and ids, with
or without a backtrace, and in either backtrace format.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from shadersmith.case import Kind
from shadersmith.oracle.frames import demangle, frames, function_name, top_frame
from shadersmith.oracle.known import is_ignored, load_ignore_list
from shadersmith.oracle.normalise import MAX_LENGTH
from shadersmith.oracle.signature import RULES, describe, shows_signature, signature
from shadersmith.targets.results import RunResult, RunStatus

LOGS = Path(__file__).parent / "data" / "logs"


def log(name: str) -> str:
    return (LOGS / name).read_text()


def result(name: str, status: RunStatus, component: str | None = None) -> RunResult:
    return RunResult(status, log=log(name), failed_component=component)


# file -> (the rule that must recognise it, the detail it must give)
EXPECTED_DETAILS = {
    # aco_error: ACO's first message and the opcode it shows, not its file, line or ids;
    # before the abort its register-allocation check causes
    "radv_aco_validator_parallelcopy.log": (
        "aco_error",
        "ACO: Operand and Definition size must match [p_parallelcopy]",
    ),
    "radv_aco_ra_abort.log": ("aco_error", "ACO: Unimplemented NIR instr bit size [fadd]"),
    # assertion: glibc's message, function and expression, no line number
    "spirv_cross_assert_array_length.log": ("assertion", "assert mark_used_as_array_length: 0"),
    "spirv_cross_assert_bitcast.log": (
        "assertion",
        "assert bitcast_glsl_op: in_type.basetype != SPIRType::Boolean",
    ),
    # llvm_error: llvmpipe's back-end, through GL and through spirv-cross alike
    "gl-llvmpipe_umulextended_crash.log": (
        "llvm_error",
        "LLVM ERROR: Cannot emit physreg copy instruction",
    ),
    "vk-lavapipe-cross_umulextended_crash.log": (
        "llvm_error",
        "LLVM ERROR: Cannot emit physreg copy instruction",
    ),
    # uncaught_exception: libstdc++'s terminate message
    "spirv_opt_uncaught_exception.log": (
        "uncaught_exception",
        "uncaught std::out_of_range: unordered_map::at",
    ),
    "gl-llvmpipe_oom.log": ("uncaught_exception", "uncaught std::bad_alloc: std::bad_alloc"),
    # glslang_error: the first error, not the "compilation terminated" trailer
    "glslang_undeclared.log": ("glslang_error", "'ID' : undeclared identifier"),
    "glslang_no_matching_overload.log": (
        "glslang_error",
        "'ID' : no matching overloaded function found",
    ),
    "glslang_stdin_syntax_error.log": (
        "glslang_error",
        "'' : syntax error, unexpected RIGHT_BRACE, expecting COMMA or SEMICOLON",
    ),
    # spirv_tools_error: spirv-val's and spirv-opt's `error: line N:`
    "spirv_val_iadd_type_mismatch.log": (
        "spirv_tools_error",
        "Expected int scalar or vector type as operand: IAdd operand index N",
    ),
    "spirv_val_missing_terminator.log": (
        "spirv_tools_error",
        "A block must end with a branch instruction",
    ),
    "spirv_val_use_before_def.log": ("spirv_tools_error", "ID 'N[%ID]' has not been defined"),
    "spirv_opt_garbage.log": ("spirv_tools_error", "Invalid SPIR-V header"),
    # mesa_glsl_error: compiler errors with their position, linker errors without
    "mesa_gl_syntax_error.log": (
        "mesa_glsl_error",
        "syntax error, unexpected '}', expecting ',' or ';'",
    ),
    "mesa_gl_undeclared.log": ("mesa_glsl_error", "`ID' undeclared"),
    "mesa_gl_link_error.log": ("mesa_glsl_error", "unresolved reference to function `helper'"),
    # spirv_cross_exception
    "spirv_cross_exception.log": ("spirv_cross_exception", "Cannot resolve expression type"),
    "spirv_cross_garbage.log": ("spirv_cross_exception", "Invalid SPIRV format"),
    # stack_frame: a function where the frame has a symbol, else module+offset
    "spirv_cross_segfault_backtrace.log": ("stack_frame", "spirv_cross::ParsedIR::add_typed_id"),
    "gdb_spirv_cross_segfault.log": ("stack_frame", "spirv_cross::ParsedIR::add_typed_id"),
    "gdb_spirv_cross_stack_overflow.log": ("stack_frame", "spirv_cross::StringStream::str"),
    "lavapipe_segfault_recursion_backtrace.log": ("stack_frame", "libvulkan_lvp.so+0x110f35"),
    # signal: a crash that printed nothing
    "lavapipe_segfault_recursion.log": ("signal", "SIGSEGV"),
    "spirv_cross_segfault.log": ("signal", "SIGSEGV"),
    # harness_exception: a defect of ours, by its exception
    "harness_exception.log": (
        "harness_exception",
        "harness AttributeError: 'str' object has no attribute 'stage'",
    ),
    # device_lost: the driver lost its Vulkan device (engine.py), not a defect of ours
    "planted_device_lost.log": ("device_lost", "device lost"),
    # first_line: what no rule knows
    "lavapipe_pipeline_rejected.log": ("first_line", "VkErrorUnknown while creating the pipeline"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_DETAILS))
def test_each_real_log_is_recognised_by_its_rule(name: str) -> None:
    assert describe(log(name)) == EXPECTED_DETAILS[name]


def test_every_rule_is_exercised_by_a_real_log() -> None:
    used = {rule for rule, _ in EXPECTED_DETAILS.values()}
    assert used == {name for name, _ in RULES}


def test_every_log_file_is_covered() -> None:
    covered = set(EXPECTED_DETAILS) | {
        # rules earlier in the list win: these are checked in the tests below
        "gl-llvmpipe_umulextended_crash_backtrace.log",
        "spirv_cross_assert_bitcast_backtrace.log",
        "gdb_spirv_opt_abort.log",
        "glslang_undeclared_other.log",
        "mesa_gl_undeclared_other.log",
        "spirv_val_use_before_def_other.log",
        # status decides: no detail, or the category only
        "gl-softpipe_timeout.log",
        "interp_ub_shift.log",
        "interp_ub_evaluation_order.log",
    }
    assert covered == {path.name for path in LOGS.glob("*.log")}


# ---------------------------------------------------------------------------- signatures


def test_crash_signatures_name_status_component_and_detail() -> None:
    crash = result("lavapipe_segfault_recursion.log", RunStatus.CRASH)
    assert signature(crash, Kind.CRASH, "lavapipe") == "crash:lavapipe:SIGSEGV"
    # Without a component the result names its own; a killed worker names none: "driver".
    assert signature(crash, Kind.CRASH) == "crash:driver:SIGSEGV"
    tool = result("spirv_cross_assert_array_length.log", RunStatus.CRASH, "spirv-cross")
    assert signature(tool, Kind.CRASH) == "crash:spirv-cross:assert mark_used_as_array_length: 0"


def test_compile_failure_signatures() -> None:
    rejected = result("glslang_undeclared.log", RunStatus.COMPILE_ERROR, "glslang")
    assert (
        signature(rejected, Kind.COMPILE_FAILURE) == "compile:glslang:'ID' : undeclared identifier"
    )
    linked = result("mesa_gl_link_error.log", RunStatus.LINK_ERROR, "driver")
    assert (
        signature(linked, Kind.COMPILE_FAILURE, "llvmpipe-gl")
        == "link:llvmpipe-gl:unresolved reference to function `helper'"
    )
    # spirv-val rejecting spirv-opt's output is a finding about spirv-opt.
    invalid = result(
        "spirv_val_missing_terminator.log",
        RunStatus.VALIDATION_ERROR,
        "spirv-val after spirv-opt",
    )
    assert (
        signature(invalid, Kind.COMPILE_FAILURE)
        == "invalid:spirv-opt:A block must end with a branch instruction"
    )
    # Unconfirmed by the newest spirv-val: the same signature behind its own prefix.
    assert (
        signature(invalid, Kind.UNCONFIRMED)
        == "unconfirmed:invalid:spirv-opt:A block must end with a branch instruction"
    )


def test_timeout_and_out_of_memory_carry_no_detail() -> None:
    timeout = result("gl-softpipe_timeout.log", RunStatus.TIMEOUT, "driver")
    assert signature(timeout, Kind.TIMEOUT, "softpipe-gl") == "timeout:softpipe-gl"
    oom = result("gl-llvmpipe_oom.log", RunStatus.OOM)
    assert signature(oom, Kind.CRASH, "llvmpipe-gl") == "oom:llvmpipe-gl"


def test_wrong_results_are_named_by_kind_and_blamed_component() -> None:
    ok = RunResult(RunStatus.OK)
    assert signature(ok, Kind.ODD_ONE_OUT, "spirv-opt") == "wrong:spirv-opt"
    assert signature(ok, Kind.DISAGREE) == "wrong:unknown"


def test_our_defects_are_marked_ours() -> None:
    ub = result("interp_ub_shift.log", RunStatus.UNDEFINED_BEHAVIOUR, "program")
    assert signature(ub, Kind.OURS_UB) == "ours:ub:shift"
    order = result("interp_ub_evaluation_order.log", RunStatus.UNDEFINED_BEHAVIOUR, "program")
    assert signature(order, Kind.OURS_UB) == "ours:ub:evaluation_order"
    harness = result("harness_exception.log", RunStatus.CRASH)
    assert signature(harness, Kind.CRASH) == (
        "crash:shadersmith:harness AttributeError: 'str' object has no attribute 'stage'"
    )
    failed = result("glslang_undeclared.log", RunStatus.COMPILE_ERROR, "glslang")
    assert (
        signature(failed, Kind.ALL_FAILED)
        == "ours:all-failed:compile:glslang:'ID' : undeclared identifier"
    )


def test_same_bug_same_signature_whatever_the_identifiers_lines_and_ids() -> None:
    pairs = [
        ("glslang_undeclared.log", "glslang_undeclared_other.log"),  # _656 line 5, var_12 line 8
        ("mesa_gl_undeclared.log", "mesa_gl_undeclared_other.log"),
        ("spirv_val_use_before_def.log", "spirv_val_use_before_def_other.log"),  # %11, %var_12
    ]
    for first, second in pairs:
        assert log(first) != log(second)
        a = signature(result(first, RunStatus.COMPILE_ERROR, "x"), Kind.COMPILE_FAILURE)
        b = signature(result(second, RunStatus.COMPILE_ERROR, "x"), Kind.COMPILE_FAILURE)
        assert a == b


def test_each_aco_message_has_one_detail_before_and_after_register_allocation() -> None:
    """ACO prints the same failed check again after each pass, with the registers it
    assigned by then: one detail for all of them; a register-allocation error names its
    message (after the instruction it shows) and that instruction's opcode."""
    details: dict[str, set[str]] = {}
    for name in ("radv_aco_validator_parallelcopy.log", "radv_aco_ra_abort.log"):
        for block in log(name).split("ACO ERROR:")[1:]:
            message = block.split("\n")[2].strip().split(":")[0]
            details.setdefault(message, set()).add(describe("ACO ERROR:" + block)[1])
    assert details == {
        "Operand and Definition size must match": {
            "ACO: Operand and Definition size must match [p_parallelcopy]"
        },
        "Unimplemented NIR instr bit size": {"ACO: Unimplemented NIR instr bit size [fadd]"},
        "%27 never defined": {"ACO: %ID never defined [v_add_u16_e64]"},
        "RA error found at instruction in BB0": {
            "ACO RA: Assignment of element N of %ID already taken by %ID from instruction "
            "[p_startpgm]"
        },
    }


def test_a_backtrace_does_not_change_a_message_signature() -> None:
    """A message names the bug better than the frames around it: messages come first."""
    for plain, traced in [
        ("gl-llvmpipe_umulextended_crash.log", "gl-llvmpipe_umulextended_crash_backtrace.log"),
        ("spirv_cross_assert_bitcast.log", "spirv_cross_assert_bitcast_backtrace.log"),
    ]:
        assert "Backtrace:" in log(traced)
        assert describe(log(plain)) == describe(log(traced))


def test_one_crash_in_two_backtrace_formats_has_one_frame() -> None:
    glibc = top_frame(log("spirv_cross_segfault_backtrace.log"))
    gdb = top_frame(log("gdb_spirv_cross_segfault.log"))
    assert glibc == gdb == "spirv_cross::ParsedIR::add_typed_id"


def test_every_signature_is_short_one_line_ascii_without_slashes() -> None:
    statuses = {
        "gl-softpipe_timeout.log": RunStatus.TIMEOUT,
        "gl-llvmpipe_oom.log": RunStatus.OOM,
    }
    for path in LOGS.glob("*.log"):
        status = statuses.get(path.name, RunStatus.CRASH)
        for kind in (Kind.CRASH, Kind.COMPILE_FAILURE, Kind.ALL_FAILED):
            text = signature(RunResult(status, log=path.read_text()), kind, "some-component")
            assert 0 < len(text) <= MAX_LENGTH, text
            assert "/" not in text and "\n" not in text, text
            assert text.isascii() and text.isprintable(), text


# ---------------------------------------------------------------------------- frames


def test_frames_skip_the_handler_runtime_and_reporting_functions() -> None:
    """llvmpipe's LLVM abort: past the handler, libc's abort and report_fatal_error, the
    first frame without a symbol is named by module (without its version) and offset."""
    traced = log("gl-llvmpipe_umulextended_crash_backtrace.log")
    assert frames(traced)[0].module == "libbacktrace_on_crash.so"
    assert top_frame(traced) == "libLLVM.so+0xe8ba36"


def test_stripped_frames_give_no_frame_signature() -> None:
    """spirv-opt is static and stripped: every frame under libstdc++ is `?? ()`."""
    assert top_frame(log("gdb_spirv_opt_abort.log")) is None
    assert describe(log("gdb_spirv_opt_abort.log"))[0] == "uncaught_exception"


def test_truncated_backtrace_still_gives_its_frames() -> None:
    """The engine keeps the last 4000 bytes: the head of a deep backtrace is lost."""
    traced = log("lavapipe_segfault_recursion_backtrace.log")
    assert "Backtrace:" not in traced
    assert top_frame(traced) == "libvulkan_lvp.so+0x110f35"


@pytest.mark.parametrize(
    ("symbol", "name"),
    [
        # symbols from the real backtraces
        (
            "_ZN11spirv_cross8ParsedIR12add_typed_idENS_5TypesENS_7TypedIDILS1_0EEE",
            "spirv_cross::ParsedIR::add_typed_id",
        ),
        ("_ZN11spirv_cross6Parser3setINS_9SPIRBlockEJEEERT_jDpOT0_", "spirv_cross::Parser::set"),
        (
            "_ZN11spirv_cross12CompilerGLSL15bitcast_glsl_opB5cxx11ERKNS_8SPIRTypeES3_",
            "spirv_cross::CompilerGLSL::bitcast_glsl_op",
        ),
        ("_ZN4llvm18report_fatal_errorERKNS_5TwineEb", "llvm::report_fatal_error"),
        ("_ZN4llvm5MCJIT10emitObjectEPNS_6ModuleE", "llvm::MCJIT::emitObject"),
        ("LLVMGetPointerToGlobal", "LLVMGetPointerToGlobal"),
    ],
)
def test_demangle_gives_the_qualified_name(symbol: str, name: str) -> None:
    assert demangle(symbol) == name


def test_function_name_drops_return_type_templates_and_parameters() -> None:
    # gdb's frame #2 of gdb_spirv_cross_stack_overflow.log
    line = next(
        line
        for line in log("gdb_spirv_cross_stack_overflow.log").splitlines()
        if line.startswith("#2 ")
    )
    assert frames(line)[0].function == "spirv_cross::join"
    assert function_name("virtual std::string a::B::c(const int&) const") == "a::B::c"


# ---------------------------------------------------------------------------- ignore list


def test_ignore_list_from_a_file(tmp_path: Path) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text(
        "# reported upstream\n"
        "crash:llvmpipe-gl:LLVM ERROR: Cannot emit physreg copy instruction\n"
        "\n"
        "  crash:spirv-cross:*  \n"
    )
    ignore = load_ignore_list(listed)
    assert ignore == {
        "crash:llvmpipe-gl:LLVM ERROR: Cannot emit physreg copy instruction",
        "crash:spirv-cross:*",
    }
    crash = result("gl-llvmpipe_umulextended_crash.log", RunStatus.CRASH)
    assert is_ignored(signature(crash, Kind.CRASH, "llvmpipe-gl"), ignore)
    assert not is_ignored(signature(crash, Kind.CRASH, "lavapipe"), ignore)
    spirv_cross = result("spirv_cross_segfault.log", RunStatus.CRASH, "spirv-cross")
    assert is_ignored(signature(spirv_cross, Kind.CRASH), ignore)
    # Only `*` is special: brackets and question marks in a signature are plain text.
    assert is_ignored("compile:x:ID 'N[%ID]' ?", {"compile:x:ID 'N[%ID]' ?"})
    assert not is_ignored("compile:x:ID 'N'", {"compile:x:ID '[N]'*"})


def test_missing_ignore_list_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_ignore_list(tmp_path / "absent.txt")


def test_a_crash_with_a_backtrace_is_signed_by_its_signal_and_top_frame() -> None:
    """What a worker's log holds when it dies with the native handler loaded
    (targets/crash_backtrace.py); a signature recorded before, by the signal alone, still
    names it (replay and reduction of older tests and findings)."""
    log = (
        "worker killed by signal 11\n"
        "shadersmith: native backtrace at signal 11:\n"
        "/work/.venv/native/libshadersmith-backtrace.so(+0x12a9)[0x7f1d7c1d12a9]\n"
        "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f1d7c05a050]\n"
        "/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so(+0x110f35)[0x7f6f00110f35]\n"
        "shadersmith: end of backtrace\n"
    )
    signed = signature(RunResult(RunStatus.CRASH, log=log), Kind.CRASH, "lavapipe")
    assert signed == "crash:lavapipe:SIGSEGV at libvulkan_lvp.so+0x110f35"
    assert shows_signature("crash:lavapipe:SIGSEGV", signed)
    assert shows_signature(signed, signed)
    assert not shows_signature("crash:lavapipe:SIGBUS", signed)
    assert not shows_signature("crash:llvmpipe:SIGSEGV", signed)
    assert not shows_signature("crash:lavapipe:SIGSEGV at libvulkan_lvp.so+0x1", signed)
    assert not shows_signature(signed, "crash:lavapipe:SIGSEGV")


def test_a_pair_blame_could_not_separate_is_shown_by_either_suspect_alone() -> None:
    """A candidate whose wrong value a second consumer pins on one suspect shows the
    pair's bug (a reduction can then drop what kept that consumer away)."""
    pair = "wrong:unknown:spirv-opt|lavapipe"
    assert shows_signature(pair, "wrong:spirv-opt")
    assert shows_signature(pair, "wrong:lavapipe")
    assert not shows_signature(pair, "wrong:glslang")
    assert not shows_signature(pair, "crash:spirv-opt:SIGSEGV")
    assert not shows_signature("wrong:spirv-opt", pair)


def test_a_crash_a_few_bytes_away_in_the_same_library_is_the_same_crash() -> None:
    """The H200 campaign's image-atomics program crashed NVIDIA's GL compiler at
    +0x32c889 in one run and +0x32c855 in the next, and its reduction refused to start
    ("the test does not show ... +0x32c889 here (it shows: ... +0x32c855)")."""
    first = "crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c889"
    assert shows_signature(first, "crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c855")
    assert shows_signature(first, "crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c8c9")
    assert not shows_signature(first, "crash:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c8ca")
    assert not shows_signature(first, "crash:nvidia-gl:SIGABRT at libnvidia-eglcore.so+0x32c855")
    assert not shows_signature(first, "crash:nvidia-vk:SIGSEGV at libnvidia-eglcore.so+0x32c855")
    assert not shows_signature(first, "crash:nvidia-gl:SIGSEGV at libnvidia-glcore.so+0x32c855")
    assert not shows_signature(first, "compile:nvidia-gl:SIGSEGV at libnvidia-eglcore.so+0x32c855")


def test_an_anonymous_namespace_is_left_out_of_a_frames_name() -> None:
    """spirv-opt's -Os crash (findings/spirv-opt-os-crash) is in a function of an
    anonymous namespace: its name keeps the signature within 80 characters."""
    symbol = (
        "_ZN8spvtools3opt12_GLOBAL__N_135CompositeInsertToCompositeConstructEPNS0_9IRContextEPNS0"
        "_11InstructionERKSt6vectorIPKNS0_8analysis8ConstantESaISA_EE"
    )
    assert demangle(symbol) == "spvtools::opt::CompositeInsertToCompositeConstruct"
