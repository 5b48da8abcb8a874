#!/usr/bin/env python3
"""Speed of the functional ISS, side by side with qemu-mipsel on the same binary in the same run.

Runs workloads/fib.elf (recursive Fibonacci, call-heavy integer code) under the Kasane kernel on
kasane-sim, and the very same file under qemu-mipsel (a JIT: the speed a translator reaches).
Reports simulated instructions per host second (from stats.json: retired instructions over the
simulation's own host time) and the wall time of both. Best of --repeat runs.

    python3 scripts/bench_iss.py [--n 32] [--repeat 3]
"""
import argparse
import json
import pathlib
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"


def timed(cmd):
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr}")
    return elapsed, proc.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=32, help="fib argument (default 32)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    prog = BUILD / "target" / "workloads" / "fib.elf"
    sim = [str(BUILD / "sim" / "kasane-sim")]
    kernel = str(BUILD / "target" / "os" / "kernel.elf")

    best_sim = best_qemu = None
    with tempfile.TemporaryDirectory() as tmp:
        stats = pathlib.Path(tmp) / "stats.json"
        for _ in range(args.repeat):
            wall, out_sim = timed(sim + ["--stats", str(stats), kernel, str(prog), str(args.n)])
            s = json.loads(stats.read_text())
            run = (s["host"]["seconds"], wall, s["retired"], s["cycles"])
            if best_sim is None or run[0] < best_sim[0]:
                best_sim = run
            wall_q, out_qemu = timed(["qemu-mipsel", str(prog), str(args.n)])
            best_qemu = wall_q if best_qemu is None else min(best_qemu, wall_q)
            if out_sim != out_qemu:
                raise SystemExit(f"bench: outputs differ: {out_sim!r} vs {out_qemu!r}")

    sim_s, sim_wall, retired, cycles = best_sim
    print(f"fib({args.n}): {retired:,} instructions retired, {cycles:,} cycles "
          f"(best of {args.repeat})\n")
    print("| model | host seconds | simulated instructions/s | simulated cycles/s |")
    print("|---|---:|---:|---:|")
    print(f"| kasane-sim ISS | {sim_s:.3f} (wall {sim_wall:.3f}) | {retired / sim_s / 1e6:.1f} M | "
          f"{cycles / sim_s / 1e6:.1f} M |")
    print(f"| qemu-mipsel (JIT, user mode) | {best_qemu:.3f} (wall) | "
          f"{retired / best_qemu / 1e6:.1f} M (same instruction count) | - |")


if __name__ == "__main__":
    main()
