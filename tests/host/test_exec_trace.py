"""--trace exec,mem,syscall,notify --trace-file FILE: the instruction trace. Its pcs follow the
reference machine (qemu-mipsel, one instruction per block), both models trace the same retired
stream, the count matches stats.json, system calls carry their name from os/syscalls.tbl, and a
sym: window starts at the same instruction whatever the absolute cycles."""
import json
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"

# CYCLE cCORE.tCTX PC SYMBOL : TEXT [: ...]
LINE = re.compile(r"^(\d+) c(\d+)\.t(\d+) ([0-9a-f]{8}) (\S+) : (.*)$")


def parse(path):
    out = []
    for line in pathlib.Path(path).read_text().splitlines():
        m = LINE.match(line)
        assert m, f"malformed trace line: {line!r}"
        cycle, core, ctx, pc, sym, rest = m.groups()
        fields = rest.split(" : ")
        out.append({"cycle": int(cycle), "core": int(core), "ctx": int(ctx), "pc": int(pc, 16),
                    "sym": sym, "text": fields[0], "extra": fields[1:]})
    return out


def trace(run_sim, tmp_path, *args, flags="exec", model="iss", name="t"):
    path, stats = tmp_path / f"{name}.trace", tmp_path / f"{name}.json"
    proc = run_sim("--config", DEFAULT, "--set", f"sim.model={model}", "--stats", stats,
                   "--trace", flags, "--trace-file", path, *args)
    assert proc.returncode == 0, proc.stderr
    return parse(path), json.loads(stats.read_text()), proc


def is_branch(text):
    op = text.split()[0]
    return op[0] in "bj" and op != "break"


def test_bare_metal_trace_is_the_retired_stream_of_both_models(run_sim, tmp_path, target_dir):
    program = target_dir / "tests_bare" / "roi-regions-accumulate-and-nest.elf"
    iss, stats, _ = trace(run_sim, tmp_path, program, name="iss")
    assert len(iss) == sum(c["retired"] for c in stats["contexts"])
    # Each pc follows the one before: the next word, or the target of the branch two back.
    for prev, cur, nxt in zip(iss, iss[1:], iss[2:]):
        if not is_branch(prev["text"]) and not is_branch(cur["text"]):
            assert nxt["pc"] == cur["pc"] + 4 or "eret" in cur["text"], (cur, nxt)
    assert iss[0]["sym"].startswith("_start"), iss[0]
    pipe, pipe_stats, _ = trace(run_sim, tmp_path, program, model="pipeline", name="pipe")
    assert len(pipe) == sum(c["retired"] for c in pipe_stats["contexts"])
    # The same stream; the pipeline may execute a few more once the exit store has issued.
    assert len(iss) <= len(pipe) <= len(iss) + 8
    assert [(i["ctx"], i["pc"], i["text"]) for i in pipe[:len(iss)]] == \
           [(i["ctx"], i["pc"], i["text"]) for i in iss]
    # The pipeline takes longer: the cycles are its own.
    assert pipe[-1]["cycle"] > iss[-1]["cycle"]


def test_written_registers_and_memory_are_shown(run_sim, tmp_path, target_dir):
    program = target_dir / "workloads" / "fib.elf"
    insns, _, _ = trace(run_sim, tmp_path, "--trace-window", "sym:main+3000",
                        target_dir / "os" / "kernel.elf", program, "5", flags="exec,mem",
                        model="pipeline")
    main = [i for i in insns if i["pc"] < 0x80000000 and re.match(r"main(\+|$)", i["sym"])]
    # main's prologue: addiu $sp lowers sp, a store of $ra goes below it.
    sp = next(i for i in main if i["text"].startswith("addiu $sp, $sp, -"))
    new_sp = int(sp["extra"][0].split("=")[1], 16)
    assert sp["extra"] == [f"sp={new_sp:08x}"]
    store = next(i for i in main if i["text"].startswith("sw $ra"))
    kind, addr, _, value = store["extra"][-1].split()
    assert kind == "st" and new_sp <= int(addr, 16) < new_sp + 64
    # Every word a user load reads back is the one last stored there (fib saves and restores
    # $ra and its argument on each call), and the load's register shows it.
    stored, checked = {}, 0
    for i in insns:
        if i["pc"] >= 0x80000000 or not i["extra"] or not i["extra"][-1].startswith(("ld", "st")):
            continue
        kind, addr, _, value = i["extra"][-1].split()
        if kind == "st" and i["text"].startswith("sw "):
            stored[addr] = value
        elif kind == "ld" and i["text"].startswith("lw ") and addr in stored:
            assert value == stored[addr], i
            assert i["extra"][0].endswith("=" + value), i
            checked += 1
    assert checked >= 20


@pytest.mark.skipif(shutil.which("qemu-mipsel") is None, reason="needs qemu-mipsel")
def test_user_pcs_from_main_match_qemu(run_sim, tmp_path, target_dir):
    program = target_dir / "workloads" / "fib.elf"
    insns, _, _ = trace(run_sim, tmp_path, "--trace-window", "sym:main",
                        target_dir / "os" / "kernel.elf", program, "5")
    ours = [i for i in insns if i["pc"] < 0x80000000 and i["ctx"] == 0]
    assert ours[0]["sym"] == "main"
    pcs = [i["pc"] for i in ours]  # delay slots included: qemu logs them as blocks of their own
    log = tmp_path / "qemu.log"
    subprocess.run(["qemu-mipsel", "-singlestep", "-d", "exec,nochain", "-D", log, program, "5"],
                   check=True, capture_output=True, timeout=60)
    qemu = [int(m.group(1), 16)
            for m in re.finditer(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", log.read_text(),
                                 re.M)]
    qemu = qemu[qemu.index(ours[0]["pc"]):]
    n = 150  # fib's recursion, before the first system call
    assert len(pcs) >= n and pcs[:n] == qemu[:n]


def test_system_calls_are_named_from_the_table(run_sim, tmp_path, target_dir):
    program = target_dir / "workloads" / "hello.elf"
    lines, _, proc = trace(run_sim, tmp_path, target_dir / "os" / "kernel.elf", program,
                           flags="syscall")
    calls = [i["text"] for i in lines]
    assert all(t.startswith("syscall ") for t in calls)
    table = {int(num): name for name, num in
             re.findall(r"^(\w+)\s*\|\s*(\d+)", (ROOT / "os" / "syscalls.tbl").read_text(), re.M)}
    for t in calls:
        _, num, call = t.split(" ", 2)
        assert call.startswith(table[int(num)] + "("), t
    write = next(t for t in calls if " write(" in t)
    assert write.startswith("syscall 4004 write(0x1, ")
    assert calls[-1].startswith("syscall 4246 exit_group(0x0)")


def test_sym_window_starts_at_the_symbol_whatever_the_cycles(run_sim, tmp_path, target_dir):
    # A longer environment moves the stack and lengthens start-up: the same instructions come at
    # other cycles, as on another build. The window follows the symbol, not the cycle.
    kernel, program = target_dir / "os" / "kernel.elf", target_dir / "workloads" / "fib.elf"
    runs = []
    for k, env in enumerate(["A=1", "A=" + "x" * 3000]):
        insns, _, _ = trace(run_sim, tmp_path, "--env", env, "--trace-window", "sym:fib+400",
                            kernel, program, "8", name=f"r{k}")
        runs.append(insns)
    a, b = runs
    assert a[0]["sym"] == b[0]["sym"] == "fib" and a[0]["cycle"] != b[0]["cycle"]
    assert all(i["cycle"] - a[0]["cycle"] <= 400 for i in a)
    n = 100
    assert [(i["pc"], i["text"]) for i in a[:n]] == [(i["pc"], i["text"]) for i in b[:n]]


def test_bad_flags_and_missing_symbol_are_usage_errors(run_sim, tmp_path, target_dir):
    proc = run_sim("--trace", "exec,bogus", "--trace-file", tmp_path / "t",
                   target_dir / "os" / "kernel.elf")
    assert proc.returncode == 64 and "unknown trace flag 'bogus'" in proc.stderr
    proc = run_sim("--trace", "exec", target_dir / "os" / "kernel.elf")
    assert proc.returncode == 64 and "--trace and --trace-file go together" in proc.stderr
    proc = run_sim("--trace", "exec", "--trace-file", tmp_path / "t", "--trace-window",
                   "sym:no_such_symbol", target_dir / "os" / "kernel.elf")
    assert proc.returncode == 64 and "no symbol 'no_such_symbol'" in proc.stderr
    # A symbol that is there but never runs: the trace is empty, and the run says so.
    proc = run_sim("--trace", "exec", "--trace-file", tmp_path / "t", "--trace-window",
                   "sym:panic", target_dir / "os" / "kernel.elf",
                   target_dir / "workloads" / "fib.elf", "5")
    assert proc.returncode == 64 and "symbol panic was never reached" in proc.stderr
    assert (tmp_path / "t").read_text() == ""


def test_notification_upcalls_are_traced(run_sim, tmp_path, target_dir):
    # Its handler calls nanosleep on every entry; the kernel parks 32 of those calls, each one a
    # BLOCKED upcall into the handler with the call's number as the argument.
    program = target_dir / "tests_os" / "timed-sleeps-beyond-any-table-all-wake.elf"
    lines, _, _ = trace(run_sim, tmp_path, target_dir / "os" / "kernel.elf", program,
                        flags="notify")
    events = [i["text"].split() for i in lines]
    assert all(e[0] == "notify" for e in events)
    blocked = [i for i, e in zip(lines, events) if e[1] == "BLOCKED"]
    assert len(blocked) >= 32
    assert all(i["sym"] == "sleep_entry" and f"arg={4166:08x}" in i["text"] for i in blocked)
