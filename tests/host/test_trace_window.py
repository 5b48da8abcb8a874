"""--trace-window roi:ID[-BEFORE][+AFTER]: the pipeline trace follows a region of interest's first
entry, with margins; a malformed window or a region never entered is an error that says so. A
region named with KASANE_ROI_NAME (<kasane/roi.h>) is the same window as roi:NAME."""
import json
import pathlib

import pytest

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


@pytest.fixture
def program(target_dir):
    return target_dir / "tests_bare" / "roi-regions-accumulate-and-nest.elf"


def traced(run_sim, tmp_path, program, window):
    trace, stats = tmp_path / "t.kanata", tmp_path / "s.json"
    proc = run_sim("--config", DEFAULT, "--stats", stats, "--pipeline-trace", trace,
                   "--trace-window", window, program)
    assert proc.returncode == 0, proc.stderr
    region = {r["id"]: r for r in json.loads(stats.read_text())["regions"]}[4]
    starts = [start for i in kanata.parse(trace) for (_, start, _) in i["stages"]]
    return region, kanata.parse(trace), starts


@pytest.mark.parametrize("window,before,after", [
    ("roi:4", 0, 0), ("roi:4+50", 0, 50), ("roi:4-30+50", 30, 50)])
def test_trace_follows_the_region_with_its_margins(run_sim, tmp_path, program, window, before,
                                                   after):
    region, insns, starts = traced(run_sim, tmp_path, program, window)
    first, last = region["begin_cycle"] - before, region["end_cycle"] + after
    assert starts and all(first <= t <= last for t in starts)
    # The window is filled up to its end. At its start only instructions fetched from then on
    # are traced, and those already fetched when the begin marker issues fill the queues for a
    # while: a BEFORE margin shows them.
    assert max(starts) >= last - 5
    if before:
        assert min(starts) <= first + 5
    # Region 4 is a loop of multiplies: they are in the trace.
    assert sum("mul" in i["label"] for i in insns) >= 10


def test_region_never_entered_is_an_error_naming_it(run_sim, tmp_path, program):
    proc = run_sim("--pipeline-trace", tmp_path / "t.kanata", "--trace-window", "roi:9", program)
    assert proc.returncode == 64
    assert "--trace-window roi:9: region 9 was never entered" in proc.stderr


def test_window_by_name_selects_the_same_records_as_by_id(run_sim, tmp_path, program):
    # The test program names region 4 mul_loop; both traces of both windows must be identical.
    outputs = {}
    for window in ("roi:4-30+50", "roi:mul_loop-30+50"):
        out = tmp_path / window.replace(":", "_")
        out.mkdir()
        proc = run_sim("--config", DEFAULT, "--stats", out / "s.json",
                       "--pipeline-trace", out / "t.kanata", "--trace", "exec",
                       "--trace-file", out / "t.trace", "--trace-window", window, program)
        assert proc.returncode == 0, proc.stderr
        outputs[window] = out
    by_id, by_name = outputs.values()
    assert kanata.parse(by_id / "t.kanata")  # not two empty traces
    assert (by_id / "t.kanata").read_bytes() == (by_name / "t.kanata").read_bytes()
    assert (by_id / "t.trace").read_text().count("\n") > 50
    assert (by_id / "t.trace").read_bytes() == (by_name / "t.trace").read_bytes()
    # stats.json lists the named region by name, and only that one has a name.
    regions = json.loads((by_name / "s.json").read_text())["regions"]
    assert {r["id"]: r.get("name") for r in regions} == {5: None, 3: None, 4: "mul_loop"}


def test_unknown_region_name_is_an_error_naming_it(run_sim, tmp_path, program):
    proc = run_sim("--pipeline-trace", tmp_path / "t.kanata", "--trace-window", "roi:mul_lop+50",
                   program)
    assert proc.returncode == 64
    assert "--trace-window: no region named 'mul_lop'" in proc.stderr
    assert "KASANE_ROI_NAME" in proc.stderr


@pytest.mark.parametrize("window,why", [
    ("roi:", "no decimal region id"),
    ("roi:4+", "no decimal AFTER margin"),
    ("roi:4-x", "no decimal BEFORE margin where 'x'"),
    ("roi:4+5-3", "+AFTER before its -BEFORE"),
])
def test_malformed_region_window_is_rejected(run_sim, tmp_path, program, window, why):
    proc = run_sim("--pipeline-trace", tmp_path / "t.kanata", "--trace-window", window, program)
    assert proc.returncode == 64
    assert why in proc.stderr and "roi:ID[-BEFORE][+AFTER]" in proc.stderr
