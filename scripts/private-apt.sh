# Sourced by scripts/newest-mesa.sh and scripts/swiftshader.sh: apt-get with a private
# configuration, to download .debs that are unpacked (dpkg -x), never installed. Runs
# without root: the package lists and the cache live in a folder of ours, and the
# system's sources, lists and lock are left alone.
#
#   private_apt_init WORK [SOURCES]   APT_OPTIONS for a private apt in WORK; SOURCES is a
#                                     sources.list text (default: the system's sources)
#   debian_mirror                     the Debian archive the system's apt uses, e.g.
#                                     http://deb.debian.org/debian or a local mirror

# The archive that serves the system's own release (bookworm): read from what apt would
# fetch for the system's sources (one-line and deb822 files alike; nothing is fetched), so
# that a machine behind a local mirror downloads from it. deb.debian.org where none is
# found (no sources at all).
debian_mirror() {
  local codename uri
  codename="$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")"
  uri="$(apt-get -o Debug::NoLocking=1 -o Dir::State::Lists=/nonexistent --print-uris update 2>/dev/null |
    sed -n "s#^'\(.*\)/dists/${codename:-bookworm}/InRelease'.*#\1#p" | head -n 1)"
  echo "${uri:-http://deb.debian.org/debian}"
}

private_apt_init() {
  local work="$1" sources="${2:-}"
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/sources.list.d" \
    "$work/preferences.d"
  APT_OPTIONS=(
    -o "Dir::State::Lists=$work/lists"
    -o "Dir::Cache=$work/cache"
    -o "Acquire::Languages=none"
    -o "Acquire::http::Timeout=20"
    -o "Acquire::Retries=1"
    -o "APT::Sandbox::User=$(id -un)"
    -o "Debug::NoLocking=1"
  )
  if [ -n "$sources" ]; then
    echo "$sources" >"$work/sources.list"
    APT_OPTIONS+=(
      -o "Dir::Etc::SourceList=$work/sources.list"
      -o "Dir::Etc::SourceParts=$work/sources.list.d"
      -o "Dir::Etc::Preferences=$work/preferences"
      -o "Dir::Etc::PreferencesParts=$work/preferences.d"
    )
  fi
}
