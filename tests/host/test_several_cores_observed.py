"""Several cores seen from outside: the package's shared thermal network (a busy core warms its
idle neighbour), the sensor reading the reader's own core, the thermal trace's columns per core,
region figures for every core, and one Kanata trace with every core's instructions. Bare-metal
programs tests/bare/smp-thermal-* and smp-cpu-numbers-are-global, on two cores."""
import csv
import json
import pathlib
import re

import pytest

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


@pytest.fixture(scope="session")
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


def two_cores(run_sim, program, tmp_path, tag, *extra, model="iss"):
    stats = tmp_path / f"{tag}.json"
    proc = run_sim("--config", DEFAULT, "--set", "platform.cores=2", "--set", "core.contexts=2",
                   "--set", "core.smp_start=true", "--set", f"sim.model={model}", "--set",
                   "sim.max_cycles=20000000", "--stats", stats, *extra, program)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(stats.read_text()), proc.stdout


@pytest.fixture(scope="module")
def runs(run_sim_module, bare, tmp_path_factory):
    """The sleeping core 1 beside a spinning core 0, and beside a sleeping one."""
    tmp = tmp_path_factory.mktemp("thermal")
    out = {}
    for tag, program in (("spins", "smp-thermal-neighbour-spins"),
                         ("sleeps", "smp-thermal-all-sleep")):
        trace = tmp / f"{tag}.csv"
        s, stdout = two_cores(run_sim_module, bare(program), tmp, tag, "--thermal-trace", trace)
        out[tag] = {"stats": s, "stdout": stdout, "trace": list(csv.DictReader(trace.open()))}
    return out


@pytest.fixture(scope="module")
def run_sim_module(sim):
    import subprocess

    def run(*args, timeout=120):
        return subprocess.run([str(sim), *map(str, args)], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=timeout)
    return run


def test_a_busy_core_warms_its_idle_neighbour(runs):
    spins = runs["spins"]["stats"]["cores"]
    sleeps = runs["sleeps"]["stats"]["cores"]
    # Core 1 does the same (sleeps) in both runs: its own power is the same ...
    assert spins[1]["power"]["avg_power_w"] == pytest.approx(sleeps[1]["power"]["avg_power_w"],
                                                             rel=0.02)
    # ... but beside a spinning core its die ends warmer, through the silicon and the spreader.
    assert spins[1]["power"]["final_temp_c"] > sleeps[1]["power"]["final_temp_c"] + 0.02
    assert spins[0]["power"]["final_temp_c"] > spins[1]["power"]["final_temp_c"] + 0.3
    assert spins[0]["power"]["avg_power_w"] > 3 * sleeps[0]["power"]["avg_power_w"]


def test_package_figures_add_up_and_the_heat_flows_downhill(runs):
    for run in runs.values():
        s = run["stats"]
        pkg = s["package_power"]
        assert pkg["layout"] == "row" and pkg["neighbours"] == [[0, 1]]
        assert pkg["energy_j"] == pytest.approx(sum(c["power"]["energy_j"] for c in s["cores"]))
        assert pkg["avg_power_w"] == pytest.approx(
            sum(c["power"]["avg_power_w"] for c in s["cores"]))
        # Every die is above the shared spreader, which is above the ambient (45 °C).
        assert all(c["power"]["final_temp_c"] > pkg["final_spreader_c"] for c in s["cores"])
        assert 45.0 < pkg["final_spreader_c"] < pkg["peak_temp_c"]
        assert pkg["intervals"] == s["cycles"] // 10000


def test_thermal_trace_has_columns_per_core(runs):
    rows = runs["spins"]["trace"]
    assert list(rows[0]) == ["cycle", "seconds", "package_w", "spreader_c",
                             "core0_w", "core0_dynamic_w", "core0_static_w", "core0_die_c",
                             "core1_w", "core1_dynamic_w", "core1_static_w", "core1_die_c"]
    assert len(rows) == runs["spins"]["stats"]["package_power"]["intervals"]
    last = rows[-1]
    assert float(last["package_w"]) == pytest.approx(
        float(last["core0_w"]) + float(last["core1_w"]))
    assert float(last["core0_die_c"]) > float(last["core1_die_c"]) > float(last["spreader_c"])
    # The idle core's die keeps rising while its neighbour spins.
    assert float(rows[-1]["core1_die_c"]) > float(rows[len(rows) // 4]["core1_die_c"])


def test_the_sensor_reads_the_core_of_the_reading_context(runs):
    stdout = runs["spins"]["stdout"]
    assert "thermal ok" in stdout, stdout
    m = re.search(r"sensor core0 (\d+) last (\d+)", stdout)
    mine, other = int(m[1]), int(m[2])
    cores = runs["spins"]["stats"]["cores"]
    # Each reading is its own core's die (millidegrees; read within an interval of the end).
    assert mine == pytest.approx(cores[0]["power"]["final_temp_c"] * 1000, abs=50)
    assert other == pytest.approx(cores[1]["power"]["final_temp_c"] * 1000, abs=50)


def test_regions_report_every_core(runs):
    region = runs["spins"]["stats"]["regions"][0]
    assert [c["core"] for c in region["cores"]] == [0, 1]
    busy, idle = region["cores"]
    assert busy["retired"] > 100000 and idle["retired"] < busy["retired"] / 100
    assert busy["power"]["avg_power_w"] > 3 * idle["power"]["avg_power_w"]
    assert region["package_power"]["energy_j"] == pytest.approx(
        busy["power"]["energy_j"] + idle["power"]["energy_j"])
    assert region["power"]["energy_j"] == pytest.approx(busy["power"]["energy_j"])  # core 0's


def test_idle_skip_does_not_change_the_package(run_sim, bare, tmp_path):
    skip, _ = two_cores(run_sim, bare("smp-thermal-all-sleep"), tmp_path, "skip")
    tick, _ = two_cores(run_sim, bare("smp-thermal-all-sleep"), tmp_path, "tick", "--set",
                        "sim.idle_skip=false")
    for a, b in zip(skip["cores"], tick["cores"]):
        assert a["power"] == b["power"]
    assert skip["package_power"] == tick["package_power"]


def test_one_pipeline_trace_holds_every_core(run_sim, bare, tmp_path):
    trace = tmp_path / "t.kanata"
    two_cores(run_sim, bare("smp-cpu-numbers-are-global"), tmp_path, "k", "--pipeline-trace",
              trace, model="pipeline")
    insns = kanata.parse(trace)
    threads = {i["thread"] for i in insns}
    assert threads == {0, 1, 2, 3}  # global context numbers: core * 2 + context
    for i in insns:
        core, ctx = divmod(i["thread"], 2)
        assert f"c{core}.t{ctx}" in i["detail"], i
    assert sum(i["retired"] for i in insns if i["thread"] >= 2) > 10
