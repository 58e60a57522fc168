"""shadersmith: find and shrink bugs in shader compilers."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("shadersmith")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
