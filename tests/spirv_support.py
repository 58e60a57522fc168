"""Hand-written SPIR-V for the tests: Debian's spirv-as to assemble it and spirv-val to
judge a module (the SPIR-V model's, its transformations' and the Amber export's tests).

spirv-val runs in-process, as the targets' workers run it (targets/tools/
spirv_tools_library.py: the same verdicts and error lines as the command line, which
tests/test_spirv_tools_library.py checks on both toolsets): the transformation tests judge
hundreds of modules, and a spirv-val process for each was most of their time."""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path

from shadersmith.targets.tools.spirv_tools import SPIRV_VAL, SpirvValError, target_env_of_module
from shadersmith.targets.tools.spirv_tools_library import (
    DEBIAN_BINARIES,
    SpirvToolsLibrary,
    validator_file,
)


def spirv_val(module: bytes, tmp_path: Path, name: str = "module.spv") -> str:
    """Debian's spirv-val on `module`: "" when it accepts, its message otherwise (the
    module then written to `tmp_path / name`, to be looked at)."""
    try:
        _validator().validate(module, target_env_of_module(module))
    except SpirvValError as rejected:
        (tmp_path / name).write_bytes(module)
        return rejected.log or str(rejected)
    return ""


@functools.cache
def _validator() -> SpirvToolsLibrary:
    library = validator_file(DEBIAN_BINARIES[SPIRV_VAL])
    # Part of the set-up (scripts/setup.sh builds it): missing is a failure, not a skip.
    assert library is not None, "Debian's SPIRV-Tools library missing: run scripts/setup.sh"
    return SpirvToolsLibrary(library)


def assemble(text: str, tmp_path: Path) -> bytes:
    """Debian's spirv-as on `text` (SPIR-V 1.0, Vulkan 1.0)."""
    source, output = tmp_path / "hand.spvasm", tmp_path / "hand.spv"
    source.write_text(text)
    command = ["spirv-as", "--target-env", "vulkan1.0", str(source), "-o", str(output)]
    subprocess.run(command, check=True, capture_output=True)
    return output.read_bytes()
