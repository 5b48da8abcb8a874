"""A wrong experiment file stops before anything runs, with an error that names the file, the key
and what is allowed; config keys and values are checked against kasane-sim --help-config."""
import pytest

from analysis import ExperimentError, spec, sweep

HEAD = """
[experiment]
title = "t"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
"""

CASES = [
    # (text after HEAD, fragments the message must contain)
    ("prgram = 'x'\n", ["[experiment]", "unknown key 'prgram'", "allowed:", "program"]),
    ("args = [16]\n", ["[experiment] args[0]", "must be a string", "an integer 16"]),
    ("args = '16'\n", ["[experiment] args", "a list of strings"]),
    ("timeout = -1\n", ["[experiment] timeout", "more than 0"]),
    ("[sweep]\n'core.context' = [1, 2]\n",
     ["[sweep]", "'core.context' is not a config key", "core.contexts", "--help-config"]),
    ("[sweep]\n'core.contexts' = [1, 32]\n",
     ["[sweep] 'core.contexts'", "32 is not allowed", "int in 1..16"]),
    ("[sweep]\n'sim.model' = ['iss', 'fast']\n", ["'fast' is not allowed", "pipeline iss"]),
    ("[sweep]\n'core.smp_start' = [1]\n", ["1 is not allowed", "bool"]),
    ("set = { 'l2.sise' = 1 }\n", ["[experiment] set", "'l2.sise' is not a config key", "l2.size"]),
    ("[sweep]\nn = []\n", ["[sweep] 'n'", "empty"]),
    ("[sweep]\nn = { start = 1, stop = 10 }\n", ["[sweep] 'n'", "either step", "or factor"]),
    ("[sweep]\nn = { start = 0, stop = 10, factor = 2 }\n", ["start > 0 and factor > 1"]),
    ("[sweep]\nn = { start = 1, stop = 10, step = 1, by = 2 }\n", ["unknown key 'by'"]),
    ("[sweep]\ni = [1]\n", ["'i' is reserved"]),
    ("[sweep]\nn = [1, 1]\n", ["1 is listed twice"]),
    ("disk = { size = '3K' }\n", ["[experiment] disk size", "whole 4 KiB blocks"]),
    ("disk = { files = { 'a/b' = '1K' } }\n", ["disk files", "not a KFS file name"]),
    ("[[group]]\nname = 'a'\ntitle = 'x'\n", ["[[group]] 1", "unknown key 'title'"]),
    ("[[group]]\nname = 'a'\n[[group]]\nname = 'a'\n", ["group 'a' is given twice"]),
    ("[metrics]\ncycles = 3\n", ["[metrics] cycles", "must be a string"]),
    ("[[table]]\nname = 't'\ncolumns = [{ title = 'a', value = 'x +' }]\n",
     ["[[table]] 't' columns[0] value", "not a Python expression"]),
    ("[[table]]\nname = 't'\ncolumns = [{ value = 'x.__class__' }]\n", ["names starting with _"]),
    ("[[table]]\nname = 't'\nrows = 'all'\ncolumns = [{ value = 'x' }]\n",
     ["[[table]] 't' rows", "either \"points\""]),
    ("[[table]]\nname = 't'\ncolumns = [{ value = 'x', fmt = '{}' }]\n", ["unknown key 'fmt'"]),
    ("[[plot]]\nname = 'p'\nx = 'n'\n", ["[[plot]] 'p'", "missing key 'y'"]),
    ("[[plot]]\nname = 'p'\nx = 'n'\ny = 'n'\nxscale = 'ln'\n", ["xscale", "linear, log, log2"]),
    ("[[plot]]\nname = 'p'\nx = 'n'\ny = 'n'\nreference = { x = [1, 2], y = [1] }\n",
     ["reference[0]", "x has 2 values, y 1"]),
]


@pytest.mark.parametrize("text,fragments", CASES, ids=[c[1][-1] for c in CASES])
def test_bad_experiment_file_is_refused_naming_file_and_key(build, experiment, text, fragments):
    path = experiment(HEAD + text, name="bad")
    with pytest.raises(ExperimentError) as e:
        sweep.check_filters(exp := spec.load(path, build), sweep.expand(exp))
    message = str(e.value)
    assert message.startswith(str(path)) or message.startswith("bad.toml"), message
    for f in fragments:
        assert f in message, message


def test_substitution_of_an_unknown_parameter_names_it(build, experiment):
    exp = spec.load(experiment(HEAD + "args = ['{m}']\n[sweep]\nn = [1]\n"), build)
    with pytest.raises(ExperimentError, match=r"\{m\} names no parameter.*n"):
        sweep.expand(exp)


def test_a_table_filter_on_no_parameter_is_refused(build, experiment):
    exp = spec.load(experiment(HEAD + "[sweep]\nn = [1]\n[[table]]\nname = 't'\n"
                               "where = { m = 1 }\ncolumns = [{ value = 'n' }]\n"), build)
    with pytest.raises(ExperimentError, match="'m' is no parameter of any point; parameters: n"):
        sweep.check_filters(exp, sweep.expand(exp))


def test_the_command_exits_2_and_runs_nothing(kasane, experiment, tmp_path):
    path = experiment(HEAD + "[sweep]\n'core.contexts' = [0]\n", name="bad")
    out = tmp_path / "out"
    r = kasane("run", path, "--out", out)
    assert r.returncode == 2
    assert "bad.toml: [sweep] 'core.contexts': 0 is not allowed" in r.stderr
    assert not out.exists()
