"""Multiprogrammed points (`process`): the entries of a point, `each` expanded; the workload file
and the key; the checks of the file; the SMT metrics against a hand computation; and end to end,
each program's alone run made once per machine and shared between the mixes, skipped when
unchanged, and STP, ANTT and Hmean in the results and a table."""
import json
import math

import pytest

from analysis import ExperimentError, smt, spec, sweep
from analysis.points import make_job
from conftest import ROOT

HEAD = """
[experiment]
title = "mix"
machine = "configs/machines/default.toml"
set = { "sim.model" = "iss", "core.contexts" = 2, "os.smt_sched" = "context" }
timeout = 120
"""
MIX = HEAD + """process = [{ program = "workloads/fib.elf", args = ["{each}"], each = "mix" }]

[sweep]
mix = ["14+15", "14+16"]

[metrics]
stp = "smt.stp"
antt = "smt.antt"
hmean = "smt.hmean"
np = "smt.np"
ipc_alone = "smt.ipc_alone"

[[table]]
name = "smt"
columns = [{ value = "mix" }, { value = "stp", format = "{:.3f}" },
           { value = "antt", format = "{:.3f}" }, { value = "np[0]", format = "{:.3f}" }]
"""


def test_each_stands_for_one_process_per_element_with_the_point_parameters():
    entries = [{"program": "w/{each}.elf", "each": "mix", "args": ["{n}"], "cpu": "{c}"},
               {"program": "w/fib.elf", "env": {"A": "{n}"}, "name": "f{n}"}]
    got = sweep.processes(entries, {"mix": "crc+sort", "n": 7, "c": 1}, "here")
    assert got == [
        {"program": "w/crc.elf", "args": ["7"], "env": {}, "name": None, "cpu": 1},
        {"program": "w/sort.elf", "args": ["7"], "env": {}, "name": None, "cpu": 1},
        {"program": "w/fib.elf", "args": [], "env": {"A": "7"}, "name": "f7", "cpu": None}]
    with pytest.raises(ExperimentError, match="is not a CPU number"):
        sweep.processes([{"program": "x", "cpu": "{n}x"}], {"n": 1}, "here")


def test_programs_lets_each_element_name_its_own_program_and_args():
    progs = {"crc": {"program": "w/intmix.elf", "args": ["crc", "{n}"]},
             "core": {"program": "w/coremix.elf"}}
    entries = [{"each": "mix", "name": "{each}", "programs": progs}]
    got = sweep.processes(entries, {"mix": "core+crc+core", "n": 2}, "here")
    assert got == [
        {"program": "w/coremix.elf", "args": [], "env": {}, "name": "core", "cpu": None},
        {"program": "w/intmix.elf", "args": ["crc", "2"], "env": {}, "name": "crc", "cpu": None},
        {"program": "w/coremix.elf", "args": [], "env": {}, "name": "core", "cpu": None}]
    with pytest.raises(ExperimentError, match="'fib' .*is not in programs; they are: crc, core"):
        sweep.processes(entries, {"mix": "crc+fib", "n": 2}, "here")


def test_smt_metrics_are_eyerman_and_eeckhouts():
    def run(*procs):  # (retired, first cycle run, exit) per process, pids 1..n
        return {"processes": [{"pid": i + 1, "name": "p", "retired": r, "first_cycle": f,
                               "last_cycle": la - 1, "exited_cycle": la}
                              for i, (r, f, la) in enumerate(procs)]}
    # The mix starts at cycle 100 (loading went before); the second program first runs at 600:
    # its wait counts. IPC 0.5 and 0.75.
    shared = run((1000, 100, 2100), (3000, 600, 4100))
    alone = [run((1000, 50, 1050)), run((3000, 7, 3007))]  # IPC 1.0 and 1.0
    entries = [{"program": "a.elf", "args": ["1"]}, {"program": "b.elf", "args": [], "name": "b"}]
    m = smt.metrics(shared, alone, entries)
    assert m["programs"] == ["a 1", "b"]
    assert m["np"] == [0.5, 0.75]
    assert m["stp"] == 1.25
    assert math.isclose(m["antt"], (2 + 4 / 3) / 2)
    assert math.isclose(m["hmean"], 2 / (2 + 4 / 3))
    assert math.isclose(m["fairness"], 0.5 / 0.75)
    assert m["ipc"] == (1000 + 3000) / 4000  # all instructions over the span to the last exit
    with pytest.raises(ValueError, match="no process 2"):
        smt.metrics(run((1, 0, 1)), alone, entries)


def test_the_workload_file_and_the_key_name_every_program_by_its_contents(build, experiment):
    exp = spec.load(experiment(MIX), build)
    points = sweep.expand(exp)
    job = make_job(points[0], build)
    assert job.argv[-3:] == ["--workload", "workload.toml", str(build.target / "os/kernel.elf")]
    assert "--env" not in job.argv
    assert job.workload.count("[[process]]") == 2
    assert f'program = "{build.target / "workloads/fib.elf"}"' in job.workload
    assert 'args = ["14"]' in job.workload and 'args = ["15"]' in job.workload
    assert str(build.target) not in json.dumps(job.inputs)  # the key holds no host path
    alone = smt.alone_points(points[0])
    assert [a.label() for a in alone] == ["alone=fib 14", "alone=fib 15"]
    # The alone run of fib 14 is the same run (key and directory) for both mixes.
    a0 = make_job(alone[0], build)
    assert a0.dirname == make_job(smt.alone_points(points[1])[0], build).dirname
    assert a0.workload.count("[[process]]") == 1


@pytest.mark.parametrize("text, fragments", [
    (HEAD + "program = 'workloads/fib.elf'\nprocess = [{ program = 'workloads/fib.elf' }]\n",
     ["process", "not both"]),
    (HEAD + "process = [{ program = 'workloads/fib.elf', nice = 3 }]\n",
     ["process[0]", "unknown key 'nice'", "allowed: program, args, env, cpu, name, each"]),
    (HEAD + "process = [{ args = ['1'] }]\n", ["process[0]", "missing key 'program'"]),
    (HEAD + "process = [{ program = 'workloads/fib.elf', each = 'mix', programs = { a = "
            "{ program = 'workloads/fib.elf' } } }]\n[sweep]\nmix = ['a']\n",
     ["process[0].programs", "not both"]),
    (HEAD + "process = [{ programs = { a = { program = 'workloads/fib.elf' } } }]\n",
     ["process[0].programs", "needs `each`"]),
    (HEAD + "process = [{ each = 'mix', programs = { a = { program = 'workloads/nope.elf' } "
            "} }]\n[sweep]\nmix = ['a']\n", ["workloads/nope.elf", "no such file"]),
    (HEAD + "process = [{ each = 'mix', programs = { a = { program = 'workloads/fib.elf', "
            "args = ['{n}'] } } }]\n[sweep]\nmix = ['a']\n", ["{n} names no parameter"]),
    (HEAD + "process = [{ each = 'mix', programs = { a = { program = 'workloads/fib.elf' } "
            "} }]\n[sweep]\nmix = ['a+b']\n", ["'b'", "is not in programs"]),
    (HEAD + "process = []\n", ["process", "at least 1"]),
    (HEAD + "process = [{ program = 'workloads/nope.elf' }]\n", ["workloads/nope.elf",
                                                                 "no such file"]),
    (HEAD + "process = [{ program = 'workloads/fib.elf', each = 'mix' }]\n",
     ["each", "'mix' names no parameter"]),
    (HEAD + "process = [{ program = 'workloads/fib.elf', args = ['{n}'] }]\n",
     ["{n} names no parameter"]),
    (HEAD + "kernel = ''\nprocess = [{ program = 'workloads/fib.elf' }]\n",
     ["needs a kernel"]),
])
def test_a_wrong_process_list_is_refused_naming_the_entry(build, experiment, text, fragments):
    with pytest.raises(ExperimentError) as e:
        spec.load(experiment(text), build)
    msg = str(e.value)
    for f in fragments:
        assert f in msg, msg


def test_mixes_run_with_their_programs_alone_once_each(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    path = experiment(MIX)
    r = kasane("run", path, "--out", out, "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert "5 points: 5 to run" in r.stdout  # two mixes, fib 14, 15 and 16 alone
    alone = sorted(p.name.rsplit("-", 1)[0] for p in (out / "points").glob("alone=*"))
    assert alone == ["alone=fib_14", "alone=fib_15", "alone=fib_16"]
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [row["mix"] for row in rows] == ["14+15", "14+16"]  # alone runs are not rows
    for row in rows:
        assert row["status"] == "ok"
        assert math.isclose(row["stp"], sum(row["np"]))
        assert math.isclose(row["antt"], sum(1 / x for x in row["np"]) / 2)
        assert math.isclose(row["hmean"], 1 / row["antt"])
        # Two programs on two contexts: each progresses, neither as fast as alone.
        assert all(0.3 < x <= 1.05 for x in row["np"]), row
    # fib 14 alone is the same run in both mixes.
    assert rows[0]["ipc_alone"][0] == rows[1]["ipc_alone"][0]
    stats = json.loads((out / "points" / rows[0]["point"] / "stats.json").read_text())
    assert [p["name"] for p in stats["processes"]] == ["fib.elf", "fib.elf"]
    assert "| 14+15 |" in (out / "tables" / "smt.md").read_text()
    assert "5 points: 0 to run, 5 unchanged" in kasane("run", path, "--out", out).stdout
