"""`shadersmith interesting`: the interestingness test of a reducer outside shadersmith
(C-Vise, creduce: on the GLSL text), its answer in the exit status alone."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shadersmith.cli.options import FiniteRange
from shadersmith.cli.shared import fail, printable


@click.command(name="interesting")
@click.argument("test_dir", type=click.Path(path_type=Path))
@click.option(
    "--shader",
    "shader_file",
    type=click.Path(path_type=Path),
    help="Judge this file's text in place of the test's shader (the file a reducer edits; "
    "C-Vise passes it in the current folder).",
)
@click.option("--signature", help="The signature to keep; default: the test's recorded finding.")
@click.option("--targets", "target_list", help="Default: the targets recorded in the test.")
@click.option("--timeout", type=FiniteRange(1), default=30.0, show_default=True)
def interesting_command(
    test_dir: Path,
    shader_file: Path | None,
    signature: str | None,
    target_list: str | None,
    timeout: float,
) -> None:
    """Exit 0 if the test (its shader replaced by --shader's) still shows the finding's
    signature, 1 if not: an interestingness test for C-Vise or creduce.

    Judged as `shadersmith reduce` judges a candidate: the shader must parse, keep the
    test's #version and run free of undefined behaviour under the sanitizer (it runs as
    it is, not reconditioned again); the finding's targets run first, then the test's
    other recorded targets (no witness is started besides). One line on stderr says why.

    \b
    Exit status:
      0  interesting: a finding has the signature
      1  not interesting (does not parse, undefined behaviour, no such finding)
      2  misuse: an unreadable test or file, no signature to keep, a metamorphic or
         fusion test, or a target of the finding missing on this machine
    """
    from shadersmith.case import TestCaseError
    from shadersmith.case.oracle import Crash, Differential
    from shadersmith.files import safe_files
    from shadersmith.rebuild.admission import load_admitted
    from shadersmith.reduce import subject_from_test
    from shadersmith.reduce.outside import OutsideError, judge_outside, with_shader
    from shadersmith.targets.catalogue.registry import UnknownTarget, parse_target_list

    try:
        test = load_admitted(test_dir)
        if not isinstance(test.oracle, Differential | Crash):
            fail(
                f"{test_dir}: a {test.oracle.kind} test: `interesting` judges one program "
                "(differential or crash tests); reduce it with `shadersmith reduce`"
            )
        targets = tuple(parse_target_list(target_list)) if target_list else None
        recorded = test.results.finding
        # A signature other than the recorded finding's: its targets are not known.
        same = signature is None or (recorded is not None and recorded.signature == signature)
        subject = subject_from_test(
            test, signature=signature, finding_targets=None if same else (), targets=targets
        )
        if shader_file is not None:
            text = safe_files.read_text(shader_file.parent, shader_file.name)
            test = with_shader(test, text)
        answer = judge_outside(test, subject, subject.targets, timeout)
    except (TestCaseError, UnknownTarget, OutsideError) as error:
        fail(str(error))
    click.echo(printable(answer.why), err=True)
    sys.exit(0 if answer.interesting else 1)
