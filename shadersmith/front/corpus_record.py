"""A corpus program as a test records it, and read back from that record.

A test made from a corpus shader must replay without the corpus (DESIGN.md: nothing a
test needs lives outside its directory), and show where it came from. Its provenance
says `generator: "corpus"` and holds the record: the corpus as the user named it, the
file's path relative to the corpus root and its SHA-256, the seed its inputs were
drawn from, the converted program's GLSL text (before reconditioning), its input values,
and the dispatch or target size. A donor (mutate/transforms/donors.py) and a fusion
partner (mutate/fusion) from a corpus carry the same record in their step's parameters.

The program is defined by its text: `program_of_record` reads it with the GLSL front-end,
so a record written once rebuilds the same program on every later version that reads
the same text, and no conversion or value drawing is redone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shadersmith.case.inputs import TestCaseError
from shadersmith.case.provenance import Provenance
from shadersmith.case.values_json import value_from_json, value_to_json
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Program, Stage
from shadersmith.ir.values import BufferValues

CORPUS = "corpus"  # Provenance.generator of a test whose program came from a corpus
RECORD_KEY = "corpus"  # where the provenance keeps the record (Provenance.extra)
PROFILE = GLSL450  # what a corpus program is emitted in


@dataclass(frozen=True)
class CorpusProgram:
    """A corpus shader converted into a program of ours (corpus/convert.py), with its
    inputs drawn from `seed`; not yet reconditioned."""

    corpus: str  # `piglit` or the directory as the user gave it
    relative: str  # the file, relative to the corpus root
    sha256: str  # of the whole file
    seed: int
    text: str  # the converted program in GLSL 4.50: what defines it
    program: Program  # the text, read by the front-end
    values: BufferValues
    dispatch: tuple[int, int, int] = (1, 1, 1)
    framebuffer: tuple[int, int] | None = None
    conversions: tuple[str, ...] = field(default=())

    @property
    def stage(self) -> Stage:
        return self.program.stage

    def record(self) -> dict[str, Any]:
        """The JSON record (see the module docstring)."""
        data: dict[str, Any] = {
            "corpus": self.corpus,
            "file": self.relative,
            "sha256": self.sha256,
            "seed": self.seed,
            "stage": self.stage.value,
            "conversions": list(self.conversions),
            "program": self.text,
            "values": {
                block: {name: value_to_json(value) for name, value in fields.items()}
                for block, fields in self.values.items()
            },
            "dispatch": list(self.dispatch),
        }
        if self.framebuffer is not None:
            data["framebuffer"] = list(self.framebuffer)
        return data

    def provenance(self) -> Provenance:
        """The provenance of a test whose program this is (before any step)."""
        return Provenance(
            generator=CORPUS,
            seed=self.seed,
            profile=PROFILE.name,
            extra={RECORD_KEY: self.record()},
        )


def program_of_record(data: Mapping[str, Any], where: str = "corpus record") -> CorpusProgram:
    """The corpus program a record describes; a one-line TestCaseError when it is not one."""
    try:
        text = data["program"]
        seed = data["seed"]
        dispatch = tuple(int(n) for n in data.get("dispatch", (1, 1, 1)))
        framebuffer = data.get("framebuffer")
        if not isinstance(text, str) or not isinstance(seed, int) or len(dispatch) != 3:
            raise TypeError("program, seed or dispatch")
        parsed = parse_glsl(text)
        program = parsed.program
        values = _values(program, data["values"], where)
        return CorpusProgram(
            corpus=str(data["corpus"]),
            relative=str(data["file"]),
            sha256=str(data["sha256"]),
            seed=seed,
            text=text,
            program=program,
            values=values,
            dispatch=(dispatch[0], dispatch[1], dispatch[2]),
            framebuffer=None if framebuffer is None else (int(framebuffer[0]), int(framebuffer[1])),
            conversions=tuple(str(c) for c in data.get("conversions", ())),
        )
    except FrontEndError as error:
        raise TestCaseError(f"{where}: its program does not parse: {error}") from None
    except KeyError as error:
        raise TestCaseError(f"{where}: {error.args[0]} missing") from None
    except (TypeError, ValueError, IndexError) as error:
        raise TestCaseError(f"{where}: corrupt ({error})") from None


def _values(program: Program, data: Any, where: str) -> BufferValues:
    if not isinstance(data, dict):
        raise TypeError("values is not an object")
    values: BufferValues = {}
    for buffer in program.buffers:
        given = data.get(buffer.block_name)
        if not isinstance(given, dict):
            raise TestCaseError(f"{where}: no values for block {buffer.block_name}")
        values[buffer.block_name] = {}
        for buffer_field in buffer.fields:
            if buffer_field.name not in given:
                raise TestCaseError(
                    f"{where}: no value for {buffer.block_name}.{buffer_field.name}"
                )
            values[buffer.block_name][buffer_field.name] = value_from_json(
                given[buffer_field.name], buffer_field.type, f"{where}: {buffer_field.name}"
            )
    return values


def record_of(provenance: Provenance) -> Mapping[str, Any] | None:
    """The corpus record a test's provenance holds, or None for a test of another origin."""
    if provenance.generator != CORPUS:
        return None
    data = provenance.extra.get(RECORD_KEY)
    if not isinstance(data, dict):
        raise TestCaseError("test.json: a corpus test's provenance holds no corpus record")
    return data
