"""The one error a bad input file or directory raises: its message is one line for the user.

Defined here, in the leaf every reader of files builds on (safe paths, strict JSON), so the
record (case/) and the campaign store raise and catch one class without importing each other.
"""


class TestCaseError(Exception):
    """A test or campaign directory, or a file in one, that cannot be used; the message is
    one line for the user."""

    __test__ = False
