"""Names for the frames of a native backtrace that glibc could not name.

glibc's backtrace (crash_backtrace.py) names a frame only by the library's exported
symbols; a function the library keeps to itself comes out as `library(+0x186311)`. The
libraries setup links here (`.venv/native`: glslang and SPIRV-Tools from Debian's static
archives) keep their full symbol table, so binutils' addr2line names those frames:
`spvtools::opt::CompositeInsertToCompositeConstruct` (in an anonymous namespace), which says
more in a crash signature than an offset. A stripped library (Mesa's, Debian's) has no
such table, and addr2line would answer with the nearest exported name, which is wrong:
those frames are left as they are.
"""

from __future__ import annotations

import functools
import re
import shutil
import struct
import subprocess
from collections import defaultdict
from pathlib import Path

# `/path/lib.so(+0x186311)[0x7f92f48003e0]`: a frame glibc could not name.
_UNNAMED_FRAME = re.compile(
    r"^(?P<module>/[^\s(\[]+)\(\+(?P<offset>0x[0-9a-fA-F]+)\)(?P<address>\s*\[0x[0-9a-fA-F]+\])$"
)
_SHT_SYMTAB = 2
ADDR2LINE_TIMEOUT_S = 10.0


def symbolized(log: str) -> str:
    """`log` with each unnamed frame of a library that has a symbol table named:
    `lib.so(+0x186311)[...]` -> `lib.so(_ZN8spvtools3opt...)[...]` (the mangled name, as
    glibc writes the names it knows)."""
    wanted: dict[str, set[str]] = defaultdict(set)
    for line in log.splitlines():
        match = _UNNAMED_FRAME.match(line.strip())
        if match and has_symbol_table(match["module"]):
            wanted[match["module"]].add(match["offset"])
    if not wanted:
        return log
    names = {
        (module, offset): name
        for module, offsets in wanted.items()
        for offset, name in _names(module, tuple(sorted(offsets))).items()
    }
    lines = []
    for line in log.splitlines(keepends=True):
        match = _UNNAMED_FRAME.match(line.strip())
        name = names.get((match["module"], match["offset"])) if match else None
        if match and name:
            ending = line[len(line.rstrip("\r\n")) :]
            line = f"{match['module']}({name}){match['address'].strip()}{ending}"
        lines.append(line)
    return "".join(lines)


@functools.lru_cache(maxsize=64)
def has_symbol_table(path: str) -> bool:
    """Whether the ELF file at `path` keeps a full symbol table (.symtab): not stripped."""
    try:
        with open(path, "rb") as elf:
            header = elf.read(64)
            if header[:4] != b"\x7fELF" or header[4] != 2 or header[5] != 1:
                return False  # only 64-bit little-endian, what the machines run
            (section_offset,) = struct.unpack_from("<Q", header, 0x28)
            entry_size, count = struct.unpack_from("<HH", header, 0x3A)
            if entry_size < 8 or not 0 < count < 65536:
                return False
            elf.seek(section_offset)
            table = elf.read(entry_size * count)
    except OSError:
        return False
    return any(
        struct.unpack_from("<I", table, index * entry_size + 4)[0] == _SHT_SYMTAB
        for index in range(len(table) // entry_size)
    )


@functools.lru_cache(maxsize=1024)
def _names(module: str, offsets: tuple[str, ...]) -> dict[str, str]:
    """Offset -> the mangled name of the function there, by addr2line; {} without it."""
    addr2line = shutil.which("addr2line")
    if addr2line is None or not Path(module).is_file():
        return {}
    try:
        answer = subprocess.run(
            [addr2line, "-f", "-e", module, *offsets],
            capture_output=True,
            text=True,
            timeout=ADDR2LINE_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return {}
    # Two lines per offset: the function, then file:line.
    lines = answer.stdout.splitlines()
    names = {}
    for offset, function in zip(offsets, lines[0::2], strict=False):
        if function and function != "??" and re.fullmatch(r"[\w.$]+", function):
            names[offset] = function
    return names
