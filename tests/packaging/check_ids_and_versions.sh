#!/bin/sh
# One application id and one version everywhere a desktop or a package
# manager reads them: a desktop file whose Icon or window class differs from
# the id shows a blank icon in the dock, and a release without notes in
# NEWS or the Debian changelog is a release nobody can read about.
# usage: check_ids_and_versions.sh SOURCE_DIR APP_ID VERSION
set -u
src=$1 id=$2 version=$3
desktop=$src/packaging/$id.desktop
metainfo=$src/packaging/$id.metainfo.xml
changelog=$src/packaging/debian/changelog
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

key() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(key Icon)" = "$id" ] || fail "desktop Icon is '$(key Icon)', not $id"
[ "$(key StartupWMClass)" = "$id" ] || fail "desktop StartupWMClass is '$(key StartupWMClass)', not $id"
case "$(key Exec)" in rollerball\ %f) ;; *) fail "desktop Exec is '$(key Exec)', not 'rollerball %f'" ;; esac
key MimeType | grep -q 'application/x-chess-pgn;' || fail "desktop MimeType lacks application/x-chess-pgn"

grep -q "<id>$id</id>" "$metainfo" || fail "metainfo id is not $id"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$metainfo" ||
  fail "metainfo does not launch $id.desktop"
[ -f "$src/assets/icons/$id.svg" ] || fail "assets/icons/$id.svg is missing"

# The window class the game sets is the id the build gives it, so a dock
# matches the window to the desktop file.
grep -q 'RB_APP_ID="${RB_APP_ID}"' "$src/src/ui/words/CMakeLists.txt" 2>/dev/null ||
  fail "src/ui/words/CMakeLists.txt does not hand RB_APP_ID to the game"
for class in SDL_VIDEO_X11_WMCLASS SDL_VIDEO_WAYLAND_WMCLASS; do
  grep -q "\"$class\", *RB_APP_ID" "$src"/src/ui/app/*.c 2>/dev/null ||
    fail "the game does not set $class to RB_APP_ID"
done

# Each screenshot the metainfo shows is a file of the repository's
# docs/screenshots/, where the URL says it is.
shots=$(sed -n 's|.*<image>.*/docs/screenshots/\([^<]*\)</image>.*|\1|p' "$metainfo")
[ -n "$shots" ] || fail "the metainfo shows no screenshot from docs/screenshots/"
for shot in $shots; do
  [ -f "$src/docs/screenshots/$shot" ] || fail "the metainfo shows docs/screenshots/$shot, which does not exist"
done
grep '<image>' "$metainfo" | grep -v -q '/raw/main/docs/screenshots/' &&
  fail "a metainfo screenshot is not a raw file of the repository's docs/screenshots/"

# The Flatpak builds the same id, runs the game and asks for exactly the
# four permissions a windowed game needs.
flatpak=$src/packaging/flatpak/$id.yml
if [ ! -f "$flatpak" ]; then
  fail "packaging/flatpak/$id.yml is missing"
else
  grep -q "^id: $id\$" "$flatpak" || fail "the Flatpak manifest's id is not $id"
  grep -q '^command: rollerball$' "$flatpak" || fail "the Flatpak manifest does not run rollerball"
  grep -q "^runtime-version: '24.08'\$" "$flatpak" || fail "the Flatpak runtime is not 24.08"
  perms=$(sed -n 's/^  - \(--[a-z-]*=.*\)$/\1/p' "$flatpak" | sort | tr '\n' ' ')
  [ "$perms" = "--device=dri --share=ipc --socket=fallback-x11 --socket=wayland " ] ||
    fail "the Flatpak asks for '$perms'"
fi

# The newest release comes first in NEWS (which the build turns into the
# metainfo's releases, checked by metainfo_releases_follow_news) and in the
# Debian changelog, with the same date; the manual pages name it too.
news=$src/NEWS
newest=$(sed -n 's/^Version \([^ ]*\) (\([^)]*\))$/\1 \2/p' "$news" | head -n 1)
[ "${newest% *}" = "$version" ] || fail "NEWS's newest version is '${newest% *}', the project is $version"
date=${newest#* }
grep -q '<releases/>' "$metainfo" ||
  fail "the metainfo's releases are written by the build from NEWS: the committed file holds only <releases/>"
top=$(sed -n '1s/^rollerball (\([^)]*\)).*/\1/p' "$changelog")
[ "$top" = "$version" ] || fail "debian/changelog's newest entry is '$top', the project is $version"
stamp=$(sed -n 's/^ -- .*>  \(.*\)$/\1/p' "$changelog" | head -n 1)
[ "$(date -u -d "$stamp" +%F 2>/dev/null)" = "$date" ] ||
  fail "debian/changelog's newest entry is dated '$stamp', NEWS says $version is of $date"
for page in "$src"/packaging/man/*.6; do
  grep -q "^\.TH [^ ]* 6 $date \"Rollerball $version\" " "$page" ||
    fail "$(basename "$page"): its .TH line does not name Rollerball $version of $date"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "id $id and version $version agree in the desktop file, the metainfo, the Flatpak manifest, NEWS, the changelog and the manual pages"
