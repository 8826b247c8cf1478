#!/bin/sh
# Two engines play through rollerball-server with rollerball-netplay, one
# registered and seeking, one a guest taking the seek, over TLS; with "kill" the
# server is killed with SIGKILL in the middle of the game and started
# again, and the game must go on where it was. Both sides must print the
# same result and exit 0, and --export-pgn must give the finished game
# with the players' names and every move both records have.
#   server_engines.sh SERVER NETPLAY ENGINE WORKDIR [kill]
set -u
server=$1 netplay=$2 engine=$3 work=$4 mode=${5:-}
dir=$(mktemp -d "$work/server-engines.XXXXXX")
port=$((20000 + $$ % 20000))
fail() { echo "FAIL: $*"; for f in "$dir"/*.log "$dir"/*.out "$dir"/*.err; do echo "== $f"; tail -n 15 "$f"; done; kill $spid $apid $bpid 2>/dev/null; exit 1; }

"$server" --init "$dir/srv" >/dev/null || fail "--init"
[ -s "$dir/srv/cert.pem" ] || fail "--init made no certificate"
# on the loopback only; with "kill" in the development mode, without TLS,
# else with TLS and the clients pinning the self-made key on first contact
printf 'bind = 127.0.0.1\n' >>"$dir/srv/server.conf"
tls="--trust-first"
if [ "$mode" = kill ]; then
    printf 'plain = yes\n' >>"$dir/srv/server.conf"
    tls="--plain"
fi
export HOME="$dir" XDG_DATA_HOME="$dir/data" # the known-servers file
"$server" --dir "$dir/srv" --port $port 2>"$dir/server1.log" & spid=$!
sleep 0.3
movetime=20
[ "$mode" = kill ] && movetime=100 # long enough a game to be killed in its middle
"$netplay" --server 127.0.0.1:$port $tls --name alice --password secret-1 --register --seek 2+1 \
    --engine "$engine" --movetime $movetime --pgn "$dir/a.pgn" >"$dir/a.out" 2>"$dir/a.err" & apid=$!
sleep 0.3
"$netplay" --server 127.0.0.1:$port $tls --accept-seek --engine "$engine" --movetime $movetime \
    --pgn "$dir/b.pgn" >"$dir/b.out" 2>"$dir/b.err" & bpid=$!

if [ "$mode" = kill ]; then
    sleep 2
    kill -9 $spid
    wait $spid 2>/dev/null
    sleep 0.5
    "$server" --dir "$dir/srv" --port $port 2>"$dir/server2.log" & spid=$!
fi
wait $apid || fail "the seeker exited $?"
wait $bpid || fail "the taker exited $?"
kill -TERM $spid; wait $spid || fail "the server did not stop cleanly"

ra=$(grep '^result ' "$dir/a.out") || fail "no result from the seeker"
rb=$(grep '^result ' "$dir/b.out") || fail "no result from the taker"
[ "$ra" = "$rb" ] || fail "the results differ: '$ra' and '$rb'"
if [ "$mode" = kill ]; then
    grep -q '1 game(s) resumed' "$dir/server2.log" || fail "the restarted server resumed no game"
else
    grep -q 'with TLS' "$dir/server1.log" || fail "the server did not speak TLS"
    [ -n "$(find "$dir" -name known-servers -size +0)" ] || fail "no client pinned the server's key"
fi
"$server" --dir "$dir/srv" --export-pgn >"$dir/export.pgn" 2>"$dir/export.err" || fail "--export-pgn"
grep -q '^\[White "alice"\]\|^\[Black "alice"\]' "$dir/export.pgn" || fail "the export names no alice"
grep -q '^\[Event "Casual game"\]' "$dir/export.pgn" || fail "the export is not the casual game"
res=$(echo "$ra" | sed 's/^result \([^ ]*\).*/\1/')
grep -q "^\[Result \"$res\"\]" "$dir/export.pgn" || fail "the export's result is not $res"
# the export has the same moves as the players' records (tags and clocks left out)
moves() { sed '/^\[/d' "$1" | tr '\n' ' ' | sed 's/{[^}]*}//g' | tr -s ' ' | sed 's/^ //; s/ $//'; }
[ "$(moves "$dir/a.pgn")" = "$(moves "$dir/export.pgn")" ] || fail "the export's moves differ from the seeker's record"
[ "$(moves "$dir/b.pgn")" = "$(moves "$dir/export.pgn")" ] || fail "the export's moves differ from the taker's record"
echo "ok: $ra"
rm -rf "$dir"
