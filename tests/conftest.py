"""Test-wide set-up: the planted-bug targets (planted_bugs.py) join the catalogue, so
tests and the workers they start can name them like any target; Ctrl-C is what it is in
a terminal; the modules run the most expensive first; and the target sessions the driver
checks share (driver_agreement.py) end with the test process."""

import json
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import planted_bugs
from tests.driver_agreement import SHARED

planted_bugs.register()

# A test run started in the background by a shell without job control (`./dev test &`,
# nohup) inherits SIGINT ignored, and every process the tests start inherits it from
# there: the tests of Ctrl-C then wait forever for a signal nobody hears (an endless
# query ran for an hour). Python's own handler, as a run from a terminal has it.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Each module's seconds in a whole run (scripts/module_costs.py writes it).
COSTS = Path(__file__).resolve().parent / "costs.json"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules the most expensive first, each module's tests in their own order and
    together (a module's fixtures are set up once per worker, as before). `-n 2` hands
    the tests out in this order, so both workers end on the short ones: in file order a
    run ended with one worker on a 25 s reduction (test_wgsl_vertex_stage.py) while the
    other had nothing left. A module costs.json does not name (a new one) goes after the
    ones it names: run scripts/module_costs.py after adding an expensive one."""
    costs: dict[str, float] = json.loads(COSTS.read_text())
    items.sort(key=lambda item: -costs.get(item.path.name, 0.0))


@pytest.fixture(scope="session", autouse=True)
def shared_target_sessions() -> Iterator[None]:
    """The driver checks' sessions (driver_agreement.py) are started by the first check
    that needs one and kept for the others; their workers end here, with the run."""
    yield
    SHARED.close()
