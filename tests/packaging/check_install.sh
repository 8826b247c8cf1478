#!/bin/sh
# `cmake --install` into a fresh prefix gives a complete, relocatable game:
# the programs and no build or test tools, the data beside them,
# desktop integration named by the app id, the licences, sane modes. The
# prefix is then moved elsewhere and the game, started from there in an
# unrelated folder, must find its data and draw the board into a screenshot,
# as the game in the build tree does.
# usage: check_install.sh BUILD_DIR SOURCE_DIR APP_ID RB_PNGTOOL HAVE_GAME(0|1)
# Exits 77 (skipped) after the other checks when the game is not configured.
set -u
build=$1 src=$2 id=$3 pngtool=$4 have_game=$5
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-install.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
. "$(dirname "$0")/screenshot.sh"

if [ "$have_game" = 1 ] && [ ! -x "$build/bin/rollerball" ]; then
  echo "FAIL: the game is configured but $build/bin/rollerball was not built; build everything first"
  exit 1
fi
if ! cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1; then
  cat "$work/install.log"
  echo "FAIL: cmake --install failed"
  exit 1
fi
# Moving the prefix proves nothing depends on where it was installed.
mv "$work/prefix" "$work/moved"
p=$work/moved

need() { [ -f "$p/$1" ] || fail "$1 is not installed"; }
need "share/applications/$id.desktop"
need "share/metainfo/$id.metainfo.xml"
need "share/icons/hicolor/scalable/apps/$id.svg"
for size in 16 24 32 48 64 128 256; do
  need "share/icons/hicolor/${size}x${size}/apps/$id.png"
done
for doc in copyright changelog.gz LICENSE LICENSE-DejaVu.txt; do
  need "share/doc/rollerball/$doc"
done
gzip -t "$p/share/doc/rollerball/changelog.gz" 2>/dev/null || fail "changelog.gz is not a gzip file"
if [ "$have_game" = 1 ]; then
  need bin/rollerball
  need share/rollerball/fonts/DejaVuSans.ttf
  for sound in move capture check rebound end illegal lowtime; do
    need "share/rollerball/sounds/$sound.wav"
  done
  need share/rollerball/puzzles/puzzles.txt
  ls "$p"/share/rollerball/pieces/*/*.svg > /dev/null 2>&1 || fail "no piece pictures in share/rollerball/pieces"
  need share/doc/rollerball/LICENSE-pieces
  need share/man/man6/rollerball.6.gz
  # Every chapter of Learn Rollerball, and the description of their format.
  need share/rollerball/lessons/README
  for lesson in "$src"/assets/lessons/*.lesson; do
    need "share/rollerball/lessons/$(basename "$lesson")"
  done
fi

# The endgame tables the build computed (RB_BUILD_TABLES) are installed
# with the data, where the engine finds them relative to itself.
if [ -f "$build/share/rollerball/tables/KPPvK.rbt" ]; then
  for table in "$build"/share/rollerball/tables/*.rbt; do
    need "share/rollerball/tables/$(basename "$table")"
  done
  echo 'probe' | (cd / && "$p/bin/rollerball-engine") | grep -qx 'tb position none' ||
    fail "the installed engine does not answer probe"
  printf 'position fen 7/2K4/2xxx2/2xxx2/2xxx2/7/k6 w K 0 1\nprobe\n' | (cd / && "$p/bin/rollerball-engine") |
    grep -qx 'tb position win 1' || fail "the installed engine does not find its tables"
fi

# The players' programs (rollerball-tbgen computes more tables), and
# nothing built only for testing or tuning.
want="rollerball-engine rollerball-match rollerball-annotate rollerball-netplay rollerball-server rollerball-tbgen"
[ "$have_game" = 1 ] && want="rollerball $want"
got=$(ls "$p/bin" 2>/dev/null | sort | tr '\n' ' ')
[ "$got" = "$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')" ] || fail "bin/ holds '$got', not '$want'"

# Modes as a package wants them: folders and programs 0755, data 0644.
odd=$( (find "$p" -type d ! -perm 0755; find "$p/share" -type f ! -perm 0644;
        [ -d "$p/bin" ] && find "$p/bin" -type f ! -perm 0755) | sed "s|^$p/||")
[ -z "$odd" ] || fail "unexpected modes on: $odd"

# The desktop file, the metainfo and the icons seen together, as a software
# centre sees them.
if ! appstreamcli validate-tree --no-net "$p" > "$work/tree.log" 2>&1; then
  cat "$work/tree.log"
  fail "appstreamcli validate-tree rejects the installed tree"
fi

if [ "$have_game" != 1 ]; then
  [ "$failures" -eq 0 ] || { echo "$failures install check(s) failed"; exit 1; }
  echo "SKIP: the game is not built, so it cannot be run from the install"
  exit 77
fi

# Start it from an empty folder, with no hint of the source tree and no
# override of its data folder: it must find the installed data by itself,
# as the game in the build tree finds the data staged beside it.
screenshot_shows_board "$build/bin/rollerball" "build tree"
screenshot_shows_board "$p/bin/rollerball" "moved install"

[ "$failures" -eq 0 ] || { echo "$failures install check(s) failed"; exit 1; }
echo "installed, moved and ran from $p"
