"""A campaign's report kept fresh while the campaign runs (`fuzz --report`).

The report is rewritten from the campaign's progress callback at most every `every_s`,
in a thread of its own, so the campaign never waits for it (it reads the store through
its own read-only connection). A refresh that fails keeps its one-line reason and the
campaign goes on: a report is a view, never a reason to lose tests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from shadersmith.campaign.store import StoreError
from shadersmith.case import TestCaseError
from shadersmith.report.site import check_report_output, write_report

P = TypeVar("P")
REFRESH_EVERY_S = 60.0


class ReportRefresher:
    def __init__(
        self, campaign: Path, out: Path, force: bool = False, every_s: float = REFRESH_EVERY_S
    ) -> None:
        check_report_output(out, force)  # refused before the campaign starts, not after
        self.campaign = campaign
        self.out = out
        self.force = force
        self.every_s = every_s
        self.error: str | None = None
        self._last = -float("inf")
        self._thread: threading.Thread | None = None

    def wrap(self, on_progress: Callable[[P], None]) -> Callable[[P], None]:
        """`on_progress`, then a refresh when one is due."""

        def both(progress: P) -> None:
            on_progress(progress)
            self.refresh_if_due()

        return both

    def refresh_if_due(self) -> None:
        now = time.monotonic()
        if now - self._last < self.every_s or (self._thread and self._thread.is_alive()):
            return
        self._last = now
        self._thread = threading.Thread(target=self._write, name="report", daemon=True)
        self._thread.start()

    def finish(self) -> Path | None:
        """Write the report once more, after the campaign; its index, or None (`error`)."""
        if self._thread is not None:
            self._thread.join()
        return self._write()

    def _write(self) -> Path | None:
        try:
            index = write_report(self.campaign, self.out, self.force)
        except (OSError, TestCaseError, StoreError) as error:
            self.error = str(error)
            return None
        self.error = None
        return index
