#!/usr/bin/env bash
# Every test: build, then ctest runs the GoogleTest suites, pytest and each target program on
# kasane-sim and qemu-mipsel. The out-of-order core's whole set (label o3-full) is left out: CI
# runs its sample (o3-sample); `ctest --test-dir build -L o3` runs both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
# The labels o3-full (every suite on the out-of-order core, tests/o3.cmake), ctx-full (every
# suite again in context mode, tests/context_mode.cmake) and figures-long (the docs' figures from
# experiments of an hour or more) run only when asked for: `bash scripts/test.sh -L o3-full`.
skip=(-LE 'o3-full|ctx-full|figures-long')
for a in "$@"; do case $a in -L | -LE | --label-regex | --label-exclude) skip=() ;; esac; done
build=${KASANE_BUILD:-build}
# On a failure the end of each failed test's output is printed again after ctest's summary, so a
# log that keeps only its tail still says why.
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${skip[@]}" "$@" || {
    status=$?
    python3 scripts/failed_tests.py "$build" 80
    exit $status
}
