"""A finding as the Markdown text of an upstream bug report, ready to paste.

What we file is checked by the tool, never written by hand. `bug_report(directory)`
derives everything from the (reduced) test directory and runs it before saying anything:

- the component and project from the finding's signature (blame), refined by what
  shader_runner shows (a "llvmpipe" crash that softpipe shares is Mesa's GLSL front-end);
- the reproducer in the project's own format: a piglit `shader_test` for Mesa's GL drivers
  and NVIDIA's GL driver (export/piglit.py), an Amber script with the SPIR-V the driver
  consumed for Vulkan drivers (export/amber.py), the shader and the exact command lines for
  glslang, spirv-opt (the test's reduced pass list) and spirv-cross, the WGSL and the naga
  command for naga. Of the test's shader before and after reconditioning, the shorter
  that passes the sanitizer and still shows the bug;
- the checks (export/checks.py): the reference interpreter's sanitizer, the test on the
  failing target and on the right ones, shader_runner on llvmpipe and softpipe, the tools'
  own command lines; then the same on the newest releases here (the `-newest` targets,
  the newest unpacked Mesa, PyPI's newest glslang and SPIRV-Tools);
- expected against actual values from the test's recorded runs (the interpreter's are the
  expected ones), the versions they record, and how the expected values were obtained.

A reproducer that does not reproduce is reported as such (`BugReport.reproduces` False,
and the text says so first), never silently written.

One module a job, in the order `bug_report` (report.py) runs them: subject.py (the
finding, its component, the upstream row and the reproducer format), replay.py (the
candidates run on the targets, the shortest that shows the finding chosen),
reproducers.py (the files in the project's format), format_checks.py (the reproducer run
as a maintainer would), newest_release.py (the newest release here), markdown.py (the
text), report.py (the record, and writing it beside the test or where the user says).
"""

from __future__ import annotations

from shadersmith.export.bug_report.report import (
    REPORT_FILE,
    SUMMARY_FILE,
    BugReport,
    bug_report,
    write_into_test,
    write_report,
)
from shadersmith.export.bug_report.reproducers import Reproducer
from shadersmith.export.bug_report.subject import BugReportError, signed_component

__all__ = [
    "REPORT_FILE",
    "SUMMARY_FILE",
    "BugReport",
    "BugReportError",
    "Reproducer",
    "bug_report",
    "signed_component",
    "write_into_test",
    "write_report",
]
