#!/usr/bin/env bash
# Link Debian's glslang (static archives of glslang-dev, the same source package and
# version as glslangValidator in glslang-tools) into one shared library, so that workers
# run glslang in-process (shadersmith/targets/tools/glslang_library.py): ~4 ms a compile
# instead of ~80 ms for glslangValidator, the same SPIR-V byte for byte.
# Idempotent; a failure leaves the chains on glslangValidator, with a warning.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=.venv/native/libglslang-debian.so
LIB=/usr/lib/x86_64-linux-gnu
version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true; }
tools="$(version glslang-tools)"
dev="$(version glslang-dev)"
if [ -z "$tools" ] || [ "$tools" != "$dev" ]; then
  echo "setup: glslang-dev ($dev) is not glslang-tools' version ($tools): glslang stays a subprocess" >&2
  exit 0
fi
if [ -f "$OUT" ] && [ "$(cat "$OUT.version" 2>/dev/null)" = "$tools" ]; then
  exit 0
fi
mkdir -p "$(dirname "$OUT")"
archives=(glslang MachineIndependent GenericCodeGen OSDependent OGLCompiler SPIRV
  glslang-default-resource-limits)
paths=()
for name in "${archives[@]}"; do
  [ -f "$LIB/lib$name.a" ] && paths+=("$LIB/lib$name.a")
done
# libSPIRV.a calls SPIRV-Tools' optimiser (only for HLSL or -Os, never for our -V).
if ! g++ -shared -o "$OUT.tmp" -Wl,--whole-archive "${paths[@]}" -Wl,--no-whole-archive \
  "$LIB/libSPIRV-Tools-opt.a" "$LIB/libSPIRV-Tools.a" -lpthread; then
  echo "setup: linking $OUT failed: glslang stays a subprocess" >&2
  rm -f "$OUT.tmp"
  exit 0
fi
mv "$OUT.tmp" "$OUT"
echo "$tools" > "$OUT.version"
echo "setup: built $OUT (glslang $tools, in-process)" >&2
