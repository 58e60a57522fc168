"""Hostile-input sweep, round two (issue 34): the round-one sweep (bench/hostile_sweep.py)
and the families a second attack found, each with what an attacker would try next:

- crafted campaign.db: a recursive view, a trigger, a huge but well-formed table;
- report bounds: absurd times, many buckets naming one huge test, a 5,000-part fusion record;
- bucket rows of the wrong type;
- Markdown injection into `bug-report`; command-line injection through a folder's name;
  Amber and piglit injection through recorded fields and shader lines;
- corpus admission and bad corpus files; `--cluster` at something that is not Ray;
- terminal escapes; sizes before reading; a campaign's own targets.toml; lock files.

A case is handled as in round one (exit 0, 1 or 2, no traceback, a one-line error, nothing
outside changed), within its bound of time and memory, and with what it wrote free of the
injected syntax (each family's check).

    .venv/bin/python bench/hostile_round_two.py [--jobs 2] [--only WORD] [--timeout 120]
"""

from __future__ import annotations

import http.server
import json
import os
import re
import shlex
import shutil
import socket
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as a script: its own folder is on the path (bench/ is no package).
from hostile_sweep import ROUND_ONE, Base, Case, Setup, main
from markdown_it import MarkdownIt

REPOSITORY = Path(__file__).resolve().parent.parent
FINDING = REPOSITORY / "findings" / "mesa-gl-disagree"  # a reduced wrong-result test
FAST = 60.0  # seconds any hostile case may take (the drivers' cases included)
SMALL = 600.0  # MB of the command's own process
INJECTED = "PWNED"


def _sql(campaign: Path, *statements: str, rows: list[tuple[Any, ...]] | None = None) -> None:
    db = sqlite3.connect(campaign / "campaign.db")
    for statement in statements:
        if rows is not None and "?" in statement:
            db.executemany(statement, rows)
        else:
            db.executescript(statement)
    db.commit()
    db.close()


def _on_campaign(base: Base, edit: Callable[[Path], None], arguments: list[str]) -> Setup:
    def setup(sandbox: Path) -> list[str]:
        campaign = base.copy_campaign(sandbox)
        edit(campaign)
        return [a.replace("{c}", str(campaign)) for a in arguments]

    return setup


def _finding_copy(sandbox: Path, name: str = "t") -> Path:
    target = sandbox / name
    shutil.copytree(FINDING, target)
    for report in ("bug-report.md", "bug-report.json"):
        (target / report).unlink(missing_ok=True)
    return target


def _edit_json(directory: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads((directory / "test.json").read_text())
    edit(data)
    (directory / "test.json").write_text(json.dumps(data))


# ---------------------------------------------------------------------------- campaigns


def _running(sql: str) -> Callable[[Path], None]:
    return lambda campaign: _sql(campaign, sql)


def crafted_database_cases(base: Base) -> list[Case]:
    recursive = (
        "DROP TABLE tests; CREATE VIEW tests(idx, seed, verdict, findings, seconds, finished) "
        "AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
        "SELECT x, x, 'agree', '[]', 1.0, 1.7e9 FROM c"
    )
    trigger = "CREATE TRIGGER t AFTER INSERT ON tests BEGIN DELETE FROM buckets; END"
    huge = (
        "INSERT INTO results WITH RECURSIVE c(x) AS (SELECT 1000 UNION ALL SELECT x + 1 "
        "FROM c LIMIT 2000000) SELECT x, 't' || (x % 7), 's' || (x % 13), NULL, 1.0, 1.0 FROM c"
    )
    cases = []
    for name, sql in (("recursive view", recursive), ("trigger", trigger), ("2M rows", huge)):
        for command in (["buckets", "{c}"], ["report", "{c}"], ["fuzz", "--out", "{c}"]):
            if name == "2M rows" and command[0] == "fuzz":
                continue
            cases.append(
                Case(
                    "crafted campaign.db",
                    f"{name} ({command[0]})",
                    _on_campaign(base, _running(sql), command),
                    may_change=("c",),
                    max_seconds=FAST,
                    max_mb=SMALL,
                )
            )
    return cases


def report_bound_cases(base: Base) -> list[Case]:
    def absurd_times(campaign: Path) -> None:
        _sql(campaign, "UPDATE tests SET finished = 0 WHERE idx = 0")
        _sql(campaign, "UPDATE tests SET finished = 1e13 WHERE idx = 1")

    def one_huge_example(campaign: Path) -> None:
        example = campaign / "tests" / "huge"
        shutil.copytree(base.test, example)
        shader = example / "shader.comp"
        shader.write_text(shader.read_text() + ("// " + "x" * 97 + "\n") * 40_000)  # 4 MB
        rows = [(f"wrong:planted:{n:03}", 1, 1.7e9 + n, "tests/huge") for n in range(180)]
        _sql(
            campaign,
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, example) "
            "VALUES (?, 'wrong-result', 'gl-llvmpipe', 'gl-llvmpipe', ?, ?, ?)",
            rows=rows,
        )

    def many_parts(campaign: Path) -> None:
        fused = campaign / "tests" / "fused"
        shutil.copytree(base.test, fused)
        shutil.copytree(base.test, fused / "part-0")
        record = {
            "schema_version": 1,
            "parts": ["part-0"] * 5000,
            "sequence": 0,
            "relation": "concatenate",
            "seeds": [1],
            "tolerance": 0.1,
            "finding": {"signature": "x"},
            "targets": ["gl-llvmpipe"],
        }
        (fused / "fusion.json").write_text(json.dumps(record))
        _sql(
            campaign,
            "UPDATE settings SET value = '\"fusion\"' WHERE key = 'oracle'; "
            "INSERT OR REPLACE INTO settings VALUES ('oracle', '\"fusion\"'); "
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, example) "
            "VALUES ('fusion:x', 'fusion', 'gl-llvmpipe', 'gl-llvmpipe', 1, 1.7e9, 'tests/fused')",
        )

    cases = []
    for name, edit in (
        ("finish times 0 and 1e13", absurd_times),
        ("180 buckets naming one 4 MB shader", one_huge_example),
        ("fusion.json with 5,000 parts", many_parts),
    ):
        cases.append(
            Case(
                "report bounds",
                name,
                _on_campaign(base, edit, ["report", "{c}"]),
                may_change=("c",),
                max_seconds=FAST,
                max_mb=SMALL,
            )
        )
    return cases


def bucket_row_cases(base: Base) -> list[Case]:
    def row(values: str) -> Callable[[Path], None]:
        return lambda campaign: _sql(
            campaign,
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, example) "
            f"VALUES ({values})",
        )

    rows = {
        "NULL signature": "NULL, 'k', 't', 'b', 1, 1.7e9, NULL",
        "text count": "'s', 'k', 't', 'b', 'many', 1.7e9, NULL",
        "first_seen 1e300": "'s', 'k', 't', 'b', 1, 1e300, NULL",
        "text first_seen": "'s', 'k', 't', 'b', 1, 'noon', NULL",
        "blob example": "'s', 'k', 't', 'b', 1, 1.7e9, x'2e2e'",
    }
    return [
        Case(
            "bucket rows",
            f"{name} ({command})",
            _on_campaign(base, row(values), [command, "{c}"]),
            may_change=("c",),  # SQLite's -wal and -shm beside the database
        )
        for name, values in rows.items()
        for command in ("buckets", "report")
    ]


# ---------------------------------------------------------------------------- injection


def _no_live_markdown(sandbox: Path, output: str) -> str:
    """A bug report's Markdown: no heading, link or image came from the planted text."""
    for token in MarkdownIt("commonmark").enable("table").parse(output):
        children = [token, *(token.children or [])]
        for child in children:
            live = child.type in ("heading_open", "link_open", "image", "html_block", "html_inline")
            if live and INJECTED.lower() in (child.content + str(child.attrs)).lower():
                return f"planted Markdown rendered live: {child.type}"
            if child.type == "inline" and re.search(r"(^|\s)@pwned", child.content):
                return "a planted @mention outside code"
    return ""


def markdown_cases(base: Base) -> list[Case]:
    comment = (
        "/*\n```\n# PWNED heading\n[PWNED](http://evil.example/x) ![i](http://e.example/PWNED) "
        "@pwned\n<img src=x onerror=PWNED>\n````\n*/\n"
    )

    def planted_comment(sandbox: Path) -> list[str]:
        test = _finding_copy(sandbox)
        shader = test / "shader.comp"
        shader.write_text(shader.read_text().replace("void main()", comment + "void main()"))
        return ["bug-report", str(test), "--no-newest"]

    def planted_version(sandbox: Path) -> list[str]:
        test = _finding_copy(sandbox)
        _edit_json(
            test,
            lambda d: d["results"]["gl-llvmpipe"]["versions"].update(
                {"Mesa": "22\n# PWNED heading\n[PWNED](http://x)"}
            ),
        )
        return ["bug-report", str(test), "--no-newest"]

    return [
        Case("markdown injection", name, setup, check=_no_live_markdown, max_seconds=120)
        for name, setup in (
            ("shader comment closing the fence", planted_comment),
            ("a version with a heading and a link", planted_version),
        )
    ]


def _paste_safe(sandbox: Path, output: str) -> str:
    """Every printed `run:` line, pasted into a shell, names the file whole and runs
    nothing else."""
    for line in output.splitlines():
        if line.startswith("run: "):
            words = shlex.split(line[len("run: ") :])
            folder = f"r$(touch {INJECTED})/"  # whole in one word, or the shell split it
            if not any(folder in w and w.endswith((".amber", ".shader_test")) for w in words):
                return f"the path did not survive the shell: {line[:120]}"
    return ""


def command_line_cases(base: Base) -> list[Case]:
    def folder_named(form: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            test = _finding_copy(sandbox, f"r$(touch {INJECTED})")
            return ["export", str(test), "--format", form]

        return setup

    return [
        Case(
            "command-line injection",
            f"export --format {form} of r$(touch PWNED)",
            folder_named(form),
            may_change=(f"r$(touch {INJECTED})",),
            check=_paste_safe,
        )
        for form in ("piglit", "amber")
    ]


def _exported(sandbox: Path, suffix: str) -> list[Path]:
    return sorted(p for p in sandbox.rglob(f"*{suffix}") if p.is_file())


def _amber_clean(sandbox: Path, output: str) -> str:
    for path in _exported(sandbox, ".amber"):
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith(INJECTED):
                return f"a planted line became an Amber command: {line[:80]}"
    return ""


def _piglit_clean(sandbox: Path, output: str) -> str:
    for path in _exported(sandbox, ".shader_test"):
        sections = [line for line in path.read_text().splitlines() if line.startswith("[")]
        if sections.count("[test]") > 1 or any(INJECTED in s for s in sections):
            return f"a shader line became a shader_runner section: {sections}"
    return ""


def export_injection_cases(base: Base) -> list[Case]:
    def planted(edit: Callable[[dict[str, Any]], None], form: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            test = _finding_copy(sandbox)
            _edit_json(test, edit)
            return ["export", str(test), "--format", form]

        return setup

    def newline_in_tool_version(data: dict[str, Any]) -> None:
        data["provenance"]["tool_version"] = f"1.0\n{INJECTED} RUN compute 1 1 1"

    def newline_in_signature(data: dict[str, Any]) -> None:
        data["results"]["finding"]["signature"] += f"\n{INJECTED} END"

    def spvasm_end(sandbox: Path) -> list[str]:
        test = _finding_copy(sandbox)
        spvasm = test / "vk-lavapipe.spvasm"
        spvasm.write_text(spvasm.read_text() + f"END\n{INJECTED} RUN compute 1 1 1\n")
        return ["export", str(test), "--format", "amber"]

    def bracket_line(sandbox: Path) -> list[str]:
        test = _finding_copy(sandbox)
        shader = test / "shader.comp"
        shader.write_text(
            shader.read_text().replace("void main()", f"/*\n[test]\n[{INJECTED}]\n*/\nvoid main()")
        )
        return ["export", str(test), "--format", "piglit"]

    return [
        Case(
            "export injection",
            "newline in tool_version (amber)",
            planted(newline_in_tool_version, "amber"),
            check=_amber_clean,
        ),
        Case(
            "export injection",
            "newline in the signature (amber)",
            planted(newline_in_signature, "amber"),
            check=_amber_clean,
        ),
        Case(
            "export injection", "END in the stored .spvasm (amber)", spvasm_end, check=_amber_clean
        ),
        Case(
            "export injection",
            "[test] in a shader comment (piglit)",
            bracket_line,
            check=_piglit_clean,
        ),
    ]


# ---------------------------------------------------------------------------- corpus, cluster


def corpus_cases(base: Base) -> list[Case]:
    unbound = (
        "#version 450\nlayout(local_size_x = 1) in;\n"
        "layout(std430, binding = 0) buffer B { int x; };\n"
        "layout(binding = 1) uniform sampler2D s;\n"
        "void main() {\n    x = int(texture(s, vec2(0.5)).x);\n}\n"
    )

    def unbound_sampler(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        (test / "shader.comp").write_text(unbound)
        return ["fuzz", "--corpus", str(test), "--count", "1", "--no-reduce", "--out", "c"]

    def huge_dispatch(sandbox: Path) -> list[str]:
        test = base.copy_test(sandbox)
        _edit_json(test, lambda d: d["inputs"].update({"dispatch": [65535, 65535, 1]}))
        return ["fuzz", "--corpus", str(test), "--count", "1", "--no-reduce", "--out", "c"]

    def digits_corpus(command: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            corpus = sandbox / "corpus"
            corpus.mkdir()
            (corpus / "bad.shader_test").write_text(
                "[require]\nGLSL >= 4.50\n\n[compute shader]\n#version 450\n"
                "layout(local_size_x = 1) in;\nvoid main() {}\n\n[test]\n"
                f"compute {'9' * 5000} 1 1\n"
            )
            if command == "metamorphic":
                return [
                    "metamorphic",
                    "--references-from",
                    str(corpus),
                    "--count",
                    "1",
                    "--out",
                    "c",
                ]
            return ["fuse", "--parts-from", str(corpus), "--sequences", "1", "--out", "c"]

        return setup

    def no_finding_buckets(sandbox: Path, output: str) -> str:
        bad = re.findall(r"(crash:\S+|ours:all-failed\S*)", output)
        return f"recorded as findings: {bad[:3]}" if bad else ""

    return [
        Case(
            "corpus",
            "--corpus of an unbound sampler2D",
            unbound_sampler,
            ("t", "c"),
            no_finding_buckets,
            FAST * 2,
        ),
        Case(
            "corpus",
            "--corpus of a 65535x65535 dispatch",
            huge_dispatch,
            ("t", "c"),
            no_finding_buckets,
            FAST * 2,
        ),
        Case(
            "corpus",
            "metamorphic --references-from a 5000-digit dispatch",
            digits_corpus("metamorphic"),
            ("corpus", "c"),
            None,
            FAST * 2,
        ),
        Case(
            "corpus",
            "fuse --parts-from a 5000-digit dispatch",
            digits_corpus("fuse"),
            ("corpus", "c"),
            None,
            FAST * 2,
        ),
    ]


_LISTENERS: list[Any] = []  # kept open while the sweep runs


def _silent_listener() -> str:
    server = socket.create_server(("127.0.0.1", 0))
    _LISTENERS.append(server)
    return f"127.0.0.1:{server.getsockname()[1]}"


def _http_listener() -> str:
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _LISTENERS.append(server)
    return f"127.0.0.1:{server.server_address[1]}"


def cluster_cases(base: Base) -> list[Case]:
    def at(address: Callable[[], str]) -> Setup:
        return lambda sandbox: ["fuzz", "--cluster", address(), "--count", "1", "--out", "c"]

    return [
        Case("--cluster", name, at(address), ("c",), None, 30)
        for name, address in (
            ("a silent listener", _silent_listener),
            ("an HTTP server", _http_listener),
            ("localhost:-1", lambda: "localhost:-1"),
            ("a 300-character host", lambda: "a" * 300 + ":80"),
        )
    ]


# ---------------------------------------------------------------------------- terminal, sizes


def _no_escapes(sandbox: Path, output: str) -> str:
    return "a raw ESC reached the terminal" if "\x1b]" in output or "\x1b[2J" in output else ""


def terminal_cases(base: Base) -> list[Case]:
    osc = "\x1b]52;c;cHduZWQ=\x07\x1b[2J"

    def escaped_signature(campaign: Path) -> None:
        _sql(
            campaign,
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen) "
            f"VALUES ('wrong:{osc}', 'k', 't', 'b', 1, 1.7e9)",
        )

    def replay_escaped(sandbox: Path) -> list[str]:
        test = _finding_copy(sandbox)
        _edit_json(test, lambda d: d["results"]["finding"].update({"detail": osc}))
        return ["replay", str(test)]

    return [
        Case(
            "terminal",
            "OSC 52 in a signature (buckets)",
            _on_campaign(base, escaped_signature, ["buckets", "{c}"]),
            ("c",),
            _no_escapes,
        ),
        Case("terminal", "OSC 52 in a finding (replay)", replay_escaped, ("t",), _no_escapes, 120),
    ]


def size_cases(base: Base) -> list[Case]:
    def sparse(name: str, command: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            test = base.copy_test(sandbox)
            with (test / name).open("r+b") as handle:
                handle.truncate(1_500_000_000)
            return [command, str(test)] + (["--targets", "interp"] if command == "run" else [])

        return setup

    return [
        Case(
            "sizes",
            f"1.5 GB sparse {name} ({command})",
            sparse(name, command),
            max_seconds=30,
            max_mb=SMALL,
        )
        for name in ("shader.comp", "test.json")
        for command in ("run", "replay", "export")
    ]


def campaign_file_cases(base: Base) -> list[Case]:
    def relative_icd(sandbox: Path) -> list[str]:
        campaign = base.copy_campaign(sandbox)
        (campaign / "targets.toml").write_text(
            '[[target]]\nname = "vk-mine"\nkind = "vulkan"\ndevice = "llvmpipe"\n'
            'icd = "icd.json"\nlibrary_path = "."\n'
        )
        (campaign / "icd.json").write_text('{"ICD": {"library_path": "./libevil.so"}}')
        return ["--targets-file", str(campaign / "targets.toml"), "targets"]

    def fifo(name: str) -> Setup:
        def setup(sandbox: Path) -> list[str]:
            campaign = base.copy_campaign(sandbox)
            (campaign / name).unlink(missing_ok=True)
            os.mkfifo(campaign / name)
            return ["fuzz", "--count", "1", "--out", str(campaign)]

        return setup

    def refused(sandbox: Path, output: str) -> str:
        return "" if "relative" in output or "inside" in output else "a relative path was loaded"

    return [
        Case(
            "campaign files", "targets.toml with relative paths", relative_icd, ("c",), refused, 30
        ),
        Case("campaign files", "a FIFO lock file", fifo(".shadersmith.lock"), ("c",), None, 30),
        Case("campaign files", "a FIFO -wal file", fifo("campaign.db-wal"), ("c",), None, 30),
    ]


ROUND_TWO = (
    crafted_database_cases,
    report_bound_cases,
    bucket_row_cases,
    markdown_cases,
    command_line_cases,
    export_injection_cases,
    corpus_cases,
    cluster_cases,
    terminal_cases,
    size_cases,
    campaign_file_cases,
)


if __name__ == "__main__":
    # --round-two-only: the new families alone (the rest of the options are round one's).
    only_two = "--round-two-only" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--round-two-only"]
    main(ROUND_TWO if only_two else (*ROUND_ONE, *ROUND_TWO))
