"""What kind of test a test is: the oracle that judges it, a typed field of the record.

A differential test is judged by comparing its targets; a crash test (GLSLsmith's mode
without reconditioning, GraphicsFuzz's crash hunting) by its compile-only targets'
crashes, validator rejections and timeouts alone (its program is not reconditioned, so
nothing runs it, and the reducer does not recondition its candidates); a metamorphic
test (GraphicsFuzz) by comparing its variant (the test's shader) with its reference
(`reference.*` beside it) on each target; a SPIR-V metamorphic test (spirv-fuzz) by
comparing its variant module with its reference module, glslang's of its program, on each
target alone; a fusion test (FShader) by comparing its fused
image with what a relation predicts from its parts' images (`part_<k>/` beside it).
Schema 3 records the kind in `test.json` ("oracle"); older schemas hid it in the
provenance's extra fields or in a `fusion.json` beside the test, and are read into the
same types here, so nothing else guesses a test's kind.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from shadersmith.case.inputs import TestCaseError
from shadersmith.spirv.transforms.base import TransformationRecord


@dataclass(frozen=True)
class Differential:
    """Several compilers must agree exactly (GLSLsmith, WGSLsmith, ShaDiv)."""

    kind: ClassVar[str] = "differential"


@dataclass(frozen=True)
class Crash:
    """Compile-only targets must not crash, fail a validator or hang on a program that is
    valid by the language's rules but not reconditioned (oracle/crash.py); a compile
    error is no finding (a compiler may reject a constant index out of range)."""

    kind: ClassVar[str] = "crash"


@dataclass(frozen=True)
class Metamorphic:
    """The variant must compute what its reference computes, on each target alone.
    `reference`: the reference's file; `reference_steps`: how many of the provenance's
    steps make the reference (the rest are the plan of transformations)."""

    reference: str
    reference_steps: int = 1
    kind: ClassVar[str] = "metamorphic"


@dataclass(frozen=True)
class SpirvMetamorphic:
    """The variant module must compute what the reference module computes, on each target
    alone (spirv-fuzz's method). `reference`: the reference module's assembly, the one
    glslang wrote for the test's program (kept, not rebuilt: another glslang writes
    another module); `variant`: the variant's assembly, what `transformations` make of the
    reference (shadersmith/spirv/transforms/), kept for reading and checked on replay."""

    reference: str
    variant: str
    transformations: tuple[TransformationRecord, ...]
    kind: ClassVar[str] = "spirv-metamorphic"


@dataclass(frozen=True)
class Fusion:
    """The fused image must be what `relation` predicts from the parts' images on the
    same target, within `tolerance` (histogram distance)."""

    relation: str
    parts: tuple[str, ...]
    tolerance: float
    kind: ClassVar[str] = "fusion"


Oracle = Differential | Crash | Metamorphic | SpirvMetamorphic | Fusion
KINDS = (Differential.kind, Crash.kind, Metamorphic.kind, SpirvMetamorphic.kind, Fusion.kind)
# A fusion test's parts (`fuse --parts` draws at most 6) and a metamorphic test's reference
# steps: the one bound of each, read by the schema (schema.py) and by this module's reader.
MAX_PARTS = 8
MAX_REFERENCE_STEPS = 64
# A SPIR-V variant's transformations (`spirv-fuzz --steps` draws at most 100).
MAX_TRANSFORMATIONS = 1000


def oracle_to_json(oracle: Oracle) -> dict[str, Any]:
    if isinstance(oracle, Metamorphic):
        return {
            "kind": oracle.kind,
            "reference": oracle.reference,
            "reference_steps": oracle.reference_steps,
        }
    if isinstance(oracle, SpirvMetamorphic):
        return {
            "kind": oracle.kind,
            "reference": oracle.reference,
            "variant": oracle.variant,
            "transformations": [record.to_json() for record in oracle.transformations],
        }
    if isinstance(oracle, Fusion):
        return {
            "kind": oracle.kind,
            "relation": oracle.relation,
            "parts": list(oracle.parts),
            "tolerance": oracle.tolerance,
        }
    return {"kind": oracle.kind}


def oracle_from_json(data: Any, where: str) -> Oracle:
    """The oracle a schema 3 `oracle` object names; a one-line error naming the field."""
    if not isinstance(data, dict):
        raise TestCaseError(f"{where}: oracle: expected an object")
    kind = data.get("kind")
    try:
        if kind == Differential.kind:
            return Differential()
        if kind == Crash.kind:
            return Crash()
        if kind == Metamorphic.kind:
            steps = data.get("reference_steps", 1)
            if not isinstance(steps, int) or isinstance(steps, bool):
                raise TestCaseError(f"{where}: oracle.reference_steps: {steps!r} is no number")
            if not 0 <= steps <= MAX_REFERENCE_STEPS:
                raise TestCaseError(
                    f"{where}: oracle.reference_steps: {steps!r} is not 0..{MAX_REFERENCE_STEPS}"
                )
            return Metamorphic(_file_name(data["reference"], where), steps)
        if kind == SpirvMetamorphic.kind:
            return _spirv_metamorphic(data, where)
        if kind == Fusion.kind:
            return _fusion(data["relation"], data["parts"], data["tolerance"], where)
    except KeyError as error:
        raise TestCaseError(f"{where}: oracle.{error.args[0]}: missing") from None
    raise TestCaseError(f"{where}: oracle.kind: {kind!r} is not one of {', '.join(KINDS)}")


def oracle_of_older_schema(
    extra: dict[str, Any], reference: str, fusion_record: dict[str, Any] | None, where: str
) -> Oracle:
    """The oracle of a schema 1 or 2 test: metamorphic where its provenance's extra said
    so (`reference` is its stage's reference file), fusion where a `fusion.json` record
    lies beside it, else differential."""
    if fusion_record is not None:
        try:
            relation = fusion_record["relation"]
            parts = fusion_record["parts"]
            tolerance = fusion_record["tolerance"]
        except (KeyError, TypeError) as error:
            raise TestCaseError(f"{where}: fusion.json: {error} missing") from None
        return _fusion(relation, parts, tolerance, f"{where} (fusion.json)")
    if extra.get("oracle") == Metamorphic.kind:
        steps = extra.get("reference_steps", 1)
        in_range = isinstance(steps, int) and 0 <= steps <= MAX_REFERENCE_STEPS
        if not in_range or isinstance(steps, bool):
            raise TestCaseError(f"{where}: provenance.extra.reference_steps: {steps!r}")
        return Metamorphic(reference, steps)
    return Differential()


def _spirv_metamorphic(data: dict[str, Any], where: str) -> SpirvMetamorphic:
    listed = data["transformations"]
    if not isinstance(listed, list) or len(listed) > MAX_TRANSFORMATIONS:
        raise TestCaseError(f"{where}: oracle.transformations: expected a list")
    records = []
    for number, item in enumerate(listed):
        valid = (
            isinstance(item, dict)
            and isinstance(item.get("name"), str)
            and isinstance(item.get("params"), dict)
        )
        if not valid:
            raise TestCaseError(
                f"{where}: oracle.transformations[{number}]: expected {{name, params}}"
            )
        records.append(TransformationRecord.from_json(item))
    reference = _file_name(data["reference"], where)
    variant = _file_name(data["variant"], where)
    return SpirvMetamorphic(reference, variant, tuple(records))


def _fusion(relation: Any, parts: Any, tolerance: Any, where: str) -> Fusion:
    if not isinstance(relation, str) or not relation:
        raise TestCaseError(f"{where}: oracle.relation: {relation!r} is not a relation name")
    if not isinstance(parts, list) or not 1 <= len(parts) <= MAX_PARTS:
        raise TestCaseError(f"{where}: oracle.parts: expected 1 to {MAX_PARTS} folder names")
    if (
        not isinstance(tolerance, int | float)
        or isinstance(tolerance, bool)
        or not math.isfinite(tolerance)
        or not 0 <= tolerance <= 1
    ):
        raise TestCaseError(f"{where}: oracle.tolerance: {tolerance!r} is not in 0..1")
    return Fusion(relation, tuple(_file_name(p, where) for p in parts), float(tolerance))


def _file_name(name: Any, where: str) -> str:
    """A name of a file or folder beside test.json: no separator, no dot name."""
    if not isinstance(name, str) or not name or "/" in name or name.startswith("."):
        raise TestCaseError(f"{where}: oracle: {name!r} is not a name inside the test")
    return name
