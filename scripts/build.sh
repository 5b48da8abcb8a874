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

# Profile-guided optimisation of kasane-sim: trained once per build folder (scripts/pgo.sh) on
# the target programs just built, then kasane-sim is compiled again with the profile. Nothing
# simulated changes, only host speed. KASANE_PGO=off builds without it; KASANE_PGO=retrain trains
# again (after changes to sim/: a function edited since is compiled without its profile).
PGO=${KASANE_PGO:-on}
case $PGO in
  off) want= ;;
  on | retrain)
    if [ "$PGO" = retrain ] || [ ! -s "$BUILD/pgo/id" ]; then bash scripts/pgo.sh "$BUILD"; fi
    want=$(cat "$BUILD/pgo/id") ;;
  *) echo "build: KASANE_PGO is '$PGO': on, off or retrain" >&2; exit 2 ;;
esac
have=$(sed -n 's/^KASANE_PGO_ID:STRING=//p' "$BUILD/CMakeCache.txt")
if [ "$want" != "$have" ]; then
  if [ -n "$want" ]; then
    cmake -S . -B "$BUILD" -DKASANE_PGO=use -DKASANE_PGO_DIR="$(realpath "$BUILD")/pgo/profile" \
      -DKASANE_PGO_ID="$want" >/dev/null
  else
    cmake -S . -B "$BUILD" -DKASANE_PGO= -DKASANE_PGO_ID= >/dev/null
  fi
  cmake --build "$BUILD" -j"$(nproc)"
fi
