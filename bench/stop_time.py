"""How fast a campaign stops: signal to exit, in seconds, over several tries.

Each try starts `shadersmith fuzz` (the CPU targets, no reduction) in a fresh campaign,
waits until it has recorded a few tests (the targets warm, tests in flight), sends
SIGINT (Ctrl-C) or SIGTERM, and times the process until it exits; it prints each try's
seconds, exit status and tests recorded, then the median and the largest. `--checkout DIR`
runs another checkout's code (a copy of an older commit's `shadersmith/`) for comparison.

    .venv/bin/python bench/stop_time.py --tries 10 [--signal term] [--checkout DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = "gl-llvmpipe,vk-lavapipe,interp"


def _recorded(database: Path) -> int:
    if not database.exists():
        return 0
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
            return int(db.execute("SELECT COUNT(*) FROM tests").fetchone()[0])
    except sqlite3.Error:
        return 0


def one_try(code: Path, number: int, warm_tests: int, jobs: int) -> dict[str, float | int]:
    """Start a campaign, signal it once `warm_tests` are recorded, time its exit."""
    with tempfile.TemporaryDirectory(prefix="stop-time-") as scratch:
        campaign = Path(scratch) / "c"
        command = [
            sys.executable, "-c", "import sys; from shadersmith.cli import main; sys.exit(main())",
            "fuzz", "--count", "100000", "--targets", TARGETS, "--no-reduce",
            "--jobs", str(jobs), "--out", str(campaign),
        ]  # fmt: skip
        environment = {**os.environ, "PYTHONPATH": str(code), "MESA_SHADER_CACHE_DISABLE": "true"}
        process = subprocess.Popen(
            command,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        deadline = time.monotonic() + 300
        while _recorded(campaign / "campaign.db") < warm_tests and time.monotonic() < deadline:
            time.sleep(0.1)
        sent = time.monotonic()
        process.send_signal(number)
        status = process.wait(timeout=600)
        seconds = time.monotonic() - sent
        # Tests are committed every few seconds, so the count at the signal would undercount:
        # what the campaign holds once stopped is its count.
        return {
            "seconds": round(seconds, 2),
            "status": status,
            "recorded": _recorded(campaign / "campaign.db"),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--signal", choices=("int", "term"), default="int")
    parser.add_argument("--warm-tests", type=int, default=5, help="tests recorded first")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--checkout", type=Path, default=ROOT, help="the folder holding shadersmith/ to run"
    )
    args = parser.parse_args(argv)
    if not (args.checkout / "shadersmith" / "__init__.py").is_file():
        parser.error(f"{args.checkout}: no shadersmith/ package there")
    number = signal.SIGINT if args.signal == "int" else signal.SIGTERM
    tries = []
    for index in range(args.tries):
        result = one_try(args.checkout.resolve(), number, args.warm_tests, args.jobs)
        tries.append(result)
        print(f"try {index + 1}: {json.dumps(result)}", flush=True)
    seconds = [float(t["seconds"]) for t in tries]
    summary = {
        "signal": args.signal,
        "tries": len(tries),
        "median_s": round(statistics.median(seconds), 2),
        "max_s": round(max(seconds), 2),
        "statuses": sorted({int(t["status"]) for t in tries}),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
