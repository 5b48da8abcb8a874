#!/usr/bin/env python3
"""compare_libm.py - the Kasane runtime's libm against glibc's, in ulps, under qemu-mipsel.

    compare_libm.py [--qemu qemu-mipsel] RUNTIME_BUILD.elf GLIBC_BUILD.elf

Both programs are libm-accuracy.c (one linked with the runtime, one with glibc -lm): each prints
"name argument-bits result-bits" for a few thousand arguments per function. This runs both,
checks they saw the same arguments, and prints per function the largest distance in ulps
between the two results and how many results differ at all. NaN against NaN counts as equal,
NaN against a number as infinitely far. It fails (exit 1) when a function exceeds its limit:
0 for sqrt/sqrtf (one IEEE operation: both must be exact), 1 for the rest, except cbrt, where
glibc itself is up to 3-4 ulps off (its libm-test-ulps), so 4.
"""

import argparse
import struct
import subprocess
import sys

LIMITS = {"sqrt": 0, "sqrtf": 0, "cbrt": 4, "cbrtf": 1}
DEFAULT_LIMIT = 1


def run(qemu: str, elf: str) -> list[tuple[str, str, str]]:
    out = subprocess.run([qemu, elf], capture_output=True, text=True, timeout=600, check=True)
    return [tuple(line.split()) for line in out.stdout.splitlines()]


def ordered(bits: int, width: int) -> int:
    """The bit pattern as a point on a line where adjacent floats are adjacent integers."""
    sign = 1 << (width - 1)
    return -(bits & (sign - 1)) if bits & sign else bits


def is_nan(bits: int, width: int) -> bool:
    exp_bits = 11 if width == 64 else 8
    mant = width - 1 - exp_bits
    return (bits >> mant) & ((1 << exp_bits) - 1) == (1 << exp_bits) - 1 and bits & ((1 << mant) - 1) != 0


def distance(a: str, b: str) -> float:
    width = len(a) * 4
    x, y = int(a, 16), int(b, 16)
    nx, ny = is_nan(x, width), is_nan(y, width)
    if nx or ny:
        return 0 if nx and ny else float("inf")
    return abs(ordered(x, width) - ordered(y, width))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--qemu", default="qemu-mipsel")
    ap.add_argument("runtime")
    ap.add_argument("glibc")
    args = ap.parse_args()
    ours, theirs = run(args.qemu, args.runtime), run(args.qemu, args.glibc)
    if len(ours) != len(theirs) or not ours:
        print(f"FAIL: {len(ours)} results from the runtime build, {len(theirs)} from glibc's")
        return 1
    stats: dict[str, list] = {}  # name -> [max ulps, differing, total, worst argument]
    for (name, x, r), (gname, gx, gr) in zip(ours, theirs):
        if (name, x) != (gname, gx):
            print(f"FAIL: the builds disagree on the arguments: {name} {x} vs {gname} {gx}")
            return 1
        s = stats.setdefault(name, [0, 0, 0, x])
        d = distance(r, gr)
        s[2] += 1
        if d:
            s[1] += 1
        if d > s[0]:
            s[0], s[3] = d, x
    failed = []
    print(f"{'function':10} {'max ulps':>8} {'limit':>5} {'differ':>7} {'of':>6}  worst argument (bits)")
    for name, (worst, differ, total, where) in stats.items():
        limit = LIMITS.get(name, DEFAULT_LIMIT)
        bad = worst > limit
        print(f"{name:10} {worst:>8} {limit:>5} {differ:>7} {total:>6}  {where}{'  FAIL' if bad else ''}")
        if bad:
            failed.append(name)
    print("FAIL: " + " ".join(failed) if failed else f"PASS: {len(stats)} functions")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
