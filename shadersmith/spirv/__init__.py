"""SPIR-V modules as a model (issue 35): the grammar (grammar.py), the binary form
(binary.py), instructions and their operands (instruction.py, operands.py), the module
and its sections, functions and blocks (module.py), control flow and structured
constructs (cfg.py), and a textual form for reports (assembly.py).

A leaf package: it imports nothing else of shadersmith, so every layer may use it.
"""
