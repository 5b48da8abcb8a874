"""The thread extension end to end: a main thread and three TFORKed workers handing work around
with TSUSPEND/TRESUME and MONITOR/MWAIT, against the same program spinning; idle-cycle skipping
that changes no count; the end of a run when every context has exited or is stuck."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


def run(run_sim, program, tmp_path, name, *extra):
    stats = tmp_path / f"{name}.json"
    proc = run_sim("--config", DEFAULT, "--stats", stats, *extra, program)
    return proc, json.loads(stats.read_text())


def test_handoff_sleeps_cooler_than_spinning(run_sim, target_dir, tmp_path):
    bare = target_dir / "workloads_bare"
    out, res = {}, {}
    for variant in ["thread-handoff", "thread-handoff-spin"]:
        proc, s = run(run_sim, bare / f"{variant}.elf", tmp_path, variant,
                      "--set", "sim.check=true", "--thermal-trace", tmp_path / f"{variant}.csv")
        assert proc.returncode == 0, proc.stderr
        assert s["pipeline"]["reference_check"]["failures"] == 0
        out[variant] = proc.stdout.split(", die")[0]
        res[variant] = s
    assert out["thread-handoff"] == out["thread-handoff-spin"]
    sleep, spin = res["thread-handoff"], res["thread-handoff-spin"]
    assert spin["power"]["avg_power_w"] > 1.5 * sleep["power"]["avg_power_w"]
    assert spin["power"]["final_temp_c"] > sleep["power"]["final_temp_c"] + 0.5
    # The waiting workers are idle (clock-gated) when they sleep, busy when they spin.
    idle = lambda s: sum(c["cpi_stack_cycles"]["idle"] for c in s["pipeline"]["contexts"][1:])
    assert idle(sleep) > 3 * idle(spin)
    rows = (tmp_path / "thread-handoff.csv").read_text().splitlines()
    assert rows[0].startswith("cycle,seconds,power_w") and len(rows) > 100


@pytest.mark.parametrize("model", ["pipeline", "iss"])
def test_skipping_idle_cycles_changes_no_count(run_sim, target_dir, tmp_path, model):
    program = target_dir / "workloads_bare" / "mwait-timeouts.elf"
    stats = []
    for skip in ["true", "false"]:
        proc, s = run(run_sim, program, tmp_path, f"{model}-{skip}", "--set", "core.smp_start=true",
                      "--set", f"sim.model={model}", "--set", f"sim.idle_skip={skip}")
        assert proc.returncode == 0 and proc.stdout == "mwait-timeouts ok\n", proc.stderr
        s.pop("host")
        s["config"]["sim"].pop("idle_skip")
        stats.append(s)
    assert stats[0] == stats[1]
    assert stats[0]["cycles"] > 50 * 20000  # 50 rounds of 20,000-cycle timeouts


def test_texit_of_the_last_context_ends_the_run(run_sim, target_dir, tmp_path):
    proc, s = run(run_sim, target_dir / "tests_bare" / "texit-last-context-ends-the-run.elf",
                  tmp_path, "texit")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "c\n"
    assert s["outcome"] == "all_exited"
    assert all(c["state"] == "free" for c in s["contexts"])


def test_a_suspended_context_nobody_resumes_is_a_deadlock(run_sim, target_dir, tmp_path):
    proc, s = run(run_sim, target_dir / "tests_bare" / "suspend-alone-deadlocks.elf", tmp_path,
                  "stuck")
    assert proc.returncode == 71
    assert "context 0: suspended" in proc.stderr
    assert s["outcome"] == "deadlock"
