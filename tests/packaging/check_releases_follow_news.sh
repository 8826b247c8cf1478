#!/bin/sh
# The metainfo the build installs says of each release exactly what NEWS
# says, and the newest release is the project's version. NEWS is read here
# by a reader of its own, not the build's script, so a mistake in one of
# the two shows as a difference: both files are turned into the same plain
# lines ("V version date", "P paragraph", "I change") and compared.
#   check_releases_follow_news.sh NEWS BUILT_METAINFO VERSION
set -u
news=$1 metainfo=$2 version=$3
work=${TMPDIR:-/tmp}/rb-releases.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$news" ] || fail "there is no $news"
[ -f "$metainfo" ] || fail "the build wrote no $metainfo"
appstreamcli validate --no-net --explain "$metainfo" || fail "$metainfo does not validate"

# NEWS: after the introduction, a version line, an optional paragraph, and
# changes that start with "- " and go on over lines indented by two spaces.
awk '
  function flush() { if (text != "") print kind " " text; text = "" }
  { sub(/[ \t\r]+$/, "") }
  /^Version / {
    flush(); started = 1
    if (match($0, /^Version [0-9]+\.[0-9]+\.[0-9]+ \([0-9-]+\)$/) == 0) { print "BAD " $0; next }
    v = $2; d = $3; gsub(/[()]/, "", d); print "V " v " " d; next
  }
  !started { next }
  /^$/ { flush(); next }
  /^- / { flush(); kind = "I"; text = substr($0, 3); next }
  /^  +/ { t = $0; sub(/^ +/, "", t); text = text " " t; next }
  { if (text == "") kind = "P"; text = (text == "") ? $0 : text " " $0 }
  END { flush() }
' "$news" > "$work/news" || exit 1
grep -q '^BAD ' "$work/news" && fail "NEWS has a malformed version line: $(grep '^BAD ' "$work/news")"

# The metainfo: only what is inside <releases>, untranslated elements only.
awk '
  function plain(s) { gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&amp;/, "\\&", s); return s }
  /<releases>/ { inside = 1 }
  /<\/releases>/ { inside = 0 }
  !inside { next }
  match($0, /<release version="[^"]*" date="[^"]*"/) {
    s = substr($0, RSTART, RLENGTH); split(s, f, "\""); print "V " f[2] " " f[4]; next
  }
  match($0, /<p>.*<\/p>/) { print "P " plain(substr($0, RSTART + 3, RLENGTH - 7)); next }
  match($0, /<li>.*<\/li>/) { print "I " plain(substr($0, RSTART + 4, RLENGTH - 9)); next }
' "$metainfo" > "$work/metainfo" || exit 1

[ -s "$work/news" ] || fail "NEWS names no release"
if ! diff -u "$work/news" "$work/metainfo"; then
  fail "the releases of $metainfo differ from NEWS (above: - NEWS, + the metainfo)"
fi
newest=$(sed -n '1s/^V \([^ ]*\) .*/\1/p' "$work/news")
[ "$newest" = "$version" ] || fail "the newest release in NEWS is $newest, the project is $version"
echo "ok: $(grep -c '^V ' "$work/news") releases, as NEWS says; the newest is $version"
