"""E9 small: the experiment of configs/experiments/e9-smt-policies.toml cut to 2 mixes of 2 and 2
fetch policies (RR.1.8 and ICOUNT.2.8) on its machine and programs, run end to end; each STP,
ANTT and Hmean the driver reports is computed again here by hand from the runs' stats.json
(retired instructions over turnaround, shared and alone), and a mean over mixes, as E9's tables
take it, from those."""
import json
import math
import tomllib

from conftest import ROOT

E9 = ROOT / "configs" / "experiments" / "e9-smt-policies.toml"
MIXES = ["crc+chase", "fib+gups"]  # an ILP+MEM pair each: short programs of E9's set


def small_experiment() -> str:
    doc = tomllib.loads(E9.read_text())
    programs = doc["experiment"]["process"][0]["programs"]
    lines = ['[experiment]', 'title = "E9 small"', f'machine = "{doc["experiment"]["machine"]}"',
             'set = { "os.smt_sched" = "context" }', "timeout = 300", "",
             "[[experiment.process]]", 'each = "mix"', 'name = "{each}"',
             "[experiment.process.programs]"]
    for name in sorted({p for m in MIXES for p in m.split("+")}):
        e = programs[name]
        lines.append(f'{name} = {{ program = "{e["program"]}", args = {json.dumps(e["args"])} }}')
    lines += ["", "[[group]]", 'name = "rr"', 'set = { "fetch.threads_per_cycle" = 1 }',
              f'sweep = {{ mix = {json.dumps(MIXES)}, "fetch.policy" = ["round_robin"] }}', "",
              "[[group]]", 'name = "icount"',
              f'sweep = {{ mix = {json.dumps(MIXES)}, "fetch.policy" = ["icount"] }}', "",
              "[metrics]", 'stp = "smt.stp"', 'antt = "smt.antt"', 'hmean = "smt.hmean"',
              'ipc_shared = "smt.ipc_shared"', 'ipc_alone = "smt.ipc_alone"', "",
              "[[table]]", 'name = "mean"',
              f'rows = [{{ a = "{MIXES[0]}", b = "{MIXES[1]}" }}]',
              'columns = [{ title = "STP", value = "sum(at(mix=m, group=\'icount\').stp for m in '
              '(a, b,)) / 2", format = "{:.6f}" }]']
    return "\n".join(lines) + "\n"


def turnaround_ipc(stats: dict) -> list[float]:
    procs = sorted(stats["processes"], key=lambda p: p["pid"])
    start = min(p["first_cycle"] for p in procs)
    return [p["retired"] / (p["exited_cycle"] - start) for p in procs]


def test_e9_small_runs_and_its_metrics_are_the_hand_computed_ones(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    r = kasane("run", experiment(small_experiment(), "e9-small"), "--out", out, "--jobs", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [(row["group"], row["mix"]) for row in rows] == [
        ("rr", MIXES[0]), ("rr", MIXES[1]), ("icount", MIXES[0]), ("icount", MIXES[1])]
    alone_dirs = {}
    for d in (out / "points").glob("alone=*"):
        stats = json.loads((d / "stats.json").read_text())
        policy = stats["config"]["fetch"]["policy"]
        alone_dirs[(d.name.split(",")[0][len("alone="):], policy)] = turnaround_ipc(stats)[0]
    assert len(alone_dirs) == 8  # 4 programs x 2 policies
    stp_icount = []
    for row in rows:
        assert row["status"] == "ok", row
        stats = json.loads((out / "points" / row["point"] / "stats.json").read_text())
        assert stats["config"]["core"]["contexts"] == 8 and stats["config"]["sim"]["model"] == "o3"
        shared = turnaround_ipc(stats)
        policy = stats["config"]["fetch"]["policy"]
        alone = [alone_dirs[(p, policy)] for p in row["mix"].split("+")]
        np_ = [s / a for s, a in zip(shared, alone)]
        assert all(0.2 < x < 1.05 for x in np_), (row["mix"], np_)  # both progress, none faster
        assert math.isclose(row["stp"], np_[0] + np_[1])
        assert math.isclose(row["antt"], (1 / np_[0] + 1 / np_[1]) / 2)
        assert math.isclose(row["hmean"], 2 / (1 / np_[0] + 1 / np_[1]))
        assert row["ipc_alone"] == alone
        if row["group"] == "icount":
            stp_icount.append(np_[0] + np_[1])
    table = (out / "tables" / "mean.csv").read_text().splitlines()
    assert math.isclose(float(table[1]), sum(stp_icount) / 2, rel_tol=1e-5)
