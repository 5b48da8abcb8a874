#!/usr/bin/env bash
# The pipeline view of E10's divider channel (docs/experiments.md): workloads/smtchan's sender and
# receiver (seed 1, 128 bits, 4,000-cycle slots) on two contexts of the default machine in
# context mode, traced for 1,000 cycles from the middle of slot SLOT, drawn by plot_kanata.py.
#   scripts/smtchan_pipeline.sh SLOT OUT.png     (BUILD: the build folder, default build/)
# Slot 300 sends a 1 (the receiver's divides wait for the sender's: unit busy), slot 305 a 0.
set -euo pipefail
[ $# -eq 2 ] && [[ $1 =~ ^[0-9]+$ ]] || { echo "usage: $0 SLOT OUT.png" >&2; exit 64; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
prog=$BUILD/target/workloads/smtchan/smtchan.elf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for role in send recv; do
  printf '[[process]]\nprogram = "%s"\nargs = ["%s", "div", "1", "128", "0"]\n' "$prog" "$role"
done > "$work/pair.toml"
from=$(($1 * 4000 + 2000))
"$BUILD/sim/kasane-sim" --config "$ROOT/configs/machines/default.toml" --set os.smt_sched=context \
  --pipeline-trace "$work/pair.kanata" --trace-window "$from:$((from + 1000))" \
  --workload "$work/pair.toml" "$BUILD/target/os/kernel.elf" >/dev/null 2>"$work/err" \
  || { cat "$work/err" >&2; exit 1; }
# From 10 cycles before the receiver's (context 1's) first divide in the window.
python3 "$ROOT/scripts/plot_kanata.py" "$work/pair.kanata" "$2" \
  --start 'ctx1:divu-10' --count 30 --summary
