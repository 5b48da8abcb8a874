"""The out-of-order core (sim.model = o3) end to end: its stats add up (each context's CPI stack
and each structure's occupancy histogram to the run's cycles), a partitioned ROB keeps each of two
running contexts to its half and a shared one does not, ICOUNT gives a memory-bound and a
compute-bound thread more throughput than round robin, its own power events are charged (and no
other model reports them), a region's figures come from the same counters, a checkpoint taken on
the ISS restores onto it and a fast-forward switches to it at a region, with the results of a
straight run; a Kanata trace of two contexts has its stages in order, squashes and both threads;
and the settings it refuses say why."""
import json
import pathlib
import subprocess

import pytest

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
X5560 = ROOT / "configs" / "machines" / "x5560-o3.toml"
SMALL = ROOT / "configs" / "machines" / "o3-small.toml"
O3 = ("--set", "sim.model=o3", "--set", "sim.check=true")
O3_STAGES = ["F", "D", "Rn", "Ds", "Is", "X", "W", "C"]


@pytest.fixture
def stats_of(run_sim, tmp_path):
    count = iter(range(1000))

    def run(*args):
        stats = tmp_path / f"s{next(count)}.json"
        proc = run_sim("--stats", stats, *args, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc, json.loads(stats.read_text())
    return run


def bare(target_dir, name):
    return target_dir / "tests_bare" / f"{name}.elf"


def test_cpi_stacks_and_occupancy_histograms_add_up_to_the_cycles(stats_of, target_dir):
    # Two contexts on the Nehalem-like core, both running an LL/SC counter.
    _, s = stats_of("--config", X5560, "--set", "core.smp_start=true", "--set", "sim.check=true",
                    bare(target_dir, "smp-ll-sc-counter"))
    p = s["pipeline"]
    assert p["model"] == "o3" and p["reference_check"] == {"enabled": True, "failures": 0}
    for ctx in p["contexts"]:
        assert sum(ctx["cpi_stack_cycles"].values()) == s["cycles"], ctx["id"]
        assert ctx["cpi_stack_cycles"]["base"] > 0
        for name, occ in ctx["occupancy"].items():
            assert sum(occ["histogram_eighths"]) == s["cycles"], (ctx["id"], name)
            assert 0 <= occ["mean"] <= occ["size"]
        assert ctx["retired"] == s["contexts"][ctx["id"]]["retired"]


def mix(stats_of, target_dir, *sets):
    args = [a for kv in sets for a in ("--set", kv)]
    proc, s = stats_of("--config", X5560, "--set", "core.smp_start=true", *args,
                       target_dir / "workloads_bare" / "mem-compute-mix.elf")
    assert proc.stdout.startswith("mem-compute-mix result 334487629 loads "), proc.stdout
    return s


def test_a_partitioned_rob_keeps_the_memory_bound_context_to_its_half(stats_of, target_dir):
    # workloads/bare/mem-compute-mix: context 1's loads miss and fill whatever ROB it may take.
    # Partitioned between two running contexts, never more than 64 of the 128 entries (the first
    # five eighths), nor more than half the load queue; shared, it takes more.
    part = mix(stats_of, target_dir)["pipeline"]["contexts"][1]["occupancy"]
    assert part["rob"]["histogram_eighths"][5:] == [0, 0, 0]
    assert part["lq"]["histogram_eighths"][5:] == [0, 0, 0]
    assert part["rob"]["mean"] > 32
    shared = mix(stats_of, target_dir, "rob.policy=shared")["pipeline"]["contexts"][1]
    assert sum(shared["occupancy"]["rob"]["histogram_eighths"][5:]) > 0


def test_icount_gives_the_mix_more_throughput_than_round_robin(stats_of, target_dir):
    icount = mix(stats_of, target_dir, "fetch.policy=icount")
    rr = mix(stats_of, target_dir, "fetch.policy=round_robin")
    # Both contexts run from the first cycle to the last: the run's IPC is the mix's throughput.
    assert icount["ipc"] > rr["ipc"]
    assert icount["cycles"] < rr["cycles"]  # the compute context's fixed work ends sooner


def test_its_power_events_are_charged_and_the_pipelines_are_not(stats_of, kernel, target_dir):
    fib = target_dir / "workloads" / "fib.elf"
    _, o3 = stats_of("--config", DEFAULT, *O3, kernel, fib, "15")
    _, pipe = stats_of("--config", DEFAULT, kernel, fib, "15")
    for event in ("rename", "rob", "iq_wakeup", "lsq_search"):
        assert o3["power"]["dynamic"][event]["events"] > 0, event
        assert o3["power"]["dynamic"][event]["energy_j"] > 0, event
        assert event not in pipe["power"]["dynamic"], event  # its statistics as they were
    # A ROB entry written at dispatch and read at commit for each instruction.
    assert o3["power"]["dynamic"]["rob"]["events"] >= 2 * o3["retired"]


def test_a_region_reports_the_same_figures_from_its_counters(stats_of, target_dir):
    _, s = stats_of("--config", DEFAULT, *O3, bare(target_dir, "roi-regions-accumulate-and-nest"))
    for r in s["regions"]:
        if r["cycles"] == 0:
            continue
        p = r["pipeline"]
        assert p["model"] == "o3"
        assert sum(p["contexts"][0]["cpi_stack_cycles"].values()) == r["cycles"]
        assert p["contexts"][0]["retired"] <= r["retired"][0] + 64  # in flight at the markers


def test_checkpoint_on_the_iss_restores_onto_o3_and_a_fast_forward_switches_at_the_region(
        stats_of, target_dir, tmp_path):
    program = bare(target_dir, "roi-after-fast-forward-matches-the-pipeline")
    straight_proc, straight = stats_of("--config", DEFAULT, *O3, program)
    ckpt = tmp_path / "roi.ckpt"
    proc, _ = stats_of("--config", DEFAULT, "--set", "sim.model=iss", "--checkpoint-at", "roi",
                       ckpt, program)
    restored_proc, restored = stats_of("--config", DEFAULT, *O3, "--restore", ckpt, program)
    assert restored_proc.stdout == straight_proc.stdout[len(proc.stdout):]
    assert restored["retired"] == straight["retired"]
    assert restored["pipeline"]["model"] == "o3"
    ff_proc, ff = stats_of("--config", DEFAULT, *O3, "--set", "sim.fast_forward=roi",
                           "--set", "sim.warmup=100000", program)
    assert ff["fast_forward"]["switched"]
    assert ff_proc.stdout == straight_proc.stdout and ff["retired"] == straight["retired"]
    # The region itself runs on o3 in both, from warm or as-it-was caches: close, not equal.
    r_ff = next(r for r in ff["regions"] if r["id"] == 2)
    r_straight = next(r for r in straight["regions"] if r["id"] == 2)
    assert r_ff["retired"] == r_straight["retired"]
    assert abs(r_ff["cycles"] - r_straight["cycles"]) <= 0.05 * r_straight["cycles"]


def test_kanata_trace_of_two_threads_sharing_the_rob(run_sim, target_dir, tmp_path):
    path = tmp_path / "t.kanata"
    proc = run_sim("--config", SMALL, "--set", "core.smp_start=true", "--set", "sim.check=true",
                   "--pipeline-trace", path, bare(target_dir, "smp-ll-sc-counter"), timeout=300)
    assert proc.returncode == 0, proc.stderr
    insns = kanata.parse(path, complete=True)
    assert {i["thread"] for i in insns} == {0, 1}
    assert any(i["squashed"] for i in insns) and any(i["retired"] for i in insns)
    seen = set()
    for i in insns:
        names = [s for s, _, _ in i["stages"]]
        seen.update(names)
        assert names == sorted(set(names), key=O3_STAGES.index), (i["id"], names)
        if i["retired"]:
            assert names[:4] == ["F", "D", "Rn", "Ds"] and names[-1] == "C", (i["id"], names)
    assert seen == set(O3_STAGES)


def test_settings_o3_needs_or_refuses_say_why(run_sim, kernel, target_dir):
    fib = target_dir / "workloads" / "fib.elf"
    proc = run_sim("--config", DEFAULT, "--set", "fetch.policy=brcount", kernel, fib, "5")
    assert proc.returncode == 78 and "needs sim.model = o3" in proc.stderr
    proc = run_sim("--config", DEFAULT, "--set", "sim.model=iss", "--pipeline-trace",
                   "/dev/null", kernel, fib, "5")
    assert proc.returncode == 64 and "pipeline or o3" in proc.stderr
    proc = run_sim("--config", DEFAULT, "--set", "sim.model=o3", "--set", "lsq.ssit_entries=1000",
                   kernel, fib, "5")
    assert proc.returncode == 78 and "lsq.ssit_entries" in proc.stderr
    proc = run_sim("--config", DEFAULT, "--set", "rob.policy=fair", kernel, fib, "5")
    assert proc.returncode == 78 and "shared" in proc.stderr
