"""The top frame of a backtrace in a log: the function that crashed, or its module+offset.

Two formats are read (tests/data/logs holds real ones):

    glibc (catchsegv):  /usr/bin/spirv-cross(_ZN11spirv_cross8ParsedIR...+0x49)[0x55e2...]
                        /usr/lib/x86_64-linux-gnu/libvulkan_lvp.so(+0x110f35)[0x7f6f...]
    gdb:                #0  0x00005555557b1bc9 in spirv_cross::ParsedIR::add_typed_id(...) ()
                        #4  0x00007ffff7c9d919 in ?? () from /lib/x86_64-linux-gnu/libstdc++.so.6

The top frame is the first one, from the top of the stack, that is neither the crash
handler, nor the C and C++ run-time, nor a function whose job is to report or abort
(abort, __assert_fail, llvm::report_fatal_error, __cxa_throw...): those are the same in
every crash. A frame without a symbol is named by module and offset (stable for one
build, unlike the address); a frame with neither is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GLIBC_FRAME = re.compile(
    r"^(?P<module>[^\s(\[]+)\((?P<symbol>[^)+]*)(?:\+(?P<offset>0x[0-9a-fA-F]+))?\)"
    r"\s*\[0x[0-9a-fA-F]+\]\s*$"
)
_GDB_FRAME = re.compile(r"^#\d+\s+(?:0x[0-9a-fA-F]+ in )?(?P<rest>.+)$")
_GDB_FROM = re.compile(r"^(?P<call>.*) from (?P<module>\S+)$")
_GDB_AT = re.compile(r"^(?P<call>.*) at \S+:\d+$")

_RUNTIME_MODULES = re.compile(r"^(?:libc|libstdc\+\+|libgcc_s|libpthread|libm|ld-linux[\w-]*)\.so")
_CRASH_HANDLER = re.compile(r"backtrace|SignalHandler|PrintStackTrace|faulthandler", re.I)
_REPORTING = re.compile(
    r"^(?:abort|raise|gsignal|__GI_\w+|__pthread_kill\w*|__assert_fail\w*|__cxa_\w+"
    r"|__gnu_cxx::__verbose_terminate_handler|std::terminate|std::__throw_\w+"
    r"|llvm::report_fatal_error|llvm::sys::\w+(?:::\w+)*)$"
)
_MODULE_VERSION = re.compile(r"(?:-[\d.]+)?\.so(?:\.[\d.]+)?$")


@dataclass(frozen=True)
class Frame:
    function: str | None  # qualified name, without parameters or template arguments
    module: str | None  # file name of the binary or library, without a version
    offset: str | None  # hex offset into the module, when no symbol is known


def top_frame(log: str) -> str | None:
    """`spirv_cross::ParsedIR::add_typed_id`, `libvulkan_lvp.so+0x110f35`, or None."""
    for frame in frames(log):
        if frame.module and _is_runtime_or_handler(frame.module):
            continue
        if frame.function:
            if _REPORTING.match(frame.function) or _CRASH_HANDLER.search(frame.function):
                continue
            return frame.function
        if frame.module and frame.offset:
            return f"{frame.module}+{frame.offset}"
    return None


_MODULE_OFFSET = re.compile(r"\+0x[0-9a-f]+")


def without_offsets(signature: str) -> str:
    """`signature` with the offsets of `top_frame`'s module+offset frames left out: they
    move with every build of the module (`libvulkan_lvp.so+0x1b8305` on Debian's Mesa 22,
    `+0x24b7b5` on Mesa 25 for the same crash)."""
    return _MODULE_OFFSET.sub("", signature)


def module_offset(signature: str) -> tuple[str, int] | None:
    """`signature` without its one module+offset frame's offset (`without_offsets`) and
    that offset, or None where it names no such frame (or several)."""
    found = _MODULE_OFFSET.findall(signature)
    if len(found) != 1:
        return None
    return without_offsets(signature), int(found[0][3:], 16)


# A crash in a library without symbols is signed by its offset, and one bug's crash may
# land a few instructions apart from one run or program to the next: NVIDIA's GL compiler
# died of gl-nvidia-segfault's bug at +0x32c855, +0x32c864 and +0x32c889 in one H200 run,
# and the reductions of the first and last showed +0x32c864 again. Within this many bytes,
# in the same library, of the same component and signal, it is the same crash.
NEARBY_CRASH_BYTES = 0x40


def crash_distance(a: str, b: str) -> int | None:
    """The bytes between two crash signatures' offsets where they are the same crash but
    for the offset (module_offset: the same component, signal and library), else None."""
    if not (a.startswith("crash:") and b.startswith("crash:")):
        return None
    first, second = module_offset(a), module_offset(b)
    if first is None or second is None or first[0] != second[0]:
        return None
    return abs(first[1] - second[1])


def nearby_crashes(a: str, b: str) -> bool:
    """Whether `a` and `b` are one crash a few instructions apart (NEARBY_CRASH_BYTES)."""
    distance = crash_distance(a, b)
    return distance is not None and distance <= NEARBY_CRASH_BYTES


def _is_runtime_or_handler(module: str) -> bool:
    return bool(_RUNTIME_MODULES.match(module) or _CRASH_HANDLER.search(module))


def frames(log: str) -> list[Frame]:
    """Every frame line of the log, top of the stack first."""
    found = []
    for line in log.splitlines():
        frame = _glibc_frame(line.strip()) or _gdb_frame(line.strip())
        if frame is not None:
            found.append(frame)
    return found


def _glibc_frame(line: str) -> Frame | None:
    match = _GLIBC_FRAME.match(line)
    if match is None:
        return None
    symbol = match["symbol"]
    function = function_name(demangle(symbol)) if symbol else None
    return Frame(function, _module_name(match["module"]), match["offset"])


def _gdb_frame(line: str) -> Frame | None:
    match = _GDB_FRAME.match(line)
    if match is None:
        return None
    call, module = match["rest"], None
    if from_module := _GDB_FROM.match(call):
        call, module = from_module["call"], _module_name(from_module["module"])
    if at_source := _GDB_AT.match(call):
        call = at_source["call"]
    # `name(parameters) (arguments)`: gdb prints the arguments last, `()` without debug
    # information.
    function = function_name(_strip_trailing_group(call.strip(), "(", ")"))
    return Frame(None if function == "??" else function, module, None)


def _module_name(path: str) -> str:
    return _MODULE_VERSION.sub(".so", path.rsplit("/", 1)[-1])


def function_name(signature: str) -> str:
    """`std::string ns::Class::method<T>(int) const` -> `ns::Class::method`."""
    text = signature.replace("[abi:cxx11]", "")
    text = _strip_templates(text).strip()
    if text.endswith(" const"):
        text = text[: -len(" const")]
    text = _strip_trailing_group(text, "(", ")")
    # What remains before the name is a return type or `virtual`.
    return text.split()[-1] if text.split() else text


def _strip_templates(text: str) -> str:
    out, depth = [], 0
    for i, c in enumerate(text):
        # `operator<` and `operator<<` are names, not template brackets.
        if c == "<" and not text[:i].endswith(("operator", "operator<")):
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)


def _strip_trailing_group(text: str, opening: str, closing: str) -> str:
    """`f(a, (b))` -> `f`: the balanced group at the end, if there is one."""
    if not text.endswith(closing):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] == closing:
            depth += 1
        elif text[i] == opening:
            depth -= 1
            if depth == 0:
                return text[:i].rstrip()
    return text


# How the Itanium ABI names an anonymous namespace (`(anonymous namespace)` demangled).
_ANONYMOUS_NAMESPACE = "_GLOBAL__N_1"


def demangle(symbol: str) -> str:
    """The qualified name of an Itanium C++ symbol, enough to name a frame.

    `_ZN11spirv_cross8ParsedIR12add_typed_idENS_5TypesE...` -> `spirv_cross::ParsedIR::
    add_typed_id`. Parameters, template arguments and ABI tags are dropped; a symbol this
    reader does not follow comes back as it is (still stable, only less readable).
    """
    if not symbol.startswith("_Z"):
        return symbol
    text, names = symbol[2:], []
    nested = text.startswith("N")
    position = 1 if nested else 0
    while position < len(text):
        c = text[position]
        if c.isdigit():
            length_end = position
            while length_end < len(text) and text[length_end].isdigit():
                length_end += 1
            length = int(text[position:length_end])
            name = text[length_end : length_end + length]
            if name != _ANONYMOUS_NAMESPACE:  # says nothing, and signatures are short
                names.append(name)
            position = length_end + length
            if not nested:
                break
        elif text.startswith("St", position):
            names.append("std")
            position += 2
        elif c in "KVRO" and nested and not names:
            position += 1  # qualifiers of a member function come first
        elif c == "B":
            position = _skip_abi_tag(text, position)
        elif c == "I":
            position = _skip_template_arguments(text, position)
        elif c in "CD" and names and position + 1 < len(text) and text[position + 1].isdigit():
            names.append(("~" if c == "D" else "") + names[-1])  # constructor, destructor
            position += 2
        else:
            break
    return "::".join(names) if names else symbol


def _skip_abi_tag(text: str, position: int) -> int:
    end = position + 1
    while end < len(text) and text[end].isdigit():
        end += 1
    return end + int(text[position + 1 : end] or 0)


def _skip_template_arguments(text: str, position: int) -> int:
    """The position after the template arguments that start at `position` (an I).

    Names inside are skipped by their length, substitutions (`S_`, `St`) and template
    parameters (`T_`) to their end, literals (`Li42E`) to their E; nested names (N),
    argument packs (J), function types (F), local names (Z) and expressions (X) close
    with an E like the arguments themselves.
    """
    depth, i = 0, position
    while i < len(text):
        c = text[i]
        if c.isdigit():
            end = i
            while end < len(text) and text[end].isdigit():
                end += 1
            i = end + int(text[i:end])
            continue
        if c in "ST":
            if c == "S" and i + 1 < len(text) and text[i + 1].islower():
                i += 2
            else:
                end = text.find("_", i)
                i = end + 1 if end >= 0 else len(text)
            continue
        if c == "L":
            end = text.find("E", i)
            i = end + 1 if end >= 0 else len(text)
            continue
        if c in "INJFZX":
            depth += 1
        elif c == "E":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)
