"""A campaign's own log, `campaign.log` in its directory: what happened when, for a
campaign run without a terminal (CI, nohup, ssh) or read the next morning, as gfauto logs
each step. One line each: the run's start and end (and why it ended), each bucket's
birth, each reduction's outcome, and errors. Appended to by every run of the campaign.

Python's `logging`, one logger per open campaign, writing through a handler that the
store opens and closes with the campaign (campaign/store.py)."""

from __future__ import annotations

import itertools
import logging
from pathlib import Path

from shadersmith.files import safe_files

LOG_FILE = "campaign.log"
_FORMAT = "%(asctime)s %(message)s"
_numbers = itertools.count()


def open_campaign_log(directory: Path) -> logging.Logger:
    """A logger that appends to `directory`/campaign.log (a link planted there is
    refused, as for every file of a campaign)."""
    path = directory / LOG_FILE
    safe_files.refuse_link(path)
    handler = logging.FileHandler(path, mode="a", encoding="utf-8", delay=False)
    handler.setFormatter(logging.Formatter(_FORMAT, "%Y-%m-%d %H:%M:%S"))
    logger = logging.getLogger(f"shadersmith.campaign.{next(_numbers)}")
    logger.setLevel(logging.INFO)
    logger.propagate = False  # the campaign's file only, never the terminal
    logger.addHandler(handler)
    return logger


def close_campaign_log(logger: logging.Logger) -> None:
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
