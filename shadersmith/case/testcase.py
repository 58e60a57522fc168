"""The self-contained test case: the shader files, their inputs, where the program came
from and what its last run gave. Read and written by case/codec.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.case.inputs import BufferSpec, Inputs
from shadersmith.case.oracle import Differential, Oracle
from shadersmith.case.provenance import Provenance
from shadersmith.case.runs import RecordedResults
from shadersmith.ir.profile import Language, profile_named
from shadersmith.ir.values import BufferValues

TEST_FILE = "test.json"
SHADER_FILE_BY_STAGE = {"compute": "shader.comp", "fragment": "shader.frag"}
# Languages whose one module holds its entry point, whatever the stage: its file name.
MODULE_FILE_BY_LANGUAGE = {Language.WGSL: "shader.wgsl"}


def shader_file(stage: str, language: Language) -> str:
    """The main shader's file name of a test of `stage` in `language`."""
    return MODULE_FILE_BY_LANGUAGE.get(language) or SHADER_FILE_BY_STAGE[stage]


# A metamorphic test's reference program, beside its variant (pair.py, case/oracle.py).
REFERENCE_FILE_BY_STAGE = {"compute": "reference.comp", "fragment": "reference.frag"}
# What a fusion test keeps beside test.json: the plan, the verdicts, the parts' folders'
# names (campaign/fusion_tests.py); before schema 3 also what made it a fusion test.
FUSION_RECORD = "fusion.json"


def reference_file(stage: str) -> str:
    return REFERENCE_FILE_BY_STAGE[stage]


# A fragment test's generated vertex shader (generate/vertex_stage.py): the runners'
# fixed full-screen one draws a test without it (every test recorded before). In GLSL
# shader.vert; a WGSL pair is two modules, one per stage (emit/wgsl.py), the vertex one
# vertex.wgsl beside shader.wgsl.
VERTEX_FILE = "shader.vert"
VERTEX_FILE_BY_LANGUAGE = {Language.WGSL: "vertex.wgsl"}


def vertex_file(language: Language) -> str:
    """The file name of a generated vertex shader in `language`."""
    return VERTEX_FILE_BY_LANGUAGE.get(language, VERTEX_FILE)


# A reduced test also holds its program before reconditioning (reduce/output.py).
UNRECONDITIONED_FILE = "unreconditioned.comp"
# A reduced test also holds its program before reconditioning, named after its stage.
UNRECONDITIONED_FILE_BY_STAGE = {
    "compute": UNRECONDITIONED_FILE,
    "fragment": "unreconditioned.frag",
}


@dataclass
class TestCase:
    __test__ = False  # not a pytest test class, despite the name

    stage: str
    # The language profile its shaders are written in (ir/profile.py: "glsl450",
    # "essl310", "wgsl"); test.json's `profile` (`language` before schema 4).
    profile: str
    shaders: dict[str, str]  # file name -> source text
    # Which oracle judges it (differential, metamorphic, fusion) and what that needs.
    oracle: Oracle = field(default_factory=Differential)
    inputs: Inputs = field(default_factory=Inputs)
    provenance: Provenance = field(default_factory=Provenance)
    results: RecordedResults = field(default_factory=RecordedResults)
    # What the recorded runs left to read beside test.json (file name -> bytes), each
    # named in its target's RunRecord.files: SPIR-V, its disassembly, spirv-cross's
    # GLSL, images. Outputs of a run, never inputs of one.
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def language(self) -> Language:
        """The language of its shaders (its profile's)."""
        return profile_named(self.profile).language

    @property
    def main_file(self) -> str:
        return shader_file(self.stage, self.language)

    @property
    def main_shader(self) -> str:
        return self.shaders[self.main_file]

    @property
    def vertex_shader(self) -> str | None:
        """Its generated vertex shader's text; None: drawn by the fixed one."""
        return self.shaders.get(vertex_file(self.language))

    @property
    def buffers(self) -> tuple[BufferSpec, ...]:
        return self.inputs.buffers

    @property
    def dispatch(self) -> tuple[int, int, int]:
        return self.inputs.dispatch

    def buffer_values(self) -> BufferValues:
        return self.inputs.buffer_values()

    def recorded_targets(self) -> list[str]:
        """The targets its last run recorded, in their order."""
        return list(self.results.runs)
