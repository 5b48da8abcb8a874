#!/usr/bin/env bash
# Build the libFuzzer targets of tests/fuzz/ (clang, ASan + UBSan) into build-fuzz/ and run each
# for SECONDS (default 60) on a copy of its seed corpus in tests/fuzz/corpus/, so the repository's
# corpus is not changed. A crash, leak, sanitizer report, timeout or out-of-memory is saved under
# build-fuzz/crashes/TARGET/; the script then says which target and where, and exits 1.
# Reproduce one with: build-fuzz/TARGET build-fuzz/crashes/TARGET/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
BUILD=${KASANE_FUZZ_BUILD:-build-fuzz}
TARGETS=(fuzz_decoder fuzz_iss_vs_pipeline fuzz_elf fuzz_config fuzz_gdb_packet)

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
CC=clang CXX=clang++ cmake -S tests/fuzz -B "$BUILD" "${generator[@]}" >/dev/null
cmake --build "$BUILD" -j"$(nproc)"

# One target: run it on a fresh copy of its corpus; on a finding, show the log's end and say
# where the reproducer is. Its exit status says whether it found something.
fuzz_one() {
  local t=$1 corpus="$BUILD/corpus/$1" crashes="$BUILD/crashes/$1" log="$BUILD/$1.log" status=0
  rm -rf "$corpus"
  mkdir -p "$corpus" "$crashes"
  cp tests/fuzz/corpus/"$t"/* "$corpus"/
  "$BUILD/$t" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 || status=$?
  grep -E '^stat::number_of_executed_units|^Done ' "$log" | sed "s/^/fuzz: $t: /" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    reproducer=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -n 1 |
      sed 's/Test unit written to //')
    echo "fuzz: $t FAILED (exit $status); reproducer: ${reproducer:-none written}; log: $log" >&2
  fi
  return "$status"
}

# The targets run side by side, one per host CPU (each fuzzer is single-threaded), so the
# whole run takes SECONDS x targets / CPUs rather than SECONDS x targets.
jobs=${KASANE_FUZZ_JOBS:-$(nproc)}
declare -A pid_of
for t in "${TARGETS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s"
  fuzz_one "$t" &
  pid_of[$t]=$!
done
failed=()
for t in "${TARGETS[@]}"; do
  wait "${pid_of[$t]}" || failed+=("$t")
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: failures in ${failed[*]} (inputs in $BUILD/crashes/)" >&2
  exit 1
fi
echo "fuzz: all ${#TARGETS[@]} targets ran ${SECONDS_PER_TARGET}s without a finding"
