"""The GLSL that naga's GLSL writer handed Mesa's GL driver, as Mesa dumps it.

wgpu-native never hands that GLSL out: naga writes it inside pipeline creation and
wgpu-hal's GLES back-end passes it to glShaderSource. Mesa writes every shader it links
into the folder `MESA_SHADER_DUMP_PATH` names (`FS_<sha1>.glsl`, `CS_...`, `VS_...`), read
once, when it loads; Debian's Mesa 22 and the newest both honour it. A kept wgpu-gl test
then holds the GLSL its driver compiled (`wgpu-gl.naga.frag`): what a Mesa bug report
needs, and what tells naga's writer from the driver by reading.

The folder also receives wgpu's own pipelines (made as the device starts) and the
harness's full-screen vertex shader, so a run takes only the files of its own stage that
appeared since the last run (`take`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from shadersmith.targets.dumps.dump_folder import dump_folder

DUMP_VARIABLE = "MESA_SHADER_DUMP_PATH"
_PREFIX = {"compute": "CS_", "fragment": "FS_"}
# Artefact suffixes (RunResult.artefacts): beside test.json as `<target>.naga.frag`.
ARTEFACT = {"compute": "naga.comp", "fragment": "naga.frag"}


class GlslDump:
    def __init__(self, folder: Path, owned: bool) -> None:
        self.folder = folder
        self._owned = owned

    @classmethod
    def start(cls) -> GlslDump:
        """Name a fresh folder for Mesa, before it loads (or keep one already named)."""
        folder, owned = dump_folder(DUMP_VARIABLE, "shadersmith-glsl-dump-")
        return cls(folder, owned)

    def take(self, stage: str | None = None) -> dict[str, bytes]:
        """The newest dumped shader of `stage` since the last call, as an artefact
        (nothing where Mesa wrote none); every file dumped so far goes."""
        files = sorted(self.folder.glob("*.glsl"), key=lambda path: path.stat().st_mtime_ns)
        wanted = [p for p in files if stage is not None and p.name.startswith(_PREFIX[stage])]
        found = {ARTEFACT[stage]: wanted[-1].read_bytes()} if stage and wanted else {}
        for path in files:
            path.unlink(missing_ok=True)
        return found

    def close(self) -> None:
        if self._owned:
            shutil.rmtree(self.folder, ignore_errors=True)
