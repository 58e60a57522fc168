"""The folder a driver dumps what it compiled into, named by an environment variable that
the driver reads once, when it loads (spirv_dump.py, glsl_dump.py)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def dump_folder(variable: str, prefix: str) -> tuple[Path, bool]:
    """The folder `variable` names, made if missing, or a fresh one named in it now
    (before the driver loads); and whether it is ours to remove."""
    given = os.environ.get(variable)
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        return Path(given), False
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ[variable] = str(folder)
    return folder, True
