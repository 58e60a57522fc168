"""A SPIR-V metamorphic pair (spirv-fuzz's method, issue 35): glslang's module of a
generated, reconditioned program is the reference; the variant is that module after a
list of SPIR-V transformations (shadersmith/spirv/transforms/), each semantics-preserving.
Both run as modules: a job whose `spirv` holds a module makes every Vulkan chain that
starts with Debian's glslang run that module instead (targets/tools/precompile.py), so
the pair is judged on each such target alone (oracle/spirv_metamorphic.py).

A test keeps both modules as assembly (`reference.spvasm`, `variant.spvasm`, with
numeric ids) beside the program's GLSL, and the list in its oracle record. The modules
that run are the assembled texts, from the first run on: what a replay or a reduction
assembles is byte for byte what the campaign ran (spirv-as writes its own generator word,
so the campaign assembles too). A replay rebuilds the variant from the reference and the
list and checks it against `variant.spvasm`.

The variant is checked by spirv-val (Debian's, then the newest: validate_spirv) before
any target sees it: a module both reject is a defect of our transformations, never a
finding, and no target runs it.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from shadersmith.case import Finding, TestCase, TestCaseError
from shadersmith.case.inputs import BufferSpec
from shadersmith.case.oracle import SpirvMetamorphic
from shadersmith.case.typenames import type_name
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import BufferAccess
from shadersmith.ir.types import INT
from shadersmith.ir.values import Value
from shadersmith.oracle.differential import run_records
from shadersmith.spirv.binary import MalformedSpirv
from shadersmith.spirv.module import read_module
from shadersmith.spirv.transforms.base import TransformationRecord
from shadersmith.spirv.transforms.driver import fuzz_module, replay
from shadersmith.spirv.transforms.follow import replay_following
from shadersmith.spirv.transforms.opaque import OPAQUE_NAME, OPAQUE_VALUES, opaque_block
from shadersmith.targets.job import Job, PrecompiledSpirv
from shadersmith.targets.results import BufferInput, RunResult
from shadersmith.targets.tools import spirv_tools
from shadersmith.targets.tools.glslang import ToolMissing
from shadersmith.targets.tools.precompile import source_digest
from shadersmith.targets.tools.spirv_tools import DEBIAN, ToolError
from shadersmith.trial import PreparedTrial, prepare_generated, prepare_loaded

REFERENCE_MODULE = "reference.spvasm"
VARIANT_MODULE = "variant.spvasm"
# How many transformations a variant gets, drawn per seed in this range: spirv-fuzz's
# variants had tens; more than ~40 slows the drivers more than it finds.
DEFAULT_STEPS = (5, 30)


@dataclass(frozen=True)
class SpirvPair:
    """A program's reference module and its variant, ready to run; `unbuilt` says why
    there is nothing to run (glslang or spirv-val refused the program: the differential
    campaign's business, not this one's); `invalid`, why the variant is not valid SPIR-V
    (a defect of ours: no target runs it)."""

    index: int
    seed: int
    trial: PreparedTrial  # the program: its GLSL, inputs, provenance and plain job
    target_env: str
    reference: bytes
    variant: bytes
    records: tuple[TransformationRecord, ...]
    transform_ms: float
    unbuilt: str | None = None
    invalid: str | None = None

    def job(self, module: bytes) -> Job:
        """The program's job with `module` in place of glslang's, binding the opaque block
        where `module` declares one (the variant's; never the reference's)."""
        job = self.trial.job
        made = PrecompiledSpirv(
            source_digest(job.source), job.stage, DEBIAN, _glslang_version(), module, (), 0.0
        )
        buffers = [buffer for buffer in job.buffers if buffer.block != OPAQUE_NAME]
        opaque = opaque_input(module, job.stage)
        if opaque is not None:
            buffers.append(opaque)
        return dataclasses.replace(job, spirv=made, buffers=tuple(buffers))

    def jobs(self) -> tuple[Job, ...]:
        if self.unbuilt is not None or self.invalid is not None:
            return ()
        return (self.job(self.reference), self.job(self.variant))

    def test(self) -> TestCase:
        """The variant's test, its results not yet filled in."""
        base = self.trial.test
        oracle = SpirvMetamorphic(REFERENCE_MODULE, VARIANT_MODULE, self.records)
        shaders = dict(base.shaders)
        if self.unbuilt is None:
            shaders[REFERENCE_MODULE] = spirv_tools.module_to_assembly(self.reference)
            shaders[VARIANT_MODULE] = spirv_tools.module_to_assembly(self.variant)
        # The test's inputs bind the variant's opaque block (the Amber export leaves it
        # out of the reference's pipeline: the GLSL declares no block at its binding).
        specs = [spec for spec in base.inputs.buffers if spec.block != OPAQUE_NAME]
        opaque = opaque_input(self.variant, self.trial.job.stage)
        if opaque is not None:
            specs.append(_input_spec(opaque))
        inputs = dataclasses.replace(base.inputs, buffers=tuple(specs))
        return dataclasses.replace(base, shaders=shaders, oracle=oracle, inputs=inputs)


def opaque_input(module: bytes, stage: str) -> BufferInput | None:
    """The opaque block `module` declares (spirv/transforms/opaque.py) as a job binds it:
    its ints at offsets 0, 4, 8, ... (std430, or std140 for a fragment shader's uniform
    block: the same offsets for scalars), holding OPAQUE_VALUES. Read from the module
    rather than from the records: a record that no longer applies (a sub-list, a reduced
    reference) declares nothing, and nothing is bound for it."""
    if not module:
        return None
    try:
        block = opaque_block(read_module(module))
    except MalformedSpirv:
        return None
    if block is None:
        return None
    fields = tuple((f"value{index}", INT) for index in range(len(OPAQUE_VALUES)))
    values: dict[str, Value] = {
        name: value for (name, _), value in zip(fields, OPAQUE_VALUES, strict=True)
    }
    return BufferInput(block.binding, fields, values, stage == "fragment", OPAQUE_NAME)


def _input_spec(buffer: BufferInput) -> BufferSpec:
    return BufferSpec(
        block=buffer.block,
        binding=buffer.binding,
        access=BufferAccess.INPUT.value,
        fields=tuple((name, type_name(type_)) for name, type_ in buffer.fields),
        values=dict(buffer.values),
        uniform=buffer.uniform,
    )


def prepare_spirv_pair(
    index: int,
    seed: int,
    trial: PreparedTrial,
    steps: tuple[int, int] = DEFAULT_STEPS,
) -> SpirvPair:
    """The pair of `trial`'s program: glslang's module (assembled as a test keeps it) and
    the variant of a transformation list drawn with `seed`, its length in `steps`."""
    target_env = spirv_tools.target_env_of_source(trial.job.source)
    try:
        made = spirv_tools.compile_glsl_to_spirv(trial.job.source, trial.job.stage)
        spirv_tools.validate_spirv(made)
        reference = as_kept(made, target_env)
    except (ToolError, ToolMissing) as error:
        why = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return SpirvPair(index, seed, trial, target_env, b"", b"", (), 0.0, unbuilt=why)
    rng = random.Random(seed)
    count = rng.randint(*steps)
    started = time.perf_counter()
    variant_model, records = fuzz_module(read_module(reference), rng.getrandbits(64), count)
    variant = as_kept(variant_model.to_bytes(), target_env)
    transform_ms = (time.perf_counter() - started) * 1000
    pair = SpirvPair(
        index, seed, trial, target_env, reference, variant, tuple(records), transform_ms
    )
    return dataclasses.replace(pair, invalid=invalid_reason(variant, target_env))


def prepare_generated_spirv_pair(
    index: int,
    seed: int,
    generator: SmithOptions,
    steps: tuple[int, int] = DEFAULT_STEPS,
    passes: tuple[str, ...] | None = None,
) -> SpirvPair:
    """The pair of the generator's program for `seed` (reconditioned; GLSL 4.50), the
    -opt chains running `passes`."""
    generated = generate(seed, generator, GLSL450)
    trial = prepare_generated(generated, GLSL450, passes)
    return prepare_spirv_pair(index, seed, trial, steps)


# The generator word spirv-as writes (the Khronos SPIR-V Tools Assembler, tool 7).
ASSEMBLER_GENERATOR = 0x00070000


def as_kept(module: bytes, target_env: str) -> bytes:
    """`module` as a test keeps it: what spirv-as makes of its spirv-dis text (`--raw-id`,
    `--preserve-numeric-ids`), without the two processes: the header's generator word is
    the assembler's and its bound one above the highest id (a transformation may have
    claimed more). What runs is what a replay of the test assembles, byte for byte
    (tests/test_spirv_fuzz.py checks the two agree). A module the model cannot read is
    returned as it is: spirv-val will say why."""
    try:
        model = read_module(module)
    except MalformedSpirv:
        return module
    ids = [i.result_id for i in model.instructions() if i.result_id is not None]
    model.header.bound = max(ids, default=0) + 1
    model.header.generator = ASSEMBLER_GENERATOR
    return model.to_bytes()


def invalid_reason(variant: bytes, target_env: str) -> str | None:
    """Why spirv-val (Debian's, then the newest) rejects `variant`, or None."""
    try:
        spirv_tools.validate_spirv(variant, target_env)
    except ToolError as error:
        return f"a transformation made an invalid module: {str(error).strip()[-300:]}"
    return None


def with_records(pair: SpirvPair, records: Sequence[TransformationRecord]) -> SpirvPair:
    """`pair` with the variant that `records` make of its reference (a sub-list: what
    delta debugging tries; stale records are skipped by `replay`)."""
    variant = as_kept(replay(read_module(pair.reference), records).to_bytes(), pair.target_env)
    kept = dataclasses.replace(pair, variant=variant, records=tuple(records), invalid=None)
    return dataclasses.replace(kept, invalid=invalid_reason(variant, pair.target_env))


def with_reference(pair: SpirvPair, reference: bytes) -> SpirvPair:
    """`pair` on a smaller reference module (a spirv-reduce candidate of its own), its
    list replayed with the records' positions followed from the pair's reference to the
    candidate (spirv/transforms/follow.py); `invalid` where either module is not valid
    SPIR-V (spirv-reduce's candidates are checked by nobody else). Both modules as a test
    keeps them."""
    reference = as_kept(reference, pair.target_env)
    invalid = invalid_reason(reference, pair.target_env)
    if invalid is not None:
        return dataclasses.replace(pair, reference=reference, invalid=invalid)
    made, records = replay_following(
        read_module(pair.reference), read_module(reference), pair.records
    )
    variant = as_kept(made.to_bytes(), pair.target_env)
    return dataclasses.replace(
        pair,
        reference=reference,
        variant=variant,
        records=tuple(records),
        invalid=invalid_reason(variant, pair.target_env),
    )


def spirv_pair_of_test(test: TestCase) -> SpirvPair:
    """The pair a SPIR-V metamorphic test records: its reference module assembled from
    its text, its variant rebuilt by the list and checked against the kept text."""
    oracle = test.oracle
    if not isinstance(oracle, SpirvMetamorphic):
        raise TestCaseError("not a SPIR-V metamorphic test (its oracle is another)")
    target_env = spirv_tools.target_env_of_source(test.main_shader)
    try:
        reference = spirv_tools.assembly_to_module(test.shaders[oracle.reference], target_env)
        kept = spirv_tools.assembly_to_module(test.shaders[oracle.variant], target_env)
    except ToolError as error:
        raise TestCaseError(f"a module of the test does not assemble: {error}") from None
    except ToolMissing as error:
        raise TestCaseError(str(error)) from None
    # The program as the test's text says: the job is the one the campaign ran.
    trial = prepare_loaded(test)
    seed = test.provenance.seed if test.provenance.seed is not None else -1
    pair = SpirvPair(0, seed, trial, target_env, reference, b"", (), 0.0)
    pair = with_records(pair, oracle.transformations)
    if pair.variant != kept:
        raise TestCaseError(
            f"{oracle.variant} differs from what its transformations make of "
            f"{oracle.reference} (edited?)"
        )
    return pair


def recorded_spirv_pair(
    pair: SpirvPair,
    reference: dict[str, RunResult],
    variant: dict[str, RunResult],
    finding: Finding | None,
    versions: dict[str, dict[str, str]] | None = None,
) -> TestCase:
    """The variant's test with both runs recorded (`<target>.reference`,
    `<target>.variant`), their artefacts beside it."""
    merged = {f"{name}.reference": result for name, result in reference.items()}
    merged.update({f"{name}.variant": result for name, result in variant.items()})
    files: dict[str, bytes] = {}
    named_versions = None
    if versions is not None:
        named_versions = {key: versions.get(key.rsplit(".", 1)[0], {}) for key in merged}
    recorded = run_records(merged, files, named_versions)
    recorded.finding = finding
    recorded.verdict = SpirvMetamorphic.kind
    return dataclasses.replace(pair.test(), results=recorded, files=files)


def _glslang_version() -> str:
    try:
        return DEBIAN.glslang_version()
    except (ToolError, ToolMissing):
        return "unknown"
