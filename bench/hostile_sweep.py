"""Hostile-input sweep (issue 23): every command against bad test directories, bad
campaign directories, planted links and bad options, as an attacker or a careless user
would try them. Each case runs the real `shadersmith` command in a fresh sandbox and is
*handled* when

- it ends within its time limit with exit status 0, 1 (a replay that does not reproduce)
  or 2 (a one-line error: no traceback, at most one line on stderr besides progress), and
- nothing outside the test or campaign it was given changed (a `victim` folder beside
  it, with a shell start-up file, stands for the rest of the machine; the sandbox's
  other entries are compared before and after too).

    .venv/bin/python bench/hostile_sweep.py [--jobs 2] [--only WORD] [--timeout 120]

Prints one line per case that was not handled, a table by family, and a last line of
JSON. Cases that need a driver run on the CPU targets; a run is cut at --timeout.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

REPOSITORY = Path(__file__).resolve().parent.parent
SHADERSMITH = str(Path(sys.executable).parent / "shadersmith")
CPU_TARGETS = "gl-llvmpipe,vk-lavapipe,interp"
Setup = Callable[[Path], list[str]]  # builds the sandbox, returns the command's arguments


# What a case's output must also pass (round two: what was written must hold no injected
# syntax): given the sandbox and the command's output, why not ("" when fine).
Check = Callable[[Path, str], str]


@dataclass
class Case:
    family: str
    name: str
    setup: Setup
    # Paths (relative to the sandbox) the command may create or change.
    may_change: tuple[str, ...] = ("t",)
    check: Check | None = None
    # Round two: the work any input may cost (seconds, MB of the command's own process).
    max_seconds: float | None = None
    max_mb: float | None = None


@dataclass
class Outcome:
    case: Case
    handled: bool
    why: str
    returncode: int | None
    seconds: float
    output: str = field(repr=False, default="")
    peak_mb: float = 0.0  # the command's own process (not its workers, capped apart)


# ---------------------------------------------------------------------------- sandbox


def _snapshot(root: Path) -> dict[str, str]:
    entries = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            entries[key] = "link:" + os.readlink(path)
        elif path.is_file():
            # Streamed: a case's 1.5 GB sparse file read whole made this process 1.5 GB,
            # and each command forked from it inherited that peak (wait4's ru_maxrss).
            with path.open("rb") as handle:
                entries[key] = hashlib.file_digest(handle, "sha256").hexdigest()
        else:
            entries[key] = "dir"
    return entries


class Base:
    """The good test and campaign every case starts from, made once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        raw = folder / "raw"
        self.test = folder / "test"
        _must([SHADERSMITH, "generate", "--seed", "5", "--out", str(raw)])
        _must([SHADERSMITH, "recondition", str(raw), "--out", str(self.test)])
        self.fragment = folder / "fragment"
        _must(
            [
                SHADERSMITH,
                "generate",
                "--seed",
                "8",
                "--stage",
                "fragment",
                "--out",
                str(folder / "raw-fragment"),
            ]
        )
        _must(
            [SHADERSMITH, "recondition", str(folder / "raw-fragment"), "--out", str(self.fragment)]
        )
        self.campaign = folder / "campaign"
        _must(
            [
                SHADERSMITH,
                "fuzz",
                "--count",
                "2",
                "--no-reduce",
                "--targets",
                CPU_TARGETS,
                "--out",
                str(self.campaign),
            ]
        )
        self.data = json.loads((self.test / "test.json").read_text())

    def copy_test(self, sandbox: Path, name: str = "t", fragment: bool = False) -> Path:
        target = sandbox / name
        shutil.copytree(self.fragment if fragment else self.test, target)
        return target

    def copy_campaign(self, sandbox: Path, name: str = "c") -> Path:
        target = sandbox / name
        shutil.copytree(self.campaign, target)
        return target


def _must(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"set-up failed: {' '.join(command)}: {done.stderr.strip()[-300:]}")


def _victim(sandbox: Path) -> None:
    (sandbox / "victim" / "docs").mkdir(parents=True)
    (sandbox / "victim" / "docs" / "a").write_text("keep\n")
    (sandbox / "victim" / ".bashrc").write_text("# start-up file\n")
    (sandbox / "victim" / "secret").write_text("password\n")


# ---------------------------------------------------------------------------- cases


def _edited_json(base: Base, edit: Callable[[dict[str, Any]], Any], command: str) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        data = copy.deepcopy(base.data)
        edit(data)
        (test / "test.json").write_text(json.dumps(data))
        return _command(command, test)

    return setup


def _raw_json(base: Base, text: bytes, command: str) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        (test / "test.json").write_bytes(text)
        return _command(command, test)

    return setup


def _command(command: str, test: Path) -> list[str]:
    cpu = CPU_TARGETS
    return {
        "replay": ["replay", str(test), "--timeout", "30"],
        "run": ["run", str(test), "--targets", cpu, "--timeout", "30"],
        "export": ["export", str(test)],
        "recondition": ["recondition", str(test)],
        "reduce": ["reduce", str(test), "--time", "20s", "--timeout", "10"],
    }[command]


def _outputs(command: str) -> tuple[str, ...]:
    """What a command may write besides the test: its output beside it."""
    return {"recondition": ("t", "t-reconditioned"), "reduce": ("t", "t-reduced")}.get(
        command, ("t",)
    )


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if value is _DELETE:
            del node[int(last) if isinstance(node, list) else last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


_DELETE = object()


def json_cases(base: Base) -> list[Case]:
    """Each field of test.json given a wrong value, per command that reads it."""
    values: dict[str, Any] = {
        "missing": _DELETE,
        "null": None,
        "string": "x",
        "negative": -1,
        "huge": 10**12,
        "float": 1e308,
        "list": [],
        "object": {},
    }
    paths = [
        "schema_version",
        "stage",
        "profile",
        "shaders",
        "inputs",
        "inputs.buffers",
        "inputs.dispatch",
        "inputs.buffers.0.binding",
        "inputs.buffers.0.fields",
        "inputs.buffers.0.fields.0.type",
        "inputs.buffers.0.fields.0.value",
        "inputs.buffers.0.access",
        "provenance",
        "provenance.seed",
        "provenance.options",
        "provenance.steps",
        "results",
    ]
    cases: list[Case] = []
    for path in paths:
        for label, value in values.items():
            command = "replay" if len(cases) % 2 == 0 else "run"
            cases.append(
                Case(
                    "test.json field",
                    f"{path}={label} ({command})",
                    _edited_json(base, _set(path, value), command),
                )
            )
    specials: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
        "profile hlsl": (_set("profile", "hlsl"), "replay"),
        "stage vertex": (_set("stage", "vertex"), "replay"),
        "shader name ../x": (_set("shaders", ["../victim/secret"]), "replay"),
        "shader name /abs": (_set("shaders", [str(Path("/etc/passwd"))]), "run"),
        "dispatch 65535^3": (_set("inputs.dispatch", [65535, 65535, 65535]), "run"),
        "dispatch zero": (_set("inputs.dispatch", [0, 1, 1]), "run"),
        "seed 1e999": (_set("provenance.seed", float("inf")), "replay"),
        "seed -5": (_set("provenance.seed", -5), "replay"),
        "huge statements": (_set("provenance.options.max_statements_main", 10**7), "replay"),
        "huge statements (export)": (
            _set("provenance.options.max_statements_main", 10**7),
            "export",
        ),
        "huge statements (recondition)": (
            _set("provenance.options.max_statements_main", 10**7),
            "recondition",
        ),
        "finding targets 5": (_set("results.finding", {"targets": 5}), "replay"),
        "pass list one string": (
            _set("provenance.steps", [{"name": "spirv-opt", "parameters": {"passes": "-O"}}]),
            "replay",
        ),
        "pass -Oconfig=FILE": (
            _set(
                "provenance.steps",
                [{"name": "spirv-opt", "parameters": {"passes": ["-Oconfig=/etc/passwd"]}}],
            ),
            "run",
        ),
    }
    for name, (edit, command) in specials.items():
        cases.append(
            Case("test.json field", name, _edited_json(base, edit, command), _outputs(command))
        )
    raws = {
        "not JSON": b"{",
        "not UTF-8": b'{"schema_version": 2, "stage": "\xff"}',
        "deep nesting": b"[" * 100000 + b"]" * 100000,
        "a list": b"[]",
        "empty": b"",
        "duplicate fields": b'{"schema_version": 2, "schema_version": 1}',
        "NaN": b'{"schema_version": NaN}',
        "huge number": b'{"schema_version": 1' + b"0" * 5000 + b"}",
    }
    for name, text in raws.items():
        for command in ("replay", "export", "recondition"):
            cases.append(
                Case(
                    "test.json text",
                    f"{name} ({command})",
                    _raw_json(base, text, command),
                    _outputs(command),
                )
            )
    return cases


def _shader_text(base: Base, text: bytes, command: str, fragment: bool = False) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox, fragment=fragment)
        name = "shader.frag" if fragment else "shader.comp"
        (test / name).write_bytes(text)
        return _command(command, test)

    return setup


def shader_cases(base: Base) -> list[Case]:
    nested = (
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {\n"
        + ("if (true) {\n" * 300)
        + "}\n" * 300
        + "}\n"
    )
    bomb = (
        "#version 450\n"
        + "".join(f"#define M{i + 1} M{i} M{i} M{i} M{i}\n" for i in range(40))
        + "layout(local_size_x = 1) in;\nvoid main() { int M0 = 0; M40; }\n"
    )
    sampler = (
        "#version 450\nlayout(binding = 0) uniform sampler2D tex;\n"
        "layout(location = 0) out vec4 color;\n"
        "void main() { color = texture(tex, vec2(0.5)); }\n"
    )
    texts = {
        "not UTF-8": b"#version 450\n\xff\xfe\n",
        "syntax error": b"#version 450\nvoid main( {\n",
        "empty": b"",
        "NUL bytes": b"#version 450\n\0\0\0\n",
        "300 nested ifs": nested.encode(),
        "macro bomb": bomb.encode(),
        "10 MB of comment": b"#version 450\n//" + b"x" * 10_000_000 + b"\nvoid main() {}\n",
        "edited (no longer its provenance)": None,
    }
    cases = []
    for name, text in texts.items():
        for command in ("replay", "run", "export", "recondition"):
            if text is None:
                source = (base.test / "shader.comp").read_bytes() + b"\n// edited\n"
            else:
                source = text
            cases.append(
                Case(
                    "shader",
                    f"{name} ({command})",
                    _shader_text(base, source, command),
                    _outputs(command),
                )
            )
    for command in ("run", "replay"):
        cases.append(
            Case(
                "shader",
                f"unbound sampler2D ({command})",
                _shader_text(base, sampler.encode(), command, fragment=True),
            )
        )
    return cases


def _linked(base: Base, name: str, points_at: str, command: str) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        if (test / name).exists():
            (test / name).unlink()
        (test / name).symlink_to(sandbox / points_at)
        return _command(command, test)

    return setup


def _linked_beside(base: Base, name: str, command: str) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        (sandbox / name).symlink_to(sandbox / "victim")
        return _command(command, test)

    return setup


def link_cases(base: Base) -> list[Case]:
    cases = []
    for name, points_at in (
        ("shader.comp", "victim/secret"),
        ("test.json", "victim/secret"),
        ("test.shader_test", "victim/.bashrc"),
        ("test.amber", "victim/.bashrc"),
    ):
        for command in ("replay", "run", "export", "recondition"):
            cases.append(
                Case(
                    "link inside",
                    f"{name} -> {points_at} ({command})",
                    _linked(base, name, points_at, command),
                    may_change=_outputs(command),
                )
            )
    for name, command in (("t-reconditioned", "recondition"), ("t-reduced", "reduce")):
        cases.append(
            Case(
                "link beside",
                f"{name} -> victim ({command})",
                _linked_beside(base, name, command),
                may_change=("t", name),
            )
        )
    cases.extend(campaign_link_cases(base))
    return cases


def _resume(campaign: Path) -> list[str]:
    """Resume the base campaign (it ran 2 tests): one more test on the CPU targets."""
    return ["fuzz", "--count", "3", "--no-reduce", "--targets", CPU_TARGETS, "--out", str(campaign)]


def campaign_link_cases(base: Base) -> list[Case]:
    def planted(where: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            campaign = base.copy_campaign(sandbox)
            target = campaign / where
            if target.exists() and not target.is_symlink():
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(sandbox / "victim")
            return _resume(campaign)

        return setup

    return [
        Case("campaign link", f"{where} -> victim", planted(where), may_change=("c",))
        for where in ("campaign.db", "campaign.db-wal", "buckets", ".shadersmith.lock")
    ]


def out_cases(base: Base) -> list[Case]:
    def out_onto(command: str, where: str, force: bool = False) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            test = base.copy_test(sandbox)
            destination = str(sandbox / where) if where != "." else str(test)
            head = {
                "generate": ["generate", "--seed", "3"],
                "recondition": ["recondition", str(test)],
                "reduce": ["reduce", str(test), "--time", "10s"],
                "fuzz": ["fuzz", "--count", "1", "--no-reduce"],
                "metamorphic": ["metamorphic", "--count", "1", "--no-reduce"],
                "fuse": ["fuse", "--count", "1"],
            }[command]
            return [*head, "--out", destination, *(["--force"] if force else [])]

        return setup

    cases = []
    for command in ("generate", "recondition", "reduce", "fuzz", "metamorphic", "fuse"):
        for where in ("victim", ".", "victim/docs/a", "victim/docs/a/below"):
            cases.append(Case("--out", f"{command} --out {where}", out_onto(command, where)))
    cases.append(
        Case(
            "--out",
            "generate --out victim --force",
            out_onto("generate", "victim", True),
            may_change=("t", "victim"),
        )
    )
    return cases


def option_cases(base: Base) -> list[Case]:
    def fuzz_with(*options: str, ignore: bytes | None = None) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            extra = list(options)
            if ignore is not None:
                (sandbox / "t").mkdir()
                (sandbox / "t" / "ignore").write_bytes(ignore)
                extra += ["--ignore", str(sandbox / "t" / "ignore")]
            return ["fuzz", "--count", "1", "--no-reduce", "--out", str(sandbox / "c"), *extra]

        return setup

    cases = []
    for value in ("0", "-5", "nan", "inf", "1e999", "soon", ""):
        cases.append(
            Case("option", f"--time {value!r}", fuzz_with("--time", value), may_change=("c",))
        )
    for option, value in (
        ("--count", "0"),
        ("--jobs", "0"),
        ("--timeout", "nan"),
        ("--timeout", "0"),
        ("--keep", "-1"),
        ("--seed-base", "-1"),
        ("--targets", "gl-radeon"),
        ("--targets", ""),
        ("--fragment", "2"),
        ("--reduce-time", "nan"),
    ):
        cases.append(
            Case("option", f"{option} {value!r}", fuzz_with(option, value), may_change=("c",))
        )
    cases.append(
        Case(
            "option", "--ignore binary", fuzz_with(ignore=b"\xff\xfe\0\x01"), may_change=("c", "t")
        )
    )
    cases.append(
        Case("option", "--ignore missing", fuzz_with("--ignore", "/nonexistent"), may_change=("c",))
    )
    return cases


def campaign_cases(base: Base) -> list[Case]:
    def corrupted(edit: Callable[[Path], None], command: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            campaign = base.copy_campaign(sandbox)
            edit(campaign)
            if command == "buckets":
                return ["buckets", str(campaign), "--programs"]
            return _resume(campaign)

        return setup

    def garbage_db(campaign: Path) -> None:
        (campaign / "campaign.db").write_bytes(b"not a database" * 100)

    def truncated_db(campaign: Path) -> None:
        data = (campaign / "campaign.db").read_bytes()
        (campaign / "campaign.db").write_bytes(data[: len(data) // 3])

    def escaping_example(campaign: Path) -> None:
        import sqlite3

        db = sqlite3.connect(campaign / "campaign.db")
        db.execute(
            "INSERT INTO buckets VALUES ('wrong:x', 'odd_one_out', 'a', 'b', 1, 0, "
            "'../victim', 0, 0, '../victim/docs', NULL)"
        )
        db.commit()
        db.close()

    def other_settings(campaign: Path) -> None:
        import sqlite3

        db = sqlite3.connect(campaign / "campaign.db")
        db.execute("UPDATE settings SET value = '\"x\"' WHERE key = 'seed_base'")
        db.commit()
        db.close()

    cases = []
    for name, edit in (
        ("garbage campaign.db", garbage_db),
        ("truncated campaign.db", truncated_db),
        ("example path ../victim", escaping_example),
        ("settings edited", other_settings),
    ):
        for command in ("buckets", "fuzz"):
            cases.append(
                Case("campaign", f"{name} ({command})", corrupted(edit, command), may_change=("c",))
            )
    return cases


# ---------------------------------------------------------------------------- running


def run_case(case: Case, timeout_s: float, scratch: Path) -> Outcome:
    sandbox = Path(tempfile.mkdtemp(prefix="case.", dir=scratch))
    try:
        _victim(sandbox)
        try:
            arguments = case.setup(sandbox)
        except Exception as error:  # the sweep's own defect: one case, not the whole run
            return Outcome(case, False, f"set-up failed: {error!r}", None, 0.0)
        before = _snapshot(sandbox)
        started = time.perf_counter()
        environment = {**os.environ, "COLUMNS": "200"}
        done = _run_measured([SHADERSMITH, *arguments], sandbox, environment, timeout_s)
        seconds = time.perf_counter() - started
        if done is None:
            return Outcome(case, False, f"no answer in {timeout_s:.0f} s", None, seconds)
        returncode, stdout, stderr, peak_mb = done
        output = stdout + stderr
        changed = _changes_outside(before, _snapshot(sandbox), case.may_change)
        why = ""
        if "Traceback" in output:
            why = "traceback: " + output.strip().splitlines()[-1][:160]
        elif returncode not in (0, 1, 2):
            why = f"exit status {returncode}: {output.strip()[-160:]}"
        elif returncode == 2 and _error_lines(stderr) > 1:
            why = f"a {_error_lines(stderr)}-line error: {stderr.strip()[:160]}"
        elif changed:
            why = f"changed outside the test: {', '.join(changed[:4])}"
        elif case.max_seconds is not None and seconds > case.max_seconds:
            why = f"{seconds:.0f} s, more than {case.max_seconds:.0f}"
        elif case.max_mb is not None and peak_mb > case.max_mb:
            why = f"{peak_mb:.0f} MB, more than {case.max_mb:.0f}"
        elif case.check is not None:
            why = case.check(sandbox, output)
        return Outcome(case, not why, why, returncode, seconds, output, peak_mb)
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)


def _run_measured(
    command: list[str], cwd: Path, environment: dict[str, str], timeout_s: float
) -> tuple[int, str, str, float] | None:
    """Exit status, stdout, stderr, and the process's peak resident memory (MB, from
    wait4: this process alone); None when it ran past `timeout_s` (then killed)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(
            command, stdout=out, stderr=err, cwd=cwd, env=environment, start_new_session=True
        )
        deadline = time.monotonic() + timeout_s
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.killpg(process.pid, 9)
                os.wait4(process.pid, 0)
                return None
            time.sleep(0.05)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
        return process.returncode, stdout, stderr, usage.ru_maxrss / 1024


def _error_lines(stderr: str) -> int:
    """Lines of an error, less click's usage banner (`Usage:`, `Try ... --help`, blank)."""
    lines = [
        line
        for line in stderr.strip().splitlines()
        if line.strip() and not line.startswith(("Usage:", "Try '"))
    ]
    return len(lines)


def _changes_outside(
    before: dict[str, str], after: dict[str, str], allowed: tuple[str, ...]
) -> list[str]:
    def outside(key: str) -> bool:
        return not any(key == a or key.startswith(a + "/") for a in allowed)

    keys = {k for k in before.keys() | after.keys() if outside(k)}
    return sorted(k for k in keys if before.get(k) != after.get(k))


ROUND_ONE = (json_cases, shader_cases, link_cases, out_cases, option_cases, campaign_cases)


def main(builders: Sequence[Callable[[Base], list[Case]]] = ROUND_ONE) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="Cases at once.")
    parser.add_argument("--only", help="Run the cases whose family or name has this word.")
    parser.add_argument("--timeout", type=float, default=120.0, help="Seconds per case.")
    parser.add_argument("--list", action="store_true", help="List the cases and stop.")
    parser.add_argument(
        "--verbose", action="store_true", help="A line per case: exit status and last line."
    )
    args = parser.parse_args()
    console = Console()
    scratch = Path(tempfile.mkdtemp(prefix="hostile-sweep."))
    try:
        base = Base(scratch / "base")
        cases = [case for build in builders for case in build(base)]
        if args.only:
            cases = [c for c in cases if args.only in c.family or args.only in c.name]
        if args.list:
            for case in cases:
                console.print(f"{case.family}: {case.name}", markup=False)
            return
        console.print(f"{len(cases)} cases, {args.jobs} at once")
        with ThreadPoolExecutor(args.jobs) as pool:
            outcomes = list(pool.map(lambda c: run_case(c, args.timeout, scratch), cases))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for outcome in outcomes if args.verbose else ():
        last = outcome.output.strip().splitlines()[-1:] or [""]
        console.print(
            f"{outcome.returncode} {outcome.case.family}: {outcome.case.name}: {last[0][:150]}",
            markup=False,
        )
    for outcome in outcomes:
        if not outcome.handled:
            console.print(
                f"NOT HANDLED {outcome.case.family}: {outcome.case.name}: {outcome.why}",
                markup=False,
            )
    table = Table(title="hostile inputs")
    for column in ("family", "cases", "handled", "exit 0", "exit 1", "exit 2", "max s", "max MB"):
        table.add_column(column)
    families = Counter(o.case.family for o in outcomes)
    for family in families:
        mine = [o for o in outcomes if o.case.family == family]
        codes = Counter(o.returncode for o in mine)
        table.add_row(
            family,
            str(len(mine)),
            str(sum(o.handled for o in mine)),
            str(codes[0]),
            str(codes[1]),
            str(codes[2]),
            f"{max(o.seconds for o in mine):.1f}",
            f"{max(o.peak_mb for o in mine):.0f}",
        )
    console.print(table)
    print(
        json.dumps(
            {
                "cases": len(outcomes),
                "handled": sum(o.handled for o in outcomes),
                "not_handled": [
                    f"{o.case.family}: {o.case.name}: {o.why}" for o in outcomes if not o.handled
                ],
            }
        )
    )


if __name__ == "__main__":
    main()
