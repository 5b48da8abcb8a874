#!/usr/bin/env python3
"""The out-of-order core against the in-order pipeline, and its SMT policies, as Markdown tables
(the README's "The out-of-order core" shows them).

1. One thread of CoreMark-like integer code (workloads/coremix.elf under the kernel) on the same
   widths and units: the X5560-like core (configs/machines/x5560-o3.toml) with sim.model = o3
   and with sim.model = pipeline.
2. Two threads, a compute-bound and a memory-bound one (workloads/bare/mem-compute-mix.elf), on
   that core under each fetch policy, ROB sharing and long-latency policy: both threads run
   from the first cycle to the last, so the run's IPC is the mix's throughput.

    python3 scripts/o3_ipc.py [--build build]
"""
import argparse
import json
import os
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
X5560 = ROOT / "configs" / "machines" / "x5560-o3.toml"


def run(sim, *args):
    with tempfile.TemporaryDirectory() as tmp:
        stats = pathlib.Path(tmp) / "s.json"
        proc = subprocess.run([str(sim), "--config", str(X5560), "--stats", str(stats),
                               *map(str, args)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"o3_ipc: kasane-sim {' '.join(map(str, args))} failed:\n"
                             f"{proc.stderr}")
        return proc.stdout, json.loads(stats.read_text())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.environ.get("KASANE_BUILD", ROOT / "build"))
    args = ap.parse_args()
    build = pathlib.Path(args.build)
    sim, target = build / "sim" / "kasane-sim", build / "target"
    kernel, coremix = target / "os" / "kernel.elf", target / "workloads" / "coremix.elf"
    mix = target / "workloads_bare" / "mem-compute-mix.elf"

    print("| one thread of coremix (300 iterations) | cycles | IPC | CPI stack's largest |")
    print("|---|---:|---:|---|")
    outputs = set()
    for model in ("pipeline", "o3"):
        out, s = run(sim, "--set", f"sim.model={model}", kernel, coremix, 300)
        outputs.add(out)
        stack = s["pipeline"]["contexts"][0]["cpi_stack_cycles"]
        top = sorted(((v, k) for k, v in stack.items() if k != "idle"), reverse=True)[:3]
        share = ", ".join(f"{k} {v / s['cycles']:.0%}" for v, k in top)
        print(f"| {model} | {s['cycles']:,} | {s['retired'] / s['cycles']:.2f} | {share} |")
    if len(outputs) != 1:
        raise SystemExit("o3_ipc: the two models printed different results")
    print()
    print("| mem-compute-mix, two threads | cycles | throughput (IPC) | compute thread IPC "
          "| memory thread's loads |")
    print("|---|---:|---:|---:|---:|")
    for fetch, rob, ll in (("round_robin", "partitioned", "none"),
                           ("icount", "partitioned", "none"), ("round_robin", "shared", "none"),
                           ("icount", "shared", "none"), ("icount", "shared", "stall"),
                           ("icount", "shared", "flush")):
        out, s = run(sim, "--set", "core.smp_start=true", "--set", f"fetch.policy={fetch}",
                     "--set", f"rob.policy={rob}", "--set", f"fetch.long_latency={ll}", mix)
        loads = out.split(" loads ")[1].split()[0]
        compute = s["pipeline"]["contexts"][0]["ipc"]
        print(f"| fetch.policy = {fetch}, rob.policy = {rob}, fetch.long_latency = {ll} "
              f"| {s['cycles']:,} | {s['ipc']:.2f} | {compute:.2f} | {int(loads):,} |")


if __name__ == "__main__":
    main()
