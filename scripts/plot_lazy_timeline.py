#!/usr/bin/env python3
"""Stack memory against time from lazybench -t runs (workloads/lazy/lazybench.c: the lines
"timeline,CYCLES,BYTES" it prints), one curve per run, as a PNG; the seed 004 figures 4.1-4.8.
Prints each run's peak and the cycle it was reached, as a Markdown list.

    python3 scripts/plot_lazy_timeline.py OUT.png LABEL=stdout.txt [LABEL=stdout.txt ...]
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def timeline(path):
    """(cycles from the first point, bytes) pairs of one run's stdout."""
    points = []
    with open(path) as f:
        for line in f:
            if line.startswith("timeline,"):
                _, cycles, size = line.strip().split(",")
                points.append((int(cycles), int(size)))
    if not points:
        sys.exit(f"{path}: no timeline lines (run lazybench with -t)")
    start = points[0][0]
    # The counter is the low 32 bits of the cycle count: unwrap it.
    out, wraps, last = [], 0, start
    for c, b in points:
        if c < last:
            wraps += 1 << 32
        last = c
        out.append((c + wraps - start, b))
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    fig, ax = plt.subplots(figsize=(7, 4))
    for spec in sys.argv[2:]:
        label, _, path = spec.partition("=")
        points = timeline(path)
        # A step per change: the bytes hold until the next point.
        ax.step([c / 1e6 for c, _ in points], [b / 2**20 for _, b in points], where="post",
                label=label)
        peak = max(points, key=lambda p: p[1])
        print(f"- {label}: peak {peak[1] / 2**20:,.2f} MB at {peak[0] / 1e6:.2f} M cycles")
    ax.set_xlabel("M cycles since the first block")
    ax.set_ylabel("stack blocks in use (MB)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(sys.argv[1], metadata={"Software": None})


if __name__ == "__main__":
    main()
