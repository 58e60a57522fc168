#!/usr/bin/env bash
# Build the native crash backtrace the workers load (scripts/crash-backtrace.c,
# shadersmith/targets/crash_backtrace.py): crashes are then signed by their top stack
# frame, not by the signal alone. Idempotent; a failure leaves crashes signed by their
# signal, with a warning.
set -euo pipefail
cd "$(dirname "$0")/.."

SOURCE=scripts/crash-backtrace.c
OUT=.venv/native/libshadersmith-backtrace.so
if [ -f "$OUT" ] && [ "$OUT" -nt "$SOURCE" ]; then
  exit 0
fi
mkdir -p "$(dirname "$OUT")"
if ! cc -shared -fPIC -O2 -Wall -Werror -o "$OUT.tmp" "$SOURCE"; then
  echo "setup: building $OUT failed: crashes are signed by their signal alone" >&2
  rm -f "$OUT.tmp"
  exit 0
fi
mv "$OUT.tmp" "$OUT"
echo "setup: built $OUT (native backtraces of crashing workers)" >&2
