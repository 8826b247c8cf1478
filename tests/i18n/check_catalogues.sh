#!/bin/sh
# The translations are whole and the template is current.
#   check_catalogues.sh SOURCE_DIR WORK_DIR XGETTEXT MSGCAT MSGUNIQ AWK VERSION
#
# 1. The template: po/rollerball.pot written again from the sources and
#    lessons (po/pot.cmake, as the `pot` target does) has the same messages
#    as the committed one, and its header names the project's VERSION. A
#    text marked in the code but missing from the template, or one left in
#    the template after the code dropped it, fails.
# 2. Every catalogue po/LINGUAS lists: msgfmt --check finds no error (its
#    header, plural forms and every format string against its msgid), it
#    has every message of the template, and none is untranslated or fuzzy.
set -u
src=$1 work=$2 xgettext=$3 msgcat=$4 msguniq=$5 awk=$6 version=$7
fail=0
problem() { echo "FAIL: $*"; fail=1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
pot=$src/po/rollerball.pot

cmake -DSOURCE_DIR="$src" -DOUTPUT="$work/current.pot" -DWORK_DIR="$work/pot" -DPROJECT_VERSION="$version" \
      -DXGETTEXT="$xgettext" -DMSGCAT="$msgcat" -DMSGUNIQ="$msguniq" -DAWK="$awk" -P "$src/po/pot.cmake" || exit 1
# msgcmp DEF REF: every message of REF is in DEF. Both ways: the same set.
msgcmp --use-untranslated --use-fuzzy "$pot" "$work/current.pot" ||
  problem "po/rollerball.pot lacks texts of the sources (above): run cmake --build build --target pot"
msgcmp --use-untranslated --use-fuzzy "$work/current.pot" "$pot" ||
  problem "po/rollerball.pot holds texts the sources no longer have (above): run cmake --build build --target pot"

grep -q "^\"Project-Id-Version: Rollerball $version\\\\n\"\$" "$pot" ||
  problem "po/rollerball.pot's header does not name Rollerball $version: run cmake --build build --target pot"

langs=$(sed 's/#.*//' "$src/po/LINGUAS")
for lang in $langs; do
  po=$src/po/$lang.po
  [ -f "$po" ] || { problem "po/LINGUAS lists $lang, but po/$lang.po does not exist"; continue; }
  msgfmt --check --output-file=/dev/null "$po" || problem "po/$lang.po: msgfmt --check reports the errors above"
  msgcmp --use-untranslated --use-fuzzy "$po" "$pot" ||
    problem "po/$lang.po lacks messages of the template (above): run cmake --build build --target update-po"
  untranslated=$(msgattrib --untranslated --no-obsolete "$po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' || true)
  # msgattrib's output keeps the header entry when there is anything else.
  [ "$untranslated" -le 1 ] || problem "po/$lang.po has $((untranslated - 1)) untranslated messages"
  [ "$fuzzy" -le 1 ] || problem "po/$lang.po has $((fuzzy - 1)) fuzzy messages"
done
[ "$fail" = 0 ] && echo "ok: the template is current; complete catalogues: ${langs:-none}"
exit "$fail"
