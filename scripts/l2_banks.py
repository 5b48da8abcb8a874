#!/usr/bin/env python3
"""l2_banks: the bare-metal image reduction on 4 cores over 1 to 8 L2 banks, as a table.

    python3 scripts/l2_banks.py [--busy 10]

Four cores of configs/machines/default.toml, one context each, stream disjoint rows of the image
through the shared L2, whose banks (l2.banks, line-interleaved) each start one access every
`--busy` cycles (l2.bank_busy; the default is the L2's hit latency). The table gives the cycles,
the bank conflicts (accesses that found their bank busy) and the cycles they waited, from
stats.json's pipeline.memory.l2_banks; the script fails unless every run printed the same
checksum."""
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
BANKS = (1, 2, 4, 8)


def run(banks: int, busy: int, stats: pathlib.Path) -> tuple[str, dict]:
    """One run; its checksum and stats.json."""
    proc = subprocess.run(
        [BUILD / "sim" / "kasane-sim", "--config", ROOT / "configs/machines/default.toml",
         "--set", "platform.cores=4", "--set", "core.contexts=1", "--set", "core.smp_start=true",
         "--set", f"l2.banks={banks}", "--set", f"l2.bank_busy={busy}", "--stats", stats,
         BUILD / "target/workloads_bare/image-reduce.elf"],
        capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"l2_banks: {banks} banks: status {proc.returncode}\n{proc.stderr}")
    return re.search(r"checksum (\d+)", proc.stdout).group(1), json.loads(stats.read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--busy", type=int, default=10, help="l2.bank_busy, cycles (default 10)")
    opt = ap.parse_args()
    rows, sums = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for banks in BANKS:
            checksum, s = run(banks, opt.busy, pathlib.Path(tmp) / "stats.json")
            sums.add(checksum)
            b = s["pipeline"]["memory"]["l2_banks"]
            accesses = sum(k["accesses"] for k in b["per_bank"])
            rows.append(f"| {banks} | {s['cycles']:,} | {accesses:,} | {b['conflicts']:,} | "
                        f"{b['wait_cycles']:,} |")
    if len(sums) != 1:
        sys.exit(f"l2_banks: the checksums differ: {sorted(sums)}")
    print("| L2 banks | cycles | bank accesses | conflicts | cycles waited |")
    print("|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    print(f"\nl2.bank_busy = {opt.busy}; the same checksum ({sums.pop()}) on every run.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
