"""The typed shader IR: types, expressions, statements, programs, a walker. No I/O.

Import from the submodules (`shadersmith.ir.types`, ...).
"""
