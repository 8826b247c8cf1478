# Sourced by the package checks (the game's and the server's): what every
# .deb of the project must be, whatever it holds. lintian finds no errors in
# it, it holds exactly what an install of its component puts under /usr, and
# every library a packaged program links comes from a package in its
# Depends. Kept in one place so both packages are held to the same rules.
# deb_check_start begins a check; the others need $deb (the package).

# deb_check_start SANITIZED NAME: a sanitized build is skipped (exit 77), as
# its binaries are never packaged; otherwise makes $work, a scratch folder
# named for NAME and removed at the end, and starts the count of failures
# that fail adds to.
deb_check_start() {
  if [ "$1" = 1 ]; then
    echo "SKIP: packages are made from the plain build; a sanitized binary is never packaged (it would need libasan)"
    exit 77
  fi
  work=$(mktemp -d "${TMPDIR:-/tmp}/$2.XXXXXX") || exit 1
  trap 'rm -rf "$work"' EXIT
  failures=0
}

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# deb_lintian: errors fail, warnings and notes are shown for the record.
deb_lintian() {
  lintian --tag-display-limit 0 --display-info "$deb" > "$work/lintian.log" 2>&1
  sed 's/^/lintian: /' "$work/lintian.log"
  grep -q '^E: ' "$work/lintian.log" && fail "lintian reports errors"
}

# deb_holds_install BUILD_DIR COMPONENT [SED]: the .deb's files (not folders)
# are those `cmake --install` of COMPONENT puts under /usr, with SED applied
# to the installed names where the package moves them. Leaves the install
# in $work/root, the .deb's listing in $work/contents.txt and its files in
# $work/packaged.txt for the caller's own checks.
deb_holds_install() {
  DESTDIR=$work/root cmake --install "$1" --prefix /usr --component "$2" > "$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "cmake --install of the $2 component failed"; }
  (cd "$work/root" && find . ! -type d | sed "s|^\.||; ${3:-}" | sort) > "$work/installed.txt"
  dpkg-deb -c "$deb" > "$work/contents.txt" || fail "dpkg-deb cannot list $deb"
  awk '$1 !~ /^d/ { print $6 }' "$work/contents.txt" | sed 's|^\.||' | sort > "$work/packaged.txt"
  if ! diff -u "$work/installed.txt" "$work/packaged.txt" > "$work/files.diff"; then
    cat "$work/files.diff"
    fail "the .deb's files differ from the $2 component's install (- install only, + .deb only)"
  fi
}

# deb_links_from_depends PROGRAM DEPENDS: every library PROGRAM links
# directly comes from a package DEPENDS names, so installing the .deb
# brings everything the program loads.
deb_links_from_depends() {
  deps=" $(echo "$2" | sed 's/([^)]*)//g; s/[,|]/ /g' | tr -s ' ') "
  for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
    path=$(ldd "$1" | awk -v l="$lib" '$1 == l { print $3 }')
    owner=""
    for candidate in "$path" "/usr$path" "${path#/usr}"; do
      owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | sed 's/[:,].*//') && [ -n "$owner" ] && break
    done
    if [ -z "$owner" ]; then
      fail "$(basename "$1") needs $lib, which no installed package provides"
    else
      case "$deps" in *" $owner "*) ;; *) fail "$(basename "$1") needs $lib from $owner, missing from Depends" ;; esac
    fi
  done
}
