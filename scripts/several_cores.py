#!/usr/bin/env python3
"""several_cores: the bare-metal image reduction on 1, 2 and 4 cores, as a Markdown table.

    python3 scripts/several_cores.py [--contexts 1]

Each core of configs/machines/default.toml (pipeline, L1s, the shared L2) runs `--contexts`
contexts, all started (core.smp_start); the program splits its rows over every context of the
machine. The table gives the cycles, the speedup over one core and the MESI bus's traffic
between the L1Ds (stats.json "coherence"), and the script fails unless every run printed the
same checksum."""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("KASANE_BUILD", ROOT / "build"))


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--contexts", type=int, default=1, help="contexts per core (default 1)")
    opt = ap.parse_args()
    rows, sums, base = [], set(), None
    with tempfile.TemporaryDirectory() as tmp:
        stats = pathlib.Path(tmp) / "stats.json"
        for cores in (1, 2, 4):
            proc = subprocess.run(
                [BUILD / "sim" / "kasane-sim", "--config", ROOT / "configs/machines/default.toml",
                 "--set", f"platform.cores={cores}", "--set", f"core.contexts={opt.contexts}",
                 "--set", "core.smp_start=true", "--stats", stats,
                 BUILD / "target/workloads_bare/image-reduce.elf"],
                capture_output=True, text=True)
            if proc.returncode != 0:
                sys.exit(f"several_cores: {cores} cores: status {proc.returncode}\n{proc.stderr}")
            sums.add(re.search(r"checksum (\d+)", proc.stdout).group(1))
            s = json.loads(stats.read_text())
            base = base or s["cycles"]
            c = s.get("coherence", {}).get("total", {})
            rows.append(f"| {cores} | {s['cycles']:,} | {base / s['cycles']:.2f} | "
                        f"{c.get('bus_transactions', 0):,} | {c.get('invalidations_sent', 0):,} | "
                        f"{c.get('cache_to_cache', 0):,} |")
    if len(sums) != 1:
        sys.exit(f"several_cores: the checksums differ: {sorted(sums)}")
    print("| cores | cycles | speedup | bus transactions | invalidations | cache-to-cache |")
    print("|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    print(f"\nThe same checksum ({sums.pop()}) on every run.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
