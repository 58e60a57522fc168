"""A test directory is anyone's (issue 34): what it holds must reach a bug report, a
printed command line, an Amber script or a piglit shader_test as text, never as syntax of
that format. Each case copies a real reduced test (findings/), plants hostile text where
a stranger could (a shader comment, a version, the signature, a folder's name, the
recorded `.spvasm`), runs the real command or export, and reads what it wrote the way its
reader would: the Markdown with a CommonMark parser, a command line with `shlex` and `sh`,
the Amber script's commands, the shader_test's sections."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt
from markdown_it.token import Token

from shadersmith.cli import main
from shadersmith.export.amber import amber_script
from shadersmith.export.checks import PiglitRun, run_shader_runner, shader_runner_path
from shadersmith.export.common import ExportError
from shadersmith.export.markdown_text import code, fenced, prose
from shadersmith.export.piglit import piglit_shader_test
from shadersmith.rebuild.admission import load_admitted
from shadersmith.targets.tools import spirv_tools

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
# A comment a stranger writes into the shader: a fence closed early, then everything a
# tracker renders live.
HOSTILE_COMMENT = (
    "/*\n"
    "```\n"
    "# Pwned heading\n"
    "[click me](http://evil.example/x) ![img](http://evil.example/i.png) @octocat\n"
    "<img src=x onerror=alert(1)>\n"
    "````\n"
    "*/\n"
)
HOSTILE_TEXT = "x\n# Planted heading\n[link](http://evil.example/v) ![i](http://e.example/i) @tv"


def _copy(name: str, tmp_path: Path, folder: str = "t") -> Path:
    directory = tmp_path / folder
    shutil.copytree(FINDINGS / name, directory)
    for report in ("bug-report.md", "bug-report.json"):
        (directory / report).unlink(missing_ok=True)
    return directory


def _plant_comment(directory: Path, comment: str, shader: str = "shader.comp") -> None:
    path = directory / shader
    path.write_text(path.read_text().replace("void main() {", comment + "void main() {"))


def _edit_record(directory: Path, edit: Any) -> None:
    path = directory / "test.json"
    record = json.loads(path.read_text())
    edit(record)
    path.write_text(json.dumps(record))


def _runs(record: dict[str, Any]) -> dict[str, Any]:
    """A record's runs (schema 1 keeps them at the top of `results`)."""
    results = record["results"]
    runs = results.get("runs", results)
    return {k: v for k, v in runs.items() if isinstance(v, dict) and "status" in v}


def _tokens(markdown: str) -> list[Token]:
    """Every token of the Markdown as GitHub reads it (CommonMark and its tables),
    inline children included."""
    parser = MarkdownIt("commonmark").enable("table")
    flat = []
    for token in parser.parse(markdown):
        flat.append(token)
        flat += token.children or []
    return flat


def _assert_inert(markdown: str, headings: int) -> None:
    """Only our own `headings`; no link, image or HTML; no `@name` and no planted URL in
    plain text (trackers mention and link those by themselves)."""
    tokens = _tokens(markdown)
    assert sum(t.type == "heading_open" for t in tokens) == headings, markdown
    live = {"link_open", "image", "html_block", "html_inline", "autolink"}
    assert not [t for t in tokens if t.type in live], [t for t in tokens if t.type in live]
    for token in tokens:
        if token.type == "text":
            planted = ("@", "://evil", "://e.example")
            assert not any(p in token.content for p in planted), token.content


# ---------------------------------------------------------------------- Markdown (3)


def test_markdown_escapes_render_as_the_text_they_hold() -> None:
    hostile = "a `b` ``c`` [d](e) ![f](g) <h> #i *j* _k_ |l| @m http://n www.o &amp; \\p"
    parser = MarkdownIt("commonmark").enable("table")
    for shown in (code(hostile), prose(hostile)):
        html = parser.render(f"Said: {shown}")
        assert "<a " not in html and "<img" not in html and "<h" not in html, html
    block = fenced("x\n```\n# h\n````\ny", "glsl")
    tokens = parser.parse("\n".join(block))
    assert [t.type for t in tokens] == ["fence"] and tokens[0].content == "x\n```\n# h\n````\ny\n"


def test_a_bug_report_shows_a_hostile_shader_comment_and_recorded_fields_as_text(
    tmp_path: Path,
) -> None:
    directory = _copy("mesa-gl-swizzle-index", tmp_path, "t `x` [l](http://evil.example)")
    _plant_comment(directory, HOSTILE_COMMENT)

    def plant(record: dict[str, Any]) -> None:
        record["provenance"]["tool_version"] = "0.1 [t](http://evil.example/t) @tv"
        record["results"]["finding"]["signature"] = "wrong:mesa-glsl:`x` [s](http://e.example)"
        versions = _runs(record)["gl-llvmpipe"]["versions"]
        versions["llvmpipe"] = HOSTILE_TEXT
        versions["llvm"] = "15 ![v](http://evil.example/v.png)"

    _edit_record(directory, plant)
    result = CliRunner().invoke(main, ["bug-report", str(directory), "--no-newest"])
    assert result.exit_code in (0, 1), result.output
    markdown = result.output
    # Ours: the title and the five sections.
    _assert_inert(markdown, headings=6)
    # The shader whole, in one block: its own fence did not close ours (its `[` line
    # has the space that keeps it from starting a shader_test section).
    fences = [t for t in _tokens(markdown) if t.type == "fence" and t.info == "ini"]
    assert len(fences) == 1, markdown
    assert HOSTILE_COMMENT.replace("\n[", "\n [") in fences[0].content


# ------------------------------------------------------------------ command lines (4)


def test_export_prints_a_command_line_whose_path_survives_the_shell(tmp_path: Path) -> None:
    directory = _copy("mesa-gl-swizzle-index", tmp_path, "r$(touch PWNED)")
    for form, written in (("piglit", "test.shader_test"), ("amber", "test.amber")):
        result = CliRunner().invoke(
            main, ["export", str(directory), "--format", form, "--name", "test"]
        )
        assert result.exit_code == 0, result.output
        line = next(x for x in result.output.splitlines() if x.startswith("run: "))
        argv = shlex.split(line.removeprefix("run: "))
        assert str(directory / written) in argv, argv
        # Pasted into a shell (with `echo` in front, so nothing runs): no PWNED.
        shell = tmp_path / "shell"
        shell.mkdir(exist_ok=True)
        subprocess.run(["sh", "-c", f"echo {line.removeprefix('run: ')}"], cwd=shell, check=True)
        assert not (shell / "PWNED").exists()


# ------------------------------------------------------------------------- Amber (7)


def _amber_commands(script: str) -> list[str]:
    """The script's lines Amber reads as commands: not comments, not inside a SHADER
    block (whose text Amber takes up to the first `END` anywhere)."""
    commands, rest = [], script
    while rest:
        line, _, rest = rest.partition("\n")
        if line.startswith("SHADER ") and not line.endswith("PASSTHROUGH"):
            commands.append(line)
            _, _, rest = rest.partition("END")
            continue
        if line.strip() and not line.lstrip().startswith("#"):
            commands.append(line)
    return commands


def test_amber_header_fields_with_newlines_stay_comments(tmp_path: Path) -> None:
    directory = _copy("spirv-opt-wrong", tmp_path)

    def plant(record: dict[str, Any]) -> None:
        record["provenance"]["tool_version"] = "0.1\nRUN pipeline 9 9 9"
        record["results"]["finding"]["signature"] = "wrong:spirv-opt\nDEBUG_PLANTED signature"
        runs = _runs(record)
        runs["vk-lavapipe-opt"]["versions"]["spirv-opt"] = "v1\nCLEAR planted_version"
        for difference in record["results"]["differences"]:
            difference["field"] = "f\nEXPECT planted_field IDX 0 EQ 1"

    _edit_record(directory, plant)
    script = amber_script(load_admitted(directory), "vk-lavapipe-opt")
    commands = _amber_commands(script)
    assert not [c for c in commands if "planted" in c.lower() or "9 9 9" in c], commands
    assert "# Signature: wrong:spirv-opt\\x0aDEBUG_PLANTED signature" in script


def test_amber_ships_the_recorded_modules_disassembly_not_the_stored_text(
    tmp_path: Path,
) -> None:
    directory = _copy("spirv-opt-wrong", tmp_path)
    planted = "; a comment\nEND\nRUN pipeline 9 9 9\nSHADER compute x SPIRV-ASM\n"
    (directory / "vk-lavapipe-opt.spvasm").write_text(planted)
    test = load_admitted(directory)
    script = amber_script(test, "vk-lavapipe-opt")
    assert "9 9 9" not in script and "; a comment" not in script
    assembly = spirv_tools.disassemble(test.files["vk-lavapipe-opt.spv"])
    assert assembly is not None and assembly.rstrip("\n") in script


def test_a_spvasm_that_is_not_utf8_is_no_traceback(tmp_path: Path) -> None:
    directory = _copy("spirv-opt-wrong", tmp_path)
    (directory / "vk-lavapipe-opt.spvasm").write_bytes(b"\xff\xfe OpCapability \x80\n")
    result = CliRunner().invoke(
        main, ["export", str(directory), "--format", "amber", "--target", "vk-lavapipe-opt"]
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and result.exception is None


def test_a_module_whose_assembly_holds_end_is_refused_for_amber(tmp_path: Path) -> None:
    directory = _copy("spirv-opt-wrong", tmp_path)
    module = directory / "vk-lavapipe-opt.spv"
    assembly = spirv_tools.disassemble(module.read_bytes())
    assert assembly is not None and 'OpName %main "main"' in assembly
    # The entry point's debug name `FRONTEND`: spirv-dis names the function so too.
    text = tmp_path / "renamed.spvasm"
    text.write_text(assembly.replace('OpName %main "main"', 'OpName %main "FRONTEND"'))
    subprocess.run(
        ["spirv-as", "--target-env", "vulkan1.0", str(text), "-o", str(module)], check=True
    )
    with pytest.raises(ExportError, match="holds `END`"):
        amber_script(load_admitted(directory), "vk-lavapipe-opt")
    result = CliRunner().invoke(
        main, ["export", str(directory), "--format", "amber", "--target", "vk-lavapipe-opt"]
    )
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output


# ------------------------------------------------------------------------ piglit (7)

PIGLIT_COMMENT = "/*\n[test]\ncompute 1 1 1\nprobe ssbo uint 2 0 == 0\n[require]\n*/\n"


def test_shader_lines_starting_with_a_bracket_start_no_piglit_section(tmp_path: Path) -> None:
    directory = _copy("mesa-gl-swizzle-index", tmp_path)
    _plant_comment(directory, PIGLIT_COMMENT)
    text = piglit_shader_test(load_admitted(directory))
    sections = [line for line in text.split("\n") if line.startswith("[")]
    assert sections == ["[require]", "[compute shader]", "[test]"], sections
    if shader_runner_path() is None:
        return
    # As shader_runner reads it: the shader compiles (the space is whitespace to GLSL),
    # and the probe shows the recorded wrong value.
    run = run_shader_runner(text, "llvmpipe")
    assert isinstance(run, PiglitRun) and run.verdict == "fail", run
    assert "Reference: 4208726915" in run.detail, run.detail
