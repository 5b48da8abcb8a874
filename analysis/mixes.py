"""E9's workload mixes (configs/experiments/e9-smt-policies.toml), made by a rule written here:

1. Classify. configs/experiments/e9-classify.toml runs every program alone on the E9 machine at
   two lengths (SCALE 1 and 2: the same work repeated). A program's L2 MPKI is that of its steady
   state: (L2 misses at 2 - at 1) * 1000 / (its instructions at 2 - at 1), so that the kernel's
   boot and the program's loading and set-up, the same at both lengths, cancel. A program is MEM
   when its MPKI is at least MEM_MPKI, else ILP.
2. Draw. For each size n in SIZES and each kind (ILP: n ILP programs; MEM: n MEM programs; MIX:
   n/2 of each), PER_KIND mixes. Mix k of a kind fills its slots i = 0, 1, ... from the class in
   turn: slot i takes the program with the lowest SHA-256 of "e9:{n}:{kind}:{k}:{salt}:{i}:{name}"
   among those the mix holds fewer than i // (class size) + 1 + extra times: the class's programs
   once each, then again, and so on (a program repeats only when the class is smaller than the
   mix). A mix equal to one drawn before is drawn again with salt + 1 (up to 64 times), then with
   extra + 1 (extra starts at 0). A mix is written as its programs' names in alphabetical order,
   joined by "+".

Deterministic: no random generator, only hashes of fixed strings. `python3 -m analysis.mixes DIR`
prints the classes and the mixes from DIR/results.csv (the classification's results) as Markdown
tables, `--toml` the mixes as the experiment file's lines; `--check FILE` fails unless FILE's mix
lists are these."""
import argparse
import csv
import hashlib
import re
import sys
from pathlib import Path

MEM_MPKI = 5.0     # L2 misses per 1,000 instructions from which a program is MEM
SIZES = (2, 4, 8)  # programs per mix
KINDS = ("ILP", "MEM", "MIX")
PER_KIND = 2       # mixes per size and kind: 6 per size


def steady_mpki(rows: list[dict]) -> dict[str, float]:
    """Each program's steady-state L2 MPKI from rows {prog, scale, retired, l2_misses} (one
    per program and scale 1 and 2; a repeated run's rows are averaged)."""
    runs: dict[tuple, list] = {}
    for r in rows:
        runs.setdefault((r["prog"], int(r["scale"])), []).append(
            (float(r["retired"]), float(r["l2_misses"])))
    out = {}
    for prog in sorted({p for p, _ in runs}):
        if (prog, 1) not in runs or (prog, 2) not in runs:
            raise ValueError(f"program {prog}: needs runs at scale 1 and 2")
        (r1, m1), (r2, m2) = ([sum(x) / len(v) for x in zip(*v)]
                              for v in (runs[(prog, 1)], runs[(prog, 2)]))
        if r2 <= r1:
            raise ValueError(f"program {prog}: no more instructions at scale 2 ({r2:.0f}) than "
                             f"at 1 ({r1:.0f})")
        out[prog] = max(0.0, (m2 - m1) * 1000 / (r2 - r1))
    return out


def classify(mpki: dict[str, float]) -> dict[str, str]:
    return {p: "MEM" if v >= MEM_MPKI else "ILP" for p, v in mpki.items()}


def _fill(pool: list[str], key: str, slots: int, extra: int) -> list[str]:
    held: list[str] = []
    for i in range(slots):
        free = [p for p in pool if held.count(p) < i // len(pool) + 1 + extra]
        held.append(min(free, key=lambda p: hashlib.sha256(f"{key}:{i}:{p}".encode()).hexdigest()))
    return held


def _one(pools: dict, n: int, kind: str, key: str, extra: int) -> str:
    parts = {"ILP": [("ILP", n)], "MEM": [("MEM", n)],
             "MIX": [("ILP", n // 2), ("MEM", n - n // 2)]}[kind]
    progs = []
    for cls, slots in parts:
        progs += _fill(pools[cls], key, slots, extra)
    return "+".join(sorted(progs))


def draw(classes: dict[str, str]) -> dict[int, dict[str, list[str]]]:
    """size -> kind -> its PER_KIND mixes, by the rule above."""
    pools = {k: sorted(p for p, c in classes.items() if c == k) for k in ("ILP", "MEM")}
    for k, pool in pools.items():
        if not pool:
            raise ValueError(f"no {k} program: every kind of mix needs both classes")
    out: dict[int, dict[str, list[str]]] = {}
    for n in SIZES:
        out[n] = {}
        for kind in KINDS:
            mixes: list[str] = []
            for k in range(PER_KIND):
                mix = next(m for extra in range(n + 1) for salt in range(64)
                           if (m := _one(pools, n, kind, f"e9:{n}:{kind}:{k}:{salt}", extra))
                           not in mixes)
                mixes.append(mix)
            out[n][kind] = mixes
    return out


def read_results(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def toml_lists(mixes: dict) -> dict[str, list[str]]:
    """The parameter lists of the experiment file: mix2_ilp = [...], ..."""
    return {f"mix{n}_{kind.lower()}": m for n, kinds in mixes.items() for kind, m in kinds.items()}


def check_file(path: Path, mixes: dict) -> list[str]:
    """Problems of the experiment file's mix lists against `mixes` ([] if none). The file writes
    each list on one line as `# mixNKIND = ["a+b", ...]` in its description of the rule, and the
    sweeps use those mixes."""
    text = path.read_text()
    problems = []
    for name, want in toml_lists(mixes).items():
        m = re.search(rf"^#\s*{name}\s*=\s*\[(.*)\]\s*$", text, re.MULTILINE)
        have = re.findall(r'"([^"]+)"', m.group(1)) if m else None
        if have != want:
            problems.append(f"{path}: {name} is {have}, the rule gives {want}")
        for mix in want:
            if f'"{mix}"' not in text.split(f"# {name}", 1)[-1]:
                problems.append(f"{path}: mix {mix} ({name}) is in no sweep")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", type=Path, help="the classification's results directory "
                                               "(scripts/kasane run configs/experiments/"
                                               "e9-classify.toml)")
    ap.add_argument("--check", type=Path, help="an experiment file whose mixes must be these")
    ap.add_argument("--toml", action="store_true",
                    help="print the mixes as the experiment file's lines, not a table")
    opt = ap.parse_args(argv)
    try:
        mpki = steady_mpki(read_results(opt.results / "results.csv"))
        classes = classify(mpki)
        mixes = draw(classes)
    except (OSError, ValueError, KeyError) as e:
        print(f"mixes: {e}", file=sys.stderr)
        return 65
    print(f"| program | L2 MPKI (steady state) | class (MEM from {MEM_MPKI:g}) |")
    print("|---|---:|---|")
    for p in sorted(mpki, key=lambda p: (classes[p], p)):
        print(f"| {p} | {mpki[p]:.2f} | {classes[p]} |")
    print()
    if opt.toml:
        for name, m in toml_lists(mixes).items():
            print(f"# {name} = [{', '.join(chr(34) + x + chr(34) for x in m)}]")
    else:
        print("| programs | " + " | ".join(KINDS) + " |")
        print("|---:|" + "---|" * len(KINDS))
        for n, kinds in mixes.items():
            print(f"| {n} | " + " | ".join(", ".join(kinds[k]) for k in KINDS) + " |")
    if opt.check:
        problems = check_file(opt.check, mixes)
        for p in problems:
            print(f"mixes: {p}", file=sys.stderr)
        if problems:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
