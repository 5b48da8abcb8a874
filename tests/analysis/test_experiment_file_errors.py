"""A wrong experiment file stops before anything runs, with every error at once, each naming the
file, the line, the key and what is allowed: the shape (jsonschema), config keys and values
against kasane-sim --help-config=json, {name}s, files, unused parameters and the names that table
and plot expressions use."""
import pytest

from analysis import ExperimentError, spec

HEAD = """
[experiment]
title = "t"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
"""
# HEAD ends on line 5: the first line of a case is line 6.

CASES = [
    # (text after HEAD, line of the error, fragments its message must contain)
    ("prgram = 'x'\n", 6, ["[experiment] prgram", "unknown key 'prgram'", "allowed:", "program"]),
    ("args = [16]\n", 6, ["[experiment] args[0]", "must be a string", "an integer 16"]),
    ("args = '16'\n", 6, ["[experiment] args", "a list of strings"]),
    ("timeout = -1\n", 6, ["[experiment] timeout", "more than 0"]),
    ("repeat = 0\n", 6, ["[experiment] repeat", "at least 1"]),
    ("\n\n[sweep]\n'core.context' = [1, 2]\n", 9,
     ["[sweep]", "'core.context' is not a config key", "core.contexts", "--help-config"]),
    ("[sweep]\ncore.contexts = [1, 32]\n", 7,
     ["[sweep] 'core.contexts'", "32 is not allowed", "int in 1..16"]),
    ("[sweep]\n'sim.model' = ['iss', 'fast']\n", 7, ["'fast' is not allowed", "pipeline iss"]),
    ("[sweep]\n'core.smp_start' = [1]\n", 7, ["1 is not allowed", "bool"]),
    ("[sweep]\n'core.contexts' = [2.0]\n", 7, ["2.0 is not allowed", "int in 1..16"]),
    ("set = { 'l2.sise' = 1 }\n", 6, ["[experiment] set", "'l2.sise' is not a config key",
                                      "l2.size"]),
    ("args = ['{n}']\n[sweep]\nn = []\n", 8, ["[sweep] 'n'", "empty"]),
    ("args = ['{n}']\n[sweep]\nn = { start = 1, stop = 10 }\n", 8,
     ["[sweep] 'n'", "either step", "or factor"]),
    ("args = ['{n}']\n[sweep]\nn = { start = 0, stop = 10, factor = 2 }\n", 8,
     ["start > 0 and factor > 1"]),
    ("[sweep]\nn = { start = 1, stop = 10, step = 1, by = 2 }\n", 7, ["unknown key 'by'"]),
    ("[sweep]\ni = [1]\n", 7, ["'i' is reserved"]),
    ("[sweep]\nseed = [1]\n", 7, ["'seed' is reserved"]),
    ("args = ['{n}']\n[sweep]\nn = [1, 1]\n", 8, ["1 is listed twice"]),
    ("disk = { size = '3K' }\n", 6, ["[experiment] disk.size", "whole 4 KiB blocks"]),
    ("disk = { files = { 'a/b' = '1K' } }\n", 6, ["disk.files", "not a file name"]),
    ("env = { 'A-B' = 'x' }\n", 6, ["'A-B' is not an environment variable name"]),
    ("[[group]]\nname = 'a'\ntitle = 'x'\n", 8, ["[[group]] 'a' title", "unknown key 'title'"]),
    ("[[group]]\nname = 'a'\n[[group]]\nname = 'a'\n", 9, ["group 'a' is given twice"]),
    ("[metrics]\ncycles = 3\n", 7, ["[metrics] 'cycles'", "must be a dotted path"]),
    ("[[table]]\nname = 't'\ncolumns = [{ title = 'a', value = 'x +' }]\n", 8,
     ["[[table]] 't' columns[0].value", "not a Python expression"]),
    ("[[table]]\nname = 't'\ncolumns = [{ value = 'x.__class__' }]\n", 8,
     ["names starting with _"]),
    ("[[table]]\nname = 't'\nrows = 'all'\ncolumns = [{ value = 'x' }]\n", 8,
     ["[[table]] 't' rows", "either \"points\""]),
    ("[[table]]\nname = 't'\ncolumns = [{ value = 'cycles', fmt = '{}' }]\n", 8,
     ["unknown key 'fmt'"]),
    ("[[plot]]\nname = 'p'\nx = 'cycles'\n", 6, ["[[plot]] 'p'", "missing key 'y'"]),
    ("[[plot]]\nname = 'p'\nx = 'cycles'\ny = 'ipc'\nxscale = 'ln'\n", 10,
     ["xscale", "linear, log, log2"]),
    ("[[plot]]\nname = 'p'\nkind = 'trace'\nx = 'cycles'\n", 9, ["x", "not for kind = \"trace\""]),
    ("[[plot]]\nname = 'p'\nx = 'cycles'\ny = 'ipc'\nreference = { x = [1, 2], y = [1] }\n", 10,
     ["reference", "x has 2 values, y 1"]),
    # Checked against the points and the build, still before anything runs:
    ("[[group]]\nname = 'g'\nprogram = 'workloads/no-such.elf'\n", 8,
     ["[[group]] 'g' program", "workloads/no-such.elf: no such file in the build's target tree"]),
    ("args = ['{m}']\n[sweep]\nn = [1]\n", 6, ["{m} names no parameter", "parameters: n"]),
    ("[sweep]\ncontexts = [1, 2, 4]\n", 7,
     ["[sweep] 'contexts'", "parameter 'contexts' is used by nothing", "core.contexts"]),
    ("params = { machine_name = 'x' }\n", 6, ["'machine_name' is used by nothing"]),
    ("[[table]]\nname = 't'\ncolumns = [{ value = 'cycles / cylces' }]\n", 8,
     ["'cylces' is not a parameter, metric or variable here", "known: cycles, ipc, retired"]),
    ("[[table]]\nname = 't'\nrows = [{ m = 'x' }]\ncolumns = [{ value = 'm + q' }]\n", 9,
     ["'q' is not a parameter, metric or variable here"]),
    ("args = ['{n}']\n[sweep]\nn = [1, 2]\n[[table]]\nname = 't'\n"
     "columns = [{ value = \"at(n=3).cycles\" }]\n", 11, ["at(n=3): no point has n = 3"]),
    ("args = ['{n}']\n[sweep]\nn = [1, 2]\n[[table]]\nname = 't'\n"
     "columns = [{ value = \"at(m=1).cycles\" }]\n", 11, ["at(m=...): 'm' is no parameter"]),
    ("args = ['{n}']\n[sweep]\nn = [1]\n[[table]]\nname = 't'\nwhere = { m = 1 }\n"
     "columns = [{ value = 'n' }]\n", 11, ["'m' is no parameter of any point; parameters: n"]),
    ("args = ['{n}']\n[sweep]\nn = [1]\n[[plot]]\nname = 'p'\nx = 'n'\ny = 'first.cyc'\n", 12,
     [".cyc is not a parameter or metric"]),
    ("repeat = 3\nset = { 'sim.perturb_seed' = 1 }\n", 7, ["what `repeat` varies"]),
]


@pytest.mark.parametrize("text,line,fragments", CASES, ids=[c[2][-1] for c in CASES])
def test_bad_experiment_file_is_refused_naming_file_line_and_key(build, experiment, text, line,
                                                                 fragments):
    path = experiment(HEAD + text, name="bad")
    with pytest.raises(ExperimentError) as e:
        spec.load(path, build)
    hits = [m for m in e.value.errors if all(f in m for f in fragments)]
    assert hits, "\n".join(e.value.errors)
    assert hits[0].startswith(f"{path}:{line}: "), hits[0]


def test_every_error_of_a_file_is_reported_at_once_in_line_order(build, experiment):
    path = experiment("""
[experiment]
title = "t"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
args = [16]
timeout = 0

[sweep]
contexts = [1, 2]
"core.contexts" = [0]

[[table]]
name = "t"
columns = [{ value = "cycles / nothing" }, { value = "1 +" }]
""", name="bad")
    with pytest.raises(ExperimentError) as e:
        spec.load(path, build)
    lines = [int(m.split(":")[1]) for m in e.value.errors]
    assert lines == [6, 7, 10, 11, 15, 15], "\n".join(e.value.errors)
    assert str(e.value).endswith("\n6 errors")


def test_the_command_exits_2_lists_every_error_and_runs_nothing(kasane, experiment, tmp_path):
    path = experiment(HEAD + "timeout = 0\n[sweep]\n'core.contexts' = [0]\n"
                             "[[table]]\nname = 't'\ncolumns = [{ value = 'cycles / nope' }]\n",
                      name="bad")
    out = tmp_path / "out"
    r = kasane("run", path, "--out", out)
    assert r.returncode == 2
    assert "bad.toml:6: [experiment] timeout: 0 must be more than 0" in r.stderr
    assert "bad.toml:8: [sweep] 'core.contexts': 0 is not allowed" in r.stderr
    assert "bad.toml:11: [[table]] 't' columns[0].value" in r.stderr
    assert "kasane: 3 errors" in r.stderr
    assert not out.exists()


def test_expressions_are_checked_before_the_first_point_starts(kasane, experiment, tmp_path):
    """A misspelt metric in a plot used to be found only after every point had run."""
    path = experiment(HEAD + "args = ['{n}']\n[sweep]\nn = [20, 21]\n"
                             "[[plot]]\nname = 'p'\nx = 'n'\ny = 'cylces'\n")
    out = tmp_path / "out"
    r = kasane("run", path, "--out", out)
    assert r.returncode == 2 and "'cylces' is not a parameter, metric" in r.stderr
    assert not (out / "points").exists()


def test_line_numbers_follow_headers_dotted_keys_and_inline_tables():
    from analysis.toml_lines import Lines
    text = '''# comment
[experiment]
title = "a # not a comment"
description = """
two
lines"""
set = { "core.contexts" = 2,
        l2.size = 1024 }

[sweep]
core.contexts = [1, 2]

[[table]]
name = "a"
[[table]]
name = "b"
columns = [
  { value = "x" },
  { value = 'y' },
]
'''
    lines = Lines(text)
    assert lines.line(("experiment", "title")) == 3
    assert lines.line(("experiment", "description")) == 4
    assert lines.line(("experiment", "set", "core.contexts")) == 7
    assert lines.line(("experiment", "set", "l2.size")) == 8
    assert lines.line(("sweep", "core.contexts")) == 11
    assert lines.line(("table", 1, "name")) == 16
    assert lines.line(("table", 1, "columns", 1, "value")) == 19
    assert lines.line(("table", 1, "columns", 5)) == 17  # no such element: its list
