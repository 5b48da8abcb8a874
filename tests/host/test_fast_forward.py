"""Fast-forward and warm-up (sim.fast_forward, sim.warmup): the ISS runs to the first region of
interest (or for N instructions), then the pipeline goes on from the same architectural state. After
the switch the pipeline runs cycle for cycle as it does alone when its caches and predictor hold
the same contents (a warm-up of everything gives them); the architectural results are those of a
run without fast-forward, on bare metal and under the kernel; stats.json says what was
fast-forwarded and warmed."""
import json

import pytest

WARM_ALL = 10**12  # more than the ring holds: every fast-forwarded instruction warms
CONFIG_ERROR = 78


@pytest.fixture
def stats_of(run_sim, tmp_path):
    count = iter(range(1000))

    def run(*args):
        stats = tmp_path / f"s{next(count)}.json"
        proc = run_sim("--stats", stats, *args)
        return proc, json.loads(stats.read_text())
    return run


@pytest.fixture
def program(target_dir):
    return target_dir / "tests_bare" / "roi-after-fast-forward-matches-the-pipeline.elf"


def region(s, rid):
    return next(r for r in s["regions"] if r["id"] == rid)


def region2(stats_of, program, *sets):
    args = [a for kv in sets for a in ("--set", kv)]
    proc, s = stats_of(*args, program)
    assert proc.returncode == 0, proc.stderr
    return s, region(s, 2)


@pytest.mark.parametrize("config", [[], ["l1d.prefetch_degree=2", "bpred.kind=gshare"]],
                         ids=["default", "prefetch-gshare"])
def test_region_after_warm_switch_is_cycle_for_cycle_the_pipelines(stats_of, program, config):
    alone, r_alone = region2(stats_of, program, *config)
    for warmup in (WARM_ALL, 100000):  # applied at once, and kept in the ring until the switch
        ff, r_ff = region2(stats_of, program, *config, "sim.fast_forward=roi",
                           f"sim.warmup={warmup}")
        assert ff["fast_forward"]["switched"]
        assert r_ff["cycles"] == r_alone["cycles"]
        assert r_ff["pipeline"] == r_alone["pipeline"]  # every count: CPI stack, caches, branches
        assert r_ff["retired"] == r_alone["retired"]
    # The test can fail: without the warm-up the same region meets cold caches and predictor.
    cold, r_cold = region2(stats_of, program, *config, "sim.fast_forward=roi")
    assert r_cold["retired"] == r_alone["retired"]
    assert r_cold["cycles"] > r_alone["cycles"] + 100
    cold_l1d = r_cold["pipeline"]["memory"]["caches"]["l1d"]
    assert cold_l1d["misses"] + cold_l1d["prefetch_hits"] > 100  # the array comes in again
    assert r_alone["pipeline"]["memory"]["caches"]["l1d"]["misses"] == 0


def test_stats_say_what_was_fast_forwarded_and_warmed(stats_of, program):
    s, _ = region2(stats_of, program, "sim.fast_forward=roi", f"sim.warmup={WARM_ALL}")
    ff = s["fast_forward"]
    begin = region(s, 1)["begin_cycle"]
    # The ISS runs one instruction a cycle here: the switch comes in the cycle after the marker.
    assert ff["instructions"] == ff["switch_cycle"] == begin + 1
    assert ff["warmed"] == ff["instructions"]
    s, _ = region2(stats_of, program, "sim.fast_forward=roi", "sim.warmup=500")
    assert s["fast_forward"]["warmed"] == 500
    s, _ = region2(stats_of, program, "sim.fast_forward=3000", "sim.warmup=1000")
    ff = s["fast_forward"]
    assert ff["instructions"] == 3000 and ff["warmed"] == 1000 and ff["until"] == 3000
    s, _ = region2(stats_of, program)
    assert "fast_forward" not in s


def test_bad_fast_forward_settings_are_config_errors(run_sim, program):
    for sets, says in ((["sim.fast_forward=soon"], "expected off, roi or a number"),
                       (["sim.fast_forward=roi", "sim.model=iss"], "needs a timing model"),
                       (["sim.after_roi=iss"], "needs sim.fast_forward")):
        proc = run_sim(*[a for kv in sets for a in ("--set", kv)], program)
        assert proc.returncode == CONFIG_ERROR and says in proc.stderr, proc.stderr


@pytest.mark.parametrize("count", [200000, 1000000])
def test_kernel_program_ends_the_same_after_a_fast_forward(run_sim, stats_of, kernel, target_dir,
                                                           count):
    prog = target_dir / "tests_os" / "spawn-wait-and-exit-status.elf"
    alone = run_sim(kernel, prog)
    fast, s = stats_of("--set", f"sim.fast_forward={count}", "--set", "sim.warmup=100000", kernel,
                       prog)
    assert alone.returncode == 0, alone.stderr
    assert (fast.returncode, fast.stdout) == (alone.returncode, alone.stdout)
    assert s["fast_forward"]["switched"] and s["fast_forward"]["instructions"] >= count


def test_kernel_region_under_warm_fast_forward_is_within_half_a_percent(stats_of, kernel,
                                                                       target_dir):
    # A plain memcpy timed as a region after the program flushed the caches (workloads/shadow):
    # the warm-up covers the flush; the pipeline's in-flight work at the switch, the L2's LRU
    # order and the timer's phase are what still differ. Without a warm-up the L1I and the
    # predictor start cold: several times farther off.
    prog = target_dir / "workloads" / "shadow" / "memcpy.elf"
    args = ["--set", "core.contexts=2", kernel, prog, "-v", "plain", "65536"]
    alone, s_alone = stats_of(*args)
    warm, s_warm = stats_of("--set", "sim.fast_forward=roi", "--set", "sim.warmup=2000000", *args)
    cold, s_cold = stats_of("--set", "sim.fast_forward=roi", *args)
    assert alone.returncode == warm.returncode == cold.returncode == 0, warm.stderr
    (a,), (w,), (c,) = s_alone["regions"], s_warm["regions"], s_cold["regions"]
    assert w["retired_total"] == pytest.approx(a["retired_total"], rel=0.005)
    assert w["cycles"] == pytest.approx(a["cycles"], rel=0.005)
    assert abs(c["cycles"] - a["cycles"]) > 3 * abs(w["cycles"] - a["cycles"])
    assert s_warm["fast_forward"]["instructions"] > 10 * a["retired_total"]


def test_after_the_region_the_iss_takes_over_again(stats_of, kernel, target_dir):
    prog = target_dir / "workloads" / "shadow" / "memcpy.elf"
    args = ["--set", "sim.fast_forward=roi", "--set", "sim.warmup=100000", "--set",
            "core.contexts=2", kernel, prog, "-v", "plain", "65536"]
    stay, s_stay = stats_of(*args)
    back, s_back = stats_of("--set", "sim.after_roi=iss", *args)
    assert stay.returncode == back.returncode == 0, back.stderr
    (r_stay,), (r_back,) = s_stay["regions"], s_back["regions"]
    assert r_back["cycles"] == r_stay["cycles"]  # the region is the pipeline's either way
    assert s_back["reports"] == s_stay["reports"]
    # Back at the end of the quantum (sim.quantum = 1000) in which the region ended.
    back_at = s_back["fast_forward"]["back_to_iss_cycle"]
    assert r_back["end_cycle"] < back_at <= r_back["end_cycle"] + 1000
    assert s_stay["fast_forward"]["back_to_iss_cycle"] is None
    # Afterwards an instruction a cycle: the ISS, not the pipeline, ran the rest.
    assert s_back["cycles"] - back_at == pytest.approx(s_back["retired"] -
                                                       sum(r_back["retired"]) -
                                                       s_back["fast_forward"]["instructions"],
                                                       rel=0.05)
