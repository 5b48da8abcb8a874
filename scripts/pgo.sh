#!/usr/bin/env bash
# Profile-guided optimisation of kasane-sim, step one: build an instrumented kasane-sim in
# BUILD/pgo-gen, run it on a training set of the programs built in BUILD/target, and leave the
# profile in BUILD/pgo/profile with its digest in BUILD/pgo/id. scripts/build.sh calls this once per
# build folder and then compiles kasane-sim again with the profile (sim/CMakeLists.txt).
#
# The training set is the kind of work kasane-sim does for its users, not the benchmark's programs
# (scripts/bench.py runs fib and the bare-metal image-reduce, neither of which is here): POSIX
# threads under the kernel with four busy contexts, thread-control instructions, work stealing,
# a four-core machine with its coherent L2, the ISS, and the out-of-order core (two threads on
# the X5560-like core, work stealing on four). The simulated runs are deterministic but
# their host side is not quite (host timers, the order of indirect calls), so each training gives a
# slightly different profile: the digest names it, it does not promise to repeat.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=$(realpath "${1:-build}")
GEN=$BUILD/pgo-gen
PROFILE=$BUILD/pgo/profile
rm -rf "$PROFILE" "$BUILD/pgo/id"
mkdir -p "$PROFILE"
[ -f "$GEN/build.ninja" ] || cmake -S . -B "$GEN" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DKASANE_PGO=generate -DKASANE_PGO_DIR="$PROFILE" >/dev/null
echo "pgo: building an instrumented kasane-sim in $GEN"
cmake --build "$GEN" --target kasane-sim -j"$(nproc)" >/dev/null

SIM=$GEN/sim/kasane-sim
T=$BUILD/target
K=$T/os/kernel.elf
M=configs/machines
train() {
  "$SIM" "$@" >/dev/null 2>&1 || { echo "pgo: training run failed: kasane-sim $*" >&2; exit 1; }
}
echo "pgo: training"
train --config $M/default.toml --set sim.model=pipeline $K $T/workloads/imagereduce/imagereduce.elf 4 512
train --config $M/muthasi.toml --set sim.model=pipeline $K $T/workloads/threadctl/threadctl-hw.elf 16
train --config $M/default.toml --set sim.model=pipeline $K $T/workloads/lazy/lazybench.elf \
  -p fair -b 65536 -w 4 fib 9
train --config $M/x5560-4core.toml --set sim.model=pipeline --set core.smp_start=true \
  $K $T/workloads/shadow/forkjoin-cores.elf mwait
train --config $M/default.toml --set sim.model=iss $K $T/workloads/imagereduce/imagereduce.elf 4 512
train --config $M/x5560-o3.toml $K $T/workloads/imagereduce/imagereduce.elf 2 512
train --config $M/default.toml --set sim.model=o3 $K $T/workloads/lazy/lazybench.elf \
  -p fair -b 65536 -w 4 fib 9
cat "$PROFILE"/*.gcda | sha256sum | cut -c1-16 > "$BUILD/pgo/id"
echo "pgo: profile $(cat "$BUILD/pgo/id") in $PROFILE"
