"""The test case now lives in shadersmith.case; this module re-exports it for the code
that still imports it from here (targets/, tests)."""

from shadersmith.case import (
    SCHEMA_VERSION,
    SHADER_FILE_BY_STAGE,
    TEST_FILE,
    UNRECONDITIONED_FILE,
    BufferSpec,
    Inputs,
    TestCase,
    TestCaseError,
    buffer_specs,
    load_test,
    write_test,
)

__all__ = [
    "SCHEMA_VERSION",
    "SHADER_FILE_BY_STAGE",
    "TEST_FILE",
    "UNRECONDITIONED_FILE",
    "BufferSpec",
    "Inputs",
    "TestCase",
    "TestCaseError",
    "buffer_specs",
    "load_test",
    "write_test",
]
