#!/bin/sh
# The rollerball-server package, built from the configured tree into a
# scratch folder: lintian finds no errors; it holds exactly what an install
# of the server component puts under /usr (the program in /usr/bin, the
# systemd unit, its copyright, changelog and manual page) and nothing of the
# game; its maintainer scripts make the system user and tell systemd; the
# unit passes systemd-analyze (where systemd is); and its Depends were
# computed from the program and name no SDL.
# usage: check_server_package.sh BUILD_DIR HAVE_SERVER(0|1) VERSION SANITIZED(0|1)
# Exits 77 (skipped) when the server is not built, and in a sanitizer build.
set -u
build=$1 have_server=$2 version=$3 sanitized=$4
. "$(dirname "$0")/deb_checks.sh"
deb_check_start "$sanitized" rb-server-package
if [ "$have_server" != 1 ]; then
  echo "SKIP: rollerball-server is not part of this build, so it has no package"
  exit 77
fi

if ! cpack --config "$build/CPackServerConfig.cmake" -B "$work/out" > "$work/cpack.log" 2>&1; then
  cat "$work/cpack.log"
  echo "FAIL: cpack failed"
  exit 1
fi
deb=$(ls "$work"/out/*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { ls "$work/out"; echo "FAIL: cpack made no .deb"; exit 1; }
echo "made $(basename "$deb")"

deb_lintian

field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = rollerball-server ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
depends=$(field Depends)
echo "Depends: $depends"
echo "$depends" | grep -q 'libc6' || fail "Depends was not computed (no libc6): '$depends'"
echo "$depends" | grep -q 'adduser' || fail "Depends lacks adduser, which the postinst uses"
echo "$depends" | grep -qi 'sdl' && fail "the server's package depends on SDL: '$depends'"

# The maintainer scripts are in the package, executable.
dpkg-deb -I "$deb" > "$work/info.txt" || fail "dpkg-deb cannot read $deb"
for script in postinst prerm postrm; do
  grep -Eq "^ +[0-9]+ bytes, +[0-9]+ lines +\* +$script " "$work/info.txt" || fail "no executable $script"
done
dpkg-deb -e "$deb" "$work/control" || fail "cannot unpack the control of $deb"
grep -q 'adduser --system' "$work/control/postinst" || fail "the postinst makes no system user"

# Exactly the server component's install under /usr.
deb_holds_install "$build" server
for f in /usr/bin/rollerball-server /usr/lib/systemd/system/rollerball-server.service \
         /usr/share/doc/rollerball-server/copyright /usr/share/doc/rollerball-server/changelog.gz \
         /usr/share/man/man6/rollerball-server.6.gz; do
  grep -qx "$f" "$work/packaged.txt" || fail "no $f"
done
grep -E '^/usr/(games|share/rollerball)/' "$work/packaged.txt" && fail "the game's files are in the server's package"
badowner=$(awk '$2 != "root/root" { print $6 }' "$work/contents.txt")
[ -z "$badowner" ] || fail "not owned by root: $badowner"

# The packaged program links no SDL, and every library it links comes from
# a package in Depends.
dpkg-deb -x "$deb" "$work/debroot" || fail "cannot unpack $deb"
program=$work/debroot/usr/bin/rollerball-server
for lib in $(readelf -d "$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
  case "$lib" in *SDL*) fail "rollerball-server links $lib" ;; esac
done
deb_links_from_depends "$program" "$depends"

# The unit, as systemd reads it, with the program where the package puts it.
unit=$work/debroot/usr/lib/systemd/system/rollerball-server.service
grep -qx 'ExecStart=/usr/bin/rollerball-server .*' "$unit" || fail "the unit does not start /usr/bin/rollerball-server"
for option in NoNewPrivileges=yes ProtectSystem=strict ProtectHome=yes PrivateTmp=yes \
              User=rollerball-server StateDirectory=rollerball-server; do
  grep -qx "$option" "$unit" || fail "the unit lacks $option"
done
if command -v systemd-analyze >/dev/null; then
  # systemd-analyze checks that ExecStart's program exists: give it the
  # packaged one through a copy of the unit that names it.
  sed "s|^ExecStart=/usr/bin/rollerball-server|ExecStart=$program|" "$unit" > "$work/rollerball-server.service"
  systemd-analyze verify "$work/rollerball-server.service" > "$work/verify.log" 2>&1
  sed 's/^/systemd-analyze: /' "$work/verify.log"
  grep -v -e 'man ' -e 'Documentation' "$work/verify.log" | grep -q . && fail "systemd-analyze verify finds fault with the unit"
fi

[ "$failures" -eq 0 ] || { echo "$failures server package check(s) failed"; exit 1; }
echo "$(basename "$deb") is complete; lintian: no errors; Depends: $depends"
