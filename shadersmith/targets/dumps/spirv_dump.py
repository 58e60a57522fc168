"""The SPIR-V that naga handed a Mesa Vulkan driver, as the driver dumps it, checked by
spirv-val.

wgpu-native never hands its SPIR-V out: naga's SPIR-V back-end runs inside pipeline
creation and the module goes straight to vkCreateShaderModule. Mesa's SPIR-V front-end
(spirv_to_nir, used by lavapipe) writes every module it reads into the folder that
`MESA_SPIRV_DUMP_PATH` names, which it reads once, at its first module. Debian 12's Mesa
22.3 compiles that code out of its release build (only `MESA_SPIRV_FAIL_DUMP_PATH`, for
modules it fails on, is left); the newest Mesa (25.0, newest.py) keeps it. Whether the
driver honours it is found out, not assumed: `SpirvDump.probe` after one pipeline.

The folder also receives wgpu's own pipelines (made when the device starts), so a run
takes only the files that appeared while it created its pipeline (`take`).
"""

from __future__ import annotations

import hashlib
import re
import shutil
import struct
import time
from pathlib import Path

from shadersmith.targets.dumps.dump_folder import dump_folder
from shadersmith.targets.results import RunResult, RunStatus
from shadersmith.targets.tools.spirv_tools import SpirvValError, validate_spirv

DUMP_VARIABLE = "MESA_SPIRV_DUMP_PATH"
# Blame: spirv-val rejecting a module blames the tool that wrote it (oracle/components.py).
REJECTED_NAGA = "spirv-val after naga"

_MAGIC = 0x07230203
_OP_ENTRY_POINT = 15
# SPIR-V execution models: what a module is for.
_MODELS = {0: "vertex", 4: "fragment", 5: "compute"}
# The Vulkan version whose rules a module of a SPIR-V version is checked under (the
# oldest Vulkan that takes the version; naga writes the version the device offers).
_TARGET_ENVS = {
    (1, 0): "vulkan1.0",
    (1, 1): "vulkan1.1",
    (1, 2): "vulkan1.1",
    (1, 3): "vulkan1.1",
    (1, 4): "vulkan1.2",
    (1, 5): "vulkan1.2",
    (1, 6): "vulkan1.3",
}
_INDEX = re.compile(r"-(\d+)\.spirv$")


class SpirvDump:
    def __init__(self, folder: Path, owned: bool) -> None:
        self.folder = folder
        self._owned = owned
        self.honoured: bool | None = None  # unknown until a pipeline was made
        self._valid: set[str] = set()  # digests of modules spirv-val accepted
        self.last_artefacts: dict[str, bytes] = {}
        self.last_notes: list[str] = []
        self.last_validation_ms = 0.0

    @classmethod
    def start(cls) -> SpirvDump:
        """Name a fresh folder for the driver, before it loads (or keep the one the
        environment already names)."""
        folder, owned = dump_folder(DUMP_VARIABLE, "shadersmith-spirv-dump-")
        return cls(folder, owned)

    def probe(self) -> None:
        """Call right after the driver made a pipeline: were its modules dumped?"""
        self.honoured = bool(self.take())

    def state(self) -> str:
        if self.honoured:
            return f"{DUMP_VARIABLE} honoured: naga's SPIR-V checked by spirv-val"
        return f"{DUMP_VARIABLE} not honoured by this driver's build: naga's SPIR-V unchecked"

    def take(self) -> list[bytes]:
        """The modules dumped since the last call, oldest first; their files go."""
        files = sorted(self.folder.glob("*.spirv"), key=_dump_index)
        modules = []
        for path in files:
            modules.append(path.read_bytes())
            path.unlink()
        return modules

    def validate_new(self) -> RunResult | None:
        """spirv-val on the modules dumped since the last call: a result blaming naga for
        the first invalid one, else None (what was checked stays in `last_*`)."""
        self.last_artefacts, self.last_notes, self.last_validation_ms = {}, [], 0.0
        if not self.honoured:
            return None
        started = time.perf_counter()
        for module in self.take():
            model = execution_model(module)
            if model != "vertex":  # the harness's own vertex shader is not the test's
                self.last_artefacts["spv"] = module
            digest = hashlib.sha256(module).hexdigest()
            if digest in self._valid:
                continue
            try:
                said = validate_spirv(module, target_env=target_env(module))
            except SpirvValError as error:
                return RunResult(
                    RunStatus.VALIDATION_ERROR,
                    log=error.log,
                    failed_component=REJECTED_NAGA,
                    artefacts={"spv": module},
                    unconfirmed=not error.confirmed,
                    tools_ms=(time.perf_counter() - started) * 1000.0,
                )
            if said:
                self.last_notes.append(f"{REJECTED_NAGA}: {said}")
            if model == "vertex":
                self._valid.add(digest)  # the same text every draw: check it once
        self.last_validation_ms = (time.perf_counter() - started) * 1000.0
        return None

    def close(self) -> None:
        if self._owned:
            shutil.rmtree(self.folder, ignore_errors=True)


def _dump_index(path: Path) -> int:
    match = _INDEX.search(path.name)
    return int(match.group(1)) if match else -1


def target_env(module: bytes) -> str:
    """spirv-val's --target-env for a module, from its SPIR-V version word."""
    if len(module) < 20:
        return "vulkan1.0"
    version = struct.unpack_from("<I", module, 4)[0]
    return _TARGET_ENVS.get(((version >> 16) & 0xFF, (version >> 8) & 0xFF), "vulkan1.3")


def execution_model(module: bytes) -> str | None:
    """The stage of the module's first entry point ("compute", "fragment", "vertex")."""
    if len(module) < 20 or struct.unpack_from("<I", module, 0)[0] != _MAGIC:
        return None
    words = struct.unpack_from(f"<{len(module) // 4}I", module)
    position = 5
    while position < len(words):
        count, opcode = words[position] >> 16, words[position] & 0xFFFF
        if count == 0:
            return None
        if opcode == _OP_ENTRY_POINT and position + 1 < len(words):
            return _MODELS.get(words[position + 1])
        position += count
    return None
