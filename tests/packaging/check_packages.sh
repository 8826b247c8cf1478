#!/bin/sh
# CPack's .deb and .tar.gz, built from the configured tree into a scratch
# folder: lintian finds no errors in the .deb, it holds exactly the files
# `cmake --install` puts under /usr with root ownership and sane modes, its
# control fields are right and its dependencies were computed (the game
# needs SDL2); the unpacked tarball has the prefix layout and, with the game
# built, runs and draws a board where it lies.
# usage: check_packages.sh BUILD_DIR APP_ID RB_PNGTOOL HAVE_GAME(0|1) VERSION
# Exits 77 (skipped) after the other checks when the game is not built.
set -u
build=$1 id=$2 pngtool=$3 have_game=$4 version=$5
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-packages.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if ! cpack --config "$build/CPackConfig.cmake" -B "$work/out" -G "DEB;TGZ" > "$work/cpack.log" 2>&1; then
  cat "$work/cpack.log"
  echo "FAIL: cpack failed"
  exit 1
fi
deb=$(ls "$work"/out/*.deb 2>/dev/null | head -n 1)
tgz=$(ls "$work"/out/*.tar.gz 2>/dev/null | head -n 1)
[ -n "$deb" ] && [ -n "$tgz" ] || { ls "$work/out"; echo "FAIL: cpack made no .deb or no .tar.gz"; exit 1; }

# Lintian: errors fail, warnings and notes are shown for the record.
lintian --tag-display-limit 0 --display-info "$deb" > "$work/lintian.log" 2>&1
sed 's/^/lintian: /' "$work/lintian.log"
grep -q '^E: ' "$work/lintian.log" && fail "lintian reports errors"

# Control fields.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = rollerball ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ "$(field Section)" = games ] || fail "Section is '$(field Section)', not games"

# Contents: the same files as an install into /usr, except that the
# programs of a game live in /usr/games; owned by root, with 0755 folders and
# programs and 0644 data.
DESTDIR=$work/root cmake --install "$build" --prefix /usr > "$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "cmake --install with DESTDIR failed"; }
(cd "$work/root" && find . ! -type d | sed 's|^\.||; s|^/usr/bin/|/usr/games/|' | sort) > "$work/installed.txt"
dpkg-deb -c "$deb" > "$work/contents.txt" || fail "dpkg-deb cannot list $deb"
awk '$1 !~ /^d/ { print $6 }' "$work/contents.txt" | sed 's|^\.||' | sort > "$work/packaged.txt"
if ! diff -u "$work/installed.txt" "$work/packaged.txt" > "$work/files.diff"; then
  cat "$work/files.diff"
  fail "the .deb's files differ from the install's (- install only, + .deb only)"
fi
grep -q '^/usr/share/doc/rollerball/copyright$' "$work/packaged.txt" || fail "no copyright file"
grep -q '^/usr/share/doc/rollerball/changelog.gz$' "$work/packaged.txt" || fail "no changelog.gz"
[ "$have_game" != 1 ] || grep -q '^/usr/games/rollerball$' "$work/packaged.txt" || fail "no /usr/games/rollerball"
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
[ -f "$t/share/applications/$id.desktop" ] || fail "the tarball lacks share/applications/$id.desktop"
[ -f "$t/share/doc/rollerball/copyright" ] || fail "the tarball lacks share/doc/rollerball/copyright"

if [ "$have_game" != 1 ]; then
  [ "$failures" -eq 0 ] || { echo "$failures package check(s) failed"; exit 1; }
  echo "SKIP: the game is not built; packages checked without it"
  exit 77
fi

# Both the unpacked .deb (the game in usr/games) and the unpacked tarball
# (the game in bin/) run from where they lie and draw the board.
screenshot_from() { # PROGRAM LABEL
  mkdir -p "$work/elsewhere"
  rm -f "$work/shot.png"
  if ! (cd "$work/elsewhere" && env -u RB_SOURCE_DIR -u RB_DATA_DIR SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
          timeout 120 "$1" --screenshot "$work/shot.png") > "$work/run.log" 2>&1; then
    cat "$work/run.log"
    fail "rollerball from the $2 failed to take a screenshot"
  elif ! "$pngtool" check "$work/shot.png" 320x240+; then
    fail "the screenshot of rollerball from the $2 is not a picture of the game"
  fi
}
dpkg-deb -x "$deb" "$work/debroot" || fail "cannot unpack $deb"
screenshot_from "$work/debroot/usr/games/rollerball" "unpacked .deb"
[ -x "$t/bin/rollerball" ] || fail "the tarball lacks bin/rollerball"
screenshot_from "$t/bin/rollerball" "unpacked tarball"

[ "$failures" -eq 0 ] || { echo "$failures package check(s) failed"; exit 1; }
echo "$(basename "$deb") and $(basename "$tgz") are complete; lintian: no errors"
