#!/usr/bin/env bash
# Every test: build, then ctest runs the GoogleTest suites, pytest and each target program on
# kasane-sim and qemu-mipsel. The out-of-order core's whole set (label o3-full) is left out: CI
# runs its sample (o3-sample); `ctest --test-dir build -L o3` runs both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir "${KASANE_BUILD:-build}" --output-on-failure -j"$(nproc)" -LE o3-full "$@"
