"""IAS in context mode (os.smt_sched = "context": every hardware context a CPU with its own run
queue; os/ias.c): two processes of four spinning threads each share one core of two contexts
(tests/ctx's four-threads-spin-until-a-cycle; the second starts its threads 2 M cycles later, so
that each CPU's queue holds threads of both, as Linux's balancing at fork leaves them). Under CFS each CPU's queue alternates the two
address spaces, so the sibling contexts run different processes much of the time; under IAS
(bonus one quantum) a CPU keeps running siblings of the address space it ran (time aggregation)
and CPU 1, CPU 0's slave, follows the address space CPU 0 aggregates (space aggregation), so the
siblings run different address spaces less often. Both counts are nonzero, and the cycles the
siblings spent in different address spaces (stats.json cpus[].mixed_mm_cycles) fall. With bonus
0, IAS is CFS bit for bit: the same cycles and the same per-process figures."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
UNTIL = 40000  # thousands of cycles: 40 M, about 20 slices of 1 M per CPU per process
START = 2000  # the second process starts its threads after the first one's are spread


@pytest.fixture(scope="session")
def spinner(target_dir):
    return (target_dir / "tests_ctx" / "four-threads-spin-until-a-cycle.elf").resolve()


def run(run_sim, kernel, spinner, tmp_path, scheduler, bonus=16):
    wl = tmp_path / "w.toml"
    wl.write_text("\n".join([
        "[[process]]", f'program = "{spinner}"', f'args = ["{UNTIL}", "report"]', "",
        "[[process]]", f'program = "{spinner}"', f'args = ["{UNTIL}", "-", "{START}"]', ""]))
    stats = tmp_path / f"s-{scheduler}-{bonus}.json"
    proc = run_sim("--stats", stats, "--set", "sim.model=iss", "--set", "platform.cores=1",
                   "--set", "core.contexts=2", "--set", "os.smt_sched=context",
                   "--set", f"os.scheduler={scheduler}", "--set", f"os.ias_bonus={bonus}",
                   "--set", "sim.max_cycles=200000000", "--workload", wl, kernel, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(stats.read_text())


def mixed(s):
    """Cycles the two CPUs spent running one process while the sibling ran the other."""
    return sum(c["mixed_mm_cycles"] for c in s["cpus"])


def test_ias_aggregates_and_mixes_address_spaces_less_than_cfs(run_sim, kernel, spinner,
                                                              tmp_path):
    cfs = run(run_sim, kernel, spinner, tmp_path, "cfs")
    ias = run(run_sim, kernel, spinner, tmp_path, "ias")
    print("CFS", cfs["reports"], mixed(cfs), "IAS", ias["reports"], mixed(ias))
    assert cfs["reports"]["sched.time_aggr"] == cfs["reports"]["sched.space_aggr"] == 0
    assert ias["reports"]["sched.time_aggr"] > 0
    assert ias["reports"]["sched.space_aggr"] > 0
    assert [c["cpu"] for c in cfs["cpus"]] == [0, 1]
    # Both ran eight busy threads for 40 M cycles: the siblings were busy nearly all the time,
    # and under CFS a good share of it in different address spaces.
    assert mixed(cfs) > 0.2 * 2 * UNTIL * 1000, mixed(cfs)
    assert mixed(ias) < 0.75 * mixed(cfs), (mixed(ias), mixed(cfs))


def test_ias_with_bonus_zero_is_cfs_bit_for_bit(run_sim, kernel, spinner, tmp_path):
    cfs = run(run_sim, kernel, spinner, tmp_path, "cfs")
    zero = run(run_sim, kernel, spinner, tmp_path, "ias", bonus=0)
    assert zero["cycles"] == cfs["cycles"]
    assert zero["processes"] == cfs["processes"]
    assert zero["cpus"] == cfs["cpus"]
    assert zero["reports"] == cfs["reports"]
