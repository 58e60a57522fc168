"""shadersmith: find and shrink bugs in shader compilers."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """`__version__`, read from the installed package's metadata when first asked for:
    importlib.metadata costs 44 ms, and every target worker and CLI process imports this
    package, most of them never asking (PEP 562's module __getattr__)."""
    if name != "__version__":
        raise AttributeError(f"module 'shadersmith' has no attribute {name!r}")
    # Imported here: the 44 ms above, paid only by the processes that read the version.
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("shadersmith")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+source"
    globals()["__version__"] = found
    return found
