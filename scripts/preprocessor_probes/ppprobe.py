"""Usage: python scripts/preprocessor_probes/ppprobe.py TARGETS TEST_DIR... (with expanded.*)

A preprocessor-spelled test's shader and glslang -E's expansion of it, each run on the
given targets: if the expansion compiles where the macro text does not, the target's own
preprocessor is at fault (the two are the same program after expansion)."""

import dataclasses
import sys
from pathlib import Path

from shadersmith.case import load_test
from shadersmith.rebuild.jobs import job_from_test
from shadersmith.targets.session import TargetSession


def main() -> None:
    targets = sys.argv[1].split(",")
    with TargetSession(targets) as session:
        for directory in sys.argv[2:]:
            test = load_test(Path(directory))
            job = job_from_test(test)
            expanded = next(Path(directory).glob("expanded.*")).read_text()
            for label, source in (("macro text", job.source), ("expanded", expanded)):
                results = session.run(dataclasses.replace(job, source=source))
                for target, result in results.items():
                    log = " ".join(result.log.strip().splitlines()[-2:])[:200]
                    print(f"{directory} {label:10} {target:10} {result.status.value} {log}")


if __name__ == "__main__":
    main()
