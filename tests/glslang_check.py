"""glslang's verdict on many programs without a process per program and mode, for the
tests that check generated programs compile: `validate` (targets/tools/glslang.py) starts
glslangValidator once per program, ~80 ms of which is glslang parsing its built-in
declarations; tests of 25 to 50 programs in two or three modes spent most of their time so.

- GL semantics: one glslangValidator run over all the files. Without -V (or -l) it
  compiles each file on its own, as `validate` does one, and names each file before its
  errors.
- Vulkan semantics: the in-process library (targets/tools/glslang_library.py), which makes
  `glslangValidator -V`'s module byte for byte (tests/test_glslang_library.py), once loaded.
"""

from __future__ import annotations

import functools
import subprocess
from collections.abc import Mapping
from pathlib import Path

from shadersmith.targets.tools.glslang import STAGE_EXTENSIONS, glslang_path
from shadersmith.targets.tools.glslang_library import GlslangLibrary, library_files
from shadersmith.targets.tools.spirv_tools import DEBIAN, GlslangError


def rejected_in_gl(texts: Mapping[str, str], stage: str, folder: Path) -> str:
    """Debian's glslangValidator's log where it rejects any of `texts` (name -> source) in
    GL semantics, written as `<name>.<stage extension>` under `folder`; "" where it
    accepts them all."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for name, text in texts.items():
        names.append(f"{name}.{STAGE_EXTENSIONS[stage]}")
        (folder / names[-1]).write_text(text)
    if not names:
        return ""
    run = subprocess.run(
        [glslang_path(), *names], cwd=folder, capture_output=True, text=True, check=False
    )
    return "" if run.returncode == 0 else (run.stdout + run.stderr).strip()


def rejected_in_vulkan(text: str, stage: str) -> str:
    """Debian's glslang's log where it rejects `text` in Vulkan semantics (`-V`); "" where
    it accepts it."""
    try:
        _library().compile(text, stage)
    except GlslangError as rejected:
        return rejected.log.strip() or str(rejected)
    return ""


@functools.cache
def _library() -> GlslangLibrary:
    files = library_files(DEBIAN)
    # Part of the set-up (scripts/setup.sh builds it): missing is a failure, not a skip.
    assert files is not None, "Debian's glslang library missing: run scripts/setup.sh"
    return GlslangLibrary(files)
