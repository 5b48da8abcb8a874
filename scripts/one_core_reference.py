#!/usr/bin/env python3
"""one_core_reference: the stats.json of the smallest E1 and E2 points, as a build gives them.

    scripts/one_core_reference.py --build DIR [--write tests/data/one-core-reference.json]

With one core (platform.cores = 1) every result must stay bit-identical to the build before
several cores existed. This runs E1's first point (create/exit/mutex, 4 contexts, seed 1) and E2's
1-context points on both machines (flat and cached memory) with the build in DIR, keeps every
figure of stats.json but the config (it grows with new keys) and the host's timings, and prints
or writes them as JSON. tests/data/one-core-reference.json was first written from the build just
before the platform got several cores, and is rewritten (in a commit that says why) when a change
to the kernel, runtime or timing model moves these figures on purpose;
tests/host/test_one_core_is_unchanged.py compares a build against it."""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name: (experiment, the point's parameters). The points are the experiments' own, run as the
# experiment driver would (analysis.points.make_job).
POINTS = {
    "e1-ops-hw-lat1-seed1": ("e1-thread-control",
                             {"group": "ops", "backend": "hw", "memory.latency": 1}),
    "e2-flat-1": ("e2-smt-speedup", {"group": "flat", "core.contexts": 1}),
    "e2-cached-1": ("e2-smt-speedup", {"group": "cached", "core.contexts": 1}),
}


def argv_of(build_dir: Path, experiment: str, params: dict) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from analysis.build import Build
    from analysis.points import make_job
    from analysis.spec import load
    from analysis.sweep import expand
    build = Build(build_dir)
    exp = load(ROOT / "configs" / "experiments" / f"{experiment}.toml", build)
    for point in expand(exp):
        if all(str(point.params.get(k)) == str(v) for k, v in params.items()):
            return make_job(point, build).argv  # the first: seed 1 where the point repeats
    raise RuntimeError(f"{experiment}: no point with {params}")


def figures(stats: dict) -> dict:
    """stats.json without what may change while the machine does not: the config, host times."""
    kept = {k: v for k, v in stats.items() if k not in ("config", "host")}
    kept["ram_pages_touched"] = stats["host"]["ram_pages_touched"]
    return kept


def run_point(build_dir: Path, name: str, experiment: str, params: dict) -> dict:
    argv = argv_of(build_dir, experiment, params)
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise RuntimeError(f"{name}: {' '.join(argv)}: status {proc.returncode}\n{proc.stderr}")
        return figures(json.loads((Path(tmp) / "stats.json").read_text()))


def run(build_dir: Path) -> dict:
    return {name: run_point(build_dir, name, e, p) for name, (e, p) in POINTS.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--build", type=Path, required=True, help="the build directory")
    ap.add_argument("--write", type=Path, help="write the figures here instead of printing them")
    opt = ap.parse_args()
    text = json.dumps(run(opt.build.resolve()), indent=1, sort_keys=True) + "\n"
    if opt.write:
        opt.write.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
