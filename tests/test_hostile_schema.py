"""Shared test directories are untrusted input (issue 23, items 7, 9-11): every bad field
of test.json, every bad JSON text and every bad program is a one-line error (exit status 2,
no traceback) before any target runs, never a hang and never a finding; and the test
directory is left as it was.

Each case starts from a real test (`shadersmith generate --seed 5`) and edits one thing.
The links, `--out` and process cases are in test_hostile_inputs.py and
test_hostile_processes.py."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from shadersmith.campaign.fusion_tests import FUSION_SCHEMA
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test, time_cap
from shadersmith.cli import main
from shadersmith.rebuild.admission import admitted_program

Edit = Callable[[dict[str, Any]], None]
FINDINGS = Path(__file__).resolve().parent.parent / "findings"

HEAD = (
    "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { int x; };\n"
)
NESTED_IFS = HEAD + "void main() {\n" + "if (x > 0) {\n" * 300 + "x = 1;\n" + "}\n" * 300 + "}\n"
LONG_SUM = HEAD + "void main() {\n    x = " + " + ".join(["x"] * 300) + ";\n}\n"
SYNTAX_ERROR = HEAD + "void main() {\n    x = 1 +;\n}\n"
UNBOUND_SAMPLER = (
    HEAD + "layout(binding = 1) uniform sampler2D s;\n"
    "void main() {\n    x = int(texture(s, vec2(0.5)).x);\n}\n"
)
# 64 invocations, each looping long enough that the interpreter needs minutes.
LONG_LOOP = (
    "#version 450\nlayout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer B { int x; };\n"
    "void main() {\n    int s = 0;\n"
    "    for (int i = 0; i < 100000; i++) { s = (s + i) & 1023; }\n"
    "    if (gl_LocalInvocationIndex == 0u) { x = s; }\n}\n"
)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("generated") / "seed5"
    result = CliRunner().invoke(main, ["generate", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _copy(generated: Path, tmp_path: Path) -> Path:
    directory = tmp_path / "test"
    shutil.copytree(generated, directory)
    return directory


def _edited(generated: Path, tmp_path: Path, edit: Edit) -> Path:
    directory = _copy(generated, tmp_path)
    path = directory / "test.json"
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data, indent=1))
    return directory


def _with_text(generated: Path, tmp_path: Path, replace: tuple[str, str]) -> Path:
    """test.json with one piece of its text replaced (what json.dumps cannot write)."""
    directory = _copy(generated, tmp_path)
    path = directory / "test.json"
    text = path.read_text()
    assert replace[0] in text
    path.write_text(text.replace(replace[0], replace[1], 1))
    return directory


def _foreign(generated: Path, tmp_path: Path, shader: str | bytes) -> Path:
    """A test of someone else's shader: no provenance to rebuild it from, one buffer B."""

    def edit(data: dict[str, Any]) -> None:
        data["provenance"] = {"generator": "", "steps": []}
        field = {"name": "x", "type": "int", "value": 1}
        buffer = {"block": "B", "binding": 0, "access": "input_output", "fields": [field]}
        data["inputs"] = {"buffers": [buffer], "uniforms": [], "dispatch": [1, 1, 1]}

    directory = _edited(generated, tmp_path, edit)
    raw = shader.encode() if isinstance(shader, str) else shader
    (directory / "shader.comp").write_bytes(raw)
    return directory


def _snapshot(root: Path) -> dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        if path.is_file()
        else "dir"
        for path in sorted(root.rglob("*"))
    }


def _refused(arguments: list[str], expected: str, root: Path) -> Result:
    """Run the command; it must fail with exactly `Error: expected`, status 2, and leave
    everything under `root` as it was."""
    before = _snapshot(root)
    result = CliRunner().invoke(main, arguments)
    assert "Traceback" not in result.output
    assert result.output == f"Error: {expected}\n"
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert _snapshot(root) == before
    return result


COMMANDS = [["run", "--no-save"], ["run"], ["replay"], ["export"], ["recondition"]]


def _each_command(directory: Path, expected: str, root: Path) -> None:
    for command in COMMANDS:
        _refused([*command, str(directory)], expected, root)


# ---------------------------------------------------------------------------- test.json


def _set(path: str, value: Any) -> Edit:
    """An edit that sets the field at `path` (dots; [n] for a list's entry)."""

    def edit(data: dict[str, Any]) -> None:
        keys: list[Any] = []
        for part in path.split("."):
            name, _, index = part.partition("[")
            keys.append(name)
            if index:
                keys.append(int(index.rstrip("]")))
        target: Any = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit


FIELD_CASES = [
    ("stage", "vertex", 'stage: "vertex" is not a stage (compute, fragment)'),
    (
        "profile",
        "hlsl",
        'profile: "hlsl" is not a language profile (essl310, glsl450, wgsl)',
    ),
    ("shaders", "shader.comp", "shaders: not a list of file names"),
    ("inputs.buffers", {"b": 1}, 'inputs.buffers: {"b": 1} is not a list'),
    ("inputs.buffers[0].binding", 64, "inputs.buffers[0].binding: 64 is over the maximum 63"),
    ("inputs.buffers[0].binding", -1, "inputs.buffers[0].binding: -1 is under the minimum 0"),
    ("inputs.buffers[0].binding", 1.5, "inputs.buffers[0].binding: 1.5 is not an integer"),
    (
        "inputs.buffers[1].binding",
        0,
        "inputs.buffers[1].binding: 0 is also the binding of inputs.buffers[0]",
    ),
    (
        "inputs.buffers[1].block",
        "buf_in_0",
        "inputs.buffers[1].block: 'buf_in_0' is also the block of inputs.buffers[0]",
    ),
    (
        "inputs.buffers[0].access",
        "write",
        'inputs.buffers[0].access: "write" is not a buffer access (input, input_output, output)',
    ),
    (
        "inputs.buffers[0].block",
        "a b",
        'inputs.buffers[0].block: "a b" is not a GLSL identifier',
    ),
    (
        "inputs.buffers[0].fields",
        [],
        "inputs.buffers[0].fields: 0 entries, fewer than the minimum 1",
    ),
    (
        "inputs.buffers[1].fields[1].name",
        "in_1_f0",
        "inputs.buffers[1].fields[1].name: 'in_1_f0' appears twice in block buf_in_1",
    ),
    (
        "inputs.buffers[0].fields[0].type",
        "sampler2D",
        'inputs.buffers[0].fields[0].type: "sampler2D" is not a buffer field type such as '
        "uvec3 or int[4]",
    ),
    (
        "inputs.buffers[0].fields[0].type",
        "float128",
        'inputs.buffers[0].fields[0].type: "float128" is not a buffer field type such as '
        "uvec3 or int[4]",
    ),
    (
        "inputs.buffers[0].fields[0].type",
        "uint[99999]",
        "inputs.buffers[0].fields[0].type: an array of 99999, longer than the maximum 4096",
    ),
    (
        "inputs.buffers[0].fields[0].type",
        "uvec4[64][64]",
        "inputs.buffers[0].fields[0].value: 16384 values, more than the maximum 4096 of a field",
    ),
    (
        "inputs.buffers[0].fields[0].extra",
        1,
        "inputs.buffers[0].fields[0].extra: not a field this version knows",
    ),
    ("inputs.dispatch", [0, 1, 1], "inputs.dispatch[0]: 0 is under the minimum 1"),
    ("inputs.dispatch", [65536, 1, 1], "inputs.dispatch[0]: 65536 is over the maximum 65535"),
    ("inputs.dispatch", [1, 1], "inputs.dispatch: 2 entries, fewer than the minimum 3"),
    ("inputs.framebuffer", [100000, 64], "inputs.framebuffer[0]: 100000 is over the maximum 256"),
    ("provenance.seed", -1, "provenance.seed: -1 is under the minimum 0"),
    ("provenance.seed", 2**64, f"provenance.seed: {2**64} is over the maximum {2**63 - 1}"),
    ("provenance.seed", "5", 'provenance.seed: "5" is not an integer'),
    (
        "provenance.profile",
        "hlsl",
        'provenance.profile: "hlsl" is not a language profile (essl310, glsl450, wgsl)',
    ),
    (
        "provenance.options.max_statements_main",
        10000000,
        "provenance.options.max_statements_main: 10000000 is over the maximum 2000",
    ),
    (
        "provenance.options.max_local_size_x",
        0,
        "provenance.options.max_local_size_x: 0 is under the minimum 1",
    ),
    (
        "provenance.options.fragment_probability",
        2,
        "provenance.options.fragment_probability: 2 is over the maximum 1",
    ),
    ("provenance.options.floats", 1, "provenance.options.floats: 1 is not true or false"),
    (
        "provenance.options.value_generators",
        ["bogus"],
        'provenance.options.value_generators[0]: "bogus" is not a value generator '
        "(full, large, small, special)",
    ),
    (
        "provenance.options.max_bogus",
        1,
        "provenance.options.max_bogus: not a field this version knows",
    ),
    ("provenance.spirv_opt_passes", "-O", 'provenance.spirv_opt_passes: "-O" is not a list'),
    (
        "provenance.spirv_opt_passes",
        ["-O", "-Oconfig=/etc/passwd"],
        'provenance.spirv_opt_passes[1]: "-Oconfig=/etc/passwd" is not a spirv-opt pass that '
        "shadersmith runs (--ccp, --cfg-cleanup, --combine-access-chains, "
        "--convert-local-access-chains, --copy-propagate-arrays, --eliminate-dead-branches, "
        "--eliminate-dead-code-aggressive, --eliminate-dead-const, ...)",
    ),
    (
        "provenance.first_bad_pass",
        "--print-all",
        'provenance.first_bad_pass: "--print-all" is not a spirv-opt pass that shadersmith runs '
        "(--ccp, --cfg-cleanup, --combine-access-chains, --convert-local-access-chains, "
        "--copy-propagate-arrays, --eliminate-dead-branches, "
        "--eliminate-dead-code-aggressive, --eliminate-dead-const, ...)",
    ),
    (
        "provenance.steps",
        [{"name": "recondition", "params": 5}],
        "provenance.steps[0].params: 5 is not an object",
    ),
    ("provenance.steps", [{"params": {}}], "provenance.steps[0].name: missing"),
    (
        "provenance.reduced_from",
        {"seed": 1.5},
        "provenance.reduced_from.seed: 1.5 is not an integer",
    ),
    ("results.finding", {"targets": 5}, "results.finding.targets: 5 is not a list"),
    ("results.finding", {"signature": 5}, "results.finding.signature: 5 is not a string"),
    (
        "results.finding",
        {"signature": "crash:x", "kind": "bad"},
        'results.finding.kind: "bad" is not a finding kind (agree, all_failed, compile_failure, '
        "crash, disagree, odd_one_out, ours_ub, timeout, unconfirmed)",
    ),
    (
        "results.runs",
        {"gl-llvmpipe": {"status": "ok", "compile_ms": "fast"}},
        'results.runs.gl-llvmpipe.compile_ms: "fast" is not a number',
    ),
    ("results.runs", {"gl-llvmpipe": {"output": "x"}}, "results.runs.gl-llvmpipe.status: missing"),
]


@pytest.mark.parametrize(("field", "value", "message"), FIELD_CASES)
def test_a_bad_field_is_a_one_line_error_naming_it(
    generated: Path, tmp_path: Path, field: str, value: Any, message: str
) -> None:
    directory = _edited(generated, tmp_path, _set(field, value))
    expected = f"{directory / 'test.json'}: {message}"
    _refused(["run", str(directory)], expected, tmp_path)


def test_every_command_refuses_a_generator_option_that_would_hang(
    generated: Path, tmp_path: Path
) -> None:
    directory = _edited(
        generated, tmp_path, _set("provenance.options.max_statements_main", 10000000)
    )
    expected = (
        f"{directory / 'test.json'}: provenance.options.max_statements_main: 10000000 is over "
        "the maximum 2000"
    )
    _each_command(directory, expected, tmp_path)
    _refused(["reduce", "--time", "10s", str(directory)], expected, tmp_path)


def test_a_required_field_that_is_missing_is_named(generated: Path, tmp_path: Path) -> None:
    directory = _edited(generated, tmp_path, lambda data: data["inputs"].pop("buffers"))
    _refused(
        ["run", str(directory)], f"{directory / 'test.json'}: inputs.buffers: missing", tmp_path
    )


def test_a_schema_1_test_with_a_field_of_the_wrong_type_is_refused(
    generated: Path, tmp_path: Path
) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["schema_version"] = 1
        data["inputs"] = ["not", "an", "object"]

    directory = _edited(generated, tmp_path, edit)
    _refused(
        ["replay", str(directory)],
        f"{directory / 'test.json'}: not a schema 1 test (dictionary update sequence element "
        "#0 has length 3; 2 is required)",
        tmp_path,
    )


# ---------------------------------------------------------------------------- JSON text


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        (('"seed": 5', '"seed": 1e999'), "the number 1e999 is too large for a float"),
        (('"seed": 5', '"seed": NaN'), "NaN is not a JSON number (only finite numbers are)"),
        (
            ('"seed": 5', '"seed": -Infinity'),
            "-Infinity is not a JSON number (only finite numbers are)",
        ),
        (
            ('"seed": 5', '"seed": ' + "9" * 5000),
            "corrupt JSON (Exceeds the limit (4300 digits) for integer string conversion)",
        ),
        (
            ('"stage": "compute",', '"stage": "compute",\n "stage": "fragment",'),
            'the key "stage" appears twice in one object',
        ),
        (
            ('"block": "buf_in_0",', '"block": "buf_in_0",\n    "block": "buf_in_1",'),
            'the key "block" appears twice in one object',
        ),
    ],
)
def test_json_that_python_would_accept_silently_is_refused(
    generated: Path, tmp_path: Path, replace: tuple[str, str], message: str
) -> None:
    directory = _with_text(generated, tmp_path, replace)
    _each_command(directory, f"{directory / 'test.json'}: {message}", tmp_path)


def test_deeply_nested_json_is_refused_without_recursion(generated: Path, tmp_path: Path) -> None:
    for depth in (40, 100000):
        directory = _copy(generated, tmp_path / str(depth))
        (directory / "test.json").write_text('{"a":' * depth + "1" + "}" * depth)
        _refused(
            ["run", str(directory)],
            f"{directory / 'test.json'}: nested deeper than 32 levels",
            tmp_path,
        )


def test_a_test_json_that_is_not_utf8_is_refused(generated: Path, tmp_path: Path) -> None:
    directory = _copy(generated, tmp_path)
    (directory / "test.json").write_bytes(b'{"stage": "\xff"}')
    _refused(
        ["run", str(directory)], f"{directory / 'test.json'}: not UTF-8 text (byte 11)", tmp_path
    )


# ---------------------------------------------------------------------------- programs


def test_a_shader_that_is_not_utf8_is_refused(generated: Path, tmp_path: Path) -> None:
    directory = _copy(generated, tmp_path)
    shader = directory / "shader.comp"
    shader.write_bytes(shader.read_bytes() + b"// \xff\n")
    offset = len(shader.read_bytes()) - 2
    _each_command(directory, f"{shader}: not UTF-8 text (byte {offset})", tmp_path)


def test_a_shader_with_a_syntax_error_is_an_error_not_a_finding_of_ours(
    generated: Path, tmp_path: Path
) -> None:
    directory = _foreign(generated, tmp_path, SYNTAX_ERROR)
    expected = (
        f"{directory}: shader.comp: the shader does not parse: line 5, column 12: expected an "
        "expression, found ';'"
    )
    _each_command(directory, expected, tmp_path)  # `run` saves nothing: no verdict recorded


def test_an_unbound_sampler_is_an_error_not_a_driver_crash(generated: Path, tmp_path: Path) -> None:
    directory = _foreign(generated, tmp_path, UNBOUND_SAMPLER)
    expected = (
        f"{directory}: shader.comp: uniform sampler2D s is never bound: a test has no "
        "textures, images or atomic counters"
    )
    _each_command(directory, expected, tmp_path)


@pytest.mark.parametrize(
    ("shader", "message"),
    [
        (NESTED_IFS, "line 67, column 5: nesting deeper than 64 levels"),
        (LONG_SUM, "line 4, column 6: function 'main' nests 303 levels deep, more than 64"),
    ],
)
def test_nesting_deeper_than_the_front_end_reads_is_an_error_not_a_recursion_error(
    generated: Path, tmp_path: Path, shader: str, message: str
) -> None:
    directory = _foreign(generated, tmp_path, shader)
    _each_command(
        directory, f"{directory}: shader.comp: the shader does not parse: {message}", tmp_path
    )


@pytest.mark.parametrize(
    ("dispatch", "message"),
    [
        (
            [65535, 65535, 65535],
            "65535x65535x65535 work groups of 1 invocations is 281462092005375 invocations",
        ),
        ([4097, 1, 1], "4097x1x1 work groups of 1 invocations is 4097 invocations"),
    ],
)
def test_an_absurd_dispatch_is_an_error_not_a_driver_finding(
    generated: Path, tmp_path: Path, dispatch: list[int], message: str
) -> None:
    directory = _edited(generated, tmp_path, _set("inputs.dispatch", dispatch))
    expected = f"{directory}: test.json: inputs.dispatch: {message}, more than the maximum 4096"
    _each_command(directory, expected, tmp_path)


def test_a_local_size_over_the_drivers_maximum_is_refused(generated: Path, tmp_path: Path) -> None:
    shader = HEAD.replace("local_size_x = 1", "local_size_x = 2048") + "void main() { x = 1; }\n"
    directory = _foreign(generated, tmp_path, shader)
    expected = f"{directory}: shader.comp: local size 2048x1x1 is over the maximum 1024x1024x64"
    _refused(["run", str(directory)], expected, tmp_path)


def test_a_shader_whose_blocks_differ_from_test_json_is_refused(
    generated: Path, tmp_path: Path
) -> None:
    shader = HEAD.replace("binding = 0", "binding = 3") + "void main() { x = 1; }\n"
    directory = _foreign(generated, tmp_path, shader)
    expected = (
        f"{directory}: shader.comp: block B has binding 3, test.json gives its values at binding 0"
    )
    _refused(["run", str(directory)], expected, tmp_path)


# ---------------------------------------------------------------------------- time caps


def test_export_stops_at_the_time_cap(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(time_cap, "TIME_CAP_S", 2.0)
    directory = _foreign(generated, tmp_path, LONG_LOOP)
    expected = (
        f"exporting {directory} took longer than 2 s, the time cap of the work done for one "
        "test outside the targets"
    )
    _refused(["export", str(directory)], expected, tmp_path)


def test_regenerating_a_test_stops_at_the_time_cap(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regenerating the program from its provenance is work done in the command's own
    process: with a cap shorter than it takes, `replay` gives up with one line."""
    directory = _copy(generated, tmp_path)
    admitted_program(load_test(directory))  # imports done, so that the cap stops the work
    monkeypatch.setattr(time_cap, "TIME_CAP_S", 0.001)
    expected = (
        f"{directory}: reading the test and its program took longer than 0.001 s, the time "
        "cap of the work done for one test outside the targets"
    )
    _refused(["replay", str(directory)], expected, tmp_path)


# ---------------------------------------------------------------------------- other files


def test_a_binary_ignore_file_is_refused_before_the_campaign_starts(tmp_path: Path) -> None:
    ignore = tmp_path / "known.txt"
    ignore.write_bytes(b"\x7fELF\x02\x01\x01\x00\xff\xfe")
    out = tmp_path / "campaign"
    _refused(
        ["fuzz", "--count", "1", "--ignore", str(ignore), "--out", str(out)],
        f"{ignore}: not UTF-8 text (byte 8)",
        tmp_path,
    )
    assert not out.exists()


def test_an_ignore_file_with_control_characters_is_refused(tmp_path: Path) -> None:
    ignore = tmp_path / "known.txt"
    ignore.write_bytes(b"crash:lavapipe:*\nab\x00cd\n")
    _refused(
        ["fuzz", "--count", "1", "--ignore", str(ignore), "--out", str(tmp_path / "c")],
        f"{ignore}: line 2 is not a signature (control characters, or longer than 1000 characters)",
        tmp_path,
    )


def test_a_fusion_record_with_a_bad_field_is_refused(generated: Path, tmp_path: Path) -> None:
    directory = _copy(generated, tmp_path)
    shutil.copytree(generated, directory / "part-0")
    record = {
        "schema_version": FUSION_SCHEMA,
        "parts": ["part-0"],
        "sequence": 0,
        "relation": "concatenate",
        "seeds": [1],
        "tolerance": "high",
        "finding": {"signature": "x"},
        "targets": ["gl-llvmpipe"],
    }
    (directory / "fusion.json").write_text(json.dumps(record))
    test_json = json.loads((directory / "test.json").read_text())
    test_json["oracle"] = {
        "kind": "fusion",
        "relation": "concatenate",
        "parts": ["part-0"],
        "tolerance": 0.1,
    }
    (directory / "test.json").write_text(json.dumps(test_json))
    _refused(
        ["replay", str(directory)],
        f'{directory / "fusion.json"}: tolerance: "high" is not a number',
        tmp_path,
    )


def test_a_campaign_whose_settings_are_not_json_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "campaign"
    CampaignStore(out).close()
    with sqlite3.connect(out / "campaign.db") as db:
        db.execute("INSERT INTO settings VALUES ('seed_base', '{\"a\": 1, \"a\": 2}')")
    db.close()
    result = CliRunner().invoke(main, ["fuzz", "--count", "1", "--out", str(out)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.output.endswith(
        f"Error: {out / 'campaign.db'}: setting 'seed_base': the key \"a\" appears twice in "
        "one object\n"
    )


# ---------------------------------------------------------------------------- what passes


def test_the_generated_tests_and_every_finding_pass_the_schema_and_admission(
    generated: Path,
) -> None:
    findings = sorted(p.parent for p in FINDINGS.glob("*/test.json"))
    assert findings
    # Kept as the record of a false alarm of ours: not valid WGSL (findings/README.md,
    # "Retracted"); the admission must refuse it (tests/test_wgsl_validity.py).
    retracted = {FINDINGS / "naga-glsl-out-remainder"}
    assert retracted <= set(findings)
    for directory in [generated, *(f for f in findings if f not in retracted)]:
        admitted_program(load_test(directory))
