#!/usr/bin/env python3
"""thread_profile: where the cycles of one E1 thread create and one thread exit go.

    scripts/thread_profile.py [--build DIR] [--backend hw] [--seed 1] [--latency 1] [--round 8]

Runs E1's "ops" point (workloads/threadctl, 4 contexts, the papers' machine,
configs/experiments/e1-thread-control.toml, exactly as the experiment driver runs it) twice with
the instruction trace (`--trace exec`), once over region 0 (the create row) and once over region 1
(the exit row), and cuts round ROUND of each into phases: a phase is a run of instructions of one
function on one context (inlined code counts as its caller's). Prints a Markdown table per row:

- create: main's context from its first reading of the cycle counter to its second, the
  pthread_create call between them;
- exit: the exiting thread's context from its stamp (the counter read before pthread_exit) until
  it leaves the context, and the joiner's (main's) context from when it wakes in pthread_join to
  its counter read; "from" is each phase's start, cycles after the stamp, so that the two
  contexts' phases can be read against each other. The row's figure is the second column's end.

Cycles are retire cycles: a phase runs from the retirement of its first instruction to that of
the next phase's first instruction. docs/investigations.md shows the tables."""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LINE = re.compile(r"^(\d+) c(\d+)\.t(\d+) ([0-9a-f]{8}) (\S+) : (.*?)(?: : |$)")
COUNTER = re.compile(r"^rdhwr \S+, \$2$")  # kasane_cycles()
ROWS = {"create": ("row_create", "main"), "exit": ("row_exit", "main")}  # gcc may inline a row


def argv_of(build: Path, backend: str, latency: int, seed: int) -> list[str]:
    from analysis.build import Build
    from analysis.points import make_job
    from analysis.spec import load
    from analysis.sweep import expand
    b = Build(build)
    exp = load(ROOT / "configs" / "experiments" / "e1-thread-control.toml", b)
    for point in expand(exp):
        p = point.params
        if (p.get("group") == "ops" and p.get("backend") == backend and point.seed == seed
                and str(p.get("memory.latency")) == str(latency)):
            return make_job(point, b).argv
    raise SystemExit(f"thread_profile: E1 has no ops point for {backend}, latency {latency}, "
                     f"seed {seed}")


def trace(argv: list[str], region: int, tmp: Path) -> list[tuple]:
    out = tmp / f"r{region}.trace"
    cmd = argv[:1] + ["--trace", "exec", "--trace-file", str(out), "--trace-window",
                      f"roi:{region}"] + argv[1:]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=tmp)
    lines = []
    with open(out) as f:
        for raw in f:
            m = LINE.match(raw)
            if m:
                ctx = (int(m[2]), int(m[3]))
                lines.append((int(m[1]), ctx, int(m[4], 16) >= 0x80000000, m[5].split("+")[0],
                              m[6]))
    return lines


def phases(lines):
    """Runs of one function: [(function, first cycle, instructions)]."""
    out = []
    for cycle, _, kernel, fn, _ in lines:
        name = ("kernel: " if kernel else "") + fn
        if out and out[-1][0] == name:
            out[-1][2] += 1
        else:
            out.append([name, cycle, 1])
    return out


def table(title, runs, start, end):
    print(f"\n{title}\n\n| from | phase | cycles | instructions |\n|---:|---|---:|---:|")
    for k, (name, cycle, n) in enumerate(runs):
        nxt = runs[k + 1][1] if k + 1 < len(runs) else end
        print(f"| {cycle - start} | {name} | {nxt - cycle} | {n} |")
    print(f"| | **total** | **{end - runs[0][1]}** | **{sum(r[2] for r in runs)}** |")


def create_round(lines, want: int):
    """Main's lines of round `want` (1-based): the counter reads in row_create pair up."""
    reads = [k for k, l in enumerate(lines) if l[3] in ROWS["create"] and COUNTER.match(l[4])]
    if len(reads) < 2 * want:
        raise SystemExit(f"thread_profile: the create row has {len(reads) // 2} rounds")
    a, b = reads[2 * want - 2], reads[2 * want - 1]
    ctx = lines[a][1]
    return [l for l in lines[a + 1:b + 1] if l[1] == ctx], lines[a][0], lines[b][0]


def exit_round(lines, want: int):
    """The exiter's lines from its stamp until its last before main's counter read, and main's
    lines from its first after the stamp that is not a wait to its counter read."""
    stamps = [k for k, l in enumerate(lines) if l[3] == "exiter" and COUNTER.match(l[4])]
    if len(stamps) < want:
        raise SystemExit(f"thread_profile: the exit row has {len(stamps)} rounds")
    s = stamps[want - 1]
    ends = [k for k in range(s, len(lines))
            if lines[k][3] in ROWS["exit"] and COUNTER.match(lines[k][4])]
    e = ends[0]
    ex, main = lines[s][1], lines[e][1]
    return ([l for l in lines[s + 1:e + 1] if l[1] == ex],
            [l for l in lines[s + 1:e + 1] if l[1] == main], lines[s][0], lines[e][0])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--backend", default="hw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--latency", type=int, default=1)
    ap.add_argument("--round", type=int, default=8, help="which of the 16 rounds (1-based)")
    opt = ap.parse_args()
    argv = argv_of(opt.build.resolve(), opt.backend, opt.latency, opt.seed)
    where = f"{opt.backend}, memory latency {opt.latency}, seed {opt.seed}, round {opt.round}"
    with tempfile.TemporaryDirectory() as tmp:
        cl = trace(argv, 0, Path(tmp))
        xl = trace(argv, 1, Path(tmp))
    mine, t0, t1 = create_round(cl, opt.round)
    table(f"One create ({where}): main's context, counter to counter, {t1 - t0} cycles",
          phases(mine), t0, t1)
    ex, jn, s, e = exit_round(xl, opt.round)
    table(f"One exit ({where}): the exiting thread, from its stamp", phases(ex), s,
          ex[-1][0] if ex else s)
    table(f"... and the joiner (main), to its counter read: {e - s} cycles after the stamp",
          phases(jn), s, e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
