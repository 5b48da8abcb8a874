"""Guest misbehaviour ends with a clear report and a distinct exit status, never a hang or a
crash; a long run keeps host memory flat. Programs in tests/bare/."""
import json
import pathlib

import pytest

CONSOLE_FLOOD, SIMCTL_MISUSE, EXCEPTION_STORM, MAX_CYCLES = 74, 75, 76, 72


@pytest.fixture(scope="session")
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_console_flood_is_stopped(run_sim, bare, tmp_path, model):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", f"sim.model={model}", "--set", "uart.max_output=10000",
                   "--stats", stats, bare("console-flood-is-stopped"), timeout=60)
    assert proc.returncode == CONSOLE_FLOOD, proc.stderr
    assert len(proc.stdout) == 10000
    assert "uart.max_output" in proc.stderr
    assert json.loads(stats.read_text())["outcome"] == "guest_error"


@pytest.mark.parametrize("name,words", [
    ("simctl-nonsense-is-reported", ["offset 0x40", "no register"]),
    ("roi-end-without-begin-is-reported", ["region of interest 7", "never begun"]),
])
def test_sim_control_nonsense_is_reported(run_sim, bare, name, words):
    proc = run_sim(bare(name), timeout=60)
    assert proc.returncode == SIMCTL_MISUSE, proc.stderr
    assert "sim-control misuse" in proc.stderr
    for w in words:
        assert w in proc.stderr


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_jump_to_garbage_is_an_exception_storm(run_sim, bare, model):
    proc = run_sim("--set", f"sim.model={model}", bare("jump-to-garbage-is-an-exception-storm"),
                   timeout=120)
    assert proc.returncode == EXCEPTION_STORM, proc.stderr
    assert "Bus error on fetch (IBE)" in proc.stderr
    assert "no working exception handler" in proc.stderr


def test_a_billion_cycles_keep_host_memory_flat(run_sim, bare, tmp_path):
    """1e9 cycles of the ISS (about 10 s here) use no more host memory than 1e6."""
    rss = {}
    for cycles in [10**6, 10**9]:
        stats = tmp_path / f"{cycles}.json"
        proc = run_sim("--set", "sim.model=iss", "--set", f"sim.max_cycles={cycles}",
                       "--progress", "--stats", stats, bare("spin-forever-hits-max-cycles"),
                       timeout=300)
        assert proc.returncode == MAX_CYCLES, proc.stderr
        s = json.loads(stats.read_text())
        assert s["cycles"] == cycles
        rss[cycles] = s["host"]["peak_rss_kib"]
    assert rss[10**9] < rss[10**6] + 4096  # flat: within 4 MiB
    print(f"peak RSS: {rss}")


def test_progress_reports_cycles_speed_and_time_left(run_sim, bare):
    proc = run_sim("--set", "sim.model=iss", "--set", "sim.max_cycles=300000000", "--progress",
                   bare("spin-forever-hits-max-cycles"), timeout=120)
    lines = [l for l in proc.stderr.splitlines() if "M cycles/s" in l]
    assert lines and "s left at most" in lines[0]
