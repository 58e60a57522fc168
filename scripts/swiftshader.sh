#!/usr/bin/env bash
# SwiftShader for the vk-swiftshader targets (shadersmith/targets/runners/swiftshader.py): Debian's
# chromium-common ships libvk_swiftshader.so and its Vulkan ICD file. Where Chromium is
# installed (/usr/lib/chromium) there is nothing to do. Elsewhere the one package is
# downloaded with a private apt (scripts/private-apt.sh: the system's own sources, no
# root) and the two files are unpacked into .drivers/swiftshader; the library needs only
# libc, libm and libgcc_s, so nothing else of Chromium (nor its X11 dependencies) is
# needed.
#
# Idempotent: returns at once when either is there. A failed download skips with a
# message and exit status 0: the vk-swiftshader targets then say they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGE=chromium-common
FILES=(libvk_swiftshader.so vk_swiftshader_icd.json)
SYSTEM=/usr/lib/chromium
DRIVERS="$PWD/.drivers"
TARGET="$DRIVERS/swiftshader"
SKIPPED="$DRIVERS/swiftshader-skipped.txt"

present() {
  local folder="$1" file
  for file in "${FILES[@]}"; do
    [ -f "$folder/$file" ] || return 1
  done
}

present "$SYSTEM" && exit 0
[ -f "$TARGET/PACKAGES" ] && present "$TARGET" && exit 0

if [ -f "$SKIPPED" ] && [ -n "$(find "$SKIPPED" -mmin -60)" ]; then
  echo "swiftshader: skipped within the last hour: $(cat "$SKIPPED") (retry: rm $SKIPPED)" >&2
  exit 0
fi

skip() {
  mkdir -p "$DRIVERS"
  echo "$*" >"$SKIPPED"
  echo "swiftshader: skipped: $* (the vk-swiftshader targets will say they are missing)" >&2
  exit 0
}

[ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ] || skip "only amd64 is supported"
for tool in apt-get dpkg dpkg-deb; do
  command -v "$tool" >/dev/null || skip "$tool not found"
done

echo "swiftshader: downloading $PACKAGE to unpack SwiftShader into .drivers/swiftshader" >&2
. scripts/private-apt.sh
work="$DRIVERS/apt"
private_apt_init "$work"  # the system's sources: chromium-common comes with security updates
mkdir -p "$work/debs"
apt-get "${APT_OPTIONS[@]}" -qq update >"$work/update.log" 2>&1 ||
  skip "apt-get update failed: $(tail -n 1 "$work/update.log")"
rm -f "$work/debs/"*.deb
(cd "$work/debs" && apt-get "${APT_OPTIONS[@]}" -qq download "$PACKAGE") \
  >"$work/download.log" 2>&1 ||
  skip "apt-get download failed: $(grep -m1 -E '^(E|W):' "$work/download.log" || tail -n 1 "$work/download.log")"

deb="$(ls "$work/debs/"*.deb)"
version="$(dpkg-deb -f "$deb" Version)"
staging="$DRIVERS/swiftshader.partial"
rm -rf "$staging" "$DRIVERS/unpacked"
dpkg -x "$deb" "$DRIVERS/unpacked"
mkdir -p "$staging"
for file in "${FILES[@]}"; do
  [ -f "$DRIVERS/unpacked/usr/lib/chromium/$file" ] || skip "$file missing from $PACKAGE $version"
  cp "$DRIVERS/unpacked/usr/lib/chromium/$file" "$staging/"
done
echo "$PACKAGE=$version" >"$staging/PACKAGES"
rm -rf "$TARGET" "$SKIPPED" "$DRIVERS/unpacked" "$work/debs" "$work/cache"
mv "$staging" "$TARGET"
echo "swiftshader: SwiftShader of $PACKAGE $version unpacked in .drivers/swiftshader" >&2
