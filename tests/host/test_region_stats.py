"""Statistics per region of interest (stats.json schema 2): every pipeline, memory and power figure
of the whole run is also given for each region, from the same code; a region around the whole
program equals the whole run minus what happens outside it; CPI stacks add up to the region's
cycles; a region entered twice accumulates."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
MUTHASI = ROOT / "configs" / "machines" / "muthasi.toml"


@pytest.fixture
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


def run_stats(run_sim, tmp_path, *args):
    stats = tmp_path / "s.json"
    proc = run_sim("--stats", stats, *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(stats.read_text())


def keys(tree):
    """Every path of a JSON tree, lists by index."""
    if isinstance(tree, dict):
        return {(k,) + p for k, v in tree.items() for p in keys(v)} | {(k,) for k in tree}
    if isinstance(tree, list):
        return {(i,) + p for i, v in enumerate(tree) for p in keys(v)}
    return set()


def numbers(tree, path=()):
    """(path, value) for every integer leaf of a JSON tree (counts, not ratios)."""
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from numbers(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from numbers(v, path + (i,))
    elif isinstance(tree, int) and not isinstance(tree, bool):
        yield path, tree


@pytest.fixture(params=[DEFAULT, MUTHASI], ids=["cached", "flat"])
def nested(request, run_sim, bare, tmp_path):
    s = run_stats(run_sim, tmp_path, "--config", request.param, "--set", "sim.check=true",
                  bare("roi-regions-accumulate-and-nest"))
    return s, {r["id"]: r for r in s["regions"]}


def test_region_around_the_program_is_the_run_minus_what_is_outside(nested):
    s, regions = nested
    whole = regions[5]
    # Three instructions before its begin marker, three from its end marker to the exit store,
    # and those that issue behind the exit store in its cycle (the branch and its delay slot).
    assert whole["retired"][0] == 812
    assert 6 <= s["retired"] - 812 <= 8
    assert whole["retired"][1:] == [0, 0, 0]
    assert whole["entries"] == 1 and whole["closed"]
    assert 0 < s["cycles"] - whole["cycles"] < 200
    # Same schema as the run: every figure of "pipeline" and "power" is there for the region.
    assert keys(whole["pipeline"]) == keys(s["pipeline"])
    assert keys(whole["power"]) <= keys(s["power"])
    # Each count of the region is at most the run's, and close to it.
    run_pipeline = dict(numbers(s["pipeline"]))
    for path, value in numbers(whole["pipeline"]):
        assert value <= run_pipeline[path], path
    muldiv = whole["pipeline"]["units"]["muldiv"]["issued"]
    assert s["pipeline"]["units"]["muldiv"]["issued"] == muldiv == 50
    assert 0 < whole["power"]["energy_j"] < s["power"]["energy_j"]
    assert whole["power"]["cycles"] == whole["cycles"]


def test_region_cpi_stacks_add_up_to_its_cycles(nested):
    _, regions = nested
    for r in regions.values():
        for c in r["pipeline"]["contexts"]:
            assert sum(c["cpi_stack_cycles"].values()) == r["cycles"], (r["id"], c["id"])
        # Contexts 1-3 never start: every cycle of theirs is idle.
        assert r["pipeline"]["contexts"][1]["cpi_stack_cycles"]["idle"] == r["cycles"]


def test_two_regions_and_a_region_entered_twice(nested):
    s, regions = nested
    assert [r["id"] for r in s["regions"]] == [5, 3, 4]  # in the order first begun
    twice, once = regions[3], regions[4]
    assert twice["entries"] == 2 and once["entries"] == 1
    assert twice["retired"][0] == 2 * 302 and once["retired"][0] == 202
    # The multiplies are all in region 4, none in region 3.
    assert once["pipeline"]["units"]["muldiv"]["issued"] == 50
    assert twice["pipeline"]["units"]["muldiv"]["issued"] == 0
    # Region 3's cycles are those of its two entries only, not the span from first begin to
    # last end, which has region 4 in it.
    assert twice["cycles"] < twice["end_cycle"] - twice["begin_cycle"] - once["cycles"] + 10
    assert twice["cycles"] + once["cycles"] < regions[5]["cycles"]


def test_iss_model_regions_have_power_but_no_pipeline(run_sim, bare, tmp_path):
    s = run_stats(run_sim, tmp_path, "--set", "sim.model=iss",
                  bare("roi-regions-accumulate-and-nest"))
    r = {r["id"]: r for r in s["regions"]}
    assert "pipeline" not in r[3]
    assert r[3]["retired"][0] == 604 and r[3]["cycles"] == 604  # one instruction a cycle
    assert r[5]["power"]["cycles"] == r[5]["cycles"]
