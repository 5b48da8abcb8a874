"""E1's hw create, exit and notification stay at the cycles issue 38 brought them to.

Seed 002 set MULiTh's goal at a create of under 100 cycles with the thread instructions and
reported 84 for a create, 51 for an exit and 373 for a notification; Kasane's hw backend took 208,
178 and 808 before its fast paths were rebuilt as MULiTh's (docs/investigations.md, "Where E1's
create, exit and notification went"). This runs only the points E1's figures for those rows come
from (backend hw, memory latency 1, the 8 perturbation seeds; group "ops" for create and exit,
"notify" for the notification), exactly as the experiment driver runs them, and fails if the mean
of the 8 seeds, which is E1's figure, goes above the bound: each bound is the figure measured when
it was set, rounded up by a few cycles (the paper's 84 for the create), so a change that puts a
lock, a zeroing, a walk or an out-of-line call back on a path shows here. A change that makes a
path faster should lower its bound."""
import concurrent.futures
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from analysis.build import Build  # noqa: E402
from analysis.points import DISK, make_job  # noqa: E402
from analysis.runner import DiskImages  # noqa: E402
from analysis.spec import load  # noqa: E402
from analysis.sweep import expand  # noqa: E402

# Measured at 325285c (scripts/kasane run configs/experiments/e1-thread-control.toml; hw, memory
# latency 1, mean of seeds 1-8): create 80.0 (79-81), exit 87.2 (87-88), notification 503.5
# (500-507). The create's bound is the paper's 84, the others a few cycles above the figure.
# The notification went to 512.1 (509-516) when four branches merged at once (IAS's counting rule,
# the futex_time64 clamp, --kcov, core scheduling's wake), though each alone stayed under 510:
# the kernel's code moved across cache lines, not its work; the bound is 520 since (issue 38's
# target is 560). The exit went to 53.5 (53-55) when the joiner came to wait on its own word and
# the exit to take it with a CAS before the lock (docs/investigations.md); its bound is 60 since
# (issue 38's target is 70). That change moved the runtime's code and data (the notification's
# path is instruction for instruction the same: `__upcall` disassembles alike but for addresses,
# and scripts/notify_profile.py counts 638 and 635 instructions at seed 1), and the notification
# went from 507.3 (506-511) to 522.0 (518-528): its bound is 530 since.
MOST = {"create": 84, "exit": 60, "notification": 530}
GROUP = {"create": "ops", "exit": "ops", "notification": "notify"}


def _jobs(build):
    b = Build(build)
    exp = load(ROOT / "configs" / "experiments" / "e1-thread-control.toml", b)
    return [make_job(point, b) for point in expand(exp)
            if point.params.get("backend") == "hw"
            and str(point.params.get("memory.latency")) == "1"
            and point.params.get("group") in set(GROUP.values())]


def _reports(job, disks):
    with tempfile.TemporaryDirectory() as tmp:
        if job.disk is not None:
            shutil.copyfile(disks.image(job.disk), pathlib.Path(tmp) / DISK)
        proc = subprocess.run(job.argv, cwd=tmp, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, f"{' '.join(job.argv)}: status {proc.returncode}\n{proc.stderr}"
        return job.point.params["group"], json.loads((pathlib.Path(tmp) / "stats.json").read_text())["reports"]


def test_e1_hw_create_exit_and_notification_within_their_bounds_at_memory_latency_1(target_dir):
    jobs = _jobs(target_dir.resolve().parent)
    with tempfile.TemporaryDirectory() as cache:
        disks = DiskImages(pathlib.Path(cache))
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            runs = list(pool.map(lambda j: _reports(j, disks), jobs))
    for row, group in GROUP.items():
        figures = [r[row] for g, r in runs if g == group]
        assert len(figures) == 8, f"{row}: {len(figures)} seeds, E1 runs 8"
        mean = statistics.mean(figures)
        assert mean <= MOST[row], f"hw {row} {mean:.1f} cycles > {MOST[row]}: {figures}"
