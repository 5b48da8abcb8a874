#!/usr/bin/env bash
# The host side under AddressSanitizer + UndefinedBehaviorSanitizer: configures build-asan/ with
# -DKASANE_SANITIZE=ON, builds kasane-sim, the unit tests and the target tree, and runs the
# GoogleTest unit tests and the target programs (on the ISS and on the pipeline) with ctest.
# Any sanitizer report fails: the process aborts at the first one, and every report is also
# written under build-asan/sanitizer-reports/, which must be empty at the end (this catches a
# report in a process whose exit status a test does not look at). Extra arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build-asan
REPORTS=$PWD/$BUILD/sanitizer-reports

# detect_stack_use_after_return=0: SystemC runs SC_THREADs on QuickThreads coroutine stacks that
# ASan does not know about; its fake-stack mode gives false positives there (it is also GCC's
# default; set here so a different default cannot turn it on). detect_leaks=1: kasane-sim and
# the unit tests must free what they allocate; SystemC's own objects live until exit.
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:detect_leaks=1:detect_stack_use_after_return=0:strict_string_checks=1:check_initialization_order=1:log_path=$REPORTS/asan"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:log_path=$REPORTS/ubsan"

start=$(date +%s)
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
# Debug keeps assert() on; -O1 instead of -O0 (as the ASan documentation advises) because at -O0
# the pipeline model is ~25x slower than the release build and its longest target test runs into
# run_tests.py's 60 s timeout.
cmake -S . -B "$BUILD" -G Ninja -DKASANE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DCMAKE_C_FLAGS_DEBUG="-O1 -g" >/dev/null
# The build runs kasane-sim too (it writes the target's platform header), under the same options.
cmake --build "$BUILD" -j"$(nproc)"

# Unit tests are named Suite.Name (Prefix/Suite.Name/Param when parameterised); target tests
# target/iss/NAME and target/pipeline/NAME.
# pytest-host (command-line checks) is left to scripts/test.sh.
status=0
ctest --test-dir "$BUILD" --output-on-failure -j"$(nproc)" \
  -R '^((target|os)/(iss|pipeline)/|([A-Za-z0-9_]+/)?[A-Za-z0-9_]+\.)' "$@" || status=$?

if compgen -G "$REPORTS/*" >/dev/null; then
  echo "test-sanitizers: sanitizer reports:" >&2
  for f in "$REPORTS"/*; do
    echo "== $f" >&2
    cat "$f" >&2
  done
  status=1
fi
echo "test-sanitizers: $(( $(date +%s) - start )) s" >&2
exit $status
