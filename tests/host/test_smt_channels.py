"""E10's covert channels in small (workloads/smtchan; the whole experiment is
configs/experiments/e10-smt-channels.toml): a sender and a receiver on sibling contexts of the
default machine, in context mode, on the in-order pipeline. With core scheduling off the receiver
decodes the message nearly without error; with it on (a PR_SCHED_CORE cookie for each) the two
never run at once, a sibling is forced idle, and the receiver decodes nothing: its error rate is
about one half and the channel's capacity about 0. For comparison, the l2 channel runs across the
two cores of the dual-core machine, through the L2 they share: core scheduling leaves it open.
The figures are analysis/channel.py's, the message derived from the seed, never read from the
sender."""
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from analysis import channel  # noqa: E402

DEFAULT = ROOT / "configs" / "machines" / "default.toml"
DUAL = ROOT / "configs" / "machines" / "dual-core.toml"


def workload(tmp_path, name, program, *args, cpus=()):
    """A workload file with one process per list of arguments, the i-th pinned to cpus[i] if
    given."""
    wl = tmp_path / f"{name}.toml"
    entry = '[[process]]\nprogram = "{}"\nargs = {}\n'
    pins = [f"cpu = {c}\n" for c in cpus] + [""] * len(args)
    wl.write_text("".join(entry.format(program.resolve(), json.dumps(a)) + pin + "\n"
                          for a, pin in zip(args, pins)))
    return wl


def sim(run_sim, kernel, tmp_path, wl, model, status=0, config=DEFAULT, sets=()):
    """Run a workload in context mode: (its console, stats.json); kasane-sim exits with the first
    process's status."""
    stats = tmp_path / f"{wl.stem}.json"
    more = [a for s in sets for a in ("--set", s)]
    proc = run_sim("--config", config, "--set", f"sim.model={model}", "--set",
                   "os.smt_sched=context", "--set", "sim.max_cycles=50000000", *more, "--stats",
                   stats, "--workload", wl, kernel, timeout=300)
    assert proc.returncode == status, proc.stdout + proc.stderr
    return proc.stdout + proc.stderr, json.loads(stats.read_text())


def run(run_sim, kernel, program, tmp_path, chan, cookie, model, seed=4, bits=64):
    """One run of the pair: (the channel's figures, stats.json)."""
    wl = workload(tmp_path, f"{chan}-{cookie}-{model}", program,
                  *[[role, chan, str(seed), str(bits), "0", cookie] for role in ("send", "recv")])
    console, stats = sim(run_sim, kernel, tmp_path, wl, model)
    return channel.score(console), stats


@pytest.fixture(scope="session")
def smtchan(target_dir):
    return target_dir / "workloads" / "smtchan" / "smtchan.elf"


# The in-order pipeline's channels, and the divider's, the issue slots' and the window's on the
# out-of-order core as a sample (the experiment has each on both).
@pytest.mark.parametrize("chan, model", [("div", "pipeline"), ("l1d", "pipeline"),
                                         ("issue", "pipeline"), ("div", "o3"), ("issue", "o3"),
                                         ("window", "o3")])
def test_the_channel_carries_the_message_and_core_scheduling_closes_it(
        run_sim, kernel, smtchan, tmp_path, chan, model):
    off, s_off = run(run_sim, kernel, smtchan, tmp_path, chan, "none", model)
    on, s_on = run(run_sim, kernel, smtchan, tmp_path, chan, "cookie", model)
    assert off["ber"] < 0.1 and off["capacity"] > 0.5 * off["bandwidth"], off
    assert 0.3 < on["ber"] < 0.7 and on["capacity"] < 0.1 * on["bandwidth"], on
    forced = [sum(c["forced_idle_cycles"] for c in s["cpus"]) for s in (s_off, s_on)]
    assert forced[0] == 0 and forced[1] > 0, forced
    assert [p["exit_status"] for p in s_off["processes"] + s_on["processes"]] == [0] * 4


def test_the_in_order_core_has_no_window_to_leak(run_sim, kernel, smtchan, tmp_path):
    """The window sender's 1 (loads that miss, their users waiting) holds no shared structure on
    the in-order core: each context stalls on its own, so the receiver reads nothing."""
    off, _ = run(run_sim, kernel, smtchan, tmp_path, "window", "none", "pipeline")
    assert off["ber"] > 0.3 and off["capacity"] < 0.1 * off["bandwidth"], off


# The receiver's L2 lines against the sender's, across cores: core scheduling keeps two cookies off
# one core, not off two, so it closes nothing here (and forces no CPU idle).
@pytest.mark.parametrize("model", ["pipeline", "o3"])
def test_the_l2_channel_crosses_cores_and_core_scheduling_leaves_it_open(
        run_sim, kernel, smtchan, tmp_path, model):
    runs = []
    for cookie in ("none", "cookie"):
        wl = workload(tmp_path, f"l2-{cookie}-{model}", smtchan,
                      *[[role, "l2", "4", "32", "0", cookie] for role in ("send", "recv")],
                      cpus=(0, 4))
        # core.smp_start: a workload may pin to the CPUs of every core, not only core 0's
        console, stats = sim(run_sim, kernel, tmp_path, wl, model, config=DUAL,
                             sets=["core.smp_start=true"])
        runs.append((channel.score(console), stats))
    for figures, stats in runs:
        assert figures["ber"] < 0.1 and figures["capacity"] > 0.5 * figures["bandwidth"], figures
        assert sum(c["forced_idle_cycles"] for c in stats["cpus"]) == 0, stats["cpus"]
        assert [p["exit_status"] for p in stats["processes"]] == [0, 0]
        # the sender ran on core 0 only (CPUs 0-3), the receiver on core 1 only (4-7)
        assert [{c["cpu"] // 4 for c in p["cpus"]} for p in stats["processes"]] == [{0}, {1}]


def test_bad_arguments_are_refused_with_a_usage_status(run_sim, kernel, smtchan, tmp_path):
    bad = [["recv", "fpu", "1", "64", "0"], ["send", "div", "1", "7", "0"],
           ["send", "div", "1", "64", "100"], ["peek", "div", "1", "64", "0"],
           ["recv", "div", "1", "64", "0", "share"], ["recv", "div"]]
    console, stats = sim(run_sim, kernel, tmp_path, workload(tmp_path, "bad", smtchan, *bad),
                         "pipeline", status=64)
    assert [p["exit_status"] for p in stats["processes"]] == [64] * len(bad)
    for why in ("the channel is div, l1d, issue, window or l2",
                "BITS is a whole number from 8 to 4096",
                "SLOT is 0 or a whole number", "the role is send or recv",
                "the last argument is cookie or none", "wrong number of arguments"):
        assert why in console, console
