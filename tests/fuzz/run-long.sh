#!/bin/sh
# run-long.sh TARGET [SECONDS] [BUILD_DIR] - a long fuzzing run of one
# target (position, move_text, pgn or protocol), default 600 seconds, in
# BUILD_DIR (default build-fuzz next to the source tree). The corpus it
# grows is kept in BUILD_DIR/corpus/TARGET, so runs build on each other;
# crashing inputs are written to BUILD_DIR/artifacts/. Uses one core.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: run-long.sh TARGET [SECONDS] [BUILD_DIR]}
seconds=${2:-600}
build=${3:-$here/../../build-fuzz}
case $target in
    position|move_text|pgn|protocol) ;;
    *) echo "unknown target '$target' (position, move_text, pgn, protocol)" >&2; exit 2 ;;
esac
mkdir -p "$build"
build=$(cd "$build" && pwd)
"$here/build.sh" "$build"
mkdir -p "$build/corpus/$target" "$build/artifacts"
exec "$build/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
    -dict="$here/dict/$target.dict" "$build/corpus/$target" "$here/corpus/$target"
