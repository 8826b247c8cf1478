#!/bin/sh
# An engine that misbehaves on purpose, for testing the match tool's
# referee. It completes the handshake, then answers every "go" in the way
# its first argument names: illegal (a move no piece can make), garbage (a
# line that is no answer), overlong (a line longer than any answer), silent
# (no answer at all) or crash (exits).
mode="$1"
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Misbehaving"; echo "uciok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
        go*)
            case "$mode" in
                illegal) echo "bestmove a1g7" ;;
                garbage) echo "hello there" ;;
                overlong) head -c 70000 /dev/zero | tr '\0' x; echo ;;
                silent) ;;
                crash) exit 3 ;;
            esac ;;
    esac
done
