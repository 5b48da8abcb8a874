"""E9's livelock on the out-of-order core, end to end: eight programs, one process each, on the
8-context core of configs/machines/smt8-o3.toml with fetch.long_latency = flush. Flushes replay
instructions the ISS has already executed, and with 8 processes on the core's 32 TLB entries a
replayed instruction's page often lost its entry by then; fetch faulted on it for ever (before the
fix every such run stopped at sim.max_cycles with most of its processes unfinished, seeds 1-3,
ICOUNT and MISSCOUNT). Now every program finishes, and what committed is what the ISS executed.
Whether a page loses its entry at such a moment depends on the timing, so a change elsewhere can
make this run miss the case; o3_core_test's
O3Core.AReplayedInstructionWhosePageLostItsTranslationStillDispatches builds it directly."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
MACHINE = ROOT / "configs" / "machines" / "smt8-o3.toml"
MIX = [("intmix/intmix.elf", "chase"), ("intmix/intmix.elf", "crc"), ("intmix/intmix.elf", "fib"),
       ("fpmix/fpmix.elf", "gups"), ("fpmix/fpmix.elf", "gups"), ("intmix/intmix.elf", "sieve"),
       ("intmix/intmix.elf", "sort"), ("fpmix/fpmix.elf", "stream")]


def test_a_mix_of_eight_with_flush_finishes_every_program(run_sim, kernel, target_dir, tmp_path):
    lines = []
    for program, arg in MIX:
        lines += ["[[process]]", f'program = "{target_dir / "workloads" / program}"',
                  f'args = ["{arg}"]', f'name = "{arg}"', ""]
    wl = tmp_path / "mix.toml"
    wl.write_text("\n".join(lines))
    stats = tmp_path / "stats.json"
    # It takes 7.4 M cycles; before the fix it ran to the limit.
    proc = run_sim("--config", MACHINE, "--set", "os.smt_sched=context",
                   "--set", "fetch.long_latency=flush", "--set", "sim.perturb_seed=1",
                   "--set", "sim.check=true", "--set", "sim.max_cycles=20000000",
                   "--stats", stats, "--workload", wl, kernel, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    s = json.loads(stats.read_text())
    assert [p["exit_status"] for p in s["processes"]] == [0] * len(MIX)
    assert s["pipeline"]["reference_check"] == {"enabled": True, "failures": 0}
    assert all(c["replayed"] > 0 for c in s["pipeline"]["contexts"]), "flush replays everywhere"
