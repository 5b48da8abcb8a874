#!/usr/bin/env bash
# Configure (once) and build everything: kasane-sim, the tests and the cross-compiled target tree.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${KASANE_BUILD:-build}
[ -f "$BUILD/build.ninja" ] || cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
