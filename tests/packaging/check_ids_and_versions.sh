#!/bin/sh
# One application id and one version everywhere a desktop or a package
# manager reads them: a desktop file whose Icon or window class differs from
# the id shows a blank icon in the dock, and a release without notes in the
# metainfo or the Debian changelog is a release nobody can read about.
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

# The newest release comes first in both files.
newest=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$metainfo" | head -n 1)
[ "$newest" = "$version" ] || fail "metainfo's newest release is '$newest', the project is $version"
awk -v v="$version" '/<release version="/ { inside = index($0, "\"" v "\"") > 0 }
  inside && /<description>/ { found = 1 } END { exit !found }' "$metainfo" ||
  fail "metainfo release $version has no release notes"
top=$(sed -n '1s/^rollerball (\([^)]*\)).*/\1/p' "$changelog")
[ "$top" = "$version" ] || fail "debian/changelog's newest entry is '$top', the project is $version"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "id $id and version $version agree in the desktop file, the metainfo, the Flatpak manifest and the changelog"
