#!/bin/sh
# netplay_restart.sh NETPLAY ENGINE WORKDIR - the host's rollerball-netplay
# is killed in the middle of a game and started again with --resume; the
# joiner, which kept trying to reconnect, and the new host finish the game
# with the same record and the same result line.
set -u
netplay=$1
engine=$2
work=$3/restart
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*"; for f in "$work"/*.err; do echo "== $f"; cat "$f"; done; exit 1; }

"$netplay" --host --port 0 --address 127.0.0.1 --engine "$engine" --movetime 100 \
    --save "$work/host.save" --pgn "$work/host.pgn" >"$work/h1.out" 2>"$work/h1.err" &
host=$!
i=0
while [ ! -s "$work/h1.out" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
code=$(sed -n 's/^invite //p' "$work/h1.out")
[ -n "$code" ] || fail "no invite line"
port=$(echo "$code" | cut -d: -f3)
( "$netplay" --join "$code" --engine "$engine" --movetime 100 --pgn "$work/join.pgn" \
    >"$work/j.out" 2>"$work/j.err"; echo $? >"$work/j.rc" ) &
# stop the host once its saved record holds a few moves
i=0
while ! grep -q '^pgn .*3\.%20' "$work/host.save" 2>/dev/null && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
done
[ -f "$work/j.rc" ] && fail "the game ended before the host could be stopped"
kill -9 $host
wait $host 2>/dev/null
grep -q '^pgn ' "$work/host.save" || fail "the host saved no record"
"$netplay" --host --port "$port" --resume "$work/host.save" --engine "$engine" --movetime 100 \
    --pgn "$work/host.pgn" >"$work/h2.out" 2>"$work/h2.err"
rc=$?
[ $rc = 0 ] || fail "the resumed host exited $rc"
i=0
while [ ! -f "$work/j.rc" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
[ "$(cat "$work/j.rc" 2>/dev/null)" = 0 ] || fail "the joiner exited $(cat "$work/j.rc" 2>/dev/null)"
grep -q '^result ' "$work/j.out" || fail "the joiner printed no result"
[ "$(grep '^result ' "$work/h2.out")" = "$(cat "$work/j.out")" ] || fail "the results differ"
cmp -s "$work/host.pgn" "$work/join.pgn" || fail "the records differ"
echo "resumed after the host's restart: $(cat "$work/j.out")"
