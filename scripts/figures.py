#!/usr/bin/env python3
"""figures: every number and image in the docs comes from a command, and this script runs them.

    scripts/figures.py                 regenerate every figure block and image in the docs
    scripts/figures.py --check         regenerate into memory and compare: exit 1 on any difference
    scripts/figures.py --long [--check]  the same for the blocks marked long (below) only
    scripts/figures.py --list          the blocks, file by file
    scripts/figures.py --only NAME...  just these blocks

A figure block in a Markdown file is a Jinja2 template kept in an HTML comment (so the rendered
page does not show it), followed by its output:

    <!-- figure e2-ipc
    {%- set e2 = exp("e2-smt-speedup") %}
    Single-context IPC is {{ e2.cell("speedup", "IPC", machine="flat", threads=1) | num(2) }}.
    -->
    Single-context IPC is 0.27.
    <!-- /figure -->

Edit the template, never the output. A block marked `volatile` (`<!-- figure speed volatile`)
holds host timings: it is regenerated but not compared, since no two runs time alike; every other
block must come out byte for byte as committed, so a change that moves a figure fails
the ctest figures-current until this script is run again. A block marked `long`
(`<!-- figure e9 long`) quotes an experiment too long for CI: the script leaves it as it is
unless given `--long`, which renders (or with `--check`, checks) only such blocks (the ctest
figures-long-current, label figures-long, which scripts/test.sh leaves out); its experiment must
have a short version whose ctest runs in CI.

What a template can call (each runs once per invocation, whatever the number of blocks using it):
- exp(NAME): runs configs/experiments/NAME.toml with the experiment driver into
  BUILD/figures/NAME; .table(T) is its Markdown table T, .cell(T, COLUMN, **row) one number of it
  (a mean where the experiment repeats), .image(PLOT, FILE) copies plot
  PLOT to docs/img/FILE and its data beside it (FILE's stem + .csv, or + .sha256 for a large one;
  compared in --check).
- sh(COMMAND): runs COMMAND with bash in a scratch directory (BUILD/figures/sh) and returns its
  standard output; $ROOT is the repository, $BUILD the build directory and $IMG where images go
  (docs/img, or a scratch directory with --check, which writes nothing).
- tests(): the number of tests scripts/test.sh runs (ctest without its left-out labels).
Filters: num(digits=0) prints 12,345 or 0.27; ratio prints 3.3x.
"""
import argparse
import csv
import difflib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import jinja2

ROOT = Path(__file__).resolve().parent.parent
# The pages with figure blocks: the front page and every page of the documentation site.
FILES = ["README.md"] + sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))
IMAGES = ROOT / "docs" / "img"
BLOCK = re.compile(r"<!-- figure (?P<name>[\w.-]+)(?: (?P<volatile>volatile)| (?P<long>long))?\n"
                   r"(?P<template>.*?)\n-->\n"
                   r"(?P<body>.*?)<!-- /figure -->", re.S)


class FigureError(Exception):
    pass


def run(cmd: list[str] | str, cwd: Path, env: dict | None = None) -> str:
    p = subprocess.run(cmd, cwd=cwd, shell=isinstance(cmd, str), executable="/bin/bash"
                       if isinstance(cmd, str) else None, capture_output=True, text=True,
                       env={**os.environ, **(env or {})})
    if p.returncode != 0:
        shown = cmd if isinstance(cmd, str) else " ".join(cmd)
        raise FigureError(f"`{shown}` exited {p.returncode}:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.stdout


class Experiment:
    """One experiment file's results, run once into BUILD/figures/NAME."""

    def __init__(self, ctx, name: str):
        self.ctx, self.name = ctx, name
        self.out = ctx.work / name
        spec = ROOT / "configs" / "experiments" / f"{name}.toml"
        if not spec.exists():
            raise FigureError(f"no experiment {spec.relative_to(ROOT)}")
        run([sys.executable, str(ROOT / "scripts" / "kasane"), "run", str(spec), "--out",
             str(self.out), "--build", str(ctx.build), "--no-progress"], ROOT)

    def table(self, name: str) -> str:
        """Table NAME in Markdown, without its title line."""
        path = self.out / "tables" / f"{name}.md"
        if not path.exists():
            raise FigureError(f"experiment {self.name} has no table {name}")
        lines = path.read_text().strip().splitlines()
        return "\n".join(lines[1:] if lines[0].startswith("#") else lines).strip()

    def cell(self, table: str, column: str, **where) -> float:
        """The number in column COLUMN of table TABLE's one row whose columns have the values in
        where (as printed: threads="2"), as the driver computed it (tables/TABLE.csv: a mean,
        where the experiment repeats)."""
        path = self.out / "tables" / f"{table}.csv"
        if not path.exists():
            raise FigureError(f"experiment {self.name} has no table {table}")
        header, *rows = csv_rows(path)
        for name in [column, *where]:
            if name not in header:
                raise FigureError(f"experiment {self.name}, table {table}: no column {name!r}")
        found = [r for r in rows if all(r[header.index(k)] == str(v) for k, v in where.items())]
        if len(found) != 1:
            raise FigureError(f"experiment {self.name}, table {table}: {len(found)} rows with "
                              f"{where}")
        return float(found[0][header.index(column)].rstrip("x"))

    def image(self, plot: str, file: str) -> str:
        """Copies the plot to docs/img/FILE and its data beside it; returns its path relative to the
        page being rendered (docs/img/FILE from the README, img/FILE from a page in docs/)."""
        png = self.out / "plots" / f"{plot}.png"
        data = self.out / "plots" / f"{plot}.csv"
        if not png.exists() or not data.exists():
            raise FigureError(f"experiment {self.name} has no plot {plot} (png and csv)")
        self.ctx.images[file] = (png, data)
        return os.path.relpath(IMAGES / file, self.ctx.page.parent)


class Context:
    def __init__(self, build: Path, check: bool):
        self.build = build
        self.img = build / "figures" / "img" if check else IMAGES
        self.work = build / "figures"
        self.work.mkdir(parents=True, exist_ok=True)
        self.experiments: dict[str, Experiment] = {}
        self.shell: dict[str, str] = {}
        self.images: dict[str, tuple[Path, Path]] = {}
        self._tests = None
        self.page = ROOT / "README.md"  # the file being rendered (render_file)

    def exp(self, name: str) -> Experiment:
        if name not in self.experiments:
            print(f"figures: running experiment {name}", file=sys.stderr, flush=True)
            start = time.monotonic()
            self.experiments[name] = Experiment(self, name)
            # Where the check's time goes, for CI's budget (docs/tests.md).
            print(f"figures: experiment {name} took {time.monotonic() - start:.0f} s",
                  file=sys.stderr, flush=True)
        return self.experiments[name]

    def sh(self, command: str) -> str:
        if command not in self.shell:
            scratch = self.work / "sh"
            scratch.mkdir(exist_ok=True)
            print(f"figures: {command.splitlines()[0][:100]}", file=sys.stderr, flush=True)
            self.img.mkdir(parents=True, exist_ok=True)
            start = time.monotonic()
            self.shell[command] = run(command, scratch, {
                "ROOT": str(ROOT), "BUILD": str(self.build), "KASANE_BUILD": str(self.build),
                "IMG": str(self.img)}).strip()
            print(f"figures: ... took {time.monotonic() - start:.0f} s", file=sys.stderr,
                  flush=True)
        return self.shell[command]

    def tests(self) -> int:
        """The tests scripts/test.sh runs: all but the whole sets of o3 and of context mode and
        the check of the long figures."""
        if self._tests is None:
            out = run(["ctest", "--test-dir", str(self.build), "-N", "-LE",
                       "o3-full|ctx-full|figures-long"], ROOT)
            m = re.search(r"Total Tests: (\d+)", out)
            if not m:
                raise FigureError("ctest -N printed no test count")
            self._tests = int(m.group(1))
        return self._tests


def num(v, digits: int = 0) -> str:
    return f"{v:,.{digits}f}"


def ratio(v) -> str:
    return f"{v:.1f}x"


def environment(ctx: Context) -> jinja2.Environment:
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False,
                             autoescape=False)
    env.filters.update(num=num, ratio=ratio)
    env.globals.update(exp=ctx.exp, sh=ctx.sh, tests=ctx.tests)
    return env


OPENER = re.compile(r"^<!-- figure\b|^<!-- /figure -->", re.M)


def blocks(text: str, path: Path):
    """The file's figure blocks. An opener or closer that is not part of a well-formed block (a
    missing `-->` or `<!-- /figure -->`, a name with spaces) is an error, not a block skipped."""
    found = list(BLOCK.finditer(text))
    ends = {m.start() for m in found} | {m.end() - len("<!-- /figure -->") for m in found}
    for o in OPENER.finditer(text):
        if o.start() not in ends:
            line = text.count("\n", 0, o.start()) + 1
            raise FigureError(f"{shown(path)}:{line}: malformed figure block: "
                              f"expected '<!-- figure NAME [volatile|long]', the template, '-->', "
                              f"the output and '<!-- /figure -->'")
    return found


def skipped(m, only: set | None, check: bool, long: bool) -> bool:
    """Whether this run leaves block m as it is: not asked for, or not compared by this check."""
    if only and m.group("name") not in only:
        return True
    if check and m.group("volatile"):
        return True
    return bool(m.group("long")) != long


def render_file(path: Path, env: jinja2.Environment, only: set | None, check: bool, long: bool,
                ctx: Context):
    """The file's text with its blocks rendered, and the names of the blocks that differ."""
    text = path.read_text()
    ctx.page = path
    out, last, changed = [], 0, []
    for m in blocks(text, path):
        name, body = m.group("name"), m.group("body")
        out.append(text[last:m.start("body")])
        last = m.end("body")
        if skipped(m, only, check, long):
            out.append(body)
            continue
        try:
            new = env.from_string(m.group("template")).render().strip("\n") + "\n"
        except jinja2.TemplateError as e:
            raise FigureError(f"{shown(path)}: block {name}: {e}") from e
        if new != body:
            changed.append((name, body, new))
        out.append(new)
    out.append(text[last:])
    return "".join(out), changed


def shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def data_record(data: Path) -> tuple[str, str]:
    """What is committed of a plot's data: the CSV itself when small, else (a thermal trace of
    thousands of rows) its SHA-256, which changes as surely when any number does."""
    text = data.read_text()
    if len(text) <= 64 * 1024:
        return text, ".csv"
    digest = hashlib.sha256(text.encode()).hexdigest()
    return f"{digest}  {data.name} ({text.count(chr(10))} lines)\n", ".sha256"


def csv_rows(path: Path) -> list:
    with open(path, newline="") as f:
        return list(csv.reader(f))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, write nothing")
    ap.add_argument("--list", action="store_true", help="list the blocks")
    ap.add_argument("--only", nargs="+", help="just these blocks")
    ap.add_argument("--long", action="store_true",
                    help="only the blocks marked long, which are otherwise left as they are")
    ap.add_argument("--build", default=os.environ.get("KASANE_BUILD", str(ROOT / "build")))
    ap.add_argument("--file", action="append", type=Path,
                    help="only this Markdown file (default: " + ", ".join(FILES) + ")")
    opt = ap.parse_args(argv)
    files = [p.resolve() for p in opt.file] if opt.file else [ROOT / f for f in FILES]
    only = set(opt.only) if opt.only else None
    try:
        names = {m.group("name"): m for f in files for m in blocks(f.read_text(), f)}
    except FigureError as e:
        print(f"figures: {e}", file=sys.stderr)
        return 2
    if opt.list:
        for f in files:
            for m in blocks(f.read_text(), f):
                flag = m.group("volatile") or m.group("long")
                print(f"{shown(f)}: {m.group('name')}" + (f" ({flag})" if flag else ""))
        return 0
    if only and only - names.keys():
        print(f"figures: no block named {', '.join(sorted(only - names.keys()))}", file=sys.stderr)
        return 2
    ctx = Context(Path(opt.build).resolve(), opt.check)
    env = environment(ctx)
    stale = []
    try:
        for path in files:
            f = shown(path)
            text, changed = render_file(path, env, only, opt.check, opt.long, ctx)
            for name, old, new in changed:
                diff = "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                    "committed", "current"))
                stale.append(f"{f}: block {name} " + (f"is stale:\n{diff}" if opt.check
                                                      else "updated"))
            if not opt.check and changed:
                path.write_text(text)
        for file, (png, data) in ctx.images.items():
            stem = IMAGES / Path(file).stem
            fresh, committed = data_record(data)
            path = stem.with_suffix(committed)
            if opt.check:
                if not path.exists() or path.read_text() != fresh:
                    stale.append(f"docs/img/{file}: its data ({path.name}) is stale")
            else:
                shutil.copyfile(png, IMAGES / file)
                for old in (stem.with_suffix(".csv"), stem.with_suffix(".sha256")):
                    old.unlink(missing_ok=True)
                path.write_text(fresh)
    except FigureError as e:
        print(f"figures: {e}", file=sys.stderr)
        return 2
    for s in stale:
        print(s, file=sys.stderr)
    if opt.check:
        if stale:
            print(f"figures: {len(stale)} stale; run scripts/figures.py", file=sys.stderr)
            return 1
        print("figures: every block and image is current")
    else:
        print(f"figures: {len(stale)} blocks or images updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
