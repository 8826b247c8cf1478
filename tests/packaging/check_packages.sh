#!/bin/sh
# CPack's .deb and .tar.gz, built from the configured tree into a scratch
# folder: lintian finds no errors in the .deb, it holds exactly the files
# `cmake --install` puts under /usr with root ownership and sane modes, its
# control fields are right and its dependencies were computed: every library
# a packaged program links comes from a package in Depends. The tarball holds
# the same files under one prefix folder. With the game built, the game from
# the unpacked .deb and from the unpacked tarball draws the board.
# usage: check_packages.sh BUILD_DIR SOURCE_DIR APP_ID RB_PNGTOOL HAVE_GAME(0|1) VERSION SANITIZED(0|1)
# Exits 77 (skipped) after the other checks when the game is not configured,
# and at once in a sanitizer build.
set -u
build=$1 src=$2 id=$3 pngtool=$4 have_game=$5 version=$6 sanitized=$7
. "$(dirname "$0")/deb_checks.sh"
deb_check_start "$sanitized" rb-packages
. "$(dirname "$0")/screenshot.sh"

if [ "$have_game" = 1 ] && [ ! -x "$build/bin/rollerball" ]; then
  echo "FAIL: the game is configured but $build/bin/rollerball was not built; build everything first"
  exit 1
fi
if ! cpack --config "$build/CPackConfig.cmake" -B "$work/out" -G "DEB;TGZ" > "$work/cpack.log" 2>&1; then
  cat "$work/cpack.log"
  # CPack first brings the whole build up to date; say what stopped it.
  for log in "$work"/out/_CPack_Packages/*/*/PreinstallOutput.log; do
    [ -f "$log" ] && grep -m 10 -E 'error|Error' "$log"
  done
  echo "FAIL: cpack failed"
  exit 1
fi
deb=$(ls "$work"/out/*.deb 2>/dev/null | head -n 1)
tgz=$(ls "$work"/out/*.tar.gz 2>/dev/null | head -n 1)
[ -n "$deb" ] && [ -n "$tgz" ] || { ls "$work/out"; echo "FAIL: cpack made no .deb or no .tar.gz"; exit 1; }

deb_lintian

# Control fields.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = rollerball ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Section)" = games ] || fail "Section is '$(field Section)', not games"

# Contents: the same files as an install into /usr of the game's component
# (the server has a package of its own), except that the programs of a game
# live in /usr/games; owned by root, with 0755 folders and programs and 0644
# data.
deb_holds_install "$build" Unspecified 's|^/usr/bin/|/usr/games/|'
grep -q '^/usr/share/doc/rollerball/copyright$' "$work/packaged.txt" || fail "no copyright file"
grep -q '^/usr/share/doc/rollerball/changelog.gz$' "$work/packaged.txt" || fail "no changelog.gz"
[ "$have_game" != 1 ] || grep -q '^/usr/games/rollerball$' "$work/packaged.txt" || fail "no /usr/games/rollerball"
! grep -q 'rollerball-server' "$work/packaged.txt" || fail "the server is in the game's package"
! grep -q '^/usr/bin/' "$work/packaged.txt" || fail "programs left in /usr/bin"
badowner=$(awk '$2 != "root/root" { print $6 }' "$work/contents.txt")
[ -z "$badowner" ] || fail "not owned by root: $badowner"
badmode=$(awk '($1 ~ /^d/ && $1 != "drwxr-xr-x") ||
               ($6 ~ /^\.\/usr\/games\// && $1 !~ /^d/ && $1 != "-rwxr-xr-x") ||
               ($6 !~ /^\.\/usr\/games\// && $1 ~ /^-/ && $1 != "-rw-r--r--") { print $1, $6 }' "$work/contents.txt")
[ -z "$badmode" ] || fail "unexpected modes: $badmode"

depends=$(field Depends)
echo "Depends: $depends"
if grep -q '^/usr/games/.' "$work/packaged.txt"; then
  echo "$depends" | grep -q 'libc6' || fail "Depends was not computed (no libc6): '$depends'"
fi
# Every library a packaged program links directly comes from a package the
# .deb depends on, so installing it brings everything the programs load.
dpkg-deb -x "$deb" "$work/debroot" || fail "cannot unpack $deb"
for program in "$work"/debroot/usr/games/*; do
  [ -f "$program" ] && deb_links_from_depends "$program" "$depends"
done
if [ "$have_game" = 1 ]; then
  for lib in libsdl2-2.0 libsdl2-image-2.0 libsdl2-ttf-2.0; do
    echo "$depends" | grep -q "$lib" || fail "Depends lacks $lib"
  done
fi

# The tarball: one folder holding bin/ and share/ as under a prefix.
mkdir "$work/unpacked"
tar -xzf "$tgz" -C "$work/unpacked" || fail "cannot unpack $tgz"
top=$(ls "$work/unpacked")
[ "$(echo "$top" | wc -l)" -eq 1 ] || fail "the tarball has more than one top folder: $top"
t=$work/unpacked/$top
# ...holding exactly what an install puts under its prefix.
(cd "$work/root/usr" && find . ! -type d | sort) > "$work/installed-relative.txt"
(cd "$t" && find . ! -type d | sort) > "$work/archived.txt"
if ! diff -u "$work/installed-relative.txt" "$work/archived.txt" > "$work/archive.diff"; then
  cat "$work/archive.diff"
  fail "the tarball's files differ from the install's (- install only, + tarball only)"
fi

if [ "$have_game" != 1 ]; then
  [ "$failures" -eq 0 ] || { echo "$failures package check(s) failed"; exit 1; }
  echo "SKIP: the game is not built; packages checked without it"
  exit 77
fi

# Both the unpacked .deb (the game in usr/games) and the unpacked tarball
# (the game in bin/) run from where they lie and draw the board.
screenshot_shows_board "$work/debroot/usr/games/rollerball" "unpacked .deb"
screenshot_shows_board "$t/bin/rollerball" "unpacked tarball"

[ "$failures" -eq 0 ] || { echo "$failures package check(s) failed"; exit 1; }
echo "$(basename "$deb") and $(basename "$tgz") are complete; lintian: no errors"
