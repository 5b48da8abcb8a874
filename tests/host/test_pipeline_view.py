"""The complete pipeline view: a real Kanata trace of two contexts, read back with Konata's rules
(tests/host/kanata.py: one record type per line, cycles only forward, every started instruction
retired or flushed exactly once) and the ones of this pipeline: stages F, D, Is, X, M, W in that
order, W arrows between started instructions, a stall reason while an instruction waits, and the
context in the thread id and the hover label."""
import pathlib

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
ORDER = ["F", "D", "Is", "X", "M", "W"]
REASONS = {"operand", "unit busy", "MSHR full", "serialise", "in-flight limit", "issue width"}


def pipeline_trace(run_sim, tmp_path, *args, smp=False):
    path = tmp_path / "t.kanata"
    smp_start = ["--set", "core.smp_start=true"] if smp else []
    proc = run_sim("--config", DEFAULT, "--set", "core.contexts=2", *smp_start,
                   "--pipeline-trace", path, *args)
    assert proc.returncode == 0, proc.stderr
    return path


def test_two_contexts_follow_konatas_rules_with_every_stage(run_sim, tmp_path, target_dir):
    path = pipeline_trace(run_sim, tmp_path, target_dir / "tests_bare" / "smp-ll-sc-counter.elf",
                          smp=True)
    insns = kanata.parse(path, complete=True)  # the run drains: every instruction has its R
    assert {i["thread"] for i in insns} == {0, 1}
    seen = set()
    for i in insns:
        names = [s for s, _, _ in i["stages"]]
        seen.update(names)
        # In order, each at most once; a committed one went through X and ends in W.
        assert names == sorted(set(names), key=ORDER.index), (i["id"], names)
        if i["retired"]:
            assert names[0] == "F" and "X" in names and names[-1] == "W", (i["id"], names)
            assert i["stages"][-1][2] == i["stages"][-1][1] + 1  # W: the commit cycle
        ends = [(start, end) for _, start, end in i["stages"]]
        assert all(a_end == b_start for (_, a_end), (b_start, _) in zip(ends, ends[1:]))
        assert i["detail"].startswith(f"c0.t{i['thread']}")
        # The stall lane: reasons, one after the other, inside the wait to issue.
        stalls = i["lanes"].get(1, [])
        assert {s for s, _, _ in stalls} <= REASONS, stalls
        if stalls:
            is_start = next(start for s, start, _ in i["stages"] if s == "Is")
            issued = next((start for s, start, _ in i["stages"] if s == "X"), None)
            assert is_start <= stalls[0][1] and (issued is None or stalls[-1][2] <= issued)
            assert all(a[2] == b[1] for a, b in zip(stalls, stalls[1:]))
    assert seen == set(ORDER)
    # Waiting instructions say why, and the lw/sc/addiu chain has its wakeup arrows.
    assert any("waits: operand" in i["detail"] for i in insns)
    assert any(s == "operand" for i in insns for s, _, _ in i["lanes"].get(1, []))
    deps = [line.split("\t") for line in path.read_text().splitlines() if line.startswith("W\t")]
    assert len(deps) > 100
    by_id = {i["id"]: i for i in insns}
    for _, consumer, producer, kind in deps:
        c, p = by_id[int(consumer)], by_id[int(producer)]
        assert kind == "0" and p["id"] < c["id"] and p["thread"] == c["thread"]


def test_sym_window_opens_where_a_context_first_reaches_the_symbol(run_sim, tmp_path,
                                                                  target_dir):
    kernel, program = target_dir / "os" / "kernel.elf", target_dir / "workloads" / "fib.elf"
    # Where fib is, from the instruction trace's first line in the same window.
    exec_trace = tmp_path / "t.exec"
    proc = run_sim("--trace", "exec", "--trace-file", exec_trace, "--trace-window", "sym:fib",
                   kernel, program, "5")
    assert proc.returncode == 0, proc.stderr
    first = exec_trace.read_text().splitlines()[0].split()
    assert first[3] == "fib"
    path = pipeline_trace(run_sim, tmp_path, "--trace-window", "sym:fib-40+300", kernel,
                          program, "5")
    insns = kanata.parse(path)
    starts = [start for i in insns for (_, start, _) in i["stages"]]
    assert insns and max(starts) - min(starts) <= 340
    # The BEFORE margin holds fib's first instruction, fetched before it executed.
    assert any(i["label"].startswith(first[2] + ": ") and i["retired"] for i in insns)
