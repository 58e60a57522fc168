"""A corpus of real-world shaders on disk: where it is, which files it holds, and what
each file's compute or fragment shader is.

A corpus is piglit's installed tests (`piglit`: Debian's package puts them under
`PIGLIT_ROOT`) or any directory of `.shader_test`, `.comp` and `.frag` files. It is
someone else's tree, so it is read as a test directory is (files/safe_files.py): no
symbolic link below its root is followed, only plain files are opened, and a file is
named by its path relative to the root (POSIX separators), which with its SHA-256 is
what a test records of where its program came from.

A `.shader_test` file (piglit's shader_runner format) is split into its `[section]`s:
the one `[compute shader]`, or the one `[fragment shader]` with at most a vertex shader
beside it (`[vertex shader passthrough]`, or a `[vertex shader]`, which is dropped: our
tests draw with their own full-screen triangle), and the first `compute X Y Z` of its
`[test]` section (how many work groups piglit dispatches). Anything else (geometry and
tessellation stages, SPIR-V, ARB assembly, `[shader include]`) makes the file unusable,
with a reason. A bare `.comp` or `.frag` file is one shader; piglit's compiler tests say
in a `[config]` comment whether the compiler must reject it (`expect_result: fail`),
and those are unusable too.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shadersmith.files import safe_files
from shadersmith.ir.program import Stage

PIGLIT = "piglit"
PIGLIT_ROOT = Path("/usr/lib/x86_64-linux-gnu/piglit")
GENERATED = "generated"  # the option value that means "our generator's programs"
SUFFIXES = (".shader_test", ".comp", ".frag")
# piglit's largest shader_test files are generated tables of values (megabytes); a
# shader worth transforming is far smaller.
MAX_FILE_BYTES = 256 * 1024
# piglit's installed tree holds 53,000 files, 7 folders deep at most.
MAX_ENTRIES = 1_000_000
MAX_DEPTH = 32
# Digits of a dispatch size read from a `compute X Y Z` line: more than any dispatch a
# corpus test keeps (convert.py) and few enough for int() (which refuses 4,300 digits).
MAX_DISPATCH_DIGITS = 9

_SECTION = re.compile(r"^\[([^\]\n]+)\][ \t]*$", re.MULTILINE)
_COMPUTE_COMMAND = re.compile(r"^\s*compute\s+(\d+)\s+(\d+)\s+(\d+)\s*$", re.MULTILINE)
_EXPECT = re.compile(r"expect_result\s*:\s*(\w+)")
_VERTEX_SECTIONS = frozenset({"vertex shader", "vertex shader passthrough"})


class CorpusError(Exception):
    """A corpus that cannot be used at all; the message is one line for the user."""


class Unusable(Exception):
    """One corpus file that cannot become a test: `reason` is one of a fixed set of short
    phrases (what a scan counts), `detail` says more about this file."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.reason}: {self.detail}" if self.detail else self.reason


@dataclass(frozen=True)
class Corpus:
    """A corpus: its name as the user gave it (`piglit` or a directory), its root, and
    its candidate files, relative to the root, sorted (so a seed picks the same file on
    every machine holding the same tree). Two corpora are equal by name and root (the
    caches of corpus/programs.py key on them; hashing every file name each time would
    cost more than a lookup saves)."""

    name: str
    root: Path
    files: tuple[str, ...] = field(compare=False)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        # A campaign hands its corpus to its preparing processes with every test: its
        # name and root travel, and each process lists the files once.
        return (_reopened, (self.name, str(self.root)))


@functools.lru_cache(maxsize=8)
def _reopened(name: str, root: str) -> Corpus:
    return Corpus(name, Path(root), corpus_files(Path(root)))


@dataclass(frozen=True)
class CorpusFile:
    """One file's shader: its text, stage, SHA-256 of the whole file, and the work groups
    its test dispatches (compute; None where it says nothing)."""

    relative: str
    sha256: str
    stage: Stage
    source: str
    dispatch: tuple[int, int, int] | None = None


def open_corpus(spec: str) -> Corpus:
    """The corpus `spec` names: `piglit` (Debian's install) or a directory; a one-line
    CorpusError when it is not there or holds no shader file."""
    if spec == PIGLIT:
        root = PIGLIT_ROOT
        if not root.is_dir():
            raise CorpusError(
                f"piglit is not installed ({root} is missing): apt-get install piglit, "
                "or give a directory of .shader_test, .comp and .frag files"
            )
    else:
        root = Path(spec)
        if not root.is_dir():
            raise CorpusError(f"{spec}: not a directory of .shader_test, .comp or .frag files")
    files = corpus_files(root)
    if not files:
        raise CorpusError(f"{spec}: no .shader_test, .comp or .frag file in {root}")
    return Corpus(spec, root, files)


def corpus_files(root: Path) -> tuple[str, ...]:
    """The shader files below `root`, never through a link (a linked folder or file is
    left out, as is anything hidden, anything not a plain file, and anything deeper than
    MAX_DEPTH folders). A tree of more than MAX_ENTRIES entries is a CorpusError: listing
    it would take minutes and its names gigabytes, and no corpus is that large."""
    found: list[str] = []
    seen = 0
    pending = [(root, 0)]
    while pending:
        folder, depth = pending.pop()
        try:
            entries = os.scandir(folder)
        except OSError:
            continue
        with entries:
            for entry in entries:
                seen += 1
                if seen > MAX_ENTRIES:
                    raise CorpusError(
                        f"{root}: more than {MAX_ENTRIES} files and folders; give a smaller "
                        "directory of shaders"
                    )
                if not safe_files.plain_name(entry.name):
                    continue
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if depth < MAX_DEPTH:
                            pending.append((Path(entry.path), depth + 1))
                    elif entry.name.endswith(SUFFIXES) and entry.is_file(follow_symlinks=False):
                        found.append(Path(entry.path).relative_to(root).as_posix())
                except OSError:
                    continue
    return tuple(sorted(found))


def read_corpus_file(corpus: Corpus, relative: str) -> bytes:
    """The bytes of one file of `corpus`, read without following any link below its root
    (its size checked before it is read); Unusable when it is too large or cannot be
    read."""
    try:
        path = safe_files.inside(corpus.root, relative)
        return safe_files.read_bytes(path.parent, path.name, MAX_FILE_BYTES)
    except safe_files.FileTooLarge as error:
        raise Unusable("too large", str(error)) from None
    except safe_files.UnsafePathError as error:
        raise Unusable("cannot be read", str(error)) from None


def load_corpus_file(corpus: Corpus, relative: str) -> CorpusFile:
    """The shader that file `relative` of `corpus` holds; Unusable says why there is none."""
    data = read_corpus_file(corpus, relative)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unusable("not UTF-8 text") from None
    digest = hashlib.sha256(data).hexdigest()
    if relative.endswith(".shader_test"):
        stage, source, dispatch = shader_test_shader(text)
        return CorpusFile(relative, digest, stage, source, dispatch)
    expected = _EXPECT.search(text)
    if expected is not None and expected.group(1) != "pass":
        raise Unusable("a compiler test the compiler must reject", f"expect_result: {expected[1]}")
    stage = Stage.COMPUTE if relative.endswith(".comp") else Stage.FRAGMENT
    return CorpusFile(relative, digest, stage, text)


def shader_test_sections(text: str) -> list[tuple[str, str]]:
    """The `[name]` sections of a shader_test file, in order, with their text."""
    marks = list(_SECTION.finditer(text))
    sections = []
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        end = following.start() if following is not None else len(text)
        sections.append((mark.group(1).strip().lower(), text[mark.end() + 1 : end]))
    return sections


def shader_test_shader(text: str) -> tuple[Stage, str, tuple[int, int, int] | None]:
    """The stage, shader text and dispatch of a shader_test file (see the module
    docstring); Unusable otherwise."""
    sections = shader_test_sections(text)
    names = [name for name, _ in sections]
    shaders = [n for n in names if n.endswith(("shader", "program")) or " shader " in f"{n} "]
    if any("spirv" in n for n in shaders):
        raise Unusable("a SPIR-V shader")
    if any(n.endswith("program") for n in shaders):
        raise Unusable("an ARB assembly program")
    if "shader include" in names:
        raise Unusable("includes another shader file")
    stages = [n for n in shaders if n not in _VERTEX_SECTIONS]
    if stages.count("compute shader") == 1 and len(stages) == 1:
        stage = Stage.COMPUTE
    elif stages.count("fragment shader") == 1 and len(stages) == 1:
        stage = Stage.FRAGMENT
    elif len(stages) > len(set(stages)):
        raise Unusable("several shaders of one stage", ", ".join(stages))
    elif not stages:
        raise Unusable("no compute or fragment shader")
    else:
        raise Unusable("other stages than compute or fragment", ", ".join(sorted(set(stages))))
    source = next(body for name, body in sections if name == f"{stage.value} shader")
    dispatch = None
    test = next((body for name, body in sections if name == "test"), "")
    command = _COMPUTE_COMMAND.search(test)
    if stage is Stage.COMPUTE and command is not None:
        dispatch = (_count(command[1]), _count(command[2]), _count(command[3]))
    return stage, source, dispatch


def _count(digits: str) -> int:
    """A dispatch size as piglit's file gives it; one too long to read stands for one too
    large to keep (10^9, which convert.py replaces as it does any dispatch too large)."""
    return int(digits) if len(digits) <= MAX_DISPATCH_DIGITS else 10**MAX_DISPATCH_DIGITS
