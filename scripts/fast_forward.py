#!/usr/bin/env python3
"""Fast-forward against the pipeline alone: one program, one region of interest, three ways.

Runs PROGRAM (under the Kasane kernel, or as the kernel with --bare) on the pipeline from the
start, then with sim.fast_forward = roi and no warm-up, then with a warm-up of --warmup
instructions, and prints a Markdown table: the region's cycles, their difference from the
pipeline-alone run, the instructions run on the ISS and warmed, and with --times the host seconds
of each run (from stats.json). Every run must end with the first's exit status (the output may
differ: a program may print cycles it measured). --region 0: the first region begun, whatever its
id.

    python3 scripts/fast_forward.py [--config M.toml] [--set K=V]... [--region ID]
                                    [--warmup N] [--bare] [--times] PROGRAM [ARGS...]
"""
import argparse
import json
import os
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("KASANE_BUILD", ROOT / "build"))
SIM = BUILD / "sim" / "kasane-sim"
KERNEL = BUILD / "target" / "os" / "kernel.elf"


def run(opt, extra, tmp, n):
    stats = pathlib.Path(tmp) / f"s{n}.json"
    cmd = [SIM, "--stats", stats]
    if opt.config:
        cmd += ["--config", opt.config]
    for kv in opt.set + extra:
        cmd += ["--set", kv]
    cmd += ([] if opt.bare else [KERNEL]) + [opt.program] + opt.args
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    return proc, json.loads(stats.read_text())


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--config")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--region", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=1000000)
    ap.add_argument("--bare", action="store_true", help="PROGRAM is the kernel")
    ap.add_argument("--times", action="store_true", help="add the host seconds of each run")
    ap.add_argument("program")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    opt = ap.parse_args()
    ways = [("pipeline alone", []), ("fast-forward to the region, no warm-up",
                                      ["sim.fast_forward=roi"]),
            (f"fast-forward, warm-up of {opt.warmup:,} instructions",
             ["sim.fast_forward=roi", f"sim.warmup={opt.warmup}"])]
    print("| run | region cycles | vs alone | on the ISS | warmed |" +
          (" host seconds |" if opt.times else ""))
    print("|---|---:|---:|---:|---:|" + ("---:|" if opt.times else ""))
    with tempfile.TemporaryDirectory() as tmp:
        first = None
        for n, (name, extra) in enumerate(ways):
            proc, s = run(opt, extra, tmp, n)
            if first is None:
                first = proc
                if proc.returncode not in (0,):
                    raise SystemExit(f"fast_forward: the pipeline-alone run failed:\n{proc.stderr}")
            elif proc.returncode != first.returncode:
                raise SystemExit(f"fast_forward: '{name}' ended differently:\n{proc.stderr}")
            r = next(r for r in s["regions"] if opt.region in (0, r["id"]))
            if first is proc:
                base = r["cycles"]
            ff = s.get("fast_forward", {})
            diff = (r["cycles"] - base) / base * 100
            print(f"| {name} | {r['cycles']:,} | {diff:+.2f}% | {ff.get('instructions', 0):,} | "
                  f"{ff.get('warmed', 0):,} |" +
                  (f" {s['host']['seconds']:.2f} |" if opt.times else ""))


if __name__ == "__main__":
    main()
