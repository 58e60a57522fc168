"""File plumbing every reader of shared directories builds on: paths that stay inside their
directory and bounded reads (safe_files), JSON without NaN, duplicates or deep nesting
(strict_json), and the one error they raise (errors). A leaf: it imports nothing of
shadersmith."""
