#!/usr/bin/env python3
"""neighbour_warming: on two cores, how warm the sleeping core 1 gets beside a sleeping and
beside a spinning core 0, as a Markdown table.

    python3 scripts/neighbour_warming.py [--model iss|pipeline] [--layout row|grid]

Runs the bare-metal programs tests/bare/smp-thermal-all-sleep and smp-thermal-neighbour-spins on
configs/machines/default.toml with two cores of two contexts: core 0 sleeps or spins for 3 ms,
core 1 sleeps in deep MWAIT in both. The table gives each core's average power and final die
temperature and the shared spreader's (stats.json "cores" and "package_power")."""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("KASANE_BUILD", ROOT / "build"))


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--model", default="iss", help="sim.model (default iss: faster)")
    ap.add_argument("--layout", default="row", help="thermal.layout (default row)")
    opt = ap.parse_args()
    rows, idle_c1 = [], None
    with tempfile.TemporaryDirectory() as tmp:
        stats = pathlib.Path(tmp) / "stats.json"
        for label, program in (("sleeps", "smp-thermal-all-sleep"),
                               ("spins", "smp-thermal-neighbour-spins")):
            proc = subprocess.run(
                [BUILD / "sim" / "kasane-sim", "--config", ROOT / "configs/machines/default.toml",
                 "--set", "platform.cores=2", "--set", "core.contexts=2", "--set",
                 "core.smp_start=true", "--set", f"sim.model={opt.model}", "--set",
                 f"thermal.layout={opt.layout}", "--stats", stats,
                 BUILD / "target/tests_bare" / f"{program}.elf"],
                capture_output=True, text=True)
            if proc.returncode != 0:
                sys.exit(f"neighbour_warming: {program}: status {proc.returncode}\n"
                         f"{proc.stdout}{proc.stderr}")
            s = json.loads(stats.read_text())
            c0, c1 = (c["power"] for c in s["cores"])
            idle_c1 = idle_c1 if idle_c1 is not None else c1["final_temp_c"]
            rows.append(f"| {label} | {c0['avg_power_w']:.3f} W | {c1['avg_power_w']:.3f} W | "
                        f"{c0['final_temp_c']:.3f} °C | {c1['final_temp_c']:.3f} °C "
                        f"({c1['final_temp_c'] - idle_c1:+.3f}) | "
                        f"{s['package_power']['final_spreader_c']:.3f} °C |")
    print("| core 0 | core 0 power | core 1 power | core 0 die | core 1 die | spreader |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
