"""What an exported file is called: a name that says which bug it shows.

`test.amber` in every test directory says nothing once the files leave it (attached to a
bug, collected in a folder). The default name is the finding's signature as a slug and the
generator's seed, `wrong-spirv-opt-7004482.amber`; `cts` is the slug alone in the
character set of VK-GL-CTS's graphicsfuzz test names (lower-case words and dashes; the
seed is ours, not the test's name there); `test` is the fixed `test.amber` of before.
"""

from __future__ import annotations

import re

from shadersmith.case import TestCase
from shadersmith.case.provenance import Provenance

NAME_STYLES = ("descriptive", "cts", "test")
SLUG_LENGTH = 60  # a signature's detail can be a whole log line


def export_file_name(test: TestCase, extension: str, style: str = "descriptive") -> str:
    """The file name of `test` exported as `extension` ("amber", "shader_test")."""
    if style == "test":
        return f"test.{extension}"
    finding = test.results.finding
    slug = _slug(finding.signature if finding is not None else "no-finding") or "finding"
    if style == "cts":
        return f"{slug}.{extension}"
    seed = _seed(test.provenance)
    return f"{slug}-{seed}.{extension}" if seed is not None else f"{slug}.{extension}"


def _slug(text: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:SLUG_LENGTH].rstrip("-")


def _seed(provenance: Provenance) -> int | None:
    """The generator's seed of the test, or of the test it was reduced from."""
    origin: Provenance | None = provenance
    while origin is not None:
        if origin.seed is not None:
            return origin.seed
        origin = origin.reduced_from
    return None
