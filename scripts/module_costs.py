"""tests/costs.json, each test module's seconds, from the durations of a whole test run.

    .venv/bin/pytest -n 2 --durations=0 > run.log
    .venv/bin/python scripts/module_costs.py run.log

tests/conftest.py hands the modules to pytest's workers in this order, the most expensive
first, so that both workers end on short tests (see there). The figures only order the
modules: a stale file costs a few seconds of balance, never a test; a module it does not
name (a new one) is placed as a middling one.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

COSTS = Path(__file__).resolve().parent.parent / "tests" / "costs.json"
# pytest's --durations lines: "12.34s call     tests/test_x.py::test_y[param]".
_LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+tests/([^:\s]+\.py)::")


def module_costs(log: str) -> dict[str, float]:
    """Seconds per module (setup, call and teardown summed), the largest first."""
    costs: dict[str, float] = defaultdict(float)
    for line in log.splitlines():
        found = _LINE.match(line)
        if found:
            costs[found.group(2)] += float(found.group(1))
    ordered = sorted(costs.items(), key=lambda item: (-item[1], item[0]))
    return {name: round(seconds, 1) for name, seconds in ordered}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log", type=Path, help="the output of a pytest run with --durations=0")
    arguments = parser.parse_args()
    costs = module_costs(arguments.log.read_text(errors="replace"))
    if not costs:
        raise SystemExit(f"{arguments.log}: no --durations lines")
    COSTS.write_text(json.dumps(costs, indent=1) + "\n")
    print(f"{COSTS}: {len(costs)} modules, {sum(costs.values()):.0f} s")


if __name__ == "__main__":
    main()
