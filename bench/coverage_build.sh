#!/usr/bin/env bash
# Builds spirv-opt (SPIRV-Tools v2023.1) and glslangValidator (glslang 12.0.0), the versions
# Debian 12 installs, with gcov instrumentation, for bench/coverage.py. Never run in CI.
#
# Usage: bench/coverage_build.sh SCRATCH SPIRV_TOOLS_GIT GLSLANG_GIT SPIRV_HEADERS_GIT
#   SCRATCH            a folder outside the repository; sources go to SCRATCH/src, builds to
#                      SCRATCH/build/{spirv-tools,glslang}, CMake and ninja to SCRATCH/venv.
#   *_GIT              git directories (bare or not) of KhronosGroup/SPIRV-Tools, glslang and
#                      SPIRV-Headers holding the tags below; fetching them is not this script's
#                      job (e.g. `git clone --bare https://github.com/KhronosGroup/SPIRV-Tools`).
# Versions: SPIRV-Tools tag v2023.1, glslang tag 12.0.0, SPIRV-Headers at the commit that
# SPIRV-Tools v2023.1's DEPS file names (d13b5222, also tagged sdk-1.3.239.0).
# Flags: --coverage -O0 -DNDEBUG (Debian's packages are release builds, so asserts are off).
# Takes about half an hour on two cores; run it under `nice`.
set -euo pipefail

if [ $# -ne 4 ]; then
    sed -n '2,16p' "$0" >&2
    exit 2
fi
scratch=$(realpath -m "$1")
tools_git=$2
glslang_git=$3
headers_git=$4
tools_tag=v2023.1
glslang_tag=12.0.0
headers_rev=d13b52222c39a7e9a401b44646f0ca3a640fbd47
jobs=${JOBS:-2}

case "$scratch/" in
    "$(git rev-parse --show-toplevel 2>/dev/null || echo /nonexistent)"/*)
        echo "coverage_build.sh: SCRATCH must be outside the repository" >&2
        exit 2
        ;;
esac

mkdir -p "$scratch/src" "$scratch/build"
unpack() { # git-dir revision destination
    if [ ! -e "$3/CMakeLists.txt" ]; then
        mkdir -p "$3"
        git --git-dir="$1" archive "$2" | tar -x -C "$3"
    fi
}
unpack "$tools_git" "$tools_tag" "$scratch/src/SPIRV-Tools"
unpack "$headers_git" "$headers_rev" "$scratch/src/SPIRV-Tools/external/spirv-headers"
unpack "$glslang_git" "$glslang_tag" "$scratch/src/glslang"

if [ ! -x "$scratch/venv/bin/cmake" ]; then
    python3 -m venv "$scratch/venv"
    "$scratch/venv/bin/pip" install --quiet 'cmake>=3.27,<4' ninja
fi
export PATH="$scratch/venv/bin:$PATH"

flags="--coverage -O0 -DNDEBUG"
common=(-G Ninja -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_C_FLAGS_RELEASE=$flags" "-DCMAKE_CXX_FLAGS_RELEASE=$flags"
    -DCMAKE_EXE_LINKER_FLAGS=--coverage)

cmake -S "$scratch/src/SPIRV-Tools" -B "$scratch/build/spirv-tools" "${common[@]}" \
    -DSPIRV_SKIP_TESTS=ON -DSPIRV_WERROR=OFF -DSPIRV_CHECK_CONTEXT=OFF
nice -n 10 ninja -C "$scratch/build/spirv-tools" -j "$jobs" spirv-opt spirv-as

cmake -S "$scratch/src/glslang" -B "$scratch/build/glslang" "${common[@]}" \
    -DENABLE_OPT=OFF -DENABLE_CTEST=OFF -DBUILD_TESTING=OFF -DBUILD_EXTERNAL=OFF \
    -DENABLE_SPVREMAPPER=OFF
nice -n 10 ninja -C "$scratch/build/glslang" -j "$jobs" glslangValidator

echo "spirv-opt: $scratch/build/spirv-tools/tools/spirv-opt"
echo "glslangValidator: $scratch/build/glslang/StandAlone/glslangValidator"
