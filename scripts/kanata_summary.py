#!/usr/bin/env python3
"""kanata_summary: one line of counts for a Kanata pipeline trace (README's pipeline view figure).

    scripts/kanata_summary.py TRACE

Reads TRACE with the strict reader of the tests (tests/host/kanata.py), which requires every
instruction to end with its R line, and prints the instructions, how many retired, how many went
through each stage, the dependency arrows (W records) and the stall labels."""
import collections
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "host"))
import kanata  # noqa: E402

STAGES = ["F", "D", "Is", "X", "M", "W"]


def main():
    path = pathlib.Path(sys.argv[1])
    insns = kanata.parse(path, complete=True)
    stages = collections.Counter(s for i in insns for s, _, _ in i["stages"])
    arrows = sum(line.startswith("W\t") for line in path.read_text().splitlines())
    stalls = sum(i["detail"].count("waits:") for i in insns)
    retired = sum(i["retired"] for i in insns)
    per_stage = ", ".join(f"{n} {stages[n]:,}" for n in STAGES)
    print(f"{len(insns):,} instructions ({retired:,} retired); stages {per_stage}; "
          f"{arrows:,} dependency arrows; {stalls:,} stall labels")


if __name__ == "__main__":
    main()
