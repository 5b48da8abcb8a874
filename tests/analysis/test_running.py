"""Experiments run end to end with the real simulator: the shipped smoke experiment; re-running
skips unchanged points and re-runs only changed ones; a failing point does not stop the others
and is reported with its command and console; a missing metric fails its point; a fresh disk
image per point, with a folder's files when it names one, rebuilt when the image tool changes;
--jobs 1 and --jobs 2 give identical stats.json apart from `host`."""
import csv
import hashlib
import json
import subprocess
import sys

from conftest import ROOT

SMOKE = ROOT / "configs" / "experiments" / "smoke.toml"

FIB = """
[experiment]
title = "fib"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = ["{n}"]
timeout = 120
"""


def results(out):
    with open(out / "results.csv") as f:
        return list(csv.DictReader(f))


def mtimes(out):
    return {p.parent.name: p.stat().st_mtime_ns for p in (out / "points").glob("*/stats.json")}


def test_smoke_experiment_runs_end_to_end(kasane, tmp_path):
    out = tmp_path / "smoke"
    r = kasane("run", SMOKE, "--out", out, "--jobs", "2")
    assert r.returncode == 0, r.stderr
    rows = results(out)
    assert [row["n"] for row in rows] == ["10", "15", "20"]
    assert all(row["status"] == "ok" for row in rows)
    cycles = [int(row["cycles"]) for row in rows]
    assert cycles[0] < cycles[1] < cycles[2]  # more calls, more cycles
    assert len(rows[0]["key"]) == 64 and rows[0]["point"] == f"n=10-{rows[0]['key'][:8]}"
    point = out / "points" / rows[0]["point"]
    assert "fib(10) = 55" in (point / "console.txt").read_text()
    assert "fib.elf 10" in (point / "command.txt").read_text()
    assert json.loads((point / "stats.json").read_text())["cycles"] == cycles[0]
    jsonl = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [j["cycles"] for j in jsonl] == cycles
    md = (out / "tables" / "fib.md").read_text()
    assert f"| 10 | {cycles[0]:,} |" in md
    summary = (out / "summary.md").read_text()
    assert md in summary and summary.strip() in r.stdout
    assert (out / "plots" / "cycles.png").stat().st_size > 5000
    assert (out / "plots" / "cycles.svg").stat().st_size > 5000


def test_rerun_skips_unchanged_points_and_reruns_changed_ones(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(FIB + "[sweep]\nn = [3, 4, 5]\n")
    assert kasane("run", path, "--out", out).returncode == 0
    before = mtimes(out)
    r = kasane("run", path, "--out", out)
    assert r.returncode == 0
    assert "3 points: 0 to run, 3 unchanged" in r.stdout
    assert mtimes(out) == before
    path.write_text(FIB + "[sweep]\nn = [3, 4, 6]\n")  # one argument changed
    r = kasane("run", path, "--out", out)
    assert r.returncode == 0
    assert "3 points: 1 to run, 2 unchanged" in r.stdout
    after = mtimes(out)
    assert {k: after[k] for k in before if k.startswith(("n=3-", "n=4-"))} == \
           {k: v for k, v in before.items() if k.startswith(("n=3-", "n=4-"))}
    assert [row["n"] for row in results(out)] == ["3", "4", "6"]
    path.write_text(FIB + "set = { 'core.contexts' = 2 }\n[sweep]\nn = [3, 4, 6]\n")
    assert "3 points: 3 to run, 0 unchanged" in kasane("run", path, "--out", out).stdout


def test_failing_points_do_not_stop_the_others_and_are_reported(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(FIB + """
[[group]]
name = "fib"
sweep = { n = [5, 99] }   # fib refuses 99 (exit status 2)

[[group]]
name = "slow"
timeout = 1
sweep = { n = [45] }      # takes minutes

[[table]]
name = "t"
columns = [{ title = "group", value = "group" }, { title = "n", value = "n" },
           { title = "cycles", value = "cycles" }]
""")
    r = kasane("run", path, "--out", out, "--jobs", "2")
    assert r.returncode == 1
    rows = results(out)
    assert [(row["group"], row["n"], row["status"]) for row in rows] == \
           [("fib", "5", "ok"), ("fib", "99", "failed"), ("slow", "45", "failed")]
    assert int(rows[0]["cycles"]) > 0 and rows[1]["cycles"] == ""
    # Each failure: reason, a command line to paste, the console's last lines.
    assert f"FAILED {rows[1]['point']}: exit status 2" in r.stderr
    assert "kasane-sim --config" in r.stderr and "fib.elf 99" in r.stderr
    assert "usage: fib [N], 0 <= N <= 46" in r.stderr
    assert f"FAILED {rows[2]['point']}: timed out after 1 s" in r.stderr
    assert "2 of 3 points failed" in r.stderr
    md = (out / "tables" / "t.md").read_text()
    assert "| fib | 99 | failed |" in md and "| slow | 45 | failed |" in md
    assert "### Failed points" in (out / "summary.md").read_text()


def test_a_missing_metric_fails_its_point_naming_metric_and_path(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(FIB + "[sweep]\nn = [3]\n[metrics]\ncycles = 'cycles'\n"
                            "roi = 'regions.0.cycles'\n")
    r = kasane("run", path, "--out", out)
    assert r.returncode == 1
    assert "metric 'roi': path 'regions.0.cycles' is not in stats.json: no '0' at regions " \
           "(there: a list of 0)" in r.stderr
    assert results(out)[0]["status"] == "failed"


def test_an_optional_metric_a_point_lacks_is_empty_and_the_point_stands(kasane, experiment,
                                                                       tmp_path):
    """A sweep over contexts with a metric of context 1: on 1 context the cell is empty, not every
    column `failed`; the run exits 0."""
    out = tmp_path / "out"
    path = experiment(FIB + """[sweep]
n = [3]
"core.contexts" = [1, 2]
[metrics]
cycles = "cycles"
c1 = { path = "contexts.1.retired", optional = true }
[[table]]
name = "t"
columns = [{ title = "contexts", value = "core_contexts" }, { title = "cycles", value = "cycles" },
           { title = "context 1", value = "c1" }]
""")
    r = kasane("run", path, "--out", out)
    assert r.returncode == 0, r.stderr
    rows = results(out)
    assert [row["status"] for row in rows] == ["ok", "ok"]
    assert rows[0]["c1"] == "" and rows[1]["c1"] != ""
    md = (out / "tables" / "t.md").read_text()
    assert "| 1 | " in md and "failed" not in md and "Failed points" not in md


def test_each_point_gets_a_fresh_disk_image_built_by_ext2img(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(FIB + "disk = { size = '1M', files = { 'data.bin' = '10K' } }\n"
                            "[sweep]\nn = [3, 4]\n")
    assert kasane("run", path, "--out", out).returncode == 0
    for row in results(out):
        point = out / "points" / row["point"]
        assert "--disk disk.img" in (point / "command.txt").read_text()
        assert (point / "disk.img").stat().st_size == 1 << 20
        ls = subprocess.run([sys.executable, ROOT / "tools" / "ext2img.py", "ls",
                             point / "disk.img"], capture_output=True, text=True, check=True).stdout
        assert ls.splitlines() == ["f 10240 data.bin"]
        subprocess.run([sys.executable, ROOT / "tools" / "ext2img.py", "extract",
                        point / "disk.img", tmp_path / row["point"]], check=True)
        data = (tmp_path / row["point"] / "data.bin").read_bytes()
        assert data == hashlib.shake_256(b"kasane-disk-file:data.bin").digest(10240)
    keys = {row["key"] for row in results(out)}
    path.write_text(FIB + "disk = { size = '1M', files = { 'data.bin' = '12K' } }\n"
                          "[sweep]\nn = [3, 4]\n")
    assert "2 points: 2 to run, 0 unchanged" in kasane("run", path, "--out", out).stdout
    assert keys.isdisjoint(row["key"] for row in results(out))


def test_a_disk_folder_goes_on_the_image_and_its_contents_are_in_the_key(kasane, experiment,
                                                                         tmp_path):
    out, folder = tmp_path / "out", tmp_path / "inputs"
    folder.mkdir()
    (folder / "words.txt").write_bytes(b"one two three\n")
    text = FIB + (f"disk = {{ size = '1M', dir = '{folder}', files = {{ 'data.bin' = '4K' }} }}\n"
                  "[sweep]\nn = [3]\n")
    path = experiment(text)
    assert kasane("run", path, "--out", out).returncode == 0
    row = results(out)[0]
    image = out / "points" / row["point"] / "disk.img"
    subprocess.run([sys.executable, ROOT / "tools" / "ext2img.py", "extract", image,
                    tmp_path / "x"], check=True)
    assert (tmp_path / "x" / "words.txt").read_bytes() == b"one two three\n"
    assert (tmp_path / "x" / "data.bin").stat().st_size == 4096
    (folder / "words.txt").write_bytes(b"one two four\n")  # same path, new contents: re-run
    assert "1 points: 1 to run, 0 unchanged" in kasane("run", path, "--out", out).stdout
    assert results(out)[0]["key"] != row["key"]
    path.write_text(text.replace(str(folder), str(tmp_path / "nowhere")))
    r = kasane("check", path)
    assert r.returncode == 2 and "no such folder in the build's target tree" in r.stderr


def test_thermal_trace_is_kept_and_plotted(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(FIB + "thermal_trace = true\n[sweep]\nn = [3, 18]\n"
                            "[[plot]]\nname = 'temp'\nkind = 'trace'\nseries = 'n'\n")
    assert kasane("run", path, "--out", out).returncode == 0
    for row in results(out):
        trace = (out / "points" / row["point"] / "thermal.csv").read_text().splitlines()
        assert trace[0].startswith("cycle,seconds,") and len(trace) > 10
    svg = (out / "plots" / "temp.svg").read_text()
    assert "n=3" in svg and "n=18" in svg


def test_any_jobs_gives_identical_stats_apart_from_host(kasane, tmp_path):
    stats = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        assert kasane("run", SMOKE, "--out", out, "--jobs", jobs).returncode == 0
        stats[jobs] = {}
        for f in sorted((out / "points").glob("*/stats.json")):
            s = json.loads(f.read_text())
            assert s.pop("host")["seconds"] > 0
            stats[jobs][f.parent.name] = s
    assert len(stats[1]) == 3
    assert stats[1] == stats[2]


def test_a_cached_disk_image_is_rebuilt_when_the_image_tool_changes(tmp_path, monkeypatch):
    """The image cache is keyed by the tool that builds the images too: a cache kept across a
    change of the file system's format (KFS to ext2) handed the kernel images it could not mount."""
    from analysis import runner
    tools = tmp_path / "root" / "tools"
    tools.mkdir(parents=True)
    tool = tools / "ext2img.py"
    tool.write_bytes((ROOT / "tools" / "ext2img.py").read_bytes())
    monkeypatch.setattr(runner, "ROOT", tmp_path / "root")
    spec = {"size": 1 << 20, "files": {"a.bin": 1024}}  # as resolve.py gives it
    cache = tmp_path / "cache"
    first = runner.DiskImages(cache).image(spec)
    assert runner.DiskImages(cache).image(spec) == first  # the same tool: the cached image
    tool.write_text(tool.read_text() + "\n# another version\n")
    second = runner.DiskImages(cache).image(spec)
    assert second != first and second.is_file()
