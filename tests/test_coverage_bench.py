"""bench/coverage.py's pure logic: gcov's JSON read and merged, the GLSL and SPIR-V
assembly taken out of an Amber script, the shaders of a piglit shader_test file. No
instrumented build, no network."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "coverage.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("shadersmith_coverage_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def gcov_document(cwd: str, files: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format_version": "1", "gcc_version": "12.2.0", "current_working_directory": cwd,
            "data_file": "x.gcda", "files": files}  # fmt: skip


def line(number: int, count: int) -> dict[str, Any]:
    return {"line_number": number, "count": count, "unexecuted_block": count == 0,
            "function_name": "f", "branches": []}  # fmt: skip


def function(name: str, start: int, count: int) -> dict[str, Any]:
    return {"name": name, "demangled_name": name, "start_line": start, "start_column": 1,
            "end_line": start + 3, "end_column": 1, "blocks": 2,
            "blocks_executed": 2 if count else 0, "execution_count": count}  # fmt: skip


def test_gcov_json_keeps_only_the_folder_and_names_files_from_the_project_root(bench):
    document = gcov_document(
        "/b/source/opt",
        [
            {
                "file": "/s/source/opt/ccp_pass.cpp",
                "functions": [function("_Z3ccpv", 10, 4)],
                "lines": [line(10, 4), line(11, 0)],
            },
            {"file": "/s/source/val/validate.cpp", "functions": [], "lines": [line(1, 9)]},
            {"file": "/usr/include/c++/12/vector", "functions": [], "lines": [line(5, 1)]},
        ],
    )
    coverage = bench.parse_gcov_json(document, "/s", "source/opt")
    assert list(coverage) == ["source/opt/ccp_pass.cpp"]
    file = coverage["source/opt/ccp_pass.cpp"]
    assert file.lines == {10: True, 11: False}
    assert file.functions == {("_Z3ccpv", 10): True}


def test_a_relative_file_name_is_read_from_gcovs_working_directory(bench):
    document = gcov_document(
        "/s/build/glslang",
        [
            {
                "file": "../../glslang/MachineIndependent/Scan.cpp",
                "functions": [],
                "lines": [line(3, 0)],
            }
        ],
    )
    coverage = bench.parse_gcov_json(document, "/s", "glslang/MachineIndependent")
    assert list(coverage) == ["glslang/MachineIndependent/Scan.cpp"]


def test_a_header_in_two_objects_counts_a_line_run_in_either_once(bench):
    header = "/s/source/opt/pass.h"
    first = gcov_document("/b", [{"file": header, "functions": [function("_ZN1P3runEv", 7, 0)],
                                  "lines": [line(7, 0), line(8, 2)]}])  # fmt: skip
    second = gcov_document("/b", [{"file": header, "functions": [function("_ZN1P3runEv", 7, 1)],
                                   "lines": [line(7, 1), line(8, 0), line(9, 0)]}])  # fmt: skip
    coverage = bench.parse_gcov_json(first, "/s", "source/opt")
    bench.merge(coverage, bench.parse_gcov_json(second, "/s", "source/opt"))
    share = bench.share(coverage)
    assert (share.lines, share.lines_hit, share.functions, share.functions_hit) == (3, 2, 1, 1)
    assert share.line_share() == pytest.approx(2 / 3)


def test_files_no_row_reaches_are_listed_apart_from_the_least_covered(bench):
    def row(name: str, lines: dict[str, dict[int, bool]]):
        coverage = {path: bench.FileCoverage(lines=dict(ran)) for path, ran in lines.items()}
        return bench.Row(name, 1, {}, 0, 0, 0.0, {"spirv-opt": coverage})

    rows = [
        row(
            "a",
            {
                "opt/never.cpp": {1: False},
                "opt/half.cpp": {1: True, 2: False},
                "opt/most.cpp": {1: False, 2: False, 3: False, 4: False},
            },
        ),
        row("b", {"opt/never.cpp": {1: False}, "opt/most.cpp": {1: True, 2: True, 3: True}}),
    ]
    never, lowest = bench.file_table(rows, "spirv-opt", 5)
    assert never == ["opt/never.cpp"]
    assert lowest == [("opt/half.cpp", 0.5), ("opt/most.cpp", 0.75)]


AMBER = """#!amber
# Optimized using spirv-opt with the following arguments:
# '--ccp'

SHADER vertex variant_vertex_shader PASSTHROUGH

# variant_fragment_shader is derived from the following GLSL:
# #version 310 es
# precision highp float;
#
# void main()
# {
# }
SHADER fragment variant_fragment_shader SPIRV-ASM TARGET_ENV spv1.3
; SPIR-V
               OpCapability Shader
END

SHADER compute plain_compute GLSL
#version 310 es
void main() {}
END

BUFFER framebuffer FORMAT B8G8R8A8_UNORM
"""


def test_an_amber_scripts_shaders_keep_their_comment_glsl_and_their_assembly(bench):
    shaders = bench.amber_shaders(AMBER)
    assert [(s.name, s.stage, s.spirv_env) for s in shaders] == [
        ("variant_fragment_shader", "frag", "spv1.3"),
        ("plain_compute", "comp", "spv1.0"),
    ]
    fragment, compute = shaders
    assert fragment.glsl == "#version 310 es\nprecision highp float;\n\nvoid main()\n{\n}\n"
    assert fragment.assembly == "; SPIR-V\n               OpCapability Shader\n"
    assert compute.glsl == "#version 310 es\nvoid main() {}\n"
    assert compute.assembly is None


SHADER_TEST = """[require]
GLSL >= 1.50

[vertex shader passthrough]

[geometry shader]
#version 150
void main() {}

[fragment shader]
#version 150
out vec4 c;
void main() { c = vec4(1.0); }

[test]
draw rect -1 -1 2 2
"""


def test_a_shader_test_gives_each_glsl_stage_but_not_the_passthrough_vertex_shader(bench):
    shaders = bench.piglit_shaders(SHADER_TEST)
    assert [stage for stage, _ in shaders] == ["geom", "frag"]
    assert shaders[1][1].startswith("#version 150\nout vec4 c;")


def test_a_bare_glslparsertest_shader_is_used_only_when_it_must_compile(bench):
    must = "// [config]\n// expect_result: pass\n// [end config]\nvoid main() {}\n"
    must_not = must.replace("pass", "fail")
    assert bench.bare_shader_expected_to_pass(must)
    assert not bench.bare_shader_expected_to_pass(must_not)
    assert not bench.bare_shader_expected_to_pass("void main() {}\n")
