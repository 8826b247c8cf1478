#!/bin/sh
# Every fixed-size icon the build renders for the hicolor theme exists, has
# exactly its folder's size and shows a picture, not a blank square; and the
# checker itself tells a blank picture from a real one.
# usage: check_icons.sh ICON_DIR APP_ID RB_PNGTOOL SIZE...
set -u
icons=$1 id=$2 pngtool=$3
shift 3
sizes=$*
failures=0

for size in $sizes; do
  png=$icons/${size}x${size}/apps/$id.png
  if [ ! -f "$png" ]; then
    echo "FAIL: $png was not rendered"
    failures=$((failures + 1))
  elif ! "$pngtool" check "$png" "${size}x${size}"; then
    echo "FAIL: $png"
    failures=$((failures + 1))
  fi
done

# A one-colour picture must be refused, or the checks above prove nothing.
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-icons.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' \
  '<rect width="64" height="64" fill="#24405f"/></svg>' > "$work/blank.svg"
"$pngtool" render "$work/blank.svg" 64 "$work/blank.png" || { echo "FAIL: cannot render a test picture"; exit 1; }
if "$pngtool" check "$work/blank.png" 64x64 2>/dev/null; then
  echo "FAIL: a blank picture passed the check"
  failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || { echo "$failures icon check(s) failed"; exit 1; }
echo "all icon sizes ($sizes) rendered and non-blank"
