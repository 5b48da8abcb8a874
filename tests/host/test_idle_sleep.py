"""A program whose threads sleep leaves the core idle, so kasane-sim skips the time (issue 21).

The thread library's waiting contexts (idle threads, timed waiters, the main thread in a join)
sleep in MWAIT or in the kernel, never in a polling loop, on both backends and with one context
as with four. The same programs tests/threads runs for their wake-up times are run here for the
core's idle time: stats.json's power.static.core.idle.cycles counts the cycles in which no
context ran, which are the ones idle skipping jumps over. Before, a conventional-backend program
whose threads slept kept its contexts polling, and hw threads in timed waits looked at the clock
every 100,000 cycles (18.6 s of host time for the four-thread program with four contexts, 23 M
cycles busy)."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
PROGRAMS = ["sleep-in-main-beside-idle-contexts-lasts-one-second",
            "threads-sleeping-or-timed-waiting-one-second-wake-on-time"]


@pytest.mark.parametrize("contexts", [1, 4])
@pytest.mark.parametrize("backend", ["hw", "conventional"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_sleeping_threads_leave_the_core_idle(run_sim, kernel, target_dir, tmp_path, name,
                                              backend, contexts):
    program = target_dir / "tests_threads" / backend / f"{name}.elf"
    stats = tmp_path / "stats.json"
    proc = run_sim("--config", DEFAULT, "--set", f"core.contexts={contexts}",
                   "--set", "sim.max_cycles=2000000000", "--stats", stats, kernel, program,
                   timeout=60)
    assert proc.returncode == 0 and proc.stdout.endswith("PASS\n"), proc.stdout + proc.stderr
    s = json.loads(stats.read_text())
    cycles = s["cycles"]
    busy = cycles - s["power"]["static"]["core"]["idle"]["cycles"]
    assert 1_000_000_000 <= cycles < 1_030_000_000  # one simulated second (1 GHz) and start-up
    # Start-up, thread creations and joins, the wake-ups, and the conventional idle contexts'
    # polling before they sleep (CONV_NAP_AFTER, 1 M cycles): 0.5 M to 1.5 M cycles. A context
    # polling through the second would make it hundreds of millions; hw timed waits looking at
    # the clock every 100,000 cycles made it 23 M.
    assert busy < 4_000_000, f"{busy} of {cycles} cycles had a context running"
