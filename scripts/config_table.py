#!/usr/bin/env python3
"""Print every config key as a Markdown table, from `kasane-sim --help-config` (the schema is the
one source of truth), or with --update, rewrite that table in README.md between its markers.

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


def readme_section(readme_text):
    start, end = readme_text.index(BEGIN) + len(BEGIN) + 1, readme_text.index(END)
    return readme_text[start:end]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", default=ROOT / "build" / "sim" / "kasane-sim")
    ap.add_argument("--update", action="store_true", help="rewrite the table in README.md")
    args = ap.parse_args()
    t = table(args.sim)
    if not args.update:
        sys.stdout.write(t)
        return
    readme = ROOT / "README.md"
    text = readme.read_text()
    readme.write_text(text.replace(readme_section(text), t))


if __name__ == "__main__":
    main()
