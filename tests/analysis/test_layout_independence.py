"""Where the checkout lives does not change results: the driver and its build artefacts copied to
two paths of very different lengths run the same experiment to identical stats.json (apart from
`host`). The guest's argv[0] used to be the program's host path, whose length moved the initial
stack: E1's conventional create at memory latency 18 read 1,499 or 2,910 cycles depending on it."""
import json
import os
import shutil
import subprocess
import sys

from conftest import ROOT

EXPERIMENT = """
[experiment]
title = "layout"
machine = "configs/machines/muthasi.toml"
program = "workloads/threadctl/threadctl-conventional.elf"
args = ["4"]
set = { "core.contexts" = 4, "memory.latency" = 18 }
timeout = 300

[[group]]
name = "threadctl"

[[group]]
name = "fib"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = ["{n}"]
set = { }
sweep = { n = [12] }

[metrics]
cycles = "cycles"
"""

ARTEFACTS = ["sim/kasane-sim", "target/os/kernel.elf", "target/workloads/fib.elf",
             "target/workloads/threadctl/threadctl-conventional.elf"]


def install(build, where):
    """The driver (analysis/, scripts/kasane, configs/, tools/) and the build artefacts the
    experiment needs, copied under `where`."""
    for d in ("analysis", "configs", "tools"):
        shutil.copytree(ROOT / d, where / d, ignore=shutil.ignore_patterns("__pycache__"))
    (where / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "kasane", where / "scripts" / "kasane")
    for a in ARTEFACTS:
        (where / "build" / a).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(build.dir / a, where / "build" / a)
    (where / "layout.toml").write_text(EXPERIMENT)


def run(where):
    env = {k: v for k, v in os.environ.items() if k != "KASANE_BUILD"}
    r = subprocess.run([sys.executable, str(where / "scripts" / "kasane"), "run",
                        str(where / "layout.toml"), "--build", str(where / "build"), "--out",
                        str(where / "out"), "--jobs", "2", "--no-progress"], cwd=where, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    stats = {}
    for f in sorted((where / "out" / "points").glob("*/stats.json")):
        s = json.loads(f.read_text())
        assert s.pop("host")["seconds"] > 0
        stats[f.parent.name] = s
    return stats


def test_two_checkouts_at_different_paths_give_identical_stats(build, tmp_path):
    short = tmp_path / "a"
    long = tmp_path / ("abcdefghij" * 6) / "klmnopqrstuvwxyz" / "k"
    for where in (short, long):
        where.mkdir(parents=True)
        install(build, where)
    a, b = run(short), run(long)
    assert len(a) == 2
    assert a == b
    create = next(s for k, s in a.items() if k.startswith("group=threadctl"))["reports"]["create"]
    assert create > 0
