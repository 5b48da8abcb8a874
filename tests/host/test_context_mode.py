"""Context mode (os.smt_sched = context: every hardware context a CPU, os/ctxsched.c), seen from
stats.json and the timeline of multiprogrammed runs (--workload): two busy processes on one core
of two contexts run at once in context mode and take turns in core mode; four share two contexts
fairly, and nice values change the shares as Linux's weights say; core scheduling keeps processes
of different cookies off sibling contexts at once (the forced idle counted) and lets those of one
cookie share; a MULiTh, Shadow or lazy-threads program beside a busy one holds its core's
contexts while it runs; a new process goes to an idle sibling, then an idle core; a region of
interest counts the process that began it; and a bad workload file is refused before anything
runs. The programs are tests/ctx's spinner, workloads' fib and tests of the thread runtimes."""
import json
import pathlib
import sys

import pytest

import trace_events

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import ext2img  # noqa: E402
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


def workload(tmp_path, *procs, name="w.toml"):
    """A workload file of procs: each (program, args, extra keys as a dict or None)."""
    lines = []
    for program, args, extra in procs:
        lines += ["[[process]]", f'program = "{pathlib.Path(program).resolve()}"',
                  "args = [" + ", ".join(f'"{a}"' for a in args) + "]"]
        for k, v in (extra or {}).items():
            lines.append(f"{k} = {json.dumps(v)}")
        lines.append("")
    path = tmp_path / name
    path.write_text("\n".join(lines))
    return path


def run(run_sim, kernel, tmp_path, wl, mode, *sets, model="iss", contexts=2, timeline=False):
    """Run workload wl; (stats, timeline or None)."""
    stats = tmp_path / f"s-{mode}.json"
    tl = tmp_path / f"t-{mode}.json"
    args = ["--stats", stats, "--set", f"os.smt_sched={mode}", "--set", f"core.contexts={contexts}",
            "--set", "sim.max_cycles=200000000"]
    if model == "pipeline":
        args = ["--config", DEFAULT] + args
    else:
        args += ["--set", "sim.model=iss"]
    for s in sets:
        args += ["--set", s]
    if timeline:
        args += ["--timeline", tl]
    proc = run_sim(*args, "--workload", wl, kernel, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(stats.read_text()), trace_events.read(tl) if timeline else None


def slices(tl, pid):
    """The process track slices of guest process pid: [(start cycle, end cycle, cpu)]."""
    out = []
    for (p, _), evs in tl["tracks"].items():
        if p != 1000 + pid:
            continue
        out += [(e["args"]["cycle"], e["args"]["cycle"] + e["args"]["cycles"], e["args"]["cpu"])
                for e in evs]
    return sorted(out)


def overlap(a, b):
    """Cycles during which a slice of a and one of b run at once."""
    return sum(max(0, min(x1, y1) - max(x0, y0)) for x0, x1, _ in a for y0, y1, _ in b)


def span(stats):
    """Cycles from the first process's start to the last one's end."""
    return max(p["last_cycle"] for p in stats["processes"]) - min(
        p["first_cycle"] for p in stats["processes"])


def procs(stats):
    return {p["pid"]: p for p in stats["processes"]}


@pytest.fixture(scope="session")
def spinner(target_dir):
    return target_dir / "tests_ctx" / "spinner-computes-until-a-cycle.elf"


@pytest.fixture(scope="session")
def fib(target_dir):
    return target_dir / "workloads" / "fib.elf"


def test_two_busy_processes_run_at_once_in_context_mode_and_take_turns_in_core_mode(
        run_sim, kernel, tmp_path, fib):
    alone = {}
    for n in (22, 21):
        s, _ = run(run_sim, kernel, tmp_path, workload(tmp_path, (fib, [str(n)], None)), "context")
        alone[n] = procs(s)[1]["last_cycle"] - procs(s)[1]["first_cycle"]
    wl = workload(tmp_path, (fib, ["22"], None), (fib, ["21"], None))
    ctx, tl_ctx = run(run_sim, kernel, tmp_path, wl, "context", timeline=True)
    core, tl_core = run(run_sim, kernel, tmp_path, wl, "core", timeline=True)
    a, b = slices(tl_ctx, 1), slices(tl_ctx, 2)
    both = overlap(a, b)
    # Context mode: each on a context of its own, at once, all the time the shorter one runs;
    # the run takes about as long as the longer one (the ISS runs each context at full speed).
    assert {c for *_, c in a} != {c for *_, c in b}
    assert both > 0.9 * alone[21]
    assert span(ctx) < 1.15 * alone[22]
    # Core mode: one at a time on the core, taking turns; the run takes about the sum.
    assert overlap(slices(tl_core, 1), slices(tl_core, 2)) == 0
    assert span(core) > 0.9 * (alone[21] + alone[22])
    for s in (ctx, core):
        assert [p["exit_status"] for p in s["processes"]] == [0, 0]


def test_the_pipeline_runs_the_pair_in_less_time_in_context_mode(run_sim, kernel, tmp_path, fib):
    wl = workload(tmp_path, (fib, ["22"], None), (fib, ["22"], None))
    ctx, _ = run(run_sim, kernel, tmp_path, wl, "context", model="pipeline")
    core, _ = run(run_sim, kernel, tmp_path, wl, "core", model="pipeline")
    assert span(ctx) < 0.85 * span(core)  # the two share the core's issue slots
    # each held its own context in context mode, the one context 0 in core mode
    assert sorted(p["cpus"][0]["cpu"] for p in ctx["processes"]) == [0, 1]
    assert all(len(p["cpus"]) == 1 and p["cpus"][0]["cpu"] == 0 for p in core["processes"])


def test_four_processes_on_two_contexts_get_fair_shares(run_sim, kernel, tmp_path, spinner):
    wl = workload(tmp_path, *[(spinner, ["40000"], None)] * 4)
    s, _ = run(run_sim, kernel, tmp_path, wl, "context")
    held = [p["cycles"] for p in s["processes"]]
    quarter = sum(held) / 4
    assert all(abs(h - quarter) < 0.1 * quarter for h in held), held


def test_nice_values_change_the_shares_by_linuxs_weights(run_sim, kernel, tmp_path, spinner):
    wl = workload(tmp_path, (spinner, ["40000", "0"], None), (spinner, ["40000", "0"], None),
                  (spinner, ["40000", "5"], None), (spinner, ["40000", "5"], None))
    s, _ = run(run_sim, kernel, tmp_path, wl, "context")
    held = [p["cycles"] for p in s["processes"]]
    ratio = (held[0] + held[1]) / (held[2] + held[3])
    assert abs(ratio - 1024 / 335) < 0.15 * 1024 / 335, held  # nice 0 and 5: 1024 and 335


def test_different_cookies_never_share_a_core_and_the_forced_idle_is_counted(
        run_sim, kernel, tmp_path, spinner):
    wl = workload(tmp_path, (spinner, ["6000", "0", "cookie"], None),
                  (spinner, ["6000", "0", "cookie"], None))
    s, tl = run(run_sim, kernel, tmp_path, wl, "context", timeline=True)
    a, b = slices(tl, 1), slices(tl, 2)
    assert a and b
    # Once both have taken their cookies (their first few thousand cycles: until then both have
    # cookie 0, which they may share), never at once.
    settled = max(a[0][0], b[0][0]) + 20000
    a, b = [(max(x0, settled), x1, c) for x0, x1, c in a], [(max(x0, settled), x1, c)
                                                         for x0, x1, c in b]
    assert overlap(a, b) == 0
    assert sum(c["forced_idle_cycles"] for c in s["cpus"]) > 1000000
    # each had the core for its turns: both made progress before either ended
    assert min(x0 for x0, *_ in b) < max(x1 for _, x1, _ in a)


def test_one_cookie_shares_the_core(run_sim, kernel, tmp_path, spinner):
    wl = workload(tmp_path, (spinner, ["6000", "0", "share"], None))
    s, tl = run(run_sim, kernel, tmp_path, wl, "context", timeline=True)
    kids = [p["pid"] for p in s["processes"] if p["pid"] != 1]
    assert len(kids) == 2
    assert overlap(slices(tl, kids[0]), slices(tl, kids[1])) > 3000000
    assert sum(c["forced_idle_cycles"] for c in s["cpus"]) == 0


def test_a_thread_forced_idle_runs_once_the_last_cookie_ends(run_sim, kernel, tmp_path, spinner):
    # The uncookied third waits, forced idle, while the two cookies take turns; the last of them
    # to end must let it run (it once waited for ever: all CPUs in MWAIT, a guest deadlock).
    wl = workload(tmp_path, (spinner, ["3000", "0", "cookie"], None),
                  (spinner, ["3000", "0", "cookie"], None), (spinner, ["6000"], None))
    s, _ = run(run_sim, kernel, tmp_path, wl, "context", contexts=4)
    assert [p["exit_status"] for p in s["processes"]] == [0, 0, 0]
    assert procs(s)[3]["exited_cycle"] > max(procs(s)[i]["exited_cycle"] for i in (1, 2))


def test_corepair_gives_each_pair_of_processes_one_cookie_across_exec(run_sim, kernel, tmp_path,
                                                                     target_dir):
    """E10's cost of core scheduling with a cookie a pair: workloads/corepair gives processes 1
    and 2 one cookie, 3 and 4 another, then execs intmix.elf from the disk with it, so each pair
    runs at once and the pairs take turns (with a cookie lost at exec they would all share the
    core at once)."""
    corepair = target_dir / "workloads" / "corepair" / "corepair.elf"
    disk = tmp_path / "disk.img"
    ext2img.mkfs(disk, target_dir / "workloads" / "corepair" / "disk")
    sets = (f"disk.image={disk}", "disk.latency=0")
    wl = workload(tmp_path, *[(corepair, ["/intmix.elf", k, "1"], None)
                              for k in ("crc", "sort", "sieve", "fib")])
    s, tl = run(run_sim, kernel, tmp_path, wl, "context", *sets, contexts=4, timeline=True)
    assert [p["exit_status"] for p in s["processes"]] == [0] * 4
    assert all(p["retired"] > 1000000 for p in s["processes"])  # intmix ran: corepair is short
    sl = {pid: slices(tl, pid) for pid in (1, 2, 3, 4)}
    settled = max(x[0][0] for x in sl.values()) + 200000  # all have their cookies by then
    sl = {pid: [(max(x0, settled), x1, c) for x0, x1, c in x] for pid, x in sl.items()}
    assert overlap(sl[1], sl[2]) > 500000 and overlap(sl[3], sl[4]) > 500000
    assert all(overlap(sl[a], sl[b]) == 0 for a in (1, 2) for b in (3, 4))
    assert sum(c["forced_idle_cycles"] for c in s["cpus"]) > 1000000
    # A pair alone shares the core as with no cookie: (next to) no CPU forced idle.
    wl = workload(tmp_path, *[(corepair, ["/intmix.elf", k, "1"], None) for k in ("crc", "sort")],
                  name="two.toml")
    s, _ = run(run_sim, kernel, tmp_path, wl, "context", *sets, contexts=4)
    assert [p["exit_status"] for p in s["processes"]] == [0, 0]
    assert sum(c["forced_idle_cycles"] for c in s["cpus"]) < 20000, s["cpus"]


@pytest.mark.parametrize("program, contexts", [
    ("tests_threads/hw/mutex-serialises-a-counter-of-64-threads.elf", 3),
    ("tests_shadow/every-wait-policy-fork-join-computes-the-right-sum.elf", 2),
    ("tests_lazy/fib-is-right-and-leaves-no-block-under-every-policy.elf", 3),
])
def test_a_program_that_drives_the_contexts_holds_its_core_beside_a_busy_one(
        run_sim, kernel, tmp_path, spinner, target_dir, program, contexts):
    """MULiTh, Shadow threads and lazy threads take contexts with TFORK: beside a plain busy
    process each gets its core's contexts lent while it runs, and both finish right."""
    wl = workload(tmp_path, (target_dir / program, [], None), (spinner, ["3000"], None))
    s, _ = run(run_sim, kernel, tmp_path, wl, "context", contexts=4)
    p = procs(s)
    assert p[1]["exit_status"] == 0 and p[2]["exit_status"] == 0
    # its threads ran on several contexts of the core, which its siblings lent it
    assert len([c for c in p[1]["cpus"] if c["cycles"] > 10000]) >= contexts
    assert sum(c["lent_cycles"] for c in s["cpus"]) > 0


def test_a_new_process_goes_to_an_idle_sibling_then_an_idle_core(run_sim, kernel, tmp_path,
                                                                  spinner):
    """Placement as Linux's select_idle_sibling: the kernel starts the boot processes from CPU 0;
    the second goes to its idle sibling, the third to the other core, each staying there."""
    wl = workload(tmp_path, *[(spinner, ["3000"], None)] * 3)
    s, _ = run(run_sim, kernel, tmp_path, wl, "context", "platform.cores=2",
               "core.smp_start=true")
    assert [[c["cpu"] for c in p["cpus"]] for p in s["processes"]] == [[0], [1], [2]]


def test_a_region_counts_the_process_that_began_it(run_sim, kernel, tmp_path, spinner):
    wl = workload(tmp_path, (spinner, ["2000", "0", "roi"], None), (spinner, ["3000"], None))
    s, _ = run(run_sim, kernel, tmp_path, wl, "context")
    (roi,) = s["regions"]
    assert roi["scope"] == "machine" and roi["process"]["pid"] == 1
    # the other process ran at once on the sibling: the machine's count is larger
    assert roi["retired_total"] > 1.5 * roi["process"]["retired"]
    assert abs(roi["process"]["cycles"] - roi["cycles"]) < 0.05 * roi["cycles"]


@pytest.mark.parametrize("text, status, says", [
    ("[[process]]\nprogram = 'P'\ncpus = 1\n", 78, "[[process]] 1: unknown key 'cpus'"),
    ("[[process]]\nprogram = 'P'\n[[process]]\nargs = ['1']\n", 78, "[[process]] 2: no program"),
    ("[[process]]\nprogram = 'P'\ncpu = 2\n", 78, "[[process]] 1: cpu 2 is out of range"),
    ("# nothing\n", 78, "no [[process]] table"),
    ("[[process]]\nprogram = 'no-such.elf'\n", 66, "[[process]] 1: program"),
    ("[[process]]\nprogram = 'P'\nargs = 'x'\n", 78, "args must be a list of strings"),
])
def test_a_bad_workload_file_is_refused_before_anything_runs(run_sim, kernel, tmp_path, fib, text,
                                                              status, says):
    wl = tmp_path / "bad.toml"
    wl.write_text(text.replace("'P'", f"'{fib}'"))
    proc = run_sim("--set", "core.contexts=2", "--workload", wl, kernel)
    assert proc.returncode == status, proc.stderr
    assert str(wl) in proc.stderr and says in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_a_workload_with_a_program_or_env_beside_it_is_a_usage_error(run_sim, kernel, tmp_path,
                                                                      fib):
    wl = workload(tmp_path, (fib, ["5"], None))
    for extra in (["--workload", wl, kernel, fib], ["--env", "A=1", "--workload", wl, kernel]):
        proc = run_sim(*extra)
        assert proc.returncode == 64, proc.stderr
        assert "--workload" in proc.stderr and proc.stdout == ""
