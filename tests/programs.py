"""Programs the tests share: a hand-built one-buffer compute program around a body, and
generated, reconditioned jobs as a campaign hands them to the targets."""

from __future__ import annotations

from shadersmith.emit import emit
from shadersmith.generate.smith import SmithOptions, generate
from shadersmith.ir.profile import GLSL450, WGSL, Language, LanguageProfile
from shadersmith.ir.program import (
    BufferAccess,
    BufferField,
    Function,
    Program,
    Stage,
    StorageBuffer,
)
from shadersmith.ir.statements import Block, Statement, VarDecl
from shadersmith.ir.types import VOID, Type
from shadersmith.rebuild.jobs import job_from_program
from shadersmith.recondition import recondition
from shadersmith.recondition.pipeline import ReconditionOptions
from shadersmith.targets.job import Job

BLOCK = "buf"


def one_buffer_program(
    body: list[Statement],
    fields: dict[str, Type],
    functions: tuple[Function, ...] = (),
    globals_: tuple[VarDecl, ...] = (),
) -> Program:
    """A compute program whose `main` is `body`, with one read-write buffer `BLOCK` of
    `fields`."""
    buffer = StorageBuffer(
        block_name=BLOCK,
        instance_name=None,
        binding=0,
        fields=tuple(BufferField(n, t) for n, t in fields.items()),
        access=BufferAccess.INPUT_OUTPUT,
    )
    main = Function("main", VOID, (), Block(tuple(body)))
    return Program(
        stage=Stage.COMPUTE,
        functions=(*functions, main),
        buffers=(buffer,),
        globals=globals_,
    )


def reconditioned_job(seed: int, fragment: bool) -> Job:
    """Generated program `seed` (a fragment or a compute shader), reconditioned, as a job."""
    options = SmithOptions(fragment_probability=1.0 if fragment else 0.0)
    generated = generate(seed, options, GLSL450)
    fixed = recondition(generated.program, generated.buffer_values)
    return job_from_program(
        fixed.program, fixed.buffer_values, GLSL450, groups=generated.workgroups
    )


def deterministic_job(seed: int, options: SmithOptions, profile: LanguageProfile) -> Job:
    """Program `seed` with `options` in `profile`, checked to be generated twice alike,
    reconditioned in its language, as a job (a fragment program draws its own size)."""
    generated = generate(seed, options, profile)
    again = generate(seed, options, profile)
    assert emit(generated.program, profile) == emit(again.program, profile), seed
    language = Language.WGSL if profile is WGSL else Language.GLSL
    fixed = recondition(
        generated.program, generated.buffer_values, ReconditionOptions(language=language)
    )
    return job_from_program(
        fixed.program,
        fixed.buffer_values,
        profile,
        groups=generated.workgroups,
        framebuffer=generated.framebuffer or (1, 1),
    )
