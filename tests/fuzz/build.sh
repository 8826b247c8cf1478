#!/bin/sh
# build.sh BUILD_DIR - configures and builds the fuzz targets with clang
# (tests/fuzz/CMakeLists.txt as a project of its own) in BUILD_DIR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$1
mkdir -p "$build"
if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$here" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE= >"$build/configure.log" 2>&1 ||
        { cat "$build/configure.log"; exit 1; }
fi
cmake --build "$build" -j2 >"$build/build.log" 2>&1 || { tail -n 60 "$build/build.log"; exit 1; }
