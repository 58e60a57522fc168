"""The test record: one typed test case (inputs, provenance, recorded runs, finding) and
its one JSON codec.

    test = load_test(directory)          # schema 1 to 5
    write_test(test, directory)          # schema 6 (SCHEMA_VERSION), atomically
"""

from shadersmith.case.codec import (
    SCHEMA_VERSION,
    finding_from_json,
    finding_to_json,
    from_json,
    load_test,
    to_json,
    write_test,
)
from shadersmith.case.finding import Finding, Kind
from shadersmith.case.inputs import BufferSpec, Inputs, TestCaseError, buffer_specs, inputs_of
from shadersmith.case.provenance import Provenance
from shadersmith.case.runs import RecordedResults, RunRecord
from shadersmith.case.testcase import (
    SHADER_FILE_BY_STAGE,
    TEST_FILE,
    UNRECONDITIONED_FILE,
    UNRECONDITIONED_FILE_BY_STAGE,
    TestCase,
)
from shadersmith.steps.record import StepRecord

__all__ = [
    "SCHEMA_VERSION",
    "SHADER_FILE_BY_STAGE",
    "TEST_FILE",
    "UNRECONDITIONED_FILE",
    "UNRECONDITIONED_FILE_BY_STAGE",
    "BufferSpec",
    "Finding",
    "Inputs",
    "Kind",
    "Provenance",
    "RecordedResults",
    "RunRecord",
    "StepRecord",
    "TestCase",
    "TestCaseError",
    "buffer_specs",
    "finding_from_json",
    "finding_to_json",
    "from_json",
    "inputs_of",
    "load_test",
    "to_json",
    "write_test",
]
