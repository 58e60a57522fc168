"""ShaDiv's ablation (seed 000, Table 5) as rates: distinct root causes per CPU-hour of a
differential campaign for each generator configuration, on the CPU targets.

    .venv/bin/python bench/ablation.py [--minutes 10] [--count N] [--configs ...]
        [--targets a,b] [--jobs N] [--rounds 1] [--reduce] [--out DIR] [--seed-base N]

Configurations (each adds one component to the one before; all four keep the generator's
mix of compute, multi-invocation and fragment tests, `--multi-invocation` and `--fragment`):
- `g_rand`: the GLSLsmith generator alone: no divergent statements, no exchanges through
  shared memory (p_delta = 0, shared_memory_probability = 0), no M_liv;
- `g_cdiv`: + ShaDiv's divergence-aware generation (p_delta 0.2, exchanges);
- `m_liv`: + M_liv across blocks (reaching definitions, generate/liveness.py);
- `swarm`: + swarm testing (generate/swarm.py);
- `m_liv_lists` (not run unless named): + M_liv within statement lists only, as before
  reaching definitions, for comparison with `m_liv`.

Each configuration is one `shadersmith fuzz` campaign (campaign/fuzz.run_campaign, which
the command calls; the command has no flags for M_liv's mode or swarm) in a process of its
own, `--minutes` of campaign time each (or `--count` tests), from the same seeds. With
`--rounds R` the configurations take turns, R slices each (the campaign resumes), so a
busy machine slows all of them alike. Its CPU time is everything its process tree used
(the campaign, its target workers, its preparing processes: what a child process and its
waited-for descendants cost), so another process's load does not count.

A root cause is a bucket's root cause from its reduced program (oracle/root_cause.py,
with `--reduce`; reduction then takes campaign time, as it does in a campaign), or its
signature where it has none (without `--reduce`, the default, root causes are the
buckets). Counted: the store's findings (crash, timeout, compile failure on valid code,
wrong results), not the defects of ours (undefined behaviour met by the interpreter,
every compiler failing: shown apart, `ours`), unconfirmed validator verdicts, or ignored
buckets (known bugs). The table's last column lists them.

Short runs are noisy: a 2-minute campaign finds a handful of buckets, most of them the
same few known-upstream bugs whatever the configuration; the rates separate only over
hours. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
if str(REPOSITORY) not in sys.path:
    sys.path.insert(0, str(REPOSITORY))

from shadersmith.config.generator_options import SmithOptions  # noqa: E402

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "g_rand": {
        "divergence_probability": 0.0,
        "shared_memory_probability": 0.0,
        "liveness_extension_probability": 0.0,
    },
    "g_cdiv": {"liveness_extension_probability": 0.0},
    "m_liv": {"liveness_across_blocks": True},
    "swarm": {"liveness_across_blocks": True, "swarm": True},
    "m_liv_lists": {"liveness_across_blocks": False},
}
DEFAULT_CONFIGURATIONS = ("g_rand", "g_cdiv", "m_liv", "swarm")


def generator_options(name: str, multi_invocation: float, fragment: float) -> SmithOptions:
    base = SmithOptions(
        multi_invocation_probability=multi_invocation, fragment_probability=fragment
    )
    return dataclasses.replace(base, **CONFIGURATIONS[name])


# ---------------------------------------------------------------------------- one campaign


def run_one(args: argparse.Namespace) -> None:
    """The child: one configuration's campaign slice; prints its progress as JSON."""
    from shadersmith.campaign.fuzz import CampaignOptions, run_campaign
    from shadersmith.ir.profile import GLSL450, Language
    from shadersmith.targets.catalogue.registry import parse_target_list

    options = CampaignOptions(
        targets=parse_target_list(args.targets, Language.GLSL),
        profile=GLSL450,
        count=args.count,
        time_s=args.seconds,
        jobs=args.jobs,
        seed_base=args.seed_base,
        reduce=args.reduce,
        generator=generator_options(args.one, args.multi_invocation, args.fragment),
    )
    progress = run_campaign(Path(args.campaign), options)
    print(json.dumps({"tests": progress.tests, "ours": progress.ours}))


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_slice(
    name: str, campaign: Path, seconds: float | None, args: argparse.Namespace
) -> dict[str, float]:
    command = [
        sys.executable, __file__, "--one", name, "--campaign", str(campaign),
        "--seed-base", str(args.seed_base), "--multi-invocation", str(args.multi_invocation),
        "--fragment", str(args.fragment),
    ]  # fmt: skip
    if seconds is not None:
        command += ["--seconds", str(seconds)]
    if args.count is not None:
        command += ["--count", str(args.count)]
    if args.targets:
        command += ["--targets", args.targets]
    if args.jobs is not None:
        command += ["--jobs", str(args.jobs)]
    if args.reduce:
        command += ["--reduce"]
    cpu, started = children_cpu_s(), time.perf_counter()
    done = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - started, children_cpu_s() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{name}: campaign failed: {done.stderr.strip().splitlines()[-1:]}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return {"tests": figures["tests"], "wall_s": wall, "cpu_s": cpu}


# ---------------------------------------------------------------------------- the store


def root_causes(campaign: Path) -> dict[str, Any]:
    """The campaign's buckets read back from its store (see the module docstring)."""
    from shadersmith.campaign.store import CampaignStore
    from shadersmith.case.finding import OUR_KINDS, Kind

    store = CampaignStore(campaign, read_only=True)
    try:
        buckets = store.buckets()
        tests = store.totals()["tests"]
    finally:
        store.close()
    ours = {Kind.UNCONFIRMED.value, *(k.value for k in OUR_KINDS)}
    findings = [b for b in buckets if b.kind not in ours and not b.ignored]
    causes = sorted({b.root_cause or f"signature|{b.signature}" for b in findings})
    return {
        "tests": tests,
        "buckets": len(buckets),
        "root_causes": causes,
        "ours": sum(1 for b in buckets if b.kind in {k.value for k in OUR_KINDS}),
        "ignored": sum(1 for b in buckets if b.ignored),
    }


# ---------------------------------------------------------------------------- the table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--minutes", type=float, default=10.0, help="campaign time per configuration"
    )
    parser.add_argument("--count", type=int, default=None, help="tests per configuration instead")
    parser.add_argument("--configs", default=",".join(DEFAULT_CONFIGURATIONS))
    parser.add_argument("--targets", default=None, help="default: the CPU targets")
    parser.add_argument("--jobs", type=int, default=None, help="CPUs per campaign")
    parser.add_argument("--rounds", type=int, default=1, help="slices per configuration, in turns")
    parser.add_argument("--reduce", action="store_true", help="reduce new buckets (root causes)")
    parser.add_argument("--out", type=Path, default=None, help="keep the campaigns here")
    parser.add_argument("--seed-base", type=int, default=30_000_000)
    parser.add_argument("--multi-invocation", type=float, default=0.7)
    parser.add_argument("--fragment", type=float, default=0.25)
    # The child's arguments (one configuration's campaign slice).
    parser.add_argument("--one", choices=sorted(CONFIGURATIONS), help=argparse.SUPPRESS)
    parser.add_argument("--campaign", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        run_one(args)
        return
    names = [n.strip() for n in args.configs.split(",") if n.strip()]
    unknown = [n for n in names if n not in CONFIGURATIONS]
    if unknown:
        parser.error(
            f"unknown configuration(s) {', '.join(unknown)}; known: {', '.join(CONFIGURATIONS)}"
        )
    with tempfile.TemporaryDirectory(prefix="shadersmith-ablation-") as scratch:
        root = args.out or Path(scratch)
        root.mkdir(parents=True, exist_ok=True)
        if args.count is not None:
            args.rounds = 1  # a count is reached in one go
        seconds = None if args.count is not None else args.minutes * 60 / args.rounds
        spent = {n: {"wall_s": 0.0, "cpu_s": 0.0} for n in names}
        for round_ in range(args.rounds):
            for name in names:
                figures = run_slice(name, root / name, seconds, args)
                for key in ("wall_s", "cpu_s"):
                    spent[name][key] += figures[key]
                print(
                    f"round {round_ + 1} {name:12} {figures['tests']:5} tests "
                    f"{figures['wall_s']:6.0f} s {figures['cpu_s']:6.0f} CPU s",
                    flush=True,
                )
        results = {name: {**spent[name], **root_causes(root / name)} for name in names}
    print_table(results, args)


def print_table(results: dict[str, dict[str, Any]], args: argparse.Namespace) -> None:
    length = f"{args.count} tests" if args.count is not None else f"{args.minutes:g} min"
    print(f"\nablation: {length} per configuration, {args.rounds} round(s); short runs are noisy")
    header = ("config", "tests", "CPU h", "buckets", "causes", "causes/CPU h", "ours", "causes")
    print(f"{header[0]:12} {header[1]:>6} {header[2]:>7} {header[3]:>7} {header[4]:>6} "
          f"{header[5]:>12} {header[6]:>4}  {header[7]}")  # fmt: skip
    summary: dict[str, Any] = {}
    for name, r in results.items():
        cpu_h = r["cpu_s"] / 3600
        rate = len(r["root_causes"]) / cpu_h if cpu_h > 0 else 0.0
        causes = ", ".join(c.removeprefix("signature|") for c in r["root_causes"]) or "-"
        print(f"{name:12} {r['tests']:6} {cpu_h:7.3f} {r['buckets']:7} {len(r['root_causes']):6} "
              f"{rate:12.1f} {r['ours']:4}  {causes}")  # fmt: skip
        summary[name] = {
            "tests": r["tests"],
            "wall_s": round(r["wall_s"], 1),
            "cpu_h": round(cpu_h, 4),
            "buckets": r["buckets"],
            "root_causes": len(r["root_causes"]),
            "root_causes_per_cpu_hour": round(rate, 2),
            "tests_per_cpu_hour": round(r["tests"] / cpu_h, 1) if cpu_h > 0 else 0.0,
            "ours": r["ours"],
            "ignored": r["ignored"],
            "causes": r["root_causes"],
        }
    shape = {"minutes": args.minutes, "count": args.count, "rounds": args.rounds,
             "reduce": args.reduce, "targets": args.targets or "cpu"}  # fmt: skip
    print(json.dumps({**shape, "configs": summary}))


if __name__ == "__main__":
    main()
