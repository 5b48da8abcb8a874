#!/usr/bin/env python3
"""Print the end of each failed test's output from ctest's LastTest.log, after the summary.

ctest --output-on-failure prints a failed test's output where it ends, often a thousand tests
before the last line; a CI log that keeps only its tail then names the test but not why it
failed. scripts/test.sh calls this when ctest fails so the reason is the last thing printed.

usage: failed_tests.py BUILD_DIR [LINES]
"""
import re
import sys
from pathlib import Path


def failures(log_text):
    """(name, output) of each test the log records as failed, in the log's order."""
    out = []
    for block in re.split(r"\n-{58}\n\n(?=\d+/\d+ Testing: )", log_text):
        m = re.search(r"^\d+/\d+ Testing: (.+)$", block, re.M)
        if not m or "\nTest Passed." in block:
            continue
        body = block.split("Output:\n" + "-" * 58 + "\n", 1)[-1]
        out.append((m.group(1), body.split("<end of output>", 1)[0]))
    return out


def main(argv):
    build = Path(argv[1]) if len(argv) > 1 else Path("build")
    keep = int(argv[2]) if len(argv) > 2 else 60
    log = build / "Testing" / "Temporary" / "LastTest.log"
    if not log.is_file():
        print(f"failed_tests.py: {log}: no ctest log", file=sys.stderr)
        return 1
    for name, text in failures(log.read_text(errors="replace")):
        lines = text.rstrip("\n").splitlines()
        print(f"\n===== failed: {name} (last {min(keep, len(lines))} of {len(lines)} lines)")
        print("\n".join(lines[-keep:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
