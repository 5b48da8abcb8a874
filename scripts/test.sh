#!/usr/bin/env bash
# Every test: build, then ctest runs the GoogleTest suites, pytest and each target program on
# kasane-sim and qemu-mipsel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir "${KASANE_BUILD:-build}" --output-on-failure -j"$(nproc)" "$@"
