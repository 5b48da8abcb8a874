#!/usr/bin/env bash
# Every test: build, then ctest runs the GoogleTest suites, pytest and each target program on
# kasane-sim and qemu-mipsel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
# The label ctx-full (every suite again in context mode, tests/context_mode.cmake) runs only when
# asked for: `bash scripts/test.sh -L ctx-full`.
skip=(-LE ctx-full)
for a in "$@"; do case $a in -L | -LE | --label-regex | --label-exclude) skip=() ;; esac; done
ctest --test-dir "${KASANE_BUILD:-build}" --output-on-failure -j"$(nproc)" "${skip[@]}" "$@"
