#!/usr/bin/env python3
"""check_lazybench.py - run E8's lazybench at the paper's size and check what it prints.

    check_lazybench.py --sim SIM --kernel KERNEL --elf LAZYBENCH [--sim-arg=ARG ...] -- ARGS...

The tests/lazy programs keep the chain short so that every context count and the pipeline stay
quick; this runs lazybench itself (ARGS, e.g. `-p fair -b 65536 chain 60000 256`) once, on the
ISS, and fails unless it exits 0, its result is the one the benchmark computes (the depth for
chain, fib(N) for fib), the arena was not used up and every block it allocated was freed."""
import argparse
import re
import subprocess
import sys


def fib(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", required=True)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--sim-arg", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("args", nargs="+")
    opt = ap.parse_args()
    cmd = [opt.sim, *opt.sim_arg, opt.kernel, opt.elf, *opt.args]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=opt.timeout)
    print(" ".join(cmd))
    print(r.stdout + r.stderr)
    at = next(i for i, a in enumerate(opt.args) if a in ("chain", "fib"))
    bench, n = opt.args[at], opt.args[at + 1]
    want = int(n) if bench == "chain" else fib(int(n))
    m = re.search(rf"^{bench} {n}: result (\d+),", r.stdout, re.M)
    blocks = re.search(r"blocks (\d+) \(freed (\d+)\)", r.stdout)
    failures = []
    if r.returncode != 0:
        failures.append(f"exit status {r.returncode}")
    if not m or int(m.group(1)) != want:
        failures.append(f"no line '{bench} {n}: result {want}'")
    if not blocks or blocks.group(1) != blocks.group(2):
        failures.append("not every block allocated was freed")
    for f in failures:
        print(f"FAIL: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
