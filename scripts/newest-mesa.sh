#!/usr/bin/env bash
# Mesa's newest Debian build (bookworm-backports) unpacked into .newest/mesa, beside the
# system's Mesa 22.3.6, for the `*-newest` targets (shadersmith/targets/tools/newest.py).
#
# Nothing is installed: apt-get downloads the .debs with a private configuration (the
# backports suite is never added to the system's sources; scripts/private-apt.sh), from
# the Debian archive the system's own sources name (a local mirror where there is one),
# and `dpkg -x` unpacks them.
# The Vulkan ICD and EGL vendor files are rewritten to name the unpacked libraries.
# Idempotent: returns at once when the pinned versions are unpacked. A failed download
# (no network, a version gone from backports) skips with a message and exit status 0:
# the -newest targets then report themselves missing with that reason.
set -euo pipefail
cd "$(dirname "$0")/.."

MESA_VERSION="25.0.7-2~bpo12+1"
DRM_VERSION="2.4.123-1~bpo12+1"
PACKAGES=(
  "mesa-libgallium=$MESA_VERSION" "libgl1-mesa-dri=$MESA_VERSION" "mesa-vulkan-drivers=$MESA_VERSION"
  "libegl-mesa0=$MESA_VERSION" "libgbm1=$MESA_VERSION"
  "libdrm2=$DRM_VERSION" "libdrm-amdgpu1=$DRM_VERSION" "libdrm-common=$DRM_VERSION"
  "libdrm-intel1=$DRM_VERSION"
)
ARCH_LIBS="usr/lib/x86_64-linux-gnu"

NEWEST="$PWD/.newest"
TARGET="$NEWEST/mesa"
STAMP="$TARGET/PACKAGES"
SKIPPED="$NEWEST/mesa-skipped.txt"
# The unpacked files name absolute paths: a moved checkout unpacks again.
want="$(printf '%s\n' "root=$TARGET" "${PACKAGES[@]}")"

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  exit 0
fi

if [ -f "$SKIPPED" ] && [ -n "$(find "$SKIPPED" -mmin -60)" ]; then
  echo "newest-mesa: skipped within the last hour: $(cat "$SKIPPED") (retry: rm $SKIPPED)" >&2
  exit 0
fi

skip() {
  mkdir -p "$NEWEST"
  echo "$*" >"$SKIPPED"
  echo "newest-mesa: skipped: $* (the -newest targets will say they are missing)" >&2
  exit 0
}

[ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ] || skip "only amd64 is supported"
for tool in apt-get dpkg; do
  command -v "$tool" >/dev/null || skip "$tool not found"
done

. scripts/private-apt.sh
mirror="$(debian_mirror)"
echo "newest-mesa: downloading Mesa $MESA_VERSION from $mirror bookworm-backports into .newest/mesa" >&2
work="$NEWEST/apt"
private_apt_init "$work" \
  "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror bookworm-backports main"
mkdir -p "$work/debs"
apt-get "${APT_OPTIONS[@]}" -qq update >"$work/update.log" 2>&1 ||
  skip "apt-get update of bookworm-backports failed: $(tail -n 1 "$work/update.log")"
rm -f "$work/debs/"*.deb
(cd "$work/debs" && apt-get "${APT_OPTIONS[@]}" -qq download "${PACKAGES[@]}") \
  >"$work/download.log" 2>&1 ||
  skip "apt-get download failed: $(grep -m1 -E '^(E|W):' "$work/download.log" || tail -n 1 "$work/download.log")"

staging="$NEWEST/mesa.partial"
rm -rf "$staging"
mkdir -p "$staging"
for deb in "$work/debs/"*.deb; do
  dpkg -x "$deb" "$staging"
done

# The loaders find the libraries these files name: absolute paths into the unpacked tree.
libs="$TARGET/$ARCH_LIBS"
icd="$staging/usr/share/vulkan/icd.d/lvp_icd.json"
vendor="$staging/usr/share/glvnd/egl_vendor.d/50_mesa.json"
layer="$staging/usr/share/vulkan/implicit_layer.d/VkLayer_MESA_device_select.json"
for file in "$icd" "$vendor"; do
  [ -f "$file" ] || skip "$(basename "$file") missing from the unpacked packages"
done
sed -i "s#\"libvulkan_lvp.so\"#\"$libs/libvulkan_lvp.so\"#" "$icd"
sed -i "s#\"libEGL_mesa.so.0\"#\"$libs/libEGL_mesa.so.0\"#" "$vendor"
[ ! -f "$layer" ] ||
  sed -i "s#\"libVkLayer_MESA_device_select.so\"#\"$libs/libVkLayer_MESA_device_select.so\"#" "$layer"
grep -q "$libs/libvulkan_lvp.so" "$icd" || skip "could not rewrite $(basename "$icd")"
grep -q "$libs/libEGL_mesa.so.0" "$vendor" || skip "could not rewrite $(basename "$vendor")"

echo "$want" >"$staging/PACKAGES"
rm -rf "$TARGET" "$SKIPPED"
mv "$staging" "$TARGET"
rm -rf "$work/debs" "$work/cache"
echo "newest-mesa: Mesa $MESA_VERSION unpacked in .newest/mesa" >&2
