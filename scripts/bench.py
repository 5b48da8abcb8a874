#!/usr/bin/env python3
"""Simulation speed: the cycle-level pipeline, the functional ISS and qemu-mipsel, in one run.

On the default machine (configs/machines/default.toml: 4 contexts, caches on):
  - fib N (workloads/fib.elf, recursive Fibonacci under the Kasane kernel, call-heavy integer
    code) on the pipeline and on the ISS, and the very same file under qemu-mipsel (a JIT);
  - the same pipeline run with 1 and 16 contexts (core.contexts), one of them busy: what idle
    contexts cost, as the ratio of host seconds to 1 context's (the aim is 1.15x at most);
  - image-reduce (bare metal, all 4 contexts running) on the pipeline and on the ISS; qemu
    cannot run it (it is a kernel, not a Linux program); and on the pipeline of four such cores
    (configs/machines/quad-core.toml, 16 contexts), whose figure is core-cycles (cycles times
    cores) per second: the cost of a core-cycle at 4 cores against one core's is printed last;
  - mwait-timeouts (every context sleeps in MWAIT almost all the time) on the pipeline with
    idle cycles skipped and ticked: same counts, very different speed.
kasane-sim's figures are simulated cycles and retired instructions per host second of the
simulation itself (from stats.json); qemu's is wall time. Best of --repeat runs.

    python3 scripts/bench.py [--n 30] [--repeat 3]
"""
import argparse
import json
import os
import pathlib
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("KASANE_BUILD", ROOT / "build"))
SIM = BUILD / "sim" / "kasane-sim"
KERNEL = BUILD / "target" / "os" / "kernel.elf"
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


def run(cmd):
    t0 = time.perf_counter()
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"bench: {' '.join(map(str, cmd))} failed ({proc.returncode}):\n"
                         f"{proc.stderr}")
    return wall, proc.stdout


def best_sim(model, args, repeat, tmp, machine=DEFAULT, sets=()):
    """Best of `repeat` runs: (host seconds, cycles, retired, stdout)."""
    stats = pathlib.Path(tmp) / "stats.json"
    best = None
    extra = [a for kv in sets for a in ("--set", kv)]
    for _ in range(repeat):
        _, out = run([SIM, "--config", machine, "--set", f"sim.model={model}", *extra,
                      "--stats", stats, *args])
        s = json.loads(stats.read_text())
        r = (s["host"]["seconds"], s["cycles"], s["retired"], out)
        best = r if best is None or r[0] < best[0] else best
    return best


def row(name, secs, cycles, retired):
    return (f"| {name} | {secs:.3f} | {cycles / secs / 1e6:.2f} M | {retired / secs / 1e6:.2f} M |")


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--n", type=int, default=30, help="fib argument (default 30)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    fib = BUILD / "target" / "workloads" / "fib.elf"
    image = BUILD / "target" / "workloads_bare" / "image-reduce.elf"

    lines = ["| model | host seconds | simulated cycles/s | retired instructions/s |",
             "|---|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        p = best_sim("pipeline", [KERNEL, fib, args.n], args.repeat, tmp)
        i = best_sim("iss", [KERNEL, fib, args.n], args.repeat, tmp)
        qemu = min(run(["qemu-mipsel", fib, args.n])[0] for _ in range(args.repeat))
        if not (p[3] == i[3] == run(["qemu-mipsel", fib, args.n])[1]):
            raise SystemExit("bench: the three runs printed different results")
        lines.append(row(f"fib({args.n}), pipeline, 1 of 4 contexts running", *p[:3]))
        lines.append(row(f"fib({args.n}), ISS", *i[:3]))
        lines.append(f"| fib({args.n}), qemu-mipsel (wall time, JIT) | {qemu:.3f} | - | "
                     f"{i[2] / qemu / 1e6:.0f} M |")
        # Idle contexts: the same program on a core of 1 and of 16 contexts.
        one, sixteen = (best_sim("pipeline", [KERNEL, fib, args.n], args.repeat, tmp,
                                 sets=[f"core.contexts={n}"]) for n in (1, 16))
        if not (one[3] == sixteen[3] == p[3]):
            raise SystemExit("bench: 1 and 16 contexts printed different results")
        lines.append(row(f"fib({args.n}), pipeline, 1 of 1 context running", *one[:3]))
        lines.append(row(f"fib({args.n}), pipeline, 1 of 16 contexts running", *sixteen[:3]))
        smp = ["--set", "core.smp_start=true", image]
        ps = best_sim("pipeline", smp, args.repeat, tmp)
        ii = best_sim("iss", smp, args.repeat, tmp)
        lines.append(row("image-reduce, pipeline, 4 contexts running", *ps[:3]))
        lines.append(row("image-reduce, ISS, 4 contexts running", *ii[:3]))
        quad = best_sim("pipeline", smp, args.repeat, tmp,
                        ROOT / "configs" / "machines" / "quad-core.toml")
        lines.append(row("image-reduce, pipeline, 4 cores x 4 contexts (core-cycles)", quad[0],
                         4 * quad[1], quad[2]))
        # Host seconds per core-cycle, 4 cores against 1.
        core_cycle_cost = (quad[0] / (4 * quad[1])) / (ps[0] / ps[1])
        # Idle time costs nothing: an MWAIT-heavy program with and without the jump.
        mw = ["--set", "core.smp_start=true", BUILD / "target" / "workloads_bare" /
              "mwait-timeouts.elf"]
        skip = best_sim("pipeline", mw, args.repeat, tmp)
        tick = best_sim("pipeline", ["--set", "sim.idle_skip=false", *mw], args.repeat, tmp)
        if (skip[1], skip[2]) != (tick[1], tick[2]):
            raise SystemExit("bench: skipping idle cycles changed the counts")
        lines.append(row("mwait-timeouts, pipeline, idle cycles skipped", *skip[:3]))
        lines.append(row("mwait-timeouts, pipeline, idle cycles ticked", *tick[:3]))
    print(f"fib({args.n}): {p[2]:,} instructions; pipeline {p[1]:,} cycles (IPC "
          f"{p[2] / p[1]:.2f}), ISS {i[1]:,} cycles; best of {args.repeat}\n")
    print("\n".join(lines))
    print(f"\nHost time against the ISS and qemu on the same binary: fib({args.n}) on the pipeline "
          f"takes {p[0] / i[0]:.1f}x the ISS's time and {p[0] / qemu:.0f}x qemu's; image-reduce "
          f"{ps[0] / ii[0]:.1f}x the ISS's. A core-cycle at 4 cores costs {core_cycle_cost:.2f}x "
          f"one core's. 16 contexts with one running take {sixteen[0] / one[0]:.2f}x the host time "
          f"of 1 context.")


if __name__ == "__main__":
    main()
