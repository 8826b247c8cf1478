#!/bin/sh
# Several games through rollerball-server at once, the server killed with
# SIGKILL while all of them are under way and started again: every game
# must be resumed, both sides of each must print the same result and exit
# 0, and each finished game in --export-pgn must have every move its
# seeker's record has (so no move a player was told of was lost, whatever
# other games moved in the same commit).
#   server_many_killed.sh SERVER NETPLAY ENGINE WORKDIR GAMES
set -u
server=$1 netplay=$2 engine=$3 work=$4 games=$5
dir=$(mktemp -d "$work/server-many.XXXXXX")
port=$((20000 + ($$ + 7919) % 20000))
pids=""
fail() { echo "FAIL: $*"; for f in "$dir"/*.log "$dir"/*.err; do echo "== $f"; tail -n 8 "$f"; done; kill $spid $pids 2>/dev/null; exit 1; }

"$server" --init "$dir/srv" >/dev/null || fail "--init"
# The cheapest password hashing: the hashes are not what is tested here,
# and at the interactive limits a few registrations queued on a busy
# machine can outlast the client's wait for an answer.
printf 'bind = 127.0.0.1\nplain = yes\npwhash_ops = 1\npwhash_mem_kib = 64\n' >>"$dir/srv/server.conf"
export HOME="$dir" XDG_DATA_HOME="$dir/data"
"$server" --dir "$dir/srv" --port $port 2>"$dir/server1.log" & spid=$!
sleep 0.3
# one seek at a time, so the i-th taker plays the i-th seeker
i=1
while [ $i -le "$games" ]; do
    "$netplay" --server 127.0.0.1:$port --plain --name "seeker$i" --password secret-1 --register --seek 2+1 \
        --engine "$engine" --movetime 120 --pgn "$dir/a$i.pgn" >"$dir/a$i.out" 2>"$dir/a$i.err" &
    pids="$pids $!"
    sleep 0.3
    "$netplay" --server 127.0.0.1:$port --plain --accept-seek --engine "$engine" --movetime 120 \
        --pgn "$dir/b$i.pgn" >"$dir/b$i.out" 2>"$dir/b$i.err" &
    pids="$pids $!"
    sleep 0.3
    i=$((i + 1))
done
sleep 1.5
kill -9 $spid
wait $spid 2>/dev/null
sleep 0.5
"$server" --dir "$dir/srv" --port $port 2>"$dir/server2.log" & spid=$!
for p in $pids; do
    wait $p || fail "a player exited $?"
done
kill -TERM $spid; wait $spid || fail "the server did not stop cleanly"
# A game may end before the kill on a fast run: every game still going at
# the kill must resume, and at least one must have been going.
ended=$(grep -c '^<6>game [0-9]*: .* (' "$dir/server1.log" || true)
going=$((games - ended))
[ "$going" -ge 1 ] || fail "every game ended before the server was killed"
grep -q "$going game(s) resumed" "$dir/server2.log" || fail "the restarted server did not resume $going games"
"$server" --dir "$dir/srv" --export-pgn >"$dir/export.pgn" 2>"$dir/export.err" || fail "--export-pgn"
moves() { sed '/^\[/d' | tr '\n' ' ' | sed 's/{[^}]*}//g' | tr -s ' ' | sed 's/^ //; s/ $//'; }
i=1
while [ $i -le "$games" ]; do
    ra=$(grep '^result ' "$dir/a$i.out") || fail "no result from seeker $i"
    rb=$(grep '^result ' "$dir/b$i.out") || fail "no result from taker $i"
    [ "$ra" = "$rb" ] || fail "game $i: the results differ: '$ra' and '$rb'"
    # the export's game of seeker i: its tag block, then its moves
    awk -v who="seeker$i" 'BEGIN { RS = "" } /^\[/ { take = index($0, "\"" who "\"") > 0; if (take) print; next }
        take { print; take = 0 }' "$dir/export.pgn" >"$dir/game$i.pgn"
    [ -s "$dir/game$i.pgn" ] || fail "the export has no game of seeker $i"
    [ "$(moves <"$dir/a$i.pgn")" = "$(moves <"$dir/game$i.pgn")" ] || fail "game $i: the export's moves differ from the seeker's record"
    i=$((i + 1))
done
echo "ok: $games games"
rm -rf "$dir"
