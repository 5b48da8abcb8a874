"""Sweep expansion: the cartesian product in the order written, inclusive geometric and
arithmetic ranges, groups that replace or merge the experiment's settings, {name} substitution
and dotted sweep keys becoming config overrides."""
from analysis import spec, sweep

HEAD = """
[experiment]
title = "t"
machine = "configs/machines/default.toml"
program = "workloads/fib.elf"
"""


def points(build, experiment, text):
    exp = spec.load(experiment(HEAD + text), build)
    return exp, sweep.expand(exp)


def test_product_is_in_the_order_written_first_key_slowest(build, experiment):
    _, pts = points(build, experiment, """
args = ["{n}"]
env = { B = "{backend}" }
[sweep]
backend = ["hw", "conventional"]
"core.contexts" = [1, 2, 4]
n = [7]
""")
    got = [(p.params["backend"], p.params["core.contexts"]) for p in pts]
    assert got == [("hw", 1), ("hw", 2), ("hw", 4), ("conventional", 1), ("conventional", 2),
                   ("conventional", 4)]
    assert [p.index for p in pts] == list(range(6))
    assert pts[4].settings["set"] == {"core.contexts": 2}
    assert pts[4].settings["args"] == ["7"]
    assert pts[4].label() == "backend=conventional,core.contexts=2,n=7"


def test_geometric_range_is_inclusive_and_stays_integer(build, experiment):
    _, pts = points(build, experiment, """
args = ["{threshold}"]
[sweep]
threshold = { start = 100, stop = 100000000, factor = 10 }
""")
    assert [p.params["threshold"] for p in pts] == [10**k for k in range(2, 9)]
    assert all(type(p.params["threshold"]) is int for p in pts)


def test_arithmetic_ranges_integer_and_float(build, experiment):
    _, pts = points(build, experiment, """
args = ["{size}", "{x}"]
[sweep]
size = { start = 1024, stop = 4096, step = 1024 }
x = { start = 0.1, stop = 0.5, step = 0.1 }
""")
    sizes = sorted({p.params["size"] for p in pts})
    assert sizes == [1024, 2048, 3072, 4096]
    assert [p.params["x"] for p in pts[:5]] == [0.1, 0.2, 0.3, 0.4, 0.5]
    assert len(pts) == 20


def test_a_range_that_misses_stop_ends_below_it(build, experiment):
    _, pts = points(build, experiment, """
args = ["{k}"]
[sweep]
k = { start = 3, stop = 100, factor = 4 }
""")
    assert [p.params["k"] for p in pts] == [3, 12, 48]


def test_groups_replace_args_merge_set_env_params_and_have_their_own_sweep(build, experiment):
    exp, pts = points(build, experiment, """
args = ["{n}"]
set = { "core.contexts" = 4, "sim.model" = "pipeline" }
env = { A = "{machine_name}" }
params = { machine_name = "default" }
[sweep]
n = [5, 6]

[[group]]
name = "plain"

[[group]]
name = "ops"
args = ["{backend}", "16"]
set = { "core.contexts" = 1 }
env = { B = "x{backend}" }
program = "workloads/threadctl/threadctl-{backend}.elf"
sweep = { backend = ["hw", "conventional"] }
""")
    assert [p.group for p in pts] == ["plain", "plain", "ops", "ops"]
    plain, ops = pts[0], pts[3]
    assert plain.params == {"group": "plain", "n": 5, "machine_name": "default"}
    assert plain.settings["args"] == ["5"]
    assert plain.settings["set"] == {"core.contexts": 4, "sim.model": "pipeline"}
    assert ops.params == {"group": "ops", "backend": "conventional", "machine_name": "default"}
    assert ops.settings["args"] == ["conventional", "16"]
    assert ops.settings["set"] == {"core.contexts": 1, "sim.model": "pipeline"}
    assert ops.settings["env"] == {"A": "default", "B": "xconventional"}
    assert ops.settings["program"] == "workloads/threadctl/threadctl-conventional.elf"
    assert ops.label() == "group=ops,backend=conventional"


def test_no_sweep_is_one_point(build, experiment):
    _, pts = points(build, experiment, "args = [\"3\"]\n")
    assert len(pts) == 1 and pts[0].params == {} and pts[0].label() == "point"


def test_where_filters_accept_dots_or_underscores_and_lists():
    params = {"group": "ops", "core.contexts": 4, "flag": True}
    assert sweep.matches(params, {"core_contexts": 4, "group": "ops"})
    assert sweep.matches(params, {"core.contexts": [2, 4]})
    assert not sweep.matches(params, {"core.contexts": 2})
    assert not sweep.matches(params, {"flag": 1})  # true is not 1
    assert not sweep.matches(params, {"other": 1})


def test_unquoted_dotted_config_keys_mean_the_same_as_quoted_ones(build, experiment):
    _, pts = points(build, experiment, """
set = { fu.muldiv.mul_latency = 3 }
[sweep]
core.contexts = [1, 2]
l2.size = { start = 65536, stop = 131072, factor = 2 }
""")
    assert [p.settings["set"] for p in pts[:2]] == [
        {"fu.muldiv.mul_latency": 3, "core.contexts": 1, "l2.size": 65536},
        {"fu.muldiv.mul_latency": 3, "core.contexts": 1, "l2.size": 131072}]
    assert len(pts) == 4
