"""A planted SPIR-V consumer bug, or a planted spirv-opt bug, found and reduced by a SPIR-V
fuzzing campaign (issue 35, item 6).

The planted target (tests/planted_bugs.py, `copy-object-int-is-zero`) is vk-lavapipe with
one bug of a SPIR-V consumer: every 32-bit integer OpCopyObject computes zero. glslang
never writes OpCopyObject for our programs and the SPIR-V transformations do, so only
variants show it; real vk-lavapipe, beside it, is the second consumer that vouches for
the difference. The campaign runs until the bucket opens and its first test is reduced
(delta debugging over the list, then spirv-reduce); the figures are the pairs it took,
the transformations and instructions before and after, and the seconds.

    .venv/bin/python bench/spirv_planted.py [--plant consumer|spirv-opt] [--count 40]
        [--steps 40-80] [--reduce-time 300] [--out DIR]

`--plant spirv-opt` (tests/planted_bugs.py, `invalid-on-used-int-copy`): vk-lavapipe-opt
whose spirv-opt writes invalid SPIR-V for a module holding a used 32-bit integer
OpCopyObject (the same two transformations' pattern); the campaign signs it
`invalid:planted-invalid-on-used-int-copy:...` at spirv-opt's place.

With 36 transformations to draw from, the copy and the use of it that trigger the bug
come together in fewer variants of the default 5 to 30 steps (none in 80 pairs), hence
longer lists here.

The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shadersmith.campaign.spirv_fuzz import SpirvFuzzOptions, run_spirv_fuzz_campaign
from shadersmith.campaign.store import CampaignStore
from shadersmith.case import load_test
from tests import planted_bugs

# --plant: the planted target, the real target beside it, and the signature's prefix.
PLANTS = {
    # A SPIR-V consumer's wrong value; real vk-lavapipe vouches for the difference.
    "consumer": ("planted-copy-object-int-is-zero-vk-lavapipe", "vk-lavapipe", "metamorphic:"),
    # spirv-opt writes invalid SPIR-V from the variant (its input): a failure, no vouching
    # needed; signed at spirv-opt's place in the chain.
    "spirv-opt": (
        "planted-invalid-on-used-int-copy-vk-lavapipe-opt",
        "vk-lavapipe-opt",
        "invalid:planted-invalid-on-used-int-copy:",
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="pairs at most")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--reduce-time", type=float, default=300.0, help="seconds")
    parser.add_argument("--steps", default="40-80", help="transformations a variant gets, LOW-HIGH")
    parser.add_argument("--out", type=Path, help="the campaign's folder (default: a temporary one)")
    parser.add_argument("--plant", choices=sorted(PLANTS), default="consumer", help="which bug")
    arguments = parser.parse_args()
    planted, real, prefix = PLANTS[arguments.plant]
    planted_bugs.register()
    with tempfile.TemporaryDirectory(prefix="spirv-planted-") as scratch:
        directory = arguments.out or Path(scratch) / "campaign"
        options = SpirvFuzzOptions(
            targets=[real, planted],
            count=arguments.count,
            seed_base=arguments.seed_base,
            reduce_time_s=arguments.reduce_time,
            steps=(int(arguments.steps.split("-")[0]), int(arguments.steps.split("-")[1])),
            keep_per_bucket=1,
        )
        started = time.perf_counter()
        progress = run_spirv_fuzz_campaign(directory, options)
        seconds = time.perf_counter() - started
        store = CampaignStore(directory, read_only=True)
        buckets = store.buckets()
        first = store.db.execute(
            "SELECT MIN(idx) FROM bucket_tests WHERE signature LIKE ?", (f"{prefix}%",)
        ).fetchone()[0]
        store.close()
        figures: dict[str, object] = {
            "plant": arguments.plant,
            "pairs": progress.tests,
            "ours": progress.ours,
            "buckets": [b.signature for b in buckets],
            "first_pair_showing_it": first,
            "campaign_seconds": round(seconds, 1),
        }
        reduced = next((b.reduced for b in buckets if b.reduced), None)
        if reduced and not reduced.startswith("failed"):
            report = load_test(directory / reduced).provenance.reduction or {}
            figures.update(report)
            figures["root_cause"] = next(b.root_cause for b in buckets if b.reduced)
        else:
            figures["reduced"] = reduced
    for key, value in figures.items():
        print(f"{key:>26}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
