"""--timeline FILE: the thread timeline in the Chrome Trace Event format, read back strictly
(trace_events.py). A bare-metal hand-off (workloads/bare/thread-handoff.c: a main thread and three
TFORKed workers, two sleeping in TSUSPEND until TRESUMEd, two in MWAIT) on both core models shows
a worker running, suspended and running again after the TRESUME, with a flow arrow from the
context that resumed it; the tutorial's two-thread program under the kernel shows both user
threads (the ids the runtime writes to sim-control at each switch) and its system calls."""
import json
import pathlib
import subprocess
import sys

import pytest

import trace_events

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
RUNNING = {"user", "kernel", "upcall"}


def timeline_of(run_sim, tmp_path, *args):
    out = tmp_path / "timeline.json"
    stats = tmp_path / "stats.json"
    proc = run_sim("--config", DEFAULT, "--stats", stats, "--timeline", out, *args)
    assert proc.returncode == 0, proc.stderr
    return trace_events.read(out), json.loads(stats.read_text()), proc


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_handoff_timeline_shows_suspend_resume_and_arrows(run_sim, target_dir, tmp_path, model):
    tl, stats, _ = timeline_of(run_sim, tmp_path, "--set", f"sim.model={model}",
                               target_dir / "workloads_bare" / "thread-handoff.elf")
    # One named track per context of core 0; bare-metal code runs in kernel mode throughout.
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in tl["events"]
             if e["ph"] == "M" and e["name"] == "thread_name"}
    assert names == {(0, k): f"context {k} (LTN {k + 1})" for k in range(4)}
    # Worker 1 (context 1) waits in TSUSPEND for each item main hands it: running, suspended,
    # running again, many times; worker 2 (context 2) sleeps in a light MWAIT instead.
    w1 = trace_events.states(tl, 0, 1)
    assert w1[:4] == ["free", "kernel", "suspended", "kernel"], w1[:6]
    assert w1.count("suspended") >= 10
    assert "mwait light" in trace_events.states(tl, 0, 2)
    assert "suspended" not in trace_events.states(tl, 0, 2)
    # Context 0 started each worker with TFORK, and TRESUMEs worker 1 (mailbox 1) ...
    arrows = [(s["name"], s["tid"], f["tid"]) for s, f in tl["flows"]]
    assert [a for a in arrows if a[0] == "tfork"] == [("tfork", 0, 1), ("tfork", 0, 2),
                                                      ("tfork", 0, 3)]
    assert ("tresume", 0, 1) in arrows and ("tresume", 2, 3) in arrows
    assert {a for a in arrows if a[0] == "tresume"} == {("tresume", 0, 1), ("tresume", 2, 3)}
    # ... and every TRESUME arrow ends where a suspended slice of its target ends: the hand-off.
    for s, f in tl["flows"]:
        if s["name"] != "tresume":
            continue
        ends = {e["args"]["cycle"] + e["args"]["cycles"] for e in tl["tracks"][(0, f["tid"])]
                if e["args"]["state"] == "suspended"}
        assert f["args"]["cycle"] in ends
    # Every track ends where the run ended; power and temperature come as counters.
    for (pid, tid), xs in tl["tracks"].items():
        assert max(e["args"]["cycle"] + e["args"]["cycles"] for e in xs) == stats["cycles"]
    counters = {e["name"] for e in tl["events"] if e["ph"] == "C"}
    assert counters == {"power", "temperature"}


@pytest.mark.parametrize("backend", ["hw", "conventional"])
def test_two_pthreads_under_the_kernel_show_their_thread_ids(run_sim, kernel, target_dir,
                                                             tmp_path, backend):
    elf = tmp_path / f"sum-{backend}.elf"
    cc = subprocess.run([str(target_dir / "kasane-cc"), "--threads", backend,
                         str(ROOT / "docs" / "tutorial" / "sum.c"), "-o", str(elf)],
                        capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    tl, stats, proc = timeline_of(run_sim, tmp_path, "--set", "sim.model=iss", kernel, elf)
    assert proc.stdout == "sum = 59997\n"
    user = [e for xs in tl["tracks"].values() for e in xs if e["args"]["state"] == "user"]
    threads = {e["args"].get("thread") for e in user} - {None}
    # main and the two threads it creates, each with its own ThMB (the first may be reused).
    assert len(threads) >= 2, threads
    # The created thread ran on another context than main's.
    by_ctx = {}
    for e in user:
        if "thread" in e["args"]:
            by_ctx.setdefault(e["args"]["thread"], set()).add(e["tid"])
    assert len(set().union(*by_ctx.values())) >= 2, by_ctx
    # System calls are slices named from os/syscalls.tbl.
    calls = {e["name"] for xs in tl["tracks"].values() for e in xs if e["cat"] == "syscall"}
    assert {"syscall write", "syscall exit_group"} <= calls, calls
    # The region of interest shows as markers, where stats.json says it began and ended.
    marks = {e["name"]: e["args"]["cycle"] for e in tl["events"] if e.get("cat") == "roi"}
    region = stats["regions"][0]
    assert marks["roi 0 begin"] == region["begin_cycle"]
    assert marks["roi 0 end"] == region["end_cycle"]


@pytest.mark.parametrize("backend", ["hw", "conventional"])
def test_notification_shows_as_an_upcall_slice(run_sim, kernel, target_dir, tmp_path, backend):
    # main sleeps in nanosleep: the kernel tells the runtime (hw: an upcall; conventional:
    # SIGIO), whose handler marks itself, then a thread runs again on that context.
    program = (target_dir / "tests_threads" / backend /
               "join-of-finished-thread-returns-its-result.elf")
    tl, _, _ = timeline_of(run_sim, tmp_path, "--set", "sim.model=iss", kernel, program)
    seen = 0
    for (pid, tid), xs in tl["tracks"].items():
        xs = sorted((e for e in xs if e["cat"] in ("state", "syscall")),
                    key=lambda e: e["args"]["cycle"])
        for k, e in enumerate(xs):
            if e["args"]["state"] != "upcall":
                continue
            seen += 1
            assert "thread" not in e["args"]  # the handler is no user thread
            later = [x for x in xs[k + 1:] if x["args"]["state"] == "user"]
            assert later and "thread" in later[0]["args"]
    assert seen >= 1


def test_timeline_rejects_what_the_format_forbids():
    ok = {"otherData": {"clock_mhz": 1000.0}, "traceEvents": [
        {"ph": "X", "pid": 0, "tid": 0, "ts": 0.0, "dur": 1.0, "name": "a", "cat": "state",
         "args": {"state": "kernel", "cycle": 0, "cycles": 1000}},
        {"ph": "s", "pid": 0, "tid": 0, "ts": 0.5, "id": 1, "name": "tfork", "cat": "handoff"},
        {"ph": "f", "pid": 0, "tid": 1, "ts": 0.5, "id": 1, "name": "tfork", "cat": "handoff",
         "bp": "e"}]}
    trace_events.check(ok)
    bad = [
        lambda d: d["traceEvents"][0].pop("ts"),
        lambda d: d["traceEvents"][0].update(dur=-1),
        lambda d: d["traceEvents"][0].pop("name"),
        lambda d: d["traceEvents"].pop(2),                               # flow without finish
        lambda d: d["traceEvents"][0].update(ts=0.25),                   # ts is not cycle / MHz
        lambda d: d["traceEvents"].append({"ph": "B", "pid": 0, "tid": 0, "ts": 1, "name": "b"}),
        lambda d: d["traceEvents"].append(                               # a gap between states
            {"ph": "X", "pid": 0, "tid": 0, "ts": 2.0, "dur": 1.0, "name": "a", "cat": "state",
             "args": {"state": "user", "cycle": 2000, "cycles": 1000}}),
    ]
    for spoil in bad:
        d = json.loads(json.dumps(ok))
        spoil(d)
        with pytest.raises(ValueError):
            trace_events.check(d)


def test_plot_timeline_refuses_a_bad_window_or_file_with_a_message(tmp_path):
    """scripts/plot_timeline.py: a window that is not FIRST:LAST (the tutorial's placeholder typed
    as written) or a file that is not a timeline is a one-line usage error, status 2, no picture."""
    script = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "plot_timeline.py"
    good = tmp_path / "t.json"
    good.write_text('{"traceEvents": []}')
    for args, says in (([str(good), "o.png", "--window", "FIRST:LAST"], "FIRST:LAST"),
                       ([str(good), "o.png", "--window", "9:3"], "'9:3'"),
                       ([str(tmp_path / "missing.json"), "o.png"], "missing.json"),
                       ([str(tmp_path), "o.png"], "not a kasane-sim timeline")):
        r = subprocess.run([sys.executable, str(script), *args], cwd=tmp_path, capture_output=True,
                           text=True)
        assert r.returncode == 2 and says in r.stderr and "Traceback" not in r.stderr, r.stderr
        assert not (tmp_path / "o.png").exists()
