#!/bin/sh
# A scripted session with the real rollerball-engine program through a pipe:
# the handshake, a position with an error in between, perft, a search, a
# line far longer than the engine accepts, and end of input ending the
# program. Usage: engine_session.sh path/to/rollerball-engine
set -u
engine="$1"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT

fail() {
    echo "FAIL: $1"
    echo "---- engine output ----"
    cat "$out"
    exit 1
}

{
    printf 'uci\n'
    printf 'isready\r\n'
    printf 'position startpos moves c2b3\n'
    printf 'position startpos moves c2b3 c2b3\n'
    printf 'd\n'
    printf 'go perft 2\n'
    # 300 000 bytes without a newline, then a normal line
    head -c 300000 /dev/zero | tr '\0' 'a'
    printf '\n'
    printf 'isready\n'
    printf 'go depth 3\n'
    sleep 1
    printf 'frobnicate\n'
} | timeout 30 "$engine" > "$out"
status=$?
[ "$status" -eq 0 ] || fail "exit status $status (end of input must end the engine cleanly)"

grep -q '^id name Rollerball ' "$out" || fail "no id name"
grep -q '^uciok$' "$out" || fail "no uciok"
[ "$(grep -c '^readyok$' "$out")" -eq 2 ] || fail "expected two readyok"
[ "$(grep -c '^info string error: position: move 2' "$out")" -eq 1 ] || fail "expected one error for move 2"
grep -q '^Fen: 2rbp2/2rkp2/2xxx2/2xxx2/1Pxxx2/3KR2/2PBR2 b - 0 1$' "$out" || fail "position not kept after the error"
grep -q '^Legal: c6b6 c7b7 e6f5 e6f6 e6f7 e7f6 e7f7$' "$out" || fail "wrong Legal line"
grep -q '^Nodes searched: 56$' "$out" || fail "wrong perft total"
grep -q '^info string error: line longer than' "$out" || fail "overlong line not reported"
grep -q '^info depth ' "$out" || fail "no info line from the search"
[ "$(grep -c '^bestmove ' "$out")" -eq 1 ] || fail "expected one bestmove"
grep -q "^info string error: unknown command 'frobnicate'$" "$out" || fail "unknown command not reported"

# End of input during an endless search ends the program at once.
start=$(date +%s)
printf 'go infinite\n' | timeout 10 "$engine" > "$out"
status=$?
[ "$status" -eq 0 ] || fail "exit status $status after end of input during a search"
[ $(( $(date +%s) - start )) -le 3 ] || fail "end of input did not stop the search promptly"
echo "ok"
