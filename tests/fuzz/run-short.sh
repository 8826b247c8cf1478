#!/bin/sh
# run-short.sh BUILD_DIR - the fuzz test of the suite: builds the fuzz
# targets with clang in BUILD_DIR and runs each for a few seconds from its
# seed corpus. Exits 77 (skipped) when clang is missing or when the suite
# runs under the sanitizers (the fuzz build has them already).
#
# RB_FUZZ_SECONDS sets the time per target (default 3: with the build,
# about half a minute in all; the long runs are run-long.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1
seconds=${RB_FUZZ_SECONDS:-3}

if [ "${RB_SANITIZED:-0}" = 1 ]; then
    echo "skipped: the sanitizer build does not run the fuzzers a second time"
    exit 77
fi
if ! command -v clang >/dev/null 2>&1; then
    echo "skipped: clang is not installed"
    exit 77
fi

"$here/build.sh" "$build"

status=0
for target in position move_text pgn protocol lessons net server; do
    work=$build/corpus/$target
    mkdir -p "$work" "$build/artifacts"
    echo "== fuzz_$target: $seconds s"
    # New inputs go to the work folder; the seeds in the source tree are
    # only read.
    if ! "$build/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
            -dict="$here/dict/$target.dict" "$work" "$here/corpus/$target" \
            >"$build/fuzz_$target.log" 2>&1; then
        echo "fuzz_$target FAILED; the input is in $build/artifacts/; log:"
        tail -n 60 "$build/fuzz_$target.log"
        status=1
    else
        grep -E '^stat::number_of_executed_units|^Done' "$build/fuzz_$target.log" || true
    fi
done
exit $status
