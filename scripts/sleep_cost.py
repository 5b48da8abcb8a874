#!/usr/bin/env python3
"""sleep_cost: what a simulated second of sleeping costs on the host, per thread backend.

    scripts/sleep_cost.py [--build DIR] [--repeat 3]

Runs the two sleeping programs of tests/threads (sleep(1) in main beside idle contexts; four
threads in sleep(1) or a one-second pthread_cond_timedwait) on the default machine with 1 and 4
contexts, each backend, and prints a Markdown table: simulated seconds, the share of cycles in
which no context ran (which kasane-sim skips), and host seconds: kasane-sim's CPU time (user and
system), the least of --repeat runs, since on a shared machine wall time mostly measures the
others' load. README "Threads, sleeping and
power" shows it (a volatile figure block: host timings vary)."""
import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = {"sleep-in-main-beside-idle-contexts-lasts-one-second": "sleep(1) in main",
            "threads-sleeping-or-timed-waiting-one-second-wake-on-time":
                "4 threads: sleep(1), cond_timedwait 1 s"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--repeat", type=int, default=3)
    opt = ap.parse_args()
    build = Path(opt.build)
    sim, kernel = build / "sim" / "kasane-sim", build / "target" / "os" / "kernel.elf"
    print("| program | backend | contexts | simulated s | core idle | host CPU s |")
    print("|---|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        stats = Path(tmp) / "stats.json"
        for name, what in PROGRAMS.items():
            for backend in ["hw", "conventional"]:
                for contexts in [1, 4]:
                    elf = build / "target" / "tests_threads" / backend / f"{name}.elf"
                    host = None
                    for _ in range(opt.repeat):
                        before = resource.getrusage(resource.RUSAGE_CHILDREN)
                        p = subprocess.run([sim, "--config",
                                            ROOT / "configs/machines/default.toml", "--set",
                                            f"core.contexts={contexts}", "--stats", stats,
                                            kernel, elf], capture_output=True, text=True)
                        after = resource.getrusage(resource.RUSAGE_CHILDREN)
                        took = (after.ru_utime + after.ru_stime
                                - before.ru_utime - before.ru_stime)
                        host = took if host is None else min(host, took)
                        if p.returncode != 0 or not p.stdout.endswith("PASS\n"):
                            print(f"sleep_cost: {name} ({backend}) failed:\n"
                                  f"{p.stdout}{p.stderr}", file=sys.stderr)
                            return 1
                    s = json.loads(stats.read_text())
                    idle = s["power"]["static"]["core"]["idle"]["cycles"] / s["cycles"]
                    seconds = s["cycles"] / (s["config"]["core"]["clock_ghz"] * 1e9)
                    print(f"| {what} | {backend} | {contexts} | {seconds:.3f} | {idle:.2%} "
                          f"| {host:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
