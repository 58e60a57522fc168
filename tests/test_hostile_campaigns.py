"""Campaign directories from strangers, round two (issue 34, items 1, 2, 6, 9 and the low
ones about campaign rows): every query stops for Ctrl-C and SIGTERM, the report's work and
size are bounded whatever the rows and tests say, a row of the wrong type is one line,
not a traceback, and a `--cluster` address where no Ray head answers is one line in
seconds. The links, schema and test-field cases are in test_hostile_inputs.py and
test_hostile_schema.py."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import shutil
import signal
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from shadersmith.campaign.fusion_tests import FUSION_SCHEMA
from shadersmith.campaign.interruptible import raise_pending_signal
from shadersmith.campaign.store import CampaignStore
from shadersmith.cli import main
from shadersmith.report import reproducer, write_report
from shadersmith.report.test_view import PictureSink, fusion_test_view
from shadersmith.targets.lifetime import exit_on_sigterm

# A query that never ends by itself: only the progress handler can stop it.
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("generated") / "seed5"
    result = CliRunner().invoke(main, ["generate", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def sigterm_exits() -> Iterator[None]:
    """SIGTERM as every command has it (targets/lifetime.exit_on_sigterm), then as before."""
    previous = signal.getsignal(signal.SIGTERM)
    exit_on_sigterm()
    yield
    signal.signal(signal.SIGTERM, previous)


def _campaign_with_buckets(tmp_path: Path, generated: Path, rows: list[tuple[Any, ...]]) -> Path:
    """A campaign whose tests/example holds seed 5's test, and the bucket rows given
    (signature, count, first_seen, example)."""
    campaign = tmp_path / "campaign"
    CampaignStore(campaign).close()
    shutil.copytree(generated, campaign / "tests" / "example")
    with sqlite3.connect(campaign / "campaign.db") as db:
        db.executemany(
            "INSERT INTO buckets (signature, kind, targets, blamed, count, first_seen, example) "
            "VALUES (?, 'wrong-result', 'gl-llvmpipe', 'gl-llvmpipe', ?, ?, ?)",
            rows,
        )
    db.close()
    return campaign


# ---------------------------------------------------------------------------- item 1


@pytest.mark.parametrize(
    ("signum", "expected"), [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, SystemExit)]
)
@pytest.mark.usefixtures("sigterm_exits")
def test_a_signal_stops_a_query_that_would_never_end_and_is_raised_again(
    tmp_path: Path, signum: int, expected: type[BaseException]
) -> None:
    """Before: SQLite ran the query in C and Python's handler waited for it, forever (13
    minutes of `buckets` on a campaign with a recursive view)."""
    CampaignStore(tmp_path / "campaign").close()
    store = CampaignStore(tmp_path / "campaign", read_only=True)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signum))
    timer.start()
    try:
        with pytest.raises(sqlite3.OperationalError, match="interrupted"):
            store.db.execute(ENDLESS).fetchone()
        with pytest.raises(expected) as raised:
            raise_pending_signal()
        if isinstance(raised.value, SystemExit):
            assert raised.value.code == 143
        raise_pending_signal()  # raised once: nothing is left pending
    finally:
        timer.cancel()
        store.close()


# ---------------------------------------------------------------------------- item 6


def test_a_test_many_buckets_name_is_shown_once_and_a_huge_shader_is_cut(
    tmp_path: Path, generated: Path
) -> None:
    """Before: every bucket page showed the whole example again (180 rows naming one test
    with a 5 MB shader gave 1.4 GB of HTML)."""
    campaign = _campaign_with_buckets(
        tmp_path,
        generated,
        [(f"wrong:gl-llvmpipe:{n:03}", 1, 1.7e9 + n, "tests/example") for n in range(40)],
    )
    shader = campaign / "tests" / "example" / "shader.comp"
    comment = "// " + "x" * 97 + "\n"
    shader.write_text(shader.read_text() + comment * 10_000)  # a 1 MB shader
    index = write_report(campaign, tmp_path / "report")
    pages = sorted((index.parent / "buckets").glob("*.html"))
    assert len(pages) == 40
    total = sum(p.stat().st_size for p in index.parent.rglob("*") if p.is_file())
    assert total < 2_000_000, f"{total:,} bytes of report for one 1 MB test"
    shown = [p for p in pages if "the whole shader is in the test" in p.read_text()]
    assert len(shown) == 1
    for page in pages:
        if page not in shown:
            assert f'href="{shown[0].stem}.html#example"' in page.read_text()


def test_a_fusion_record_with_thousands_of_parts_is_not_rendered(
    tmp_path: Path, generated: Path
) -> None:
    """Before: a fusion.json naming 5,000 parts made a 442 MB page (the report did not
    check the record against its schema)."""
    campaign = tmp_path / "campaign"
    directory = campaign / "tests" / "fused"
    shutil.copytree(generated, directory)
    shutil.copytree(generated, directory / "part-0")
    record = {
        "schema_version": FUSION_SCHEMA,
        "parts": ["part-0"] * 5000,
        "sequence": 0,
        "relation": "concatenate",
        "seeds": [1],
        "tolerance": 0.1,
        "finding": {"signature": "x"},
        "targets": ["gl-llvmpipe"],
    }
    (directory / "fusion.json").write_text(json.dumps(record))
    view = fusion_test_view(campaign, "tests/fused", "Example", PictureSink("example"))
    assert "parts" in view.error
    assert view.shaders == ()


# ---------------------------------------------------------------------------- wrong types


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ((None, 1, 1.7e9, "tests/example"), "signature, kind, targets and blamed must be text"),
        (("wrong:x", "many", 1.7e9, "tests/example"), "count 'many' is not a count"),
        (("wrong:x", 1, "yesterday", "tests/example"), "first_seen 'yesterday' is not a time"),
        (("wrong:x", 1, 1e300, "tests/example"), "first_seen '1e+300' is not a time"),
        (("wrong:x", 1, 1.7e9, b"tests/example"), "example must be text"),
    ],
)
@pytest.mark.parametrize("command", ["buckets", "report"])
def test_a_bucket_row_of_the_wrong_type_is_one_line(
    tmp_path: Path, generated: Path, row: tuple[Any, ...], message: str, command: str
) -> None:
    """Before: a traceback from the report (a text count, a NULL signature, a first_seen
    out of range or of text)."""
    campaign = _campaign_with_buckets(tmp_path, generated, [row])
    result = CliRunner().invoke(main, [command, str(campaign)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert message in result.output


def test_finish_times_and_findings_of_the_wrong_type_leave_the_report_whole(
    tmp_path: Path, generated: Path
) -> None:
    """A test row whose finish time is text or whose findings are a number is left out of
    what it would break (the charts, the wrong counts); the rest of the report stands."""
    campaign = _campaign_with_buckets(
        tmp_path, generated, [("wrong:gl-llvmpipe:x", 1, 1.7e9, "tests/example")]
    )
    with sqlite3.connect(campaign / "campaign.db") as db:
        db.executemany(
            "INSERT INTO tests VALUES (?, ?, 'agree', ?, 1.0, ?)",
            [(0, 0, 7, "noon"), (1, 1, "[]", 1.7e9), (2, 2, "[", 1e300)],
        )
    db.close()
    result = CliRunner().invoke(main, ["report", str(campaign)])
    assert result.exit_code == 0, result.output
    index = (campaign / "report" / "index.html").read_text()
    assert "wrong:gl-llvmpipe:x" in index


# ---------------------------------------------------------------------------- item 9


@pytest.fixture
def silent_listener() -> Iterator[str]:
    """A port that accepts connections and never says a word."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        yield f"127.0.0.1:{server.getsockname()[1]}"


class _QuietHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def http_server() -> Iterator[str]:
    server = http.server.HTTPServer(("127.0.0.1", 0), _QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("silent", "it accepted the connection but did not answer as a Ray head within 5 s"),
        ("http", "something else answered there ("),
        ("localhost:-1", "is not an address of a Ray head: give host:port"),
        ("a" * 300 + ":80", "is not a host name or IP address"),
    ],
)
def test_a_cluster_address_where_no_ray_head_answers_is_one_line_in_seconds(
    tmp_path: Path, address: str, message: str, silent_listener: str, http_server: str
) -> None:
    """Before: no answer within 300 s from a listener that is not Ray, or `localhost:-1`;
    a traceback for a long host name."""
    address = {"silent": silent_listener, "http": http_server}.get(address, address)
    started = time.monotonic()
    result = CliRunner().invoke(
        main, ["fuzz", "--cluster", address, "--count", "1", "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert message in result.output
    assert time.monotonic() - started < 60


@pytest.fixture
def loopback_grpc_listener() -> Iterator[str]:
    """A port on the loopback address only that answers HTTP/2's preface with an empty
    SETTINGS frame, as a Ray head's GCS does."""
    with socket.create_server(("127.0.0.1", 0)) as server:

        def answer() -> None:
            with contextlib.suppress(OSError):
                while True:
                    connection, _ = server.accept()
                    with connection:
                        connection.recv(64)
                        connection.sendall(b"\x00\x00\x00\x04\x00\x00\x00\x00\x00")

        threading.Thread(target=answer, daemon=True).start()
        yield f"127.0.0.1:{server.getsockname()[1]}"


def test_a_loopback_cluster_address_ray_would_dial_outward_is_one_line_in_seconds(
    tmp_path: Path, loopback_grpc_listener: str
) -> None:
    """Before: in CI, Ray dialled the machine's outward address for a head on the loopback
    address and gave up after ten minutes per campaign."""
    from ray._private.services import canonicalize_bootstrap_address

    dialled = canonicalize_bootstrap_address(loopback_grpc_listener)
    if dialled == loopback_grpc_listener:
        pytest.skip("this machine has no outward address: Ray dials the loopback address")
    started = time.monotonic()
    result = CliRunner().invoke(
        main,
        ["fuzz", "--cluster", loopback_grpc_listener, "--count", "1", "--out", str(tmp_path / "c")],
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"as this machine's outward address {dialled}" in result.output
    assert time.monotonic() - started < 60


# 64 invocations, each looping long enough that the interpreter needs minutes.
SLOW_PROGRAM = (
    "#version 450\nlayout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) buffer B { int x; };\n"
    "void main() {\n    int s = 0;\n"
    "    for (int i = 0; i < 100000; i++) { s = (s + i) & 1023; }\n"
    "    if (gl_LocalInvocationIndex == 0u) { x = s; }\n}\n"
)


def test_a_report_bounds_the_time_its_exports_take(
    tmp_path: Path, generated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bucket pages export each example to piglit and Amber, which runs the reference
    interpreter in the report's process: a campaign whose buckets name a slow program
    must not hold the report for minutes per bucket."""
    monkeypatch.setattr(reproducer, "EXPORT_CAP_S", 2.0)
    monkeypatch.setattr(reproducer, "EXPORT_BUDGET_S", 5.0)
    rows = [(f"wrong:gl-llvmpipe:{n}", 1, 1.7e9 + n, f"tests/slow{n}") for n in range(4)]
    campaign = _campaign_with_buckets(tmp_path, generated, rows)
    data = json.loads((generated / "test.json").read_text())
    data["provenance"] = {"generator": "", "steps": []}
    field = {"name": "x", "type": "int", "value": 1}
    buffer = {"block": "B", "binding": 0, "access": "input_output", "fields": [field]}
    data["inputs"] = {"buffers": [buffer], "uniforms": [], "dispatch": [1, 1, 1]}
    for n in range(4):
        slow = campaign / "tests" / f"slow{n}"
        slow.mkdir(parents=True)
        (slow / "test.json").write_text(json.dumps(data))
        (slow / "shader.comp").write_text(SLOW_PROGRAM)
    started = time.monotonic()
    index = write_report(campaign, tmp_path / "report")
    assert time.monotonic() - started < 60
    pages = "".join(p.read_text() for p in (index.parent / "buckets").glob("*.html"))
    assert "took longer than 2 s" in pages
    assert "for exports is spent" in pages


def test_a_report_of_a_campaign_whose_folder_name_is_not_utf8(tmp_path: Path) -> None:
    """Before: a UnicodeEncodeError traceback (the page quotes the campaign's path)."""
    campaign = Path(os.fsdecode(bytes(tmp_path) + b"/c\xff"))
    CampaignStore(campaign).close()
    result = CliRunner().invoke(main, ["report", str(campaign)])
    assert result.exit_code == 0, result.output
    assert (campaign / "report" / "index.html").read_bytes().decode("utf-8")
