"""E1's hw thread create stays under MULiTh's 100 cycles and its exit under 90 (issue 38).

Seed 002 set MULiTh's goal at a create of under 100 cycles with the thread instructions and
reported 84 for a create and 51 for an exit; Kasane's hw backend took 208 and 178 before its fast
paths were rebuilt as MULiTh's (docs/investigations.md, "Where E1's create and exit went"). This
runs only the points E1's figures for those two rows come from (group "ops", backend hw, memory
latency 1, the 8 perturbation seeds), exactly as the experiment driver runs them, and fails if the
mean of the 8 seeds, which is E1's figure, goes above 100 cycles for a create or 90 for an exit:
a change that puts a lock, a zeroing or an out-of-line call back on either path shows here."""
import concurrent.futures
import importlib.util
import json
import pathlib
import statistics
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
CREATE_MOST, EXIT_MOST = 100, 90
SEEDS = range(1, 9)


def _thread_profile():
    spec = importlib.util.spec_from_file_location("thread_profile",
                                                  ROOT / "scripts" / "thread_profile.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _reports(argv):
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, f"{' '.join(argv)}: status {proc.returncode}\n{proc.stderr}"
        return json.loads((pathlib.Path(tmp) / "stats.json").read_text())["reports"]


def test_e1_hw_create_under_100_and_exit_under_90_cycles_at_memory_latency_1(target_dir):
    build = target_dir.parent
    profile = _thread_profile()
    argvs = [profile.argv_of(build, "hw", 1, seed) for seed in SEEDS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(_reports, argvs))
    create = statistics.mean(r["create"] for r in runs)
    exit_ = statistics.mean(r["exit"] for r in runs)
    assert create <= CREATE_MOST, f"hw create {create:.1f} cycles: {[r['create'] for r in runs]}"
    assert exit_ <= EXIT_MOST, f"hw exit {exit_:.1f} cycles: {[r['exit'] for r in runs]}"
