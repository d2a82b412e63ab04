#!/usr/bin/env bash
# build-deb.sh — builds the Debian packages (libaeskit0.1, libaeskit-dev, aeskit) the way
# Debian does: `dpkg-buildpackage -b -us -uc` over debian/, in a copy of the sources.
#
#   scripts/build-deb.sh [OUT_DIR]        (default: build/deb)
#
# Copies the tracked and untracked-but-not-ignored files (no build trees) to
# OUT_DIR/aeskit-<version>/ and builds there; the .deb, .buildinfo and .changes files land in
# OUT_DIR. Release only, without the test suite (DEB_BUILD_OPTIONS=nocheck and the nocheck
# build profile: CI runs the suite on its own build), no -dbgsym packages, at most 2 jobs
# (DEB_JOBS overrides). The copy's path stays the same from run to run, so a compiler launcher
# set in the environment (CMAKE_CXX_COMPILER_LAUNCHER=ccache) gets cache hits; none is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
mkdir -p "${1:-build/deb}"
out=$(cd "${1:-build/deb}" && pwd)
version=$(dpkg-parsechangelog -l debian/changelog -S Version)
upstream=${version%-*}
cmake_version=$(sed -n 's/^project(aeskit VERSION \([0-9.]*\) .*/\1/p' CMakeLists.txt)
if [ "$upstream" != "$cmake_version" ]; then
  echo "build-deb: debian/changelog is at $upstream, CMakeLists.txt at $cmake_version:" \
       "add a changelog entry (dch -v $cmake_version-1)" >&2
  exit 1
fi

tree=$out/aeskit-$upstream
rm -rf "$tree" "$out"/*.deb "$out"/*.ddeb "$out"/*.buildinfo "$out"/*.changes
mkdir -p "$tree"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$src" ls-files -z --cached --others --exclude-standard |
    tar -C "$src" --null --no-recursion --ignore-failed-read -T - -cf - | tar -xf - -C "$tree"
else
  tar -C "$src" --exclude=./build -cf - . | tar -xf - -C "$tree"
fi

echo "-- dpkg-buildpackage -b -us -uc in $tree (log: $out/build.log)"
t0=$(date +%s)
(cd "$tree" && DEB_BUILD_OPTIONS="nocheck noddebs parallel=${DEB_JOBS:-2}" DEB_BUILD_PROFILES=nocheck \
  dpkg-buildpackage -b -us -uc) >"$out/build.log" 2>&1 || {
  tail -n 60 "$out/build.log" >&2
  echo "build-deb: dpkg-buildpackage failed (whole log: $out/build.log)" >&2
  exit 1
}
echo "-- built in $(($(date +%s) - t0)) s:"
ls -1 "$out"/*.deb
