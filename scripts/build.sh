#!/usr/bin/env bash
# Configure (once) and build everything: kasane-sim, the tests and the cross-compiled target tree.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${KASANE_BUILD:-build}
[ -f "$BUILD/build.ninja" ] || cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# The target tree takes its flags from the toolchain file only when it is first configured (they
# become cache entries), so a changed toolchain file means configuring it afresh.
TOOLCHAIN=cmake/mipsel-linux-gnu.cmake
if [ -f "$BUILD/target/CMakeCache.txt" ] && [ "$TOOLCHAIN" -nt "$BUILD/target/CMakeCache.txt" ]; then
  echo "build: $TOOLCHAIN changed; configuring the target tree again"
  rm -rf "$BUILD/target/CMakeCache.txt" "$BUILD/target/CMakeFiles" \
         "$BUILD"/target-prefix/src/target-stamp/target-configure
fi
cmake --build "$BUILD" -j"$(nproc)"
