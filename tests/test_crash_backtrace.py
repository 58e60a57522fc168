"""The native backtrace a worker writes when it dies of a signal (scripts/crash-backtrace.c,
targets/crash_backtrace.py), and the names targets/symbolize.py gives the frames glibc
leaves unnamed. The crashing process here is a Python child that dereferences a null
pointer through ctypes: a real SIGSEGV, no compiler needed; the real compilers' crashes
are in test_spirv_tools_library.py (spirv-opt) and the findings' replays."""

from __future__ import annotations

import signal
import subprocess
import sys

from shadersmith.oracle.frames import frames, top_frame
from shadersmith.targets import crash_backtrace
from shadersmith.targets.symbolize import has_symbol_table, symbolized

LIBRARY = crash_backtrace.LIBRARY
SEGFAULT = (
    "import ctypes, sys\n"
    "from pathlib import Path\n"
    "from shadersmith.targets import crash_backtrace\n"
    "assert crash_backtrace.install()\n"
    "sys.stderr.flush()\n"
    "ctypes.string_at(0)\n"
)


def test_setup_built_the_handler() -> None:
    assert LIBRARY.is_file(), "scripts/setup.sh builds it (scripts/build-crash-backtrace.sh)"


def test_a_process_that_dies_of_sigsegv_writes_its_stack_and_still_dies_of_sigsegv() -> None:
    child = subprocess.run(
        [sys.executable, "-c", SEGFAULT], capture_output=True, text=True, timeout=60, check=False
    )
    assert child.returncode == -signal.SIGSEGV, child.stderr
    assert f"{crash_backtrace.HEADING} {int(signal.SIGSEGV)}:" in child.stderr
    assert "shadersmith: end of backtrace" in child.stderr
    modules = [frame.module for frame in frames(child.stderr)]
    # The handler's own frame first, then the C library's strlen that met the null
    # pointer: both skipped, so the crash is signed by the caller, ctypes.
    assert modules[0] == "libshadersmith-backtrace.so", modules
    assert "libc.so" in modules, modules
    top = top_frame(child.stderr)
    assert top is not None and top.startswith("_ctypes."), top


def test_without_the_library_nothing_is_installed() -> None:
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "from pathlib import Path\nfrom shadersmith.targets import crash_backtrace\n"
            "print(crash_backtrace.install(Path('/nonexistent/lib.so')))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert child.stdout.strip() == "False"


def test_a_hidden_function_of_a_library_with_a_symbol_table_is_named() -> None:
    """The handler's own function is static: glibc writes `(+0x...)`; addr2line, reading
    the library's symbol table, names it."""
    listing = subprocess.run(
        ["nm", str(LIBRARY)], capture_output=True, text=True, check=True
    ).stdout
    (address,) = [
        line.split()[0]
        for line in listing.splitlines()
        if line.endswith(" shadersmith_backtrace_on_signal")
    ]
    offset = hex(int(address, 16) + 4)
    log = f"worker killed by signal 11\n{LIBRARY}(+{offset})[0x7f0000001234]\n"
    assert has_symbol_table(str(LIBRARY))
    assert f"{LIBRARY}(shadersmith_backtrace_on_signal)[0x7f0000001234]" in symbolized(log)


def test_a_stripped_librarys_frames_are_left_unnamed() -> None:
    """addr2line would answer with the nearest exported name, which is wrong."""
    stripped = "/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so"
    assert not has_symbol_table(stripped)
    log = f"{stripped}(+0x110f35)[0x7f6f00110f35]\n"
    assert symbolized(log) == log
