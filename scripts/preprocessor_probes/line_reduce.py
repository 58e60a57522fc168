"""Usage: python scripts/preprocessor_probes/line_reduce.py TARGET TEST_DIR EXPECT [--out FILE]
[--no-expansion-check]

Line-level ddmin of a preprocessor-spelled test's shader for a compiler whose own
preprocessor is at fault (findings/gl-nvidia-preprocessor-*): the IR reducer cannot do it,
because it re-spells the macros of every candidate and so loses the text that trips the
driver. A candidate (a subset of the shader's lines, order kept) is interesting when
- glslang (-V, for Vulkan, the spec-valid witness) accepts it,
- TARGET's compile log holds EXPECT, and
- glslang -E's expansion of it compiles on TARGET (the same program without macros),
so the reduced text still blames TARGET's preprocessor, not a program error the line
deletions made. The smallest text is printed and written to --out (default: TEST_DIR's
`reduced-<stage>` file)."""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from shadersmith.case import load_test
from shadersmith.rebuild.jobs import job_from_test
from shadersmith.reduce.ddmin import ddmin, one_at_a_time
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunStatus
from shadersmith.targets.session import TargetSession


def _glslang(source: str, stage: str, *flags: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / f"shader.{stage}"
        path.write_text(source)
        # -E prints the expansion; with -o it would write it to that file instead.
        out = ["-o", str(Path(scratch) / "out.spv")] if "-V" in flags else []
        return subprocess.run(
            ["glslangValidator", *flags, str(path), *out],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )


def _expanded(source: str, stage: str) -> str | None:
    done = _glslang(source, stage, "-E")
    return done.stdout if done.returncode == 0 else None


class Judge:
    def __init__(
        self,
        session: TargetSession,
        target: str,
        job: Job,
        stage: str,
        expect: str,
        check_expansion: bool,
    ) -> None:
        self.session, self.target, self.job, self.stage = session, target, job, stage
        self.expect, self.check_expansion = expect, check_expansion
        self.runs = 0

    def _log(self, source: str) -> tuple[RunStatus, str]:
        self.runs += 1
        result = self.session.run(dataclasses.replace(self.job, source=source))[self.target]
        return result.status, result.log

    def interesting(self, lines: list[str]) -> bool:
        source = "".join(lines)
        if _glslang(source, self.stage, "-V").returncode != 0:
            return False
        status, log = self._log(source)
        if self.expect not in log:
            return False
        if not self.check_expansion:
            return True
        expanded = _expanded(source, self.stage)
        if expanded is None:
            return False
        status, log = self._log(expanded)
        return self.expect not in log and status is not RunStatus.COMPILE_ERROR


def _conditional_pairs(lines: list[str]) -> list[tuple[int, int]]:
    """The (#if..., #endif) line pairs of `lines`, innermost first."""
    pairs, open_at = [], []
    for index, line in enumerate(lines):
        word = line.strip().split(" ")[0]
        if word in ("#if", "#ifdef", "#ifndef"):
            open_at.append(index)
        elif word == "#endif" and open_at:
            pairs.append((open_at.pop(), index))
    return pairs


def _without_empty_conditionals(
    lines: list[str], interesting: Callable[[list[str]], bool]
) -> list[str]:
    """ddmin is 1-minimal: it cannot drop an #if and its #endif together, which is how a
    conditional that no longer matters goes. Try each pair until none goes."""
    changed = True
    while changed:
        changed = False
        for start, end in _conditional_pairs(lines):
            candidate = [line for i, line in enumerate(lines) if i not in (start, end)]
            if interesting(candidate):
                lines, changed = candidate, True
                break
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("target")
    parser.add_argument("test_dir", type=Path)
    parser.add_argument("expect", help="a substring of the target's compile log to keep")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--no-expansion-check", action="store_true")
    args = parser.parse_args()
    test = load_test(args.test_dir)
    job = job_from_test(test)
    stage = "frag" if job.stage == "fragment" else "comp"
    with TargetSession([args.target]) as session:
        judge = Judge(session, args.target, job, stage, args.expect, not args.no_expansion_check)
        lines = job.source.splitlines(keepends=True)
        if not judge.interesting(lines):
            status, log = judge._log(job.source)
            raise SystemExit(
                f"the test's own shader is not interesting on {args.target}: "
                f"{status.value}: {log.strip()[:400]}"
            )
        # Keep #version: every candidate needs it, and ddmin need not find that out.
        head, body = lines[:1], lines[1:]
        minimal = ddmin(body, one_at_a_time(lambda part: judge.interesting(head + part)))
        kept = _without_empty_conditionals(
            list(minimal), lambda part: judge.interesting(head + part)
        )
    reduced = "".join(head + list(kept))
    out = args.out or args.test_dir / f"reduced.{stage}"
    out.write_text(reduced)
    print(f"{len(lines)} -> {len(head) + len(kept)} lines in {judge.runs} runs on {args.target}")
    print(reduced)


if __name__ == "__main__":
    main()
