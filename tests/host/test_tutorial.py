"""docs/tutorial.md works as written: its program builds with kasane-cc for both thread backends,
runs under the kernel, prints the right sum and leaves its figure and region in stats.json.

The program is built in pytest's temporary directory, whose path changes from run to run; the
figures do not, because kasane-sim gives the guest the program's file name (sum-hw.elf) as argv[0]
and no environment but --env (none here)."""
import json
import subprocess

import pytest

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("backend", ["hw", "conventional"])
def test_tutorial_program_builds_runs_and_reports(run_sim, kernel, target_dir, tmp_path, backend):
    elf = tmp_path / f"sum-{backend}.elf"
    cc = subprocess.run([str(target_dir / "kasane-cc"), "--threads", backend,
                         str(ROOT / "docs" / "tutorial" / "sum.c"), "-o", str(elf)],
                        capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    stats = tmp_path / "s.json"
    proc = run_sim("--config", ROOT / "configs" / "machines" / "default.toml", "--stats", stats,
                   kernel, elf)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "sum = 59997\n"
    s = json.loads(stats.read_text())
    region = s["regions"][0]
    assert region["closed"] and region["retired"][1] > 0  # the second thread ran on context 1
    assert region["name"] == "parallel"  # KASANE_ROI_NAME, which chapter 4's trace window uses
    # The program's own count sits inside the region, which adds two system calls to it.
    assert 0 < s["reports"]["sum_cycles"] < region["cycles"]


def test_kasane_cc_refuses_an_unknown_backend(target_dir):
    proc = subprocess.run([str(target_dir / "kasane-cc"), "--threads", "green", "x.c"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "hw, conventional or kernel" in proc.stderr
