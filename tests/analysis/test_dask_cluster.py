"""The experiment driver on a Dask cluster (analysis/dask_cluster.py), with real processes on
127.0.0.1: a `dask scheduler` and two `dask worker`s started here, on ports they pick themselves.
Through `--scheduler` the smoke experiment gives the same stats.json, results and tables as local
processes, re-running skips every point, and a failing point is reported word for word as a local
run reports it; `--cluster local:2` starts its own LocalCluster and gives the same figures; a
worker that cannot see kasane-sim fails the point naming the path; a scheduler that does not answer,
or cannot import the driver, is exit status 3 within seconds."""
import json
import os
import subprocess
import sys
import time

import distributed  # not skipped when missing: scripts/install-deps.sh installs it
import pytest

from conftest import ROOT

SMOKE = ROOT / "configs" / "experiments" / "smoke.toml"
FAILING = """
[experiment]
title = "fib, one point refused"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = ["{n}"]
timeout = 120
[sweep]
n = [5, 99]   # fib refuses 99 (exit status 2)
"""


def start(log, module, *args, checkout=True):
    """A dask command (scheduler or worker) as its own process, in the directory of its log file
    log. With checkout it imports this checkout's `analysis` as on a shared file system
    (PYTHONPATH); without, it cannot."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if checkout:
        env["PYTHONPATH"] = str(ROOT)
    with open(log, "w") as out:
        return subprocess.Popen([sys.executable, "-m", f"distributed.cli.{module}",
                                 *map(str, args)], env=env, cwd=log.parent, stdout=out,
                                stderr=subprocess.STDOUT)


def address(file, proc):
    """The address a scheduler started with --scheduler-file file writes there."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return json.loads(file.read_text())["address"]
        except (OSError, ValueError):  # not written yet, or not all of it
            assert time.monotonic() < deadline and proc.poll() is None, "no scheduler"
            time.sleep(0.1)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a scheduler with two single-threaded workers, all on 127.0.0.1."""
    logs = tmp_path_factory.mktemp("dask")
    file = logs / "scheduler.json"
    procs = [start(logs / "scheduler.log", "dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                   "--no-dashboard", "--scheduler-file", file)]
    try:
        for i in range(2):
            procs.append(start(logs / f"worker{i}.log", "dask_worker", "--scheduler-file", file,
                               "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard",
                               "--no-nanny"))
        with distributed.Client(address(file, procs[0]), timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
            yield client.scheduler.address
    finally:  # the workers first: one that closes while its scheduler does can hang
        stop(procs[1:])
        stop(procs[:1])


def stop(procs):
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def stats(out):
    """Each point's stats.json without its `host` object (host seconds differ from run to run)."""
    found = {}
    for f in sorted((out / "points").glob("*/stats.json")):
        s = json.loads(f.read_text())
        assert s.pop("host")["seconds"] > 0
        found[f.parent.name] = s
    return found


def same_results(a, b):
    assert stats(a) == stats(b)
    for name in ("results.csv", "results.jsonl", "tables/fib.md"):
        assert (a / name).read_text() == (b / name).read_text(), name


@pytest.fixture(scope="module")
def local_smoke(tmp_path_factory):
    """The smoke experiment run as local processes: what every cluster run must reproduce."""
    out = tmp_path_factory.mktemp("local") / "smoke"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    r = subprocess.run([sys.executable, ROOT / "scripts" / "kasane", "run", SMOKE, "--out", out,
                        "--jobs", "2"], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert len(stats(out)) == 3
    return out


def test_scheduler_gives_the_same_stats_as_local_processes_and_skips_them_again(
        kasane, scheduler, local_smoke, tmp_path):
    out = tmp_path / "dask"
    r = kasane("run", SMOKE, "--out", out, "--scheduler", scheduler)
    assert r.returncode == 0, r.stderr
    assert (f"3 points: 3 to run, 0 unchanged (skipped); on the Dask scheduler at {scheduler}: "
            "2 workers, 2 at a time") in r.stdout
    same_results(out, local_smoke)
    r = kasane("run", SMOKE, "--out", out, "--scheduler", scheduler)
    assert r.returncode == 0 and "3 points: 0 to run, 3 unchanged (skipped)" in r.stdout


def test_scheduler_reports_a_failing_point_as_a_local_run_does(kasane, experiment, scheduler,
                                                               tmp_path):
    path = experiment(FAILING)
    runs = {}
    for name, where in (("local", ["--jobs", "2"]), ("dask", ["--scheduler", scheduler])):
        out = tmp_path / name
        r = kasane("run", path, "--out", out, *where)
        assert r.returncode == 1
        runs[name] = [text.replace(str(out), "OUT") for text in
                      (r.stderr, (out / "results.csv").read_text(),
                       (out / "summary.md").read_text())]
    assert "FAILED n=99-" in runs["dask"][0] and "usage: fib [N], 0 <= N <= 46" in runs["dask"][0]
    assert runs["dask"] == runs["local"]


def test_a_worker_that_cannot_see_kasane_sim_fails_the_point_naming_the_path(
        kasane, scheduler, tmp_path):
    # All processes here share one file system, so the point's kasane-sim is named by a path
    # that exists nowhere: what a worker on a host without the build sees. The task runs on a
    # real worker, and must fail the point there, naming the path, before it runs anything.
    from analysis import dask_cluster, runner, spec
    from analysis.build import Build, build_dir
    from analysis.points import make_job
    from analysis.sweep import expand
    build = Build(build_dir())
    exp = spec.load(SMOKE, build)
    job = make_job(expand(exp)[0], build)
    job.files = (str(tmp_path / "gone" / "kasane-sim"),) + job.files[1:]
    (tmp_path / "out" / "points").mkdir(parents=True)
    with distributed.Client(scheduler, timeout=30) as client:
        o = client.submit(dask_cluster.on_worker, runner.run_one, job,
                          tmp_path / "out" / "points" / job.dirname, None, pure=False).result()
    assert o.status == "failed"
    assert o.reason.startswith(f"not visible on Dask worker tcp://127.0.0.1:")
    assert str(tmp_path / "gone" / "kasane-sim") in o.reason and "shared file system" in o.reason


def test_local_cluster_gives_the_same_stats_as_local_processes(kasane, local_smoke, tmp_path):
    out = tmp_path / "local-cluster"
    r = kasane("run", SMOKE, "--out", out, "--cluster", "local:2")
    assert r.returncode == 0, r.stderr
    assert "3 points: 3 to run, 0 unchanged (skipped); on a local Dask cluster (" in r.stdout
    assert "): 2 workers, 2 at a time" in r.stdout
    same_results(out, local_smoke)


def test_an_unreachable_scheduler_is_exit_status_3_within_seconds(kasane, tmp_path):
    start = time.monotonic()
    r = kasane("run", SMOKE, "--out", tmp_path / "out", "--scheduler", "tcp://127.0.0.1:9",
               "--connect-timeout", "1")
    assert r.returncode == 3
    assert r.stderr.startswith("kasane: cannot reach the Dask scheduler at tcp://127.0.0.1:9 "
                               "within 1 s")
    assert "nothing ran" in r.stderr and "points:" not in r.stdout
    assert not (tmp_path / "out" / "points").exists()
    assert time.monotonic() - start < 30


def test_a_scheduler_that_cannot_import_the_driver_is_exit_status_3(kasane, tmp_path):
    file = tmp_path / "scheduler.json"
    proc = start(tmp_path / "scheduler.log", "dask_scheduler", "--host", "127.0.0.1", "--port",
                 "0", "--no-dashboard", "--scheduler-file", file, checkout=False)
    try:
        where = address(file, proc)
        r = kasane("run", SMOKE, "--out", tmp_path / "out", "--scheduler", where)
    finally:
        stop([proc])
    assert r.returncode == 3
    assert r.stderr.startswith(f"kasane: the scheduler at {where} cannot import the driver's "
                               "`analysis` package: start the scheduler and the workers with the "
                               "checkout on PYTHONPATH")
    assert not (tmp_path / "out" / "points").exists()
