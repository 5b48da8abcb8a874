#!/usr/bin/env python3
"""kcov_report.py - the kernel coverage of kasane-sim's --kcov files, per source file.

    kcov_report.py KERNEL.elf FILE... [--markdown] [--functions]

FILE is what `kasane-sim --kcov FILE` writes (docs/reliability.md): a header line
`# kasane-kcov 1 lo=0x... hi=0x... covered=N`, then one executed kernel instruction address a
line. Several files are merged (their union). The kernel's symbols and DWARF line table, read with
binutils' mipsel-linux-gnu-nm and -addr2line, turn addresses into functions and source lines; the
table gives, per source file of os/, the functions entered (their first instruction executed) and
the source lines reached, of those that have code. --functions lists the functions never entered.
"""
import argparse
import collections
import os
import subprocess
import sys
from pathlib import Path

NM = "mipsel-linux-gnu-nm"
ADDR2LINE = "mipsel-linux-gnu-addr2line"


class KcovError(Exception):
    pass


def read_kcov(path):
    """The set of addresses of one --kcov file; KcovError names the file and what is wrong."""
    try:
        lines = Path(path).read_text().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise KcovError(f"{path}: cannot read it: {e}")
    if not lines or not lines[0].startswith("# kasane-kcov 1 "):
        raise KcovError(f"{path}: not a kasane-sim --kcov file (no '# kasane-kcov 1' header)")
    try:
        return {int(line, 16) for line in lines[1:] if line}
    except ValueError as e:
        raise KcovError(f"{path}: a line is not a hex address: {e}")


def functions(kernel):
    """[(addr, size, name)] of the kernel's sized function symbols, by address."""
    out = subprocess.run([NM, "-S", "--defined-only", str(kernel)], capture_output=True,
                         text=True, check=True).stdout
    funcs = []
    for line in out.splitlines():
        w = line.split()
        if len(w) == 4 and w[2] in "tT":
            funcs.append((int(w[0], 16) & 0xffffffff, int(w[1], 16), w[3]))
    return sorted(funcs)


def source_lines(kernel, addrs):
    """{addr: (file, line)} of the DWARF line table, file relative to the checkout."""
    addrs = sorted(addrs)
    p = subprocess.run([ADDR2LINE, "-e", str(kernel)], input="\n".join(f"{a:#x}" for a in addrs),
                       capture_output=True, text=True, check=True)
    out = {}
    for a, loc in zip(addrs, p.stdout.splitlines()):
        f, _, line = loc.rpartition(":")
        if f.startswith("??"):
            continue
        out[a] = (relative(f), line.split()[0])
    return out


def relative(f):
    """A source path as from the checkout's root (os/proc.c), whatever the build's folder."""
    parts = Path(os.path.normpath(f)).parts
    for root in ("os", "runtime", "include"):
        if root in parts:
            return str(Path(*parts[len(parts) - parts[::-1].index(root) - 1:]))
    return f


def report(kernel, covered):
    """Per source file: [file, functions entered, functions, lines reached, lines], and the
    functions never entered, [(file, name)]."""
    funcs = functions(kernel)
    every = {a for start, size, _ in funcs for a in range(start, start + size, 4)}
    where = source_lines(kernel, every)
    lines_all, lines_hit = collections.defaultdict(set), collections.defaultdict(set)
    for a, (f, line) in where.items():
        lines_all[f].add(line)
        if a in covered:
            lines_hit[f].add(line)
    fn_all, fn_hit, never = collections.Counter(), collections.Counter(), []
    for start, _, name in funcs:
        f = where.get(start, ("(no line)", ""))[0]
        fn_all[f] += 1
        if start in covered:
            fn_hit[f] += 1
        else:
            never.append((f, name))
    rows = [[f, fn_hit[f], fn_all[f], len(lines_hit[f]), len(lines_all[f])]
            for f in sorted(fn_all)]
    return rows, never


def table(rows, markdown):
    total = ["total", *(sum(r[i] for r in rows) for i in range(1, 5))]

    def pct(a, b):
        return f"{100 * a / b:.0f}%" if b else "-"
    body = [[r[0], f"{r[1]}/{r[2]}", pct(r[1], r[2]), f"{r[3]}/{r[4]}", pct(r[3], r[4])]
            for r in rows + [total]]
    head = ["file", "functions entered", "%", "lines reached", "%"]
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join(out + ["| " + " | ".join(r) + " |" for r in body])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *body)]
    return "\n".join("  ".join(str(x).ljust(w) for x, w in zip(r, widths)) for r in [head] + body)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    ap.add_argument("--functions", action="store_true", help="list the functions never entered")
    opt = ap.parse_args()
    try:
        covered = set()
        for f in opt.files:
            covered |= read_kcov(f)
        rows, never = report(opt.kernel, covered)
    except KcovError as e:
        print(f"kcov_report: {e}", file=sys.stderr)
        return 65
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"kcov_report: {opt.kernel}: cannot read its symbols: {e}", file=sys.stderr)
        return 66
    print(table(rows, opt.markdown))
    if opt.functions:
        for f, name in never:
            print(f"never entered: {f}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
