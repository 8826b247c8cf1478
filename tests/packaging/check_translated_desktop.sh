#!/bin/sh
# The desktop file and metainfo the build writes (the English files with
# each catalogue's translations of their names and summaries added) are
# what gets installed: they must validate, and every language of
# po/LINGUAS (complete catalogues) must be in them.
#   check_translated_desktop.sh BUILD_PACKAGING_DIR SOURCE_DIR APP_ID
set -u
dir=$1 src=$2 id=$3
desktop=$dir/$id.desktop
metainfo=$dir/$id.metainfo.xml
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$desktop" ] || fail "the build wrote no $desktop"
[ -f "$metainfo" ] || fail "the build wrote no $metainfo"
desktop-file-validate "$desktop" || fail "the translated desktop file does not validate"
appstreamcli validate --no-net --explain "$metainfo" || fail "the translated metainfo does not validate"
for lang in $(sed 's/#.*//' "$src/po/LINGUAS"); do
  for key in Name Comment; do
    grep -q "^$key\[$lang\]=" "$desktop" || fail "the desktop file has no $key[$lang]"
  done
  for tag in name summary; do
    grep -q "<$tag xml:lang=\"$lang\">" "$metainfo" || fail "the metainfo has no <$tag xml:lang=\"$lang\">"
  done
done
echo "ok: $desktop and $metainfo"
