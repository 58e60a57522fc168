"""From a test record back to runnable things, one layer below trial.py: the program a
provenance regenerates (regenerate), the record of a freshly generated program (build), the
reconditioned twin of a test (reconditioned_test), what a loaded test must satisfy to run
(admission), the jobs a test sends to targets (jobs), and the table of every step a
provenance may name (step_table).

Above everything that makes programs (generate/, mutate/, recondition/, emit/, front/) and
the targets; below the trial, the oracle's users and the campaign. The record itself
(case/) is a leaf that this package reads."""
