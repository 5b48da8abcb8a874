"""`repeat = N`: N runs per point with sim.perturb_seed 1..N; table cells and plot values are
computed per seed and summarised as the mean with a 95% Student-t interval, which a hand
computation confirms; a ratio is the mean of the per-seed ratios, not the ratio of the means;
plots get error bars (checked in the data they write, plots/NAME.csv); results keep every run."""
import csv
import json
import math
from pathlib import Path
from types import SimpleNamespace

import pytest

from analysis import plots, repeats, spec, sweep, tables
from analysis.expr import compile_expr
from analysis.results import Row

# t(0.975, 2) from a printed table of Student's t distribution (two-sided 95%, 2 degrees of
# freedom).
T_975_DF2 = 4.302652729911275
METRICS = ["cycles"]


def row(backend, seed, combo, cycles):
    name = f"backend={backend},seed={seed}"
    point = SimpleNamespace(label=lambda: name, seed=seed, combo=combo)
    job = SimpleNamespace(dirname=name, point=point)
    return Row(SimpleNamespace(job=job, directory=Path(".")), {"backend": backend},
               {"cycles": cycles})


HW, CONV = [100, 200, 400], [300, 400, 400]   # per seed 1, 2, 3: ratios 3, 2, 1
ROWS = [r for s in range(3) for r in (row("hw", s + 1, 0, HW[s]), row("conv", s + 1, 1, CONV[s]))]


def hand_interval(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = T_975_DF2 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def column(title, value, fmt=None):
    return {"title": title, "value": value, "code": compile_expr(value), "format": fmt}


def test_the_interval_is_students_t_as_computed_by_hand():
    s = repeats.summarise(HW)
    mean, low, high = hand_interval(HW)
    assert s.n == 3 and s.mean == pytest.approx(mean)
    assert (s.low, s.high) == (pytest.approx(low), pytest.approx(high))
    assert repeats.summarise([7, 7, 7]).low == 7  # no spread, no interval
    assert repeats.combine(["hw", "hw"]) == "hw" and repeats.combine([3, 3]) == 3


def test_a_ratio_is_computed_per_seed_then_summarised(tmp_path):
    t = {"name": "r", "title": "r", "rows": [{"op": "cycles"}], "where": {}, "columns": [
        column("op", "op"),
        column("hw", "at(backend='hw').cycles", "{:,.0f}"),
        column("ratio", "at(backend='conv').cycles / at(backend='hw').cycles", "{:.2f}")]}
    header, cells, raw, errors = tables.render(t, ROWS, METRICS)
    assert errors == []
    mean, low, high = hand_interval([3.0, 2.0, 1.0])
    assert mean == 2.0 and raw[0][2].mean == pytest.approx(2.0)      # not 1100 / 700 = 1.57
    assert (raw[0][2].low, raw[0][2].high) == (pytest.approx(low), pytest.approx(high))
    hw_mean, hw_low, _ = hand_interval(HW)
    assert cells[0] == ["cycles", f"{hw_mean:,.0f} ± {hw_mean - hw_low:,.0f}",
                        f"2.00 ± {2.0 - low:.2f}"]
    tables.write(t, ROWS, METRICS, tmp_path)
    with open(tmp_path / "tables" / "r.csv") as f:
        got = list(csv.reader(f))
    assert got[0][:6] == ["op", "op (95% CI low)", "op (95% CI high)", "hw", "hw (95% CI low)",
                          "hw (95% CI high)"]
    assert [float(x) for x in got[1][6:9]] == [pytest.approx(v) for v in (mean, low, high)]


def test_points_rows_summarise_each_point_over_its_seeds():
    t = {"name": "p", "title": "p", "rows": "points", "where": {}, "columns": [
        column("backend", "backend"), column("cycles", "cycles"),
        column("vs first", "cycles / first.cycles", "{:.3f}")]}
    _, cells, raw, errors = tables.render(t, ROWS, METRICS)
    assert errors == [] and [c[0] for c in cells] == ["hw", "conv"]
    assert raw[1][1].mean == pytest.approx(sum(CONV) / 3)
    assert raw[1][2].mean == pytest.approx((3 + 2 + 1) / 3)  # per seed: conv / hw of that seed


def test_plots_get_error_bars_from_the_per_seed_values(tmp_path):
    p = {"name": "c", "kind": "line", "title": "c", "where": {}, "series": None,
         "x": "0 if backend == 'hw' else 1", "y": "cycles", "xcode": compile_expr(
             "0 if backend == 'hw' else 1"), "ycode": compile_expr("cycles"),
         "xscale": "linear", "yscale": "linear", "xlabel": "x", "ylabel": "y", "reference": []}
    assert plots.write(p, ROWS, METRICS, tmp_path) == []
    with open(tmp_path / "plots" / "c.csv") as f:
        data = list(csv.DictReader(f))
    assert [(float(d["x"]), int(d["runs"])) for d in data] == [(0, 3), (1, 3)]
    for d, values in zip(data, (HW, CONV)):
        mean, low, high = hand_interval(values)
        assert float(d["y"]) == pytest.approx(mean)
        assert (float(d["y_low"]), float(d["y_high"])) == (pytest.approx(low),
                                                           pytest.approx(high))
    assert (tmp_path / "plots" / "c.svg").stat().st_size > 5000


def test_repeat_expands_each_point_into_seeds_1_to_n(build, experiment):
    if spec.PERTURB_SEED not in build.config_keys():
        pytest.skip(f"this kasane-sim has no {spec.PERTURB_SEED}")
    exp = spec.load(experiment("""
[experiment]
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = ["{n}"]
repeat = 3
[sweep]
n = [5, 6]
"""), build)
    pts = sweep.expand(exp)
    assert [(p.params["n"], p.seed, p.combo) for p in pts] == \
        [(5, 1, 0), (5, 2, 0), (5, 3, 0), (6, 1, 1), (6, 2, 1), (6, 3, 1)]
    assert [p.settings["set"] for p in pts[:3]] == [{"sim.perturb_seed": s} for s in (1, 2, 3)]
    assert pts[1].label() == "n=5,seed=2"


def test_a_repeated_experiment_runs_n_times_per_point_and_keeps_every_run(kasane, build,
                                                                          experiment, tmp_path):
    if spec.PERTURB_SEED not in build.config_keys():
        pytest.skip(f"this kasane-sim has no {spec.PERTURB_SEED}")
    out = tmp_path / "out"
    path = experiment("""
[experiment]
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = ["{n}"]
repeat = 3
timeout = 120
[sweep]
n = [12]
[[table]]
name = "t"
columns = [{ value = "n" }, { value = "cycles", format = "{:.0f}" }]
""")
    r = kasane("run", path, "--out", out, "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert "3 points: 3 to run" in r.stdout
    with open(out / "results.csv") as f:
        rows = list(csv.DictReader(f))
    assert [row["seed"] for row in rows] == ["1", "2", "3"]
    for row in rows:
        stats = json.loads((out / "points" / row["point"] / "stats.json").read_text())
        assert stats["config"]["sim"]["perturb_seed"] == int(row["seed"])
    cycles = [int(row["cycles"]) for row in rows]
    mean, low, high = hand_interval(cycles) if len(set(cycles)) > 1 else (cycles[0],) * 3
    with open(out / "tables" / "t.csv") as f:
        table = list(csv.reader(f))
    assert float(table[1][3]) == pytest.approx(mean)
    if low != high:
        assert (float(table[1][4]), float(table[1][5])) == (pytest.approx(low),
                                                            pytest.approx(high))
        assert f"{mean:.0f} ± {(high - low) / 2:.0f}" in (out / "tables" / "t.md").read_text()
