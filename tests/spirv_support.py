"""Hand-written SPIR-V for the tests: Debian's spirv-as to assemble it and spirv-val to
judge a module (the SPIR-V model's, its transformations' and the Amber export's tests)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from shadersmith.targets.tools.spirv_tools import target_env_of_module


def spirv_val(module: bytes, tmp_path: Path, name: str = "module.spv") -> str:
    """Debian's spirv-val on `module`: "" when it accepts, its message otherwise."""
    path = tmp_path / name
    path.write_bytes(module)
    run = subprocess.run(
        ["spirv-val", "--target-env", target_env_of_module(module), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return "" if run.returncode == 0 else run.stdout + run.stderr


def assemble(text: str, tmp_path: Path) -> bytes:
    """Debian's spirv-as on `text` (SPIR-V 1.0, Vulkan 1.0)."""
    source, output = tmp_path / "hand.spvasm", tmp_path / "hand.spv"
    source.write_text(text)
    command = ["spirv-as", "--target-env", "vulkan1.0", str(source), "-o", str(output)]
    subprocess.run(command, check=True, capture_output=True)
    return output.read_bytes()
