#!/usr/bin/env bash
# check-package.sh — aeskit as its users get it: the installed tree and the Debian packages,
# each used by the consumers in examples/ (built as separate programs, run, results checked).
#
#   scripts/check-package.sh [--tree | --deb] [BUILD_DIR]    (default: both, build/release)
#
# --tree: `cmake --install BUILD_DIR --prefix TMP`; checks the files (libaeskit.so.X.Y with
#   that SONAME, libaeskit.a, headers, aeskit.pc with prefix TMP, the CMake package and its
#   version rule, the tool, the man page); builds examples/cmake-consumer (C++) and
#   examples/cmake-c-consumer (a C-only project) with find_package(aeskit), static and shared,
#   and examples/pkgconfig-consumer with `pkg-config --cflags --libs aeskit` (shared, and
#   static with --static); runs all of them on an empty file and on a 100000-byte one. (CTest
#   runs this part: package.installed_tree.)
# --deb (root): scripts/build-deb.sh BUILD_DIR/deb (dpkg-buildpackage over debian/ in a copy
#   of the sources, no tests; BUILD_DIR itself only gives the version and holds the packages);
#   checks each package's files, Depends and the library's shlibs; lintian on the four .debs
#   (fails on any error, prints the rest); `apt-get install` of libaeskit0.1, libaeskit-dev,
#   aeskit and openssl-provider-aeskit; runs `aeskit` and the man page lookup; builds and runs
#   the same consumers against /usr (no search paths given); dpkg-shlibdeps on a consumer must
#   give `libaeskit0.1 (>= MAJOR.MINOR.0)`; the OpenSSL provider from OpenSSL's modules
#   directory: `openssl list -providers -provider aeskit` shows it with this version,
#   `openssl list -cipher-algorithms -provider aeskit` its ciphers, and `openssl enc` under the
#   packaged example openssl.cnf gives the default provider's bytes with aeskit's counters
#   (AESKIT_PROVIDER_STATS) showing the work; then `apt-get purge` of all four so the machine
#   is left as it was (also on failure). Refuses to run when one of them is already installed.
#   Not root: says SKIPPED and exits 77, never passes.
# pkgconfig-consumer/*.c (C programs over the C API) are built the same way with
# cc -std=c99 -pedantic, *.cpp with c++ -std=c++20; all with -Wall -Wextra -Werror.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)

do_tree=1
do_deb=1
case "${1:-}" in
  --tree) do_deb=0; shift ;;
  --deb) do_tree=0; shift ;;
esac
build=$(cd "${1:-build/release}" && pwd)
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
if [ "$major" = 0 ]; then soversion=$major.$minor; else soversion=$major; fi
# The libraries' directory under the prefix (GNUInstallDirs: lib; lib/<multiarch> in a build
# configured by dh, whose test suite runs --tree too).
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$build/CMakeCache.txt")
libdir=${libdir:-lib}
start=$(date +%s)

work=$(mktemp -d)
deb_packages=(libaeskit0.1 libaeskit-dev aeskit openssl-provider-aeskit)  # this order: library, -dev, tool, provider
installed_deb=0
cleanup() {
  if [ $installed_deb = 1 ]; then
    echo "-- removing the aeskit packages again"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${deb_packages[@]}" >/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "check-package: FAIL: $*" >&2
  exit 1
}
need_file() {
  [ -e "$1" ] || fail "missing: $1"
}

# The test inputs: an empty file and 100000 bytes (6 full chunks and a partial one).
head -c 100000 /dev/urandom >"$work/input.bin"
: >"$work/empty.bin"

# run_consumer NAME PROGRAM [ENV...]: PROGRAM on both inputs, each in a fresh directory.
run_consumer() {
  local name=$1 prog=$2 out
  shift 2
  for input in "$work/empty.bin" "$work/input.bin"; do
    local d
    d=$(mktemp -d -p "$work")
    out=$(env "$@" "$prog" "$input" "$d") || fail "$name on $(basename "$input") failed"
    echo "   $name $(basename "$input"): $out"
  done
}

# check_and_run_pair LABEL NAME STATIC SHARED [ENV...]: the shared build needs
# libaeskit.so.SOVERSION, the static one no shared libaeskit; then both run on both inputs
# (the shared one with ENV, e.g. LD_LIBRARY_PATH for an install tree).
check_and_run_pair() {
  local label=$1 name=$2 static=$3 shared=$4
  shift 4
  readelf -d "$shared" | grep -q "Shared library: \[libaeskit.so.$soversion\]" ||
    fail "$label: $name (shared) does not need libaeskit.so.$soversion"
  if readelf -d "$static" | grep -q 'libaeskit'; then
    fail "$label: $name (static) needs a shared libaeskit"
  fi
  run_consumer "$name static" "$static"
  run_consumer "$name shared" "$shared" "$@"
}

# build_consumers LABEL PREFIX_PATH (empty: the system's): the consumer builds, run.
build_consumers() {
  local label=$1 prefix=$2 b=$work/$1
  local -a cmake_args=() ld_env=() pc_env=()
  if [ -n "$prefix" ]; then
    cmake_args=(-DCMAKE_PREFIX_PATH="$prefix")
    ld_env=(LD_LIBRARY_PATH="$prefix/$libdir")
    # Only the tree under test: no aeskit.pc from elsewhere.
    pc_env=(PKG_CONFIG_LIBDIR="$prefix/$libdir/pkgconfig")
  fi
  local example
  for example in cmake-consumer cmake-c-consumer; do
    echo "-- $label: examples/$example with find_package(aeskit)"
    cmake -S "$src/examples/$example" -B "$b/$example" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror -pedantic" \
      "${cmake_args[@]}" >"$b.log" 2>&1 || { cat "$b.log"; fail "$label: configuring examples/$example"; }
    cmake --build "$b/$example" >>"$b.log" 2>&1 || { cat "$b.log"; fail "$label: building examples/$example"; }
    check_and_run_pair "$label" "$example app" "$b/$example/app_static" "$b/$example/app_shared" \
      "${ld_env[@]}"
  done

  echo "-- $label: examples/pkgconfig-consumer with pkg-config --cflags --libs aeskit"
  local pc_prefix
  pc_prefix=$(env "${pc_env[@]}" pkg-config --variable=prefix aeskit) || fail "$label: pkg-config finds no aeskit"
  [ "$pc_prefix" = "${prefix:-/usr}" ] || fail "$label: aeskit.pc has prefix=$pc_prefix, expected ${prefix:-/usr}"
  [ "$(env "${pc_env[@]}" pkg-config --modversion aeskit)" = "$version" ] || fail "$label: aeskit.pc version"
  local f compiler
  for f in "$src"/examples/pkgconfig-consumer/*.c "$src"/examples/pkgconfig-consumer/*.cpp; do
    [ -f "$f" ] || continue
    case "$f" in
      *.c) compiler=(cc -std=c99 -pedantic) ;;
      *) compiler=(c++ -std=c++20) ;;
    esac
    local base
    base=$(basename "$f")
    mkdir -p "$b/pc"
    # Shared: exactly the documented command line.
    # shellcheck disable=SC2046
    "${compiler[@]}" -Wall -Wextra -Werror -O2 "$f" $(env "${pc_env[@]}" pkg-config --cflags --libs aeskit) \
      -o "$b/pc/$base.shared" || fail "$label: building $base (shared)"
    # Static: --static adds Libs.private (-lstdc++ -lm -pthread) and Cflags.private; -laeskit
    # is made to pick libaeskit.a.
    local libs
    libs=$(env "${pc_env[@]}" pkg-config --static --libs aeskit | sed 's/-laeskit/-Wl,-Bstatic -laeskit -Wl,-Bdynamic/')
    # shellcheck disable=SC2046,SC2086
    "${compiler[@]}" -Wall -Wextra -Werror -O2 "$f" $(env "${pc_env[@]}" pkg-config --static --cflags aeskit) \
      $libs -o "$b/pc/$base.static" || fail "$label: building $base (static)"
    check_and_run_pair "$label" "pkg-config $base" "$b/pc/$base.static" "$b/pc/$base.shared" \
      "${ld_env[@]}"
  done
}

# check_version_rule CONFIG_VERSION_FILE: what find_package(aeskit X) accepts, by the version
# file itself (0.x: the same minor only; from 1.0: the same major).
check_version_rule() {
  local file=$1 want req expect got compat_major
  cat >"$work/version-check.cmake" <<'EOF2'
string(REPLACE "." ";" v "${PACKAGE_FIND_VERSION}")
list(LENGTH v PACKAGE_FIND_VERSION_COUNT)
list(APPEND v 0 0 0)
list(GET v 0 PACKAGE_FIND_VERSION_MAJOR)
list(GET v 1 PACKAGE_FIND_VERSION_MINOR)
list(GET v 2 PACKAGE_FIND_VERSION_PATCH)
set(PACKAGE_FIND_VERSION_RANGE FALSE)
include("${VERSION_FILE}")
if(PACKAGE_VERSION_COMPATIBLE)
  message("TRUE")
else()
  message("FALSE")
endif()
EOF2
  compat_major=TRUE
  [ "$major" = 0 ] && compat_major=FALSE
  for want in "$major.$minor:TRUE" "$version:TRUE" "$major.$((minor + 1)):$compat_major" "$((major + 1)).0:FALSE"; do
    req=${want%%:*}
    expect=${want##*:}
    got=$(cmake -DPACKAGE_FIND_VERSION="$req" -DVERSION_FILE="$file" -P "$work/version-check.cmake" 2>&1) ||
      fail "evaluating $file: $got"
    [ "$got" = "$expect" ] || fail "find_package(aeskit $req) with version $version: compatible=$got, expected $expect"
  done
  echo "   version rule: find_package(aeskit $major.$minor) accepts $version;" \
       "$major.$((minor + 1)) $([ $compat_major = TRUE ] && echo does || echo does not), $((major + 1)).0 does not"
}

if [ $do_tree = 1 ]; then
  t0=$(date +%s)
  prefix=$work/prefix
  echo "-- installed tree: cmake --install $build --prefix $prefix"
  cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
  for f in "$libdir/libaeskit.a" "$libdir/libaeskit.so" "$libdir/libaeskit.so.$soversion" \
           "$libdir/libaeskit.so.$version" include/aeskit/aeskit.hpp include/aeskit/export.hpp include/aeskit/version.h \
           "$libdir/pkgconfig/aeskit.pc" "$libdir/cmake/aeskit/aeskitConfig.cmake" \
           "$libdir/cmake/aeskit/aeskitConfigVersion.cmake" "$libdir/cmake/aeskit/aeskitTargets.cmake"; do
    need_file "$prefix/$f"
  done
  # The tool and its man page: not in a build with AESKIT_BUILD_TOOLS=OFF; the man page needs
  # pandoc at build time (scripts/install-deps.sh installs it). The .deb part requires both.
  if grep -q '^AESKIT_BUILD_TOOLS:BOOL=OFF' "$build/CMakeCache.txt"; then
    echo "   tool and man page: NOT CHECKED (AESKIT_BUILD_TOOLS=OFF)"
  else
    need_file "$prefix/bin/aeskit"
    "$prefix/bin/aeskit" cpu >/dev/null || fail "the installed aeskit tool does not run"
    if grep -q '^AESKIT_PANDOC:FILEPATH=.*NOTFOUND' "$build/CMakeCache.txt"; then
      echo "   man page: NOT CHECKED (the build found no pandoc, so it has none)"
    else
      need_file "$prefix/share/man/man1/aeskit.1.gz"
      zcat "$prefix/share/man/man1/aeskit.1.gz" | grep -q '^\.TH "AESKIT" "1"' || fail "the man page has no .TH AESKIT 1"
    fi
  fi
  readelf -d "$prefix/$libdir/libaeskit.so.$version" | grep -q "Library soname: \[libaeskit.so.$soversion\]" ||
    fail "libaeskit.so.$version has no SONAME libaeskit.so.$soversion"
  check_version_rule "$prefix/$libdir/cmake/aeskit/aeskitConfigVersion.cmake"
  build_consumers tree "$prefix"
  echo "-- installed tree: OK ($(($(date +%s) - t0)) s)"
fi

if [ $do_deb = 1 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "check-package: SKIPPED: the .deb part installs packages and needs root" >&2
    exit 77
  fi
  for p in "${deb_packages[@]}"; do
    if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q installed; then
      fail "$p is already installed; remove it first (apt-get purge ${deb_packages[*]})"
    fi
  done
  t0=$(date +%s)
  echo "-- Debian packages: scripts/build-deb.sh $build/deb"
  "$src/scripts/build-deb.sh" "$build/deb" || fail "scripts/build-deb.sh"
  t_built=$(date +%s)
  multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
  arch=$(dpkg-architecture -qDEB_HOST_ARCH)
  lib=/usr/lib/$multiarch
  declare -A deb_files=(
    [libaeskit0.1]="$lib/libaeskit.so.$version $lib/libaeskit.so.$soversion"
    [libaeskit-dev]="$lib/libaeskit.so $lib/libaeskit.a /usr/include/aeskit/aeskit.hpp
      /usr/include/aeskit/aeskit.h /usr/include/aeskit/version.h $lib/pkgconfig/aeskit.pc $lib/cmake/aeskit/aeskitConfig.cmake
      $lib/cmake/aeskit/aeskitTargets.cmake"
    [aeskit]="/usr/bin/aeskit /usr/share/man/man1/aeskit.1.gz"
    [openssl-provider-aeskit]="$lib/ossl-modules/aeskit.so
      /usr/share/doc/openssl-provider-aeskit/examples/aeskit-provider.cnf"
  )
  debs=()
  for p in "${deb_packages[@]}"; do
    matches=("$build/deb/${p}_$version"-*"_$arch.deb")
    if [ ! -f "${matches[0]}" ] || [ ${#matches[@]} != 1 ]; then
      fail "not one ${p}_$version-*_$arch.deb in $build/deb"
    fi
    deb=${matches[0]}
    debs+=("$deb")
    dpkg-deb -c "$deb" | awk '{print $6}' | sed 's:^\./:/:' >"$work/$p.files"
    for f in ${deb_files[$p]} "/usr/share/doc/$p/copyright"; do
      grep -qx "$f" "$work/$p.files" || fail "$(basename "$deb") lacks $f"
    done
    echo "   $(basename "$deb"): $(wc -l <"$work/$p.files") entries, $(du -k "$deb" | cut -f1) KiB;" \
         "Depends: $(dpkg-deb -f "$deb" Depends)"
  done
  # Only the tool's `speed --compare` uses OpenSSL and libgcrypt: the library must not pull them.
  lib_depends=$(dpkg-deb -f "${debs[0]}" Depends)
  [[ $lib_depends == *libstdc++6* ]] || fail "libaeskit0.1 Depends ($lib_depends) lacks libstdc++6"
  [[ $lib_depends != *libssl* && $lib_depends != *libgcrypt* ]] ||
    fail "libaeskit0.1 depends on OpenSSL or libgcrypt: $lib_depends"
  tool_depends=$(dpkg-deb -f "${debs[2]}" Depends)
  [[ $tool_depends == *libssl3* && $tool_depends == *libgcrypt20* ]] ||
    fail "aeskit (the tool) lacks OpenSSL or libgcrypt for speed --compare: $tool_depends"
  [[ $(dpkg-deb -f "${debs[1]}" Depends) == *"libaeskit0.1 (= $(dpkg-deb -f "${debs[1]}" Version))"* ]] ||
    fail "libaeskit-dev does not depend on libaeskit0.1 of its own version"
  # The provider module links the static library and libcrypto: OpenSSL, not libaeskit0.1.
  provider_depends=$(dpkg-deb -f "${debs[3]}" Depends)
  [[ $provider_depends == *libssl3* && $provider_depends != *libaeskit* ]] ||
    fail "openssl-provider-aeskit Depends ($provider_depends): wants libssl3 and no libaeskit"
  shlibs=$(dpkg-deb --ctrl-tarfile "${debs[0]}" | tar -xOf - ./shlibs)
  [ "$shlibs" = "libaeskit $soversion libaeskit0.1 (>= $major.$minor.0)" ] ||
    fail "libaeskit0.1's shlibs file: '$shlibs'"

  echo "-- lintian (fails on errors)"
  lintian --fail-on error "${debs[@]}" >"$work/lintian.log" 2>&1 ||
    { cat "$work/lintian.log"; fail "lintian reports errors"; }
  sed 's/^/   /' "$work/lintian.log"
  echo "   lintian: $(grep -c '^E:' "$work/lintian.log" || true) errors," \
       "$(grep -c '^W:' "$work/lintian.log" || true) warnings"

  echo "-- apt-get install ${debs[*]##*/}"
  installed_deb=1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debs[@]}" >"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; fail "apt-get install"; }
  [ "$(command -v aeskit)" = /usr/bin/aeskit ] || fail "aeskit is not /usr/bin/aeskit after installing"
  aeskit cpu >/dev/null || fail "aeskit from the package does not run"
  ldconfig -p | grep -q "libaeskit.so.$soversion " || fail "libaeskit.so.$soversion is not in the ld.so cache"
  if command -v man >/dev/null; then
    [ "$(man -w aeskit)" = /usr/share/man/man1/aeskit.1.gz ] || fail "man -w aeskit: $(man -w aeskit 2>&1)"
  fi
  [ "$(pkg-config --variable=prefix aeskit)" = /usr ] || fail "the packaged aeskit.pc has prefix $(pkg-config --variable=prefix aeskit)"
  check_version_rule "$lib/cmake/aeskit/aeskitConfigVersion.cmake"
  build_consumers deb ""

  # What a package of a consumer would depend on: dpkg-shlibdeps over the C++ consumer linked
  # with the shared library (an empty debian/control is all it needs).
  echo "-- dpkg-shlibdeps on examples/cmake-consumer's app_shared"
  mkdir -p "$work/shlibdeps/debian/consumer/usr/bin"
  : >"$work/shlibdeps/debian/control"
  cp "$work/deb/cmake-consumer/app_shared" "$work/shlibdeps/debian/consumer/usr/bin/"
  # (Its warning that the binary is not in a package's build directory is expected here.)
  consumer_deps=$(cd "$work/shlibdeps" && dpkg-shlibdeps -O debian/consumer/usr/bin/app_shared \
    2>"$work/shlibdeps.log") || { cat "$work/shlibdeps.log"; fail "dpkg-shlibdeps on app_shared"; }
  echo "   $consumer_deps"
  [[ $consumer_deps == *"libaeskit0.1 (>= $major.$minor.0)"* ]] ||
    fail "a consumer's dependency is not libaeskit0.1 (>= $major.$minor.0)"

  # The OpenSSL provider, found by name in OpenSSL's modules directory (no -provider-path).
  echo "-- openssl-provider-aeskit: openssl list and enc through the installed module"
  modulesdir=$(openssl version -m | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
  [ "$modulesdir" = "$lib/ossl-modules" ] || fail "OpenSSL's modules directory is '$modulesdir', the package installs into $lib/ossl-modules"
  openssl list -providers -provider aeskit >"$work/providers" 2>&1 || { cat "$work/providers"; fail "openssl list -providers -provider aeskit"; }
  if ! grep -q "name: aeskit" "$work/providers" || ! grep -q "version: $version" "$work/providers"; then
    cat "$work/providers"
    fail "openssl list -providers -provider aeskit does not show aeskit $version"
  fi
  openssl list -cipher-algorithms -provider aeskit >"$work/ciphers" 2>&1 || { cat "$work/ciphers"; fail "openssl list -cipher-algorithms -provider aeskit"; }
  n_ciphers=$(grep -c '@ aeskit' "$work/ciphers" || true)
  for c in AES-128-CBC AES-256-CTR AES-256-GCM; do  # (OpenSSL lists some names in lower case)
    grep -qi "$c.* @ aeskit" "$work/ciphers" || { cat "$work/ciphers"; fail "openssl list -cipher-algorithms -provider aeskit lacks $c"; }
  done
  # The packaged example openssl.cnf: aeskit preferred for every fetch; same bytes as the
  # default provider, and aeskit's counters show it encrypted all of them.
  cnf=/usr/share/doc/openssl-provider-aeskit/examples/aeskit-provider.cnf
  key=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
  iv=f0e0d0c0b0a090807060504030201000
  AESKIT_PROVIDER_STATS=$work/provider.stats OPENSSL_CONF=$cnf openssl enc -aes-256-ctr -K $key -iv $iv \
    -in "$work/input.bin" -out "$work/ctr.aeskit" || fail "openssl enc under $cnf"
  OPENSSL_CONF=/dev/null openssl enc -aes-256-ctr -K $key -iv $iv -in "$work/input.bin" -out "$work/ctr.default" ||
    fail "openssl enc with the default provider"
  cmp -s "$work/ctr.aeskit" "$work/ctr.default" || fail "aes-256-ctr under $cnf differs from the default provider's"
  grep -q ' AES-256-CTR\.sealed=100000\( \|$\)' "$work/provider.stats" ||
    fail "under $cnf aeskit did not seal the 100000 bytes (stats: $(cat "$work/provider.stats" 2>/dev/null || echo none))"
  echo "   $modulesdir/aeskit.so: 'openssl list -providers -provider aeskit' shows aeskit $version;" \
       "$n_ciphers ciphers @ aeskit; openssl enc under the example openssl.cnf: default's bytes," \
       "AES-256-CTR.sealed=100000"

  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${deb_packages[@]}" >/dev/null ||
    fail "apt-get purge ${deb_packages[*]}"
  installed_deb=0
  if [ -e /usr/include/aeskit ] || [ -e "$lib/libaeskit.so.$version" ] || [ -e /usr/bin/aeskit ] ||
     [ -e "$lib/ossl-modules/aeskit.so" ]; then
    fail "files left after apt-get purge"
  fi
  echo "-- Debian packages: OK, removed again ($((t_built - t0)) s to build," \
       "$(($(date +%s) - t_built)) s to check)"
fi
echo "check-package: OK ($(($(date +%s) - start)) s)"
