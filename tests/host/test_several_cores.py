"""Several cores (platform.cores): what programs see across cores, bare metal on both models.
Memory is sequentially consistent (message passing, store buffering, IRIW), LL/SC and MWAIT see
stores from other cores, an IPI reaches a context on another core, CPU numbers are global, runs
are deterministic, the image reduction gives one checksum on 1, 2 and 4 cores, and a deadlock
report lists every core. The programs are tests/bare/smp-*; and a program under the kernel runs
on every core platform.cores asks for."""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
MODELS = ["iss", "pipeline"]


@pytest.fixture(scope="session")
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


def smp(run_sim, program, cores, model, contexts=2, *extra):
    return run_sim("--config", DEFAULT, "--set", f"platform.cores={cores}", "--set",
                   f"core.contexts={contexts}", "--set", "core.smp_start=true", "--set",
                   f"sim.model={model}", "--set", "sim.max_cycles=20000000", *extra, program)


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("cores", [2, 4])
@pytest.mark.parametrize("program", [
    "smp-message-passing-sees-the-data", "smp-store-buffering-is-sequentially-consistent",
    "smp-iriw-writes-are-seen-in-one-order", "smp-false-sharing-ping-pong",
    "smp-mwait-is-woken-by-another-core", "smp-ipi-wakes-a-context-on-another-core",
    "smp-cpu-numbers-are-global"])
def test_litmus_and_signalling_across_cores(run_sim, bare, program, cores, model):
    proc = smp(run_sim, bare(program), cores, model)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.rstrip().endswith(" ok"), proc.stdout


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("cores", [2, 4])
def test_ll_sc_counter_is_exact_over_every_context_of_every_core(run_sim, bare, cores, model,
                                                                 tmp_path):
    stats = tmp_path / "s.json"
    proc = smp(run_sim, bare("smp-ll-sc-counter"), cores, model, 2, "--stats", stats)
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    assert len(s["contexts"]) == 2 * cores
    assert all(c["retired"] > 5000 for c in s["contexts"])
    assert [c["core"] for c in s["cores"]] == list(range(cores))
    assert all(c["retired"] > 10000 for c in s["cores"])
    assert s["package_power"]["energy_j"] == pytest.approx(
        sum(c["power"]["energy_j"] for c in s["cores"]))
    assert s["package_power"]["energy_j"] > s["power"]["energy_j"]  # more than core 0's


@pytest.mark.parametrize("cores", [2, 4])
def test_false_sharing_shows_in_the_coherence_counts(run_sim, bare, cores, tmp_path):
    stats = tmp_path / "s.json"
    assert smp(run_sim, bare("smp-false-sharing-ping-pong"), cores, "pipeline", 2, "--stats",
               stats).returncode == 0
    c = json.loads(stats.read_text())["coherence"]
    assert c["protocol"] == "MESI" and len(c["cores"]) == cores
    # 500 turns each way through one line: every turn takes the line from the other L1D.
    assert c["total"]["invalidations_sent"] >= 1000
    assert c["total"]["cache_to_cache"] >= 1000
    ends = [c["cores"][0], c["cores"][-1]]
    assert all(e["invalidations_received"] >= 400 for e in ends)
    # Lock-step: the shared L2 below the bus never sees time go backwards.
    assert c["shared_level_reversals"] == 0


def test_four_cores_run_twice_give_identical_stats(run_sim, bare, tmp_path):
    outs = []
    for i in range(2):
        stats = tmp_path / f"s{i}.json"
        assert smp(run_sim, bare("smp-false-sharing-ping-pong"), 4, "pipeline", 4, "--stats",
                   stats).returncode == 0
        s = json.loads(stats.read_text())
        del s["host"]
        outs.append(s)
    assert outs[0] == outs[1]


def test_image_reduce_gives_one_checksum_on_one_two_and_four_cores(run_sim, target_dir,
                                                                  tmp_path):
    cycles, sums = {}, set()
    for cores in (1, 2, 4):
        stats = tmp_path / f"s{cores}.json"
        proc = smp(run_sim, target_dir / "workloads_bare" / "image-reduce.elf", cores, "pipeline",
                   1, "--stats", stats)
        assert proc.returncode == 0, proc.stderr
        sums.add(re.search(r"checksum (\d+)", proc.stdout).group(1))
        s = json.loads(stats.read_text())
        cycles[cores] = s["cycles"]
        assert ("coherence" in s) == (cores > 1)
    assert len(sums) == 1
    # Each core has its own pipeline: more cores, fewer cycles.
    assert cycles[1] > 1.5 * cycles[2] > 1.5 * 0.9 * cycles[4]


def test_a_deadlock_report_lists_every_core(run_sim, bare):
    proc = run_sim("--set", "platform.cores=2", "--set", "core.contexts=2",
                   bare("wait-forever-deadlocks"), timeout=30)
    assert proc.returncode == 71, proc.stderr
    assert "context 0 (core 0): waiting" in proc.stderr
    assert "context 3 (core 1): free" in proc.stderr


def test_more_than_sixteen_contexts_are_refused(run_sim, bare):
    proc = run_sim("--set", "platform.cores=4", "--set", "core.contexts=8",
                   bare("wait-forever-deadlocks"))
    assert proc.returncode != 0
    assert "platform.cores" in proc.stderr and "16 hardware contexts" in proc.stderr


@pytest.mark.parametrize("model", MODELS)
def test_a_pthread_program_under_the_kernel_uses_every_core_asked_for(run_sim, kernel, target_dir,
                                                                      model, tmp_path):
    # platform.cores = 2 and no other key: the kernel brings up both cores (core.smp_start is
    # implied, and stats.json's config says so), and the program's threads run on both. Before,
    # the second core stayed in reset and the program ran on core 0 alone without a word.
    stats = tmp_path / "s.json"
    program = target_dir / "workloads" / "imagereduce" / "imagereduce.elf"
    proc = run_sim("--set", "platform.cores=2", "--set", f"sim.model={model}", "--set",
                   "sim.max_cycles=50000000", "--stats", stats, kernel, program, 8, 64)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "checksum" in proc.stdout and "warning" not in proc.stderr
    s = json.loads(stats.read_text())
    assert s["config"]["core"]["smp_start"] is True
    assert [c["retired"] > 0 for c in s["cores"]] == [True, True], s["cores"]
    # Said outright, core.smp_start = false is a warning naming both keys; every core still runs.
    proc = run_sim("--set", "platform.cores=2", "--set", "core.smp_start=false", "--set",
                   f"sim.model={model}", "--set", "sim.max_cycles=50000000", "--stats", stats,
                   kernel, program, 8, 64)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "core.smp_start = false (--set core.smp_start=false)" in proc.stderr
    assert "platform.cores = 2" in proc.stderr
    assert all(c["retired"] > 0 for c in json.loads(stats.read_text())["cores"])