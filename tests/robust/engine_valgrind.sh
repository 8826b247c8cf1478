#!/bin/sh
# engine_valgrind.sh ENGINE - a scripted rollerball-engine session under
# valgrind's memcheck: positions, searches by depth and by nodes, a search
# stopped from outside, the board display, perft, a small bench, options
# changed mid-session, errors, quit. Passes only when valgrind reports no
# error and no leak of any kind. Exits 77 (skipped) without valgrind, and
# under the sanitizer build (the two tools cannot share a program).
set -u
engine=$1
if [ "${RB_SANITIZED:-0}" = 1 ]; then
    echo "skipped: the sanitizer build checks memory its own way"
    exit 77
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "skipped: valgrind is not installed"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
    printf 'uci\n'
    printf 'setoption name Hash value 2\n'
    printf 'isready\n'
    printf 'position startpos moves c2b3 e6f5\n'
    printf 'go depth 4\n'
    sleep 0.5
    printf 'position fen 7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1\n'
    printf 'go nodes 3000\n'
    sleep 0.5
    printf 'd\n'
    printf 'go perft 3\n'
    printf 'go infinite\n'
    sleep 1
    printf 'stop\n'
    printf 'position startpos moves c2b3 c2b3\n'
    printf 'setoption name Hash value 3\n'
    printf 'ucinewgame\n'
    printf 'bench 3\n'
    printf 'go depth 3\n'
    printf 'isready\n'
    printf 'quit\n'
} | timeout 240 valgrind --quiet --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
        --error-exitcode=99 --log-file="$work/valgrind.log" "$engine" >"$work/out"
status=$?

fail() {
    echo "FAIL: $1"
    echo "---- valgrind ----"
    cat "$work/valgrind.log"
    echo "---- engine output ----"
    tail -n 40 "$work/out"
    exit 1
}
[ "$status" -eq 0 ] || fail "exit status $status (99: valgrind found errors or leaks)"
[ -s "$work/valgrind.log" ] && fail "valgrind reported something"
[ "$(grep -c '^readyok$' "$work/out")" -eq 2 ] || fail "expected two readyok"
[ "$(grep -c '^bestmove ' "$work/out")" -eq 4 ] || fail "expected four bestmove lines"
grep -q '^Nodes searched: ' "$work/out" || fail "no perft or bench total"
grep -q '^info string bench depth 3$' "$work/out" || fail "no bench"
grep -q "^info string error: position: move 2" "$work/out" || fail "the bad move was not reported"
echo "ok: valgrind memcheck found no error and no leak"
