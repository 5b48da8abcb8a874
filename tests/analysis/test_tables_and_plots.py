"""Tables rendered from known rows (points mode with first/prev and formats, explicit rows with
at(), failed points shown as `failed`, a bad value named by table, column and row, expressions
without builtins), and plots written as non-empty PNG and SVG files."""
import csv
import json
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from analysis import plots, schema, spec, tables
from analysis.expr import ABSENT, compile_expr, evaluate
from analysis.results import Row

METRICS = ["cycles", "ipc"]


def row(name, params, metrics, directory=Path(".")):
    """A point after a run, as results.collect makes it (metrics None: it failed)."""
    job = SimpleNamespace(dirname=name, point=SimpleNamespace(label=lambda: name))
    return Row(SimpleNamespace(job=job, directory=directory, reason=""), params, metrics)


ROWS = [
    row("a", {"group": "ops", "backend": "hw", "core.contexts": 1}, {"cycles": 1000, "ipc": 0.25}),
    row("b", {"group": "ops", "backend": "hw", "core.contexts": 2}, {"cycles": 800, "ipc": 0.3125}),
    row("c", {"group": "ops", "backend": "hw", "core.contexts": 4}, None),
    row("d", {"group": "ops", "backend": "conventional", "core.contexts": 1},
        {"cycles": 2500, "ipc": 0.2}),
]


def outputs(experiment, text, what):
    """The first [[table]] or [[plot]] of text as the writers get it, checked on its own (the checks
    against points and files need a real sweep: test_experiment_file_errors.py has those)."""
    path = experiment(text)
    doc = spec.normalize(tomllib.loads(path.read_text()))
    c = spec.Checker(path)
    errors = schema.problems(doc)
    assert errors == []
    check = tables.check_table if what == "table" else plots.check_plot
    item = check(c, (what, 0), doc[what][0])
    assert c.errors == []
    return item


def table(experiment, build, text):
    return outputs(experiment, "[experiment]\nprogram = 'x'\n" + text, "table")


def test_points_rows_with_formats_first_prev_and_failed_cells(build, experiment):
    t = table(experiment, build, """
[[table]]
name = "speedup"
title = "Speedup"
where = { backend = "hw" }
columns = [
  { title = "contexts", value = "core_contexts" },
  { title = "cycles", value = "cycles" },
  { title = "speedup", value = "first.cycles / cycles", format = "{:.2f}" },
  { title = "step", value = "prev.cycles - cycles if prev else 0" },
  { title = "ipc", value = "ipc" },
  { title = "paper", value = "[0.23, 0.27, 0.32][i]" },
]
""")
    header, cells, raw, errors = tables.render(t, ROWS, METRICS)
    assert errors == []
    assert header == ["contexts", "cycles", "speedup", "step", "ipc", "paper"]
    assert cells == [["1", "1,000", "1.00", "0", "0.25", "0.23"],
                     ["2", "800", "1.25", "200", "0.312", "0.27"],
                     ["4", "failed", "failed", "failed", "failed", "0.32"]]
    assert raw[1][2] == 1.25
    md = tables.markdown(header, cells)
    assert md.splitlines()[1] == "|---:|---:|---:|---:|---:|---:|"
    assert "| 2 | 800 | 1.25 | 200 | 0.312 | 0.27 |" in md


def test_explicit_rows_pick_points_with_at(build, experiment, tmp_path):
    t = table(experiment, build, """
[[table]]
name = "thread-control"
rows = [
  { operation = "one context", n = 1, paper = 84 },
  { operation = "four contexts", n = 4, paper = 51 },
]
columns = [
  { title = "operation", value = "operation" },
  { title = "hw", value = "at(backend='hw', core_contexts=n)['cycles']", format = "{:,.0f}" },
  { title = "conv", value = "at(backend='conventional', core_contexts=1).cycles" },
  { title = "ratio", value = "at(backend='conventional', core_contexts=1)['cycles'] / at(backend='hw', core_contexts=n)['cycles']", format = "{:.1f}x" },
  { title = "paper", value = "paper" },
]
""")
    md, errors = tables.write(t, ROWS, METRICS, tmp_path)
    assert errors == []
    assert "| one context | 1,000 | 2,500 | 2.5x | 84 |" in md
    assert "| four contexts | failed | 2,500 | failed | 51 |" in md
    csv_text = (tmp_path / "tables" / "thread-control.csv").read_text().splitlines()
    assert csv_text[0] == "operation,hw,conv,ratio,paper"
    assert csv_text[1] == "one context,1000,2500,2.5,84"
    assert (tmp_path / "tables" / "thread-control.md").read_text() == md


def test_a_value_that_fails_names_table_column_and_row(build, experiment):
    t = table(experiment, build, """
[[table]]
name = "t"
rows = [{ x = 1 }, { x = 0 }]
columns = [{ title = "inverse", value = "1 / x" }, { title = "who", value = "at(backend='none')" }]
""")
    _, cells, _, errors = tables.render(t, ROWS, METRICS)
    assert cells[0][0] == "1" and cells[1][0] == "error"
    assert len(errors) == 3
    assert "table 't', column 'who', row 1: \"at(backend='none')\": LookupError: " \
           "at(backend='none'): no points match" in errors
    assert "table 't', column 'inverse', row 2: '1 / x': ZeroDivisionError: division by zero" \
           in errors


@pytest.mark.parametrize("text", ["open('/etc/passwd')", "__import__('os')", "print(1)"])
def test_expressions_have_no_builtins_but_the_listed_ones(text):
    with pytest.raises((NameError, ValueError)):
        evaluate(compile_expr(text), {})


def test_expressions_allow_the_listed_builtins_and_comprehensions():
    code = compile_expr("max(abs(a), round(sum([x * k for x in v]) / len(v), 1))")
    assert evaluate(code, {"a": -1, "v": [1, 2, 4], "k": 3}) == 7.0


def check_image_files(out, name):
    png = (out / "plots" / f"{name}.png").read_bytes()
    svg = (out / "plots" / f"{name}.svg").read_text()
    assert png.startswith(b"\x89PNG") and len(png) > 5000
    assert "<svg" in svg and "Date" not in svg
    return svg


def test_line_plot_with_series_log2_and_reference_is_written(build, experiment, tmp_path):
    path = experiment("""
[experiment]
program = "x"
[[plot]]
name = "ipc"
title = "IPC against contexts"
x = "core_contexts"
y = "ipc"
series = "backend"
xscale = "log2"
reference = { label = "paper", x = [1, 2, 4], y = [0.23, 0.27, 0.32] }
""")
    p = outputs(experiment, path.read_text(), "plot")
    assert plots.write(p, ROWS, METRICS, tmp_path) == []
    svg = check_image_files(tmp_path, "ipc")
    for label in ("backend=hw", "backend=conventional", "paper"):
        assert label in svg


def test_a_label_expression_names_each_points_line(build, experiment, tmp_path):
    """`label` is an expression per point: here two parameters make one line's name, where a
    `series` could only name one."""
    path = experiment("""
[experiment]
program = "x"
[[plot]]
name = "ipc"
x = "core_contexts"
y = "ipc"
label = "backend.upper() + ' ' + group"
""")
    p = outputs(experiment, path.read_text(), "plot")
    assert plots.write(p, ROWS, METRICS, tmp_path) == []
    with open(tmp_path / "plots" / "ipc.csv") as f:
        drawn = [(r["series"], r["x"], r["y"]) for r in csv.DictReader(f)]
    assert drawn == [("HW ops", "1", "0.25"), ("HW ops", "2", "0.3125"),
                     ("CONVENTIONAL ops", "1", "0.2")]


def test_trace_plot_reads_each_points_thermal_csv(build, experiment, tmp_path):
    for name, watts in (("spin", 0.5), ("mwait", 0.2)):
        d = tmp_path / name
        d.mkdir()
        lines = ["cycle,seconds,power_w,dynamic_w,static_w,die_c,spreader_c"]
        lines += [f"{k * 10000},{k * 1e-5},{watts},0,0,{45 + watts * k},45" for k in range(1, 50)]
        (d / "thermal.csv").write_text("\n".join(lines) + "\n")
    rows = [row(n, {"policy": n}, {"cycles": 1, "ipc": 1.0}, tmp_path / n) for n in ("spin", "mwait")]
    path = experiment("""
[experiment]
program = "x"
thermal_trace = true
[[plot]]
name = "temperature"
kind = "trace"
series = "policy"
""")
    p = outputs(experiment, path.read_text(), "plot")
    assert plots.write(p, rows, METRICS, tmp_path) == []
    svg = check_image_files(tmp_path, "temperature")
    assert "policy=spin" in svg and "policy=mwait" in svg


def o3_stats(directory, stacks, cpus):
    """A stats.json of an o3 run: context i retired 1,000 instructions with stacks[i]; process
    i + 1 ran on the CPUs cpus[i]."""
    directory.mkdir()
    contexts = [{"id": i, "retired": 1000, "cpi_stack_cycles": dict(st, idle=99999)}
                for i, st in enumerate(stacks)]
    procs = [{"pid": i + 1, "name": f"p{i + 1}", "cpus": [{"cpu": c, "cycles": 1} for c in cs]}
             for i, cs in enumerate(cpus)]
    (directory / "stats.json").write_text(json.dumps(
        {"pipeline": {"model": "o3", "contexts": contexts}, "processes": procs}))


def test_a_cpi_plot_stacks_each_processs_context_per_instruction(build, experiment, tmp_path):
    """kind = "cpi": a bar per process of each point, its context's cycles per category over
    the instructions it retired, idle left out; a process that ran on two contexts is an error
    naming the point and the process, and the other points are still drawn."""
    o3_stats(tmp_path / "none", [{"base": 500, "memory": 1500}, {"base": 700, "fetch": 300}],
             [[0], [1]])
    o3_stats(tmp_path / "flush", [{"base": 500, "memory": 900}, {"base": 700, "fetch": 2300}],
             [[0], [1]])
    o3_stats(tmp_path / "moved", [{"base": 1}], [[0, 1]])
    rows = [row(n, {"policy": n}, {"cycles": 1, "ipc": 1.0}, tmp_path / n)
            for n in ("none", "flush", "moved")]
    path = experiment("""
[experiment]
program = "x"
[[plot]]
name = "cpi"
kind = "cpi"
label = "'policy ' + policy"
""")
    p = outputs(experiment, path.read_text(), "plot")
    errors = plots.write(p, rows, METRICS, tmp_path)
    assert len(errors) == 1 and "point moved" in errors[0] and "process 1 (p1)" in errors[0]
    with open(tmp_path / "plots" / "cpi.csv") as f:
        drawn = {(r["series"], r["x"]): float(r["y"]) for r in csv.DictReader(f)}
    assert drawn == {("policy none: p1", "base"): 0.5, ("policy none: p1", "fetch"): 0.0,
                     ("policy none: p1", "memory"): 1.5, ("policy none: p2", "base"): 0.7,
                     ("policy none: p2", "fetch"): 0.3, ("policy none: p2", "memory"): 0.0,
                     ("policy flush: p1", "base"): 0.5, ("policy flush: p1", "fetch"): 0.0,
                     ("policy flush: p1", "memory"): 0.9, ("policy flush: p2", "base"): 0.7,
                     ("policy flush: p2", "fetch"): 2.3, ("policy flush: p2", "memory"): 0.0}
    assert "policy flush: p2" in check_image_files(tmp_path, "cpi")


def test_an_absent_optional_metric_is_an_empty_cell_and_a_failed_point_is_explained(build,
                                                                                 experiment):
    """A metric declared optional that a point lacks (context 1 on a 1-context machine) leaves its
    cell empty and the point's other cells stand; a point that failed shows `failed` and the table
    gets a note with its reason."""
    t = table(experiment, build, """
[[table]]
name = "c1"
title = "Context 1"
columns = [
  { title = "contexts", value = "core_contexts" },
  { title = "cycles", value = "cycles" },
  { title = "context 1 IPC", value = "ipc * 2" },
]
""")
    rows = [row("one", {"core.contexts": 1}, {"cycles": 900, "ipc": ABSENT}),
            row("two", {"core.contexts": 2}, {"cycles": 800, "ipc": 0.5}),
            row("four", {"core.contexts": 4}, None)]
    rows[2].outcome.reason = "timed out after 60 s"
    header, cells, raw, errors = tables.render(t, rows, METRICS)
    assert errors == []
    assert cells == [["1", "900", ""], ["2", "800", "1"], ["4", "failed", "failed"]]
    notes = tables.failure_notes(t, rows, cells)
    assert notes == "\nFailed points:\n\n- `four`: timed out after 60 s\n"
    assert tables.failure_notes(t, rows[:2], cells[:2]) == ""


def line_plot(experiment, **keys):
    """A [[plot]] of these keys (strings) as the writer gets it."""
    lines = "".join(f"{k} = {v!r}\n".replace("'", '"') for k, v in keys.items())
    return outputs(experiment, '[experiment]\nprogram = "x"\n[[plot]]\n' + lines, "plot")


def test_a_sweep_of_whole_numbers_gets_whole_number_ticks(build, experiment, tmp_path):
    """Contexts 1, 2, 4 on a linear axis: no tick at 1.5 or 2.5."""
    p = line_plot(experiment, name="ipc", title="IPC against contexts", x="core_contexts", y="ipc")
    fig, ax, errors = plots.draw(p, ROWS, METRICS, tmp_path)
    assert errors == []
    ticks = [t for t in ax.get_xticks() if 1 <= t <= 4]
    assert ticks and all(float(t).is_integer() for t in ticks), ticks


def test_names_on_x_are_categories_in_the_sweeps_order(build, experiment, tmp_path):
    """A policy swept by name: its names label the ticks, in the sweep's order (stall before
    flush), not numbers and not the alphabet's order."""
    rows = [row(p, {"group": "w", "policy": p}, {"cycles": 100 * k, "ipc": 0.5})
            for k, p in enumerate(["none", "stall", "flush"], 1)]
    p = line_plot(experiment, name="policies", x="policy", y="cycles")
    fig, ax, errors = plots.draw(p, rows, METRICS, tmp_path)
    assert errors == []
    fig.canvas.draw()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["none", "stall", "flush"]
    csv_rows = (tmp_path / "policies.csv").read_text().splitlines()[1:]
    assert [r.split(",")[1] for r in csv_rows] == ["none", "stall", "flush"]
