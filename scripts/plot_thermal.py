#!/usr/bin/env python3
"""Die temperature against time from kasane-sim thermal traces (--thermal-trace), one curve per
trace, as a PNG.

    python3 scripts/plot_thermal.py OUT.png LABEL=trace.csv [LABEL=trace.csv ...]
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    fig, (temp, power) = plt.subplots(2, 1, figsize=(7, 5), sharex=True)
    for spec in sys.argv[2:]:
        label, _, path = spec.partition("=")
        with open(path) as f:
            rows = list(csv.DictReader(f))
        ms = [float(r["seconds"]) * 1e3 for r in rows]
        temp.plot(ms, [float(r["die_c"]) for r in rows], label=label)
        power.plot(ms, [float(r["power_w"]) * 1e3 for r in rows], label=label)
    temp.set_ylabel("die temperature (°C)")
    power.set_ylabel("core power (mW)")
    power.set_xlabel("simulated time (ms)")
    temp.legend()
    temp.grid(alpha=0.3)
    power.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
