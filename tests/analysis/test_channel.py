"""E10's covert-channel figures (analysis/channel.py): capacity against a hand computation, the
receiver's line scored against the message derived from the seed, bad lines refused; {seed} in a
process's arguments; and end to end, a channel experiment's figures in the results, with no alone
runs (no metric reads `smt.`)."""
import json
import math

import pytest

from analysis import channel, spec, sweep
from analysis.cli import make_jobs


def test_capacity_is_bandwidth_times_one_minus_the_binary_entropy_of_the_error_rate():
    # 100 bits in 400,000 cycles: 250 bits per million cycles. 11 wrong: error rate 0.11, and
    # H2(0.11) = -0.11 log2 0.11 - 0.89 log2 0.89 = 0.11 x 3.18442 + 0.89 x 0.16812 = 0.49992,
    # so the capacity is 250 x 0.50008 = 125.02.
    f = channel.figures(100, 11, 400_000)
    assert f["bandwidth"] == 250.0 and f["ber"] == 0.11
    assert f["capacity"] == pytest.approx(125.02, abs=0.01)
    assert channel.h2(0.5) == 1.0 and channel.h2(0.0) == 0.0 and channel.h2(1.0) == 0.0
    assert channel.figures(64, 32, 1000)["capacity"] == 0.0  # a guess carries nothing
    assert channel.figures(64, 64, 1000)["capacity"] == 64_000  # every bit inverted: all of it


def test_the_message_is_xorshift32_of_the_seed():
    # seed 1: x = 0x9e3779b9 ^ 0x5a17c4a1 = 0xc420bd18; one xorshift32 step (13, 17, 5) gives
    # 0xa3f94ff9, whose top bit, 1, is the first bit. The C sender takes the same steps.
    assert channel.message(1, 1) == "1"
    m = channel.message(7, 4096)
    assert len(m) == 4096 and 0.45 < m.count("1") / 4096 < 0.55
    assert channel.message(7, 64) == m[:64] and channel.message(8, 64) != m[:64]


def line(seed, bits, cycles=256_000, flip=()):
    sent = list(channel.message(seed, bits))
    for i in flip:
        sent[i] = "1" if sent[i] == "0" else "0"
    return (f"boot noise\nsmtchan recv channel=div seed={seed} bits={bits} slot=4000 first=9 "
            f"cycles={cycles} threshold=700 missed=2 decoded={''.join(sent)}\nsmtchan values 1\n")


def test_the_receivers_line_is_scored_against_the_seeds_message():
    s = channel.score(line(3, 64, flip=(0, 5, 63)))
    assert (s["bits"], s["errors"], s["missed"], s["channel"]) == (64, 3, 2, "div")
    assert s["bandwidth"] == 250.0
    assert s["capacity"] == pytest.approx(250 * (1 - channel.h2(3 / 64)))


@pytest.mark.parametrize("console, fragment", [
    ("nothing here\n", "0 `smtchan recv` lines"),
    (line(3, 64) + line(3, 64), "2 `smtchan recv` lines"),
    (line(3, 64).replace("cycles=256000", "cycles=x"), "lacks a field or has a bad one"),
    (line(3, 64).replace("bits=64", "bits=65"), "are not 65 bits"),
    (line(3, 64).replace("decoded=", "decoded=2"), "are not 64 bits"),
])
def test_a_console_without_one_good_receiver_line_is_refused(console, fragment):
    with pytest.raises(channel.NoChannel, match=fragment):
        channel.score(console)


EXP = """
[experiment]
title = "channel"
machine = "configs/machines/default.toml"
set = { "os.smt_sched" = "context" }
process = [
  {program = "workloads/smtchan/smtchan.elf", args=["send","div","{seed}","32","2000","{cookie}"]},
  {program = "workloads/smtchan/smtchan.elf", args=["recv","div","{seed}","32","2000","{cookie}"]},
]
repeat = 2
timeout = 120

[sweep]
cookie = ["none", "cookie"]

[metrics]
ber = "channel.ber"
capacity = "channel.capacity"
bandwidth = "channel.bandwidth"
"""


def test_seed_in_the_arguments_is_each_runs_seed_and_no_alone_run_is_made(build, experiment):
    exp = spec.load(experiment(EXP), build)
    points = sweep.expand(exp)
    assert [(p.seed, p.settings["process"][1]["args"][2]) for p in points] == [
        (1, "1"), (2, "2"), (1, "1"), (2, "2")]
    assert all(j.alone == () for j in make_jobs(points, build, exp.metrics))
    # Without repeat the one run is seed 0's.
    exp = spec.load(experiment(EXP.replace("repeat = 2\n", "")), build)
    assert [p.settings["process"][0]["args"][2] for p in sweep.expand(exp)] == ["0", "0"]


def test_a_channel_experiment_gives_its_figures(kasane, experiment, tmp_path):
    out = tmp_path / "out"
    r = kasane("run", experiment(EXP), "--out", out, "-j", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    assert [(x["cookie"], x["seed"]) for x in rows] == [
        ("none", 1), ("none", 2), ("cookie", 1), ("cookie", 2)]
    assert not list((out / "points").glob("alone=*"))
    for x in rows:
        assert x["bandwidth"] == pytest.approx(500, rel=0.03)  # 32 slots of 2,000 cycles
        assert math.isclose(x["capacity"], x["bandwidth"] * (1 - channel.h2(x["ber"])))
    assert all(x["capacity"] > 400 for x in rows if x["cookie"] == "none")
    assert all(x["capacity"] < 50 for x in rows if x["cookie"] == "cookie")
