"""Semantics-preserving transformations of SPIR-V modules (issue 35, item 2), spirv-fuzz's
method: each transformation is a typed, recorded step with frozen parameters, a
precondition that is checked again before every application, an effect that returns a
new module, and a finder that proposes parameters from a module and a `random.Random`.

- base.py: what a transformation is (`Transformation`) and its record;
- analysis.py: the lookups the preconditions share (where an id is available, fresh ids,
  insertion points, constants);
- arithmetic.py, synonyms.py, blocks.py, annotations.py, variables.py, access.py,
  calls.py, comparisons.py, branches.py, unused.py, parameters.py, linear.py: the
  transformations, by family;
- table.py: the one table of transformations by name;
- driver.py: `fuzz_module` (draw and apply a list) and `replay` (apply a recorded list).

Still a leaf of shadersmith: it imports only shadersmith.spirv and the standard library.
"""
