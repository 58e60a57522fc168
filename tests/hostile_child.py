"""Child process of test_hostile_processes: the process a test kills while its workers (or
its creduce) are busy. It prints one JSON line when its workers are up, then one word
when the job it is about to run goes to them, and never ends by itself in time.

    python -m tests.hostile_child run TARGET SHADER STAGE [TIMEOUT_S]
    python -m tests.hostile_child creduce TEST_DIR
    python -m tests.hostile_child glslang SHADER STAGE

`run`: one worker of TARGET runs SHADER (a file) as a STAGE job. `creduce`: creduce
reduces TEST_DIR's planted wrong result on the planted target's session, as a campaign's
reduction does; a SIGTERM ends it the ordinary way (lifetime.exit_on_sigterm, as
bench/reduce.py does). `glslang`: glslangValidator, as a separate process, compiles
SHADER (the tools' fallback where their libraries are missing).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from shadersmith.targets.engine import Worker
from shadersmith.targets.session import TargetSession

PLANTED_TARGETS = ("planted-sub-to-add-gl-llvmpipe", "gl-llvmpipe", "interp")
PLANTED_SIGNATURE = "wrong:planted-sub-to-add"
# Below the machine's share (on any machine that runs the tests) and low enough that a
# worker escaping its parent would not take the machine with it (the address-space limit
# is four times this).
MEMORY_CAP_MB = 2048


def _announce(session: TargetSession) -> None:
    workers = [
        w.pid for pool in session.pools.values() for w in pool.workers if isinstance(w, Worker)
    ]
    print(
        json.dumps({"workers": workers, "missing": session.missing, "cap": session.memory_cap.mb}),
        flush=True,
    )


def run(target: str, shader: Path, stage: str, timeout_s: float) -> None:
    from shadersmith.targets.job import Job

    text = shader.read_text()
    job = Job(stage, text, width=4, height=4)
    with TargetSession([target], timeout_s=timeout_s, memory_cap_mb=MEMORY_CAP_MB) as session:
        _announce(session)
        print("running", flush=True)
        results = session.run(job)
    print(json.dumps({name: result.status.value for name, result in results.items()}))


def reduce_with_creduce(directory: Path) -> None:
    from shadersmith.case import load_test
    from shadersmith.reduce import subject_from_test
    from shadersmith.reduce.creduce import CReduceReducer
    from shadersmith.reduce.interesting import Candidate, Interestingness, Prepared
    from shadersmith.targets.lifetime import exit_on_sigterm

    exit_on_sigterm()
    subject = subject_from_test(
        load_test(directory),
        signature=PLANTED_SIGNATURE,
        finding_targets=PLANTED_TARGETS[:1],
        targets=PLANTED_TARGETS,
    )
    with TargetSession(list(PLANTED_TARGETS), memory_cap_mb=MEMORY_CAP_MB) as session:
        _announce(session)
        interestingness = Interestingness(subject, session)
        start = interestingness.prepare(Candidate(subject.program, subject.buffer_values))
        assert isinstance(start, Prepared)
        print("reducing", flush=True)
        CReduceReducer(interestingness, parallel=2, time_budget_s=300.0).reduce(start)


if __name__ == "__main__":
    mode, *arguments = sys.argv[1:]
    if mode == "run":
        timeout = float(arguments[3]) if len(arguments) > 3 else 120.0
        run(arguments[0], Path(arguments[1]), arguments[2], timeout)
    elif mode == "creduce":
        reduce_with_creduce(Path(arguments[0]))
    elif mode == "glslang":
        from shadersmith.targets.tools.glslang import validate

        print("compiling", flush=True)
        validate(Path(arguments[0]).read_text(), arguments[1], timeout_s=600.0)
    else:
        sys.exit(f"unknown mode {mode}")
