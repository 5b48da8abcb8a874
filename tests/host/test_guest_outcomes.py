"""How a run ends when the guest does not simply exit: deadlock, the cycle limit, a kernel panic;
and bare-metal checks of timers, SMP start and the FPU. The programs are in tests/bare/."""
import json

import pytest

PANIC, DEADLOCK, MAX_CYCLES = 70, 71, 72


@pytest.fixture(scope="session")
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


def test_wait_with_nothing_to_wake_is_a_deadlock(run_sim, bare, tmp_path):
    stats = tmp_path / "s.json"
    proc = run_sim("--stats", stats, bare("wait-forever-deadlocks"), timeout=30)
    assert proc.returncode == DEADLOCK, proc.stderr
    assert "deadlock" in proc.stderr
    assert "context 0: waiting" in proc.stderr
    assert "context 1: free" in proc.stderr
    assert json.loads(stats.read_text())["outcome"] == "deadlock"


def test_endless_loop_stops_at_max_cycles(run_sim, bare):
    proc = run_sim("--set", "sim.max_cycles=50000", bare("spin-forever-hits-max-cycles"))
    assert proc.returncode == MAX_CYCLES, proc.stderr
    assert "sim.max_cycles" in proc.stderr and "50000" in proc.stderr


def test_kernel_panic_is_reported(run_sim, bare):
    proc = run_sim(bare("panic-is-reported"))
    assert proc.returncode == PANIC, proc.stderr
    assert proc.stdout == "panic: test\n"
    assert "panicked" in proc.stderr


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_timer_wakes_a_waiting_context_and_skipping_keeps_the_cycle_count(run_sim, bare, tmp_path,
                                                                          model):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", f"sim.model={model}", "--stats", stats, bare("timer-wakes-wait"))
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    assert 100000 <= s["cycles"] < 100300
    # The same program with another quantum size gives the very same cycle count: the idle
    # cycles are skipped in jumps of a different length, and the count does not notice.
    stats2 = tmp_path / "s2.json"
    assert run_sim("--set", f"sim.model={model}", "--set", "sim.quantum=7", "--stats", stats2,
                   bare("timer-wakes-wait")).returncode == 0
    assert json.loads(stats2.read_text())["cycles"] == s["cycles"]


@pytest.mark.parametrize("contexts", [1, 2, 4, 8])
def test_smp_start_runs_every_context_with_ll_sc(run_sim, bare, contexts, tmp_path):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", f"core.contexts={contexts}", "--set", "core.smp_start=true",
                   "--stats", stats, bare("smp-ll-sc-counter"))
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    assert all(c["retired"] > 5000 for c in s["contexts"])


def test_same_run_twice_gives_identical_stats(run_sim, bare, tmp_path):
    outs = []
    for i in range(2):
        stats = tmp_path / f"s{i}.json"
        run_sim("--set", "core.smp_start=true", "--stats", stats, bare("smp-ll-sc-counter"))
        s = json.loads(stats.read_text())
        del s["host"]
        outs.append(s)
    assert outs[0] == outs[1]


def test_regions_of_interest_and_cycle_counter(run_sim, bare, tmp_path):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", "sim.model=iss", "--stats", stats, bare("roi-markers-are-recorded"))
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    assert s["schema_version"] == 2
    assert s["config"]["core"]["contexts"] == 4
    r1, r2 = s["regions"]
    assert (r1["id"], r2["id"]) == (1, 2)
    assert r1["closed"] and r2["closed"]
    # 1000 iterations of 3 instructions (addiu, bnez, the nop in its slot), plus the two
    # instructions before the loop; one instruction per cycle in the ISS.
    assert r1["cycles"] == r1["retired"][0] == 3002
    assert r1["retired"][1:] == [0, 0, 0]
    assert r2["cycles"] == 1 and r2["retired"][0] == 1


def test_regions_count_instructions_exactly_in_the_pipeline(run_sim, bare, tmp_path):
    stats = tmp_path / "s.json"
    # The program checks that 2000 cycles passed; the pipeline runs the loop faster than that,
    # so only the regions are checked here, not its exit status.
    run_sim("--set", "sim.model=pipeline", "--stats", stats, bare("roi-markers-are-recorded"))
    r1, r2 = json.loads(stats.read_text())["regions"]
    assert r1["retired"][0] == 3002 and r2["retired"][0] == 1
    assert 1000 <= r1["cycles"] <= 6000


def test_ram_is_allocated_lazily(run_sim, kernel, target_dir, tmp_path):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", "memory.ram_size=0x80000000", "--stats", stats, kernel,
                   target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    assert s["config"]["memory"]["ram_size"] == 2 ** 31
    # 2 GiB configured, a few hundred KiB touched.
    assert s["host"]["ram_pages_touched"] < 200


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_fpu_program_runs_checked_and_is_counted(run_sim, bare, tmp_path, model):
    stats = tmp_path / "s.json"
    proc = run_sim("--set", f"sim.model={model}", "--set", "sim.check=true", "--stats", stats,
                   bare("fpu-dot-product"))
    assert proc.returncode == 0, proc.stderr
    if model == "iss":
        return
    s = json.loads(stats.read_text())
    units = s["pipeline"]["units"]
    assert units["fpmul"]["issued"] == 8  # one madd.d per element
    assert units["fpdiv"]["issued"] == 1  # the sqrt.d
    assert s["pipeline"]["contexts"][0]["cpi_stack_cycles"]["fpu"] > 0
    assert s["power"]["dynamic"]["issue_fpmul"]["events"] == 8
    # The square root's latency is a config key, and trunc.w.d waits for it.
    slow = tmp_path / "slow.json"
    assert run_sim("--set", "sim.model=pipeline", "--set", "fu.fpdiv.sqrt_latency=132",
                   "--stats", slow, bare("fpu-dot-product")).returncode == 0
    assert json.loads(slow.read_text())["cycles"] - s["cycles"] == 100
