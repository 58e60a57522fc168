"""Test-case reduction with reconditioning in the loop (seed 003 section 5.3, Figure 2b).

    subject = subject_from_test(load_test(directory))
    with TargetSession(list(subject.targets), 2) as session:
        result = reduce_subject(subject, session, reducer="internal")
    write_reduced(result, reduced_directory(directory))

The program is reduced unreconditioned; every candidate is read back by the GLSL
front-end, reconditioned, checked free of undefined behaviour by the interpreter's
sanitizer, and run on the targets; it is kept only if it shows the same signature.
"""

from shadersmith.reduce.output import reduced_directory, reduced_test, write_reduced
from shadersmith.reduce.run import REDUCERS, ReductionError, ReductionResult, reduce_subject
from shadersmith.reduce.subject import Subject, subject_from_test

__all__ = [
    "REDUCERS",
    "ReductionError",
    "ReductionResult",
    "Subject",
    "reduce_subject",
    "reduced_directory",
    "reduced_test",
    "subject_from_test",
    "write_reduced",
]
