"""Vocabularies that the record, the generator, the targets and the CLI share: the
generator's options and their bounds (generator_options), spirv-opt's pass names and
lists (spirv_passes). Data and pure functions of it; a leaf, so the test record's schema
reads these facts without importing the generator or the targets."""
