#!/usr/bin/env python3
"""Print every config key as a Markdown table, from `kasane-sim --help-config` (the schema is the
one source of truth), or with --update, rewrite that table in docs/configuration.md between its
markers.

    python3 scripts/config_table.py [--sim build/sim/kasane-sim] [--update]
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- config-table begin -->", "<!-- config-table end -->"


def table(sim):
    text = subprocess.run([str(sim), "--help-config"], capture_output=True, text=True,
                          check=True).stdout
    lines = text.splitlines()
    rows = ["| key | default | unit | range or choices | meaning |", "|---|---|---|---|---|"]
    for i, line in enumerate(lines):
        m = re.match(r"  (\S+) = (.*?)  \((.*)\)$", line)
        if not m:
            continue
        key, default, meta = m.groups()
        parts = [p.strip() for p in meta.split(";")]
        type_unit = parts[0].split(",")
        unit = type_unit[1].strip() if len(type_unit) > 1 else ""
        allowed = parts[1] if len(parts) > 1 else ""
        rows.append(f"| `{key}` | {default} | {unit} | {allowed} | {lines[i + 1].strip()} |")
    return "\n".join(rows) + "\n"


def table_section(page_text):
    start, end = page_text.index(BEGIN) + len(BEGIN) + 1, page_text.index(END)
    return page_text[start:end]


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--sim", default=ROOT / "build" / "sim" / "kasane-sim")
    ap.add_argument("--update", action="store_true", help="rewrite the table in docs/configuration.md")
    args = ap.parse_args()
    t = table(args.sim)
    if not args.update:
        sys.stdout.write(t)
        return
    page = ROOT / "docs" / "configuration.md"
    text = page.read_text()
    page.write_text(text.replace(table_section(text), t))


if __name__ == "__main__":
    main()
