"""The reproducer in the upstream project's own format, one maker per format: a piglit
`shader_test` (export/piglit.py; GLSL 3.30 where softpipe shows the bug so), an Amber
script with the SPIR-V the driver consumed (export/amber.py), RADV's SPIR-V and pipeline
program (export/radv_pipeline.py), the WGSL and the naga command, or the shader and the
tools' exact command lines for glslang, spirv-opt and spirv-cross."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from shadersmith.case import TestCase, TestCaseError
from shadersmith.case.finding import Finding
from shadersmith.case.provenance import Provenance
from shadersmith.case.testcase import SHADER_FILE_BY_STAGE
from shadersmith.emit import emit
from shadersmith.export.amber import amber_script, spirv_targets
from shadersmith.export.bug_report.replay import Candidate
from shadersmith.export.bug_report.subject import (
    MESA_GL_DRIVERS,
    BugReportError,
    mesa_gl_driver,
    plain_targets,
    signed_component,
    target_chain,
)
from shadersmith.export.checks import Check, Command, PiglitRun, run_shader_runner
from shadersmith.export.common import ExportError
from shadersmith.export.markdown_text import code, prose
from shadersmith.export.piglit import (
    SOFTPIPE_GLSL,
    as_glsl_330,
    glsl_required,
    piglit_shader_test,
    shader_section,
)
from shadersmith.export.radv_pipeline import pipeline_reproducer
from shadersmith.ir.profile import GLSL450, Language
from shadersmith.rebuild.regenerate import program_of
from shadersmith.targets.catalogue.components import (
    AMBER,
    GLSLANG,
    MESA_GLSL,
    NAGA,
    PIGLIT,
    RADV_PIPELINE,
    SPIRV_OPT,
    Component,
)
from shadersmith.targets.catalogue.registry import TARGETS
from shadersmith.targets.catalogue.table import SpirvToolsBuild
from shadersmith.targets.chains import DEFAULT_OPT_PASSES
from shadersmith.targets.runners.environment import SOFTPIPE_COMPUTE_OVERRIDE
from shadersmith.targets.tools.spirv_tools import CROSS_LANGUAGES


@dataclass(frozen=True)
class Reproducer:
    """The files and commands to paste, and what they were made from."""

    format: str
    files: dict[str, str]  # name -> text, in the order to show
    commands: tuple[Command, ...]
    run_hint: str  # how to run it, one line for the reader
    source: str  # what it was derived from
    shader_lines: int
    attachments: dict[str, str] = field(default_factory=dict)  # recorded, shown collapsed


def make_reproducer(
    chosen: Candidate,
    form: str,
    failing: Sequence[str],
    finding: Finding,
    upstream: Component,
) -> Reproducer:
    test = chosen.test
    if form == PIGLIT:
        return _piglit_reproducer(chosen, failing)
    if form == AMBER:
        return _amber_reproducer(chosen, failing)
    if form == RADV_PIPELINE:
        return _radv_reproducer(chosen, failing)
    if form == NAGA:
        return _naga_reproducer(chosen, finding)
    name = SHADER_FILE_BY_STAGE[test.stage]
    commands = [_glslang_command(name)]
    if form == GLSLANG:
        commands.append(Command(("spirv-dis", "shader.spv")))
        if finding.signature.startswith("invalid:"):
            # glslang wrote a module spirv-val rejects: the validator shows it.
            commands.append(Command(("spirv-val", "--target-env", "vulkan1.0", "shader.spv")))
    elif form == SPIRV_OPT:
        passes = tuple(test.provenance.spirv_opt_passes or ())
        if not passes:
            raise BugReportError("a spirv-opt finding without a recorded pass list")
        commands += [
            Command(
                (
                    "spirv-opt",
                    "--target-env=vulkan1.0",
                    *passes,
                    "shader.spv",
                    "-o",
                    "shader.opt.spv",
                )
            ),
            Command(("spirv-val", "--target-env", "vulkan1.0", "shader.opt.spv")),
        ]
    else:
        commands += _cross_commands(test, failing, name)
    attachments = {}
    for target in failing:
        cross = test.files.get(f"{target}.cross.{name.rsplit('.', 1)[1]}")
        if cross is not None:
            attachments[f"{target}.cross.{name.rsplit('.', 1)[1]} (recorded)"] = cross.decode()
    return Reproducer(
        form,
        {name: chosen.text},
        tuple(commands),
        "the commands below, in a folder holding the shader",
        chosen.source,
        chosen.lines,
        attachments,
    )


def _cross_commands(test: TestCase, failing: Sequence[str], name: str) -> list[Command]:
    """spirv-cross as the failing chain ran it: the compile-only chains (SpirvToolsBuild)
    run spirv-opt first (the recorded passes, else -O) and spirv-val on its output, and
    write the chain's language; the GL chains through spirv-cross take glslang's module
    to GLSL (spirv_tools.cross_to_glsl)."""
    builds = [TARGETS[t].build for t in failing if t in TARGETS]
    tools_alone = next((b for b in builds if isinstance(b, SpirvToolsBuild)), None)
    if tools_alone is None:
        out = f"shader.cross.{name.rsplit('.', 1)[1]}"
        return [
            Command(("spirv-cross", "--version", "450", "--no-es", "shader.spv", "--output", out))
        ]
    passes = tuple(test.provenance.spirv_opt_passes or DEFAULT_OPT_PASSES)
    given = "shader.opt.spv"
    commands = [
        Command(("spirv-opt", "--target-env=vulkan1.0", *passes, "shader.spv", "-o", given)),
        Command(("spirv-val", "--target-env", "vulkan1.0", given)),
    ]
    language = tools_alone.output
    if language == "glsl":
        options: tuple[str, ...] = ("--version", "450", "--no-es")
        out = f"shader.cross.{name.rsplit('.', 1)[1]}"
    else:
        options, out = CROSS_LANGUAGES[language], f"shader.cross.{language}"
    return [*commands, Command(("spirv-cross", *options, given, "--output", out))]


def _glslang_command(name: str) -> Command:
    # The chains' own options (spirv_tools.compile_glsl_to_spirv).
    return Command(
        ("glslangValidator", "-V", "--target-env", "vulkan1.0", name, "-o", "shader.spv")
    )


def _piglit_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:
    """A shader_test of the GLSL the failing GL driver compiled: the test's own, or what
    spirv-cross wrote for it (the recorded file, swapped into the test's shader_test, whose
    buffers are bound by binding), or for a WGSL test the same program in GLSL 4.50 (naga's
    GLSL renames the interface; it is attached as recorded)."""

    test = chosen.test
    source = chosen.source
    attachments: dict[str, str] = {}
    try:
        if test.language.family is not Language.GLSL:  # piglit runs GLSL
            name = test.language.value.upper()
            twin = glsl_twin(test)
            text = piglit_shader_test(twin)
            lines = len(twin.main_shader.splitlines())
            source = (
                f"the reduced {name} test's program as GLSL 4.50 (shadersmith's GLSL emitter; "
                f"{code(test.main_shader and test.main_file)} is its {name})"
            )
            attachments[f"{test.main_file} (the test's {name})"] = test.main_shader
            for target in failing:
                for ext in ("frag", "comp"):
                    naga = test.files.get(f"{target}.naga.{ext}")
                    if naga is not None:
                        attachments[f"{target}.naga.{ext} (the GLSL naga wrote, recorded)"] = (
                            naga.decode()
                        )
        else:
            text = piglit_shader_test(test)
            lines = chosen.lines
            translated = _translated_text(test, failing)
            if translated is not None:
                file, glsl = translated
                text = _swap_shader(text, test.stage, glsl)
                lines = len(glsl.splitlines())
                source = f"{code(file)}: the GLSL spirv-cross wrote for {source} (recorded)"
    except ExportError as error:
        raise BugReportError(f"no piglit shader_test: {error}") from None
    return Reproducer(
        PIGLIT,
        {"test.shader_test": text},
        (),
        _piglit_hint(failing, text),
        source,
        lines,
        attachments,
    )


def _piglit_hint(failing: Sequence[str], text: str) -> str:
    """shader_runner's command line on the first failing Mesa driver (softpipe with GL 4.5
    claimed for a test that needs more than its GL 3.3, as the checks run it); on any
    driver for one that is not Mesa's."""

    driver = next((d for t in failing if (d := mesa_gl_driver(t)) is not None), None)
    settings = ["PIGLIT_PLATFORM=surfaceless_egl"]
    if driver is not None:
        settings.append(f"GALLIUM_DRIVER={driver}")
    if driver == "softpipe" and (glsl_required(text) or 0) > SOFTPIPE_GLSL:
        settings += [f"{k}={v}" for k, v in SOFTPIPE_COMPUTE_OVERRIDE.items() if "GLES" not in k]
    runner = "/usr/lib/x86_64-linux-gnu/piglit/bin/shader_runner"
    return f"{' '.join(settings)} {runner} test.shader_test -auto -fbo"


def on_softpipes_own_gl(
    reproducer: Reproducer, finding: Finding, failing: Sequence[str], checks: list[Check]
) -> Reproducer:
    """A softpipe finding's shader_test as GLSL 3.30, where it reproduces so: softpipe
    offers GL 3.3, and a maintainer should not have to claim 4.5 with Mesa's version
    overrides (which promise features softpipe may lack) to see the bug. Shipped when
    softpipe still fails it without overrides and llvmpipe, right on the finding, passes
    it (so the 3.30 text compiles and its expectations stand); otherwise the 4.50 form."""

    wrong = {d for t in plain_targets(finding.targets) if (d := mesa_gl_driver(t)) is not None}
    text = reproducer.files["test.shader_test"]
    lowered = as_glsl_330(text)
    if wrong != {"softpipe"} or lowered is None:
        return reproducer
    runs = {driver: run_shader_runner(lowered, driver) for driver in MESA_GL_DRIVERS}
    said = "; ".join(
        f"{d} {r.text() if isinstance(r, PiglitRun) else f'not run: {r}'}" for d, r in runs.items()
    )
    softpipe, llvmpipe = runs["softpipe"], runs["llvmpipe"]
    shows = isinstance(softpipe, PiglitRun) and softpipe.verdict not in ("pass", "skip", "error")
    right = isinstance(llvmpipe, PiglitRun) and llvmpipe.verdict == "pass"
    what = "the shader_test as #version 330 (softpipe's GL 3.3, no version overrides)"
    if not (shows and right):
        checks.append(Check(what, f"{said}: the GLSL 4.50 form is shipped", True, note=True))
        return reproducer
    checks.append(Check(what, f"{said}: shipped", True, note=True))
    return dataclasses.replace(
        reproducer,
        files={**reproducer.files, "test.shader_test": lowered},
        run_hint=_piglit_hint(failing, lowered),
    )


def _translated_text(test: TestCase, failing: Sequence[str]) -> tuple[str, str] | None:
    """The GLSL a translator wrote that the failing GL driver compiled, where the first
    failing GL chain has one (spirv-cross)."""
    ext = SHADER_FILE_BY_STAGE[test.stage].rsplit(".", 1)[1]
    for target in failing:
        if "spirv-cross" in target_chain(target):
            name = f"{target}.cross.{ext}"
            text = test.files.get(name)
            if text is not None and test.stage == "compute":
                return name, text.decode()
        if MESA_GLSL in target_chain(target) and target_chain(target)[0] == MESA_GLSL:
            return None
    return None


def _swap_shader(text: str, stage: str, glsl: str) -> str:
    section = f"[{stage} shader]\n"
    start = text.index(section) + len(section)
    end = text.index("\n[", start)
    # The recorded translation is anyone's text too: its `[` lines neutralised likewise.
    return text[:start] + shader_section(glsl) + "\n" + text[end:]


def glsl_twin(test: TestCase) -> TestCase:
    """A test's program (a WGSL test's) as GLSL 4.50, with the same inputs."""

    name = test.language.value.upper()
    if test.vertex_shader is not None:
        # The twin's vertex shader would be GLSL with no provenance of its own, which
        # neither the provenance nor the GLSL front-end (no vertex stage) gives back.
        raise ExportError(f"the GLSL twin of a {name} test with a vertex shader is not written yet")
    try:
        program, _, _ = program_of(test)
    except TestCaseError as error:
        raise ExportError(f"the {name} test's program cannot be read: {error}") from None
    main = SHADER_FILE_BY_STAGE[test.stage]
    return dataclasses.replace(
        test,
        profile=GLSL450.name,
        shaders={main: emit(program, GLSL450)},
        provenance=Provenance(generator=""),
    )


def _amber_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:

    test = chosen.test
    recorded = spirv_targets(test)
    target = next((t for t in failing if t in recorded), None)
    try:
        text = amber_script(test, target)
    except ExportError as error:
        raise BugReportError(f"no Amber script: {error}") from None
    made = "glslang's SPIR-V, made now"
    what = f"the SPIR-V {prose(target)} consumed (recorded)" if target else made
    return Reproducer(
        AMBER,
        {"test.amber": text},
        (),
        "amber -d test.amber",
        f"{chosen.source}, shipped as {what}",
        chosen.lines,
    )


def _radv_reproducer(chosen: Candidate, failing: Sequence[str]) -> Reproducer:

    try:
        made = pipeline_reproducer(chosen.test, failing)
    except ExportError as error:
        raise BugReportError(f"no RADV pipeline reproducer: {error}") from None
    return Reproducer(
        RADV_PIPELINE,
        made.files,
        made.commands,
        "the commands below, in a folder holding the two files",
        f"{chosen.source}, shipped as {made.source}",
        chosen.lines,
    )


def _naga_reproducer(chosen: Candidate, finding: Finding) -> Reproducer:
    test = chosen.test
    component = signed_component(finding)
    out = {
        "naga-glsl-out": ("shader.frag" if test.stage == "fragment" else "shader.comp"),
        "naga-spv-out": "shader.spv",
    }.get(component)
    argv = ("naga", "shader.wgsl", *([out] if out else []))
    return Reproducer(
        NAGA,
        {"shader.wgsl": test.main_shader},
        (Command(argv),),
        "the naga command below (naga-cli), in a folder holding the shader",
        chosen.source,
        chosen.lines,
    )
