"""Golden outputs (issue 32 item 6): fixed seeds give the programs, generated and
reconditioned, byte for byte, that tests/data/emitted/ holds (scripts/golden_outputs.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "golden_outputs.py"


def _script() -> ModuleType:
    # scripts/ is no package: the module is loaded by its path.
    spec = importlib.util.spec_from_file_location("golden_outputs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["golden_outputs"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


golden = _script()


def test_generated_and_reconditioned_programs_match_their_golden_files() -> None:
    changes = golden.differences(golden.EMITTED)
    if changes:
        listed = "\n".join(f"  {change.path}: {change.problem}" for change in changes)
        first = next((change.diff for change in changes if change.diff), "")
        raise AssertionError(
            f"{len(changes)} golden file(s) in {golden.EMITTED} differ from what the seeds "
            f"give now:\n{listed}\nIf the change is intended, run `.venv/bin/python "
            f"scripts/golden_outputs.py` and commit the files it writes. First difference:\n"
            f"{first}"
        )


def test_the_cases_cover_every_profile_and_stage_with_swarm_and_a_vertex_stage() -> None:
    cases = golden.CASES
    assert {(c.profile, c.stage) for c in cases} == {
        (p, s) for p in ("glsl450", "essl310", "wgsl") for s in ("compute", "fragment")
    }
    assert {c.profile for c in cases if c.swarm} == {"glsl450", "essl310", "wgsl"}
    assert {c.profile for c in cases if c.vertex} == {"glsl450", "essl310", "wgsl"}
    assert len({c.name for c in cases}) == len(cases)


def test_a_changed_missing_or_stale_file_is_reported_and_written_back(tmp_path: Path) -> None:
    case = golden.CASES[0]
    expected = golden.golden_files([case])
    assert golden.write(tmp_path, expected) == len(expected[case.name])
    assert golden.differences(tmp_path, expected) == []
    names = sorted(expected[case.name])
    changed, missing = tmp_path / case.name / names[0], tmp_path / case.name / names[1]
    changed.write_text(changed.read_text() + "// edited\n")
    missing.unlink()
    (tmp_path / "old-case").mkdir()
    (tmp_path / "old-case" / "generated.comp").write_text("void main() {}\n")
    found = golden.differences(tmp_path, expected)
    assert [(d.path, d.problem) for d in found] == [
        (f"{case.name}/{names[0]}", "differs"),
        (f"{case.name}/{names[1]}", "missing"),
        ("old-case/generated.comp", "stale"),
    ]
    assert "-// edited" in found[0].diff
    assert golden.write(tmp_path, expected) == 3
    assert golden.differences(tmp_path, expected) == []
    assert not (tmp_path / "old-case").exists()
