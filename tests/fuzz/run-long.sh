#!/bin/sh
# run-long.sh TARGET [SECONDS] [BUILD_DIR] - a long fuzzing run of one
# target (position, move_text, pgn, protocol, lessons, net or server), or of each in turn (all),
# default 600 seconds per target, in BUILD_DIR (default build-fuzz next to
# the source tree). The corpus it grows is kept in BUILD_DIR/corpus/TARGET,
# so runs build on each other; crashing inputs are written to
# BUILD_DIR/artifacts/ (copy each into regressions/TARGET/ once fixed, and
# the suite replays it for good). Uses one core; run it under nice.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: run-long.sh TARGET|all [SECONDS] [BUILD_DIR]}
seconds=${2:-600}
build=${3:-$here/../../build-fuzz}
case $target in
    position|move_text|pgn|protocol|lessons|net|server|all) ;;
    *) echo "unknown target '$target' (position, move_text, pgn, protocol, lessons, net, server, all)" >&2; exit 2 ;;
esac
mkdir -p "$build"
build=$(cd "$build" && pwd)
"$here/build.sh" "$build"
mkdir -p "$build/artifacts"

run() {
    mkdir -p "$build/corpus/$1"
    "$build/fuzz_$1" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$1-" \
        -dict="$here/dict/$1.dict" "$build/corpus/$1" "$here/corpus/$1"
}

if [ "$target" != all ]; then
    run "$target"
    exit
fi
status=0
for t in position move_text pgn protocol lessons net server; do
    echo "== fuzz_$t: $seconds s"
    if run "$t" >"$build/fuzz_$t.log" 2>&1; then
        grep -E '^stat::number_of_executed_units' "$build/fuzz_$t.log" || true
    else
        echo "fuzz_$t FAILED; the input is in $build/artifacts/; log: $build/fuzz_$t.log"
        status=1
    fi
done
exit $status
