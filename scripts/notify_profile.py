#!/usr/bin/env python3
"""notify_profile: where the cycles of E1's "notification from the OS" go, phase by phase.

    scripts/notify_profile.py [--build DIR] [--backend hw] [--seed 1] [--latency 1]

Runs E1's notification point (workloads/threadctl with a file on the disk, one context, the
papers' machine, configs/experiments/e1-thread-control.toml) with the instruction trace
(`--trace exec,syscall,notify`) over its region of interest, and cuts every round whose read() raised
BLOCKED into phases: a phase begins at the first instruction of the first function that marks it
(PHASES below; a phase the path does not take counts 0). Prints a Markdown table of the mean
cycles and retired instructions per phase over those rounds, from the user `syscall` of the read
to the first instruction of the thread that runs meanwhile; the rows from the kernel's decision
(notify_block's cycle stamp) on are the E1 row. docs/investigations.md shows it (a figure
block)."""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from analysis.runner import DiskImages  # noqa: E402  (the experiment driver's disk builder)

# (phase, what it is, the functions whose first instruction starts it: "k:" kernel, "u:" user).
# A phase starts at the first marker of any later phase, so a path that skips one (no FPU trap,
# no scheduler) shows 0 there; a marker met again later (trap_entry) changes nothing.
BEFORE = [
    ("trap entry", "the read's `syscall` to the system call's C code", ["u:syscall"]),
    ("read: file system, disk request", "sys_read, the buffer cache's miss, the request",
     ["k:syscall"]),
    ("decision to block", "sleep(), notify_block up to its cycle stamp", ["k:sleep"]),
]
PHASES = [
    ("park the call", "notify_block: the call's stack page to a detached kernel thread, the "
     "upcall's frame (the registers go into the ThMB when the call ends)", ["k:stamp"]),
    ("switch kernel threads", "sched, the scheduler and run; or notify_switch",
     ["k:sched", "k:notify_switch"]),
    ("back to user mode", "leave's checks, trapret", ["k:kt_start_user"]),
    ("upcall entry: keep the FPU", "__upcall_entry stores the FPU", ["u:__upcall_entry"]),
    ("FPU trap", "the first FP store traps (CU1 clear): the kernel loads the FPU",
     ["k:general_vector"]),
    ("runtime handler", "__upcall: whose registers (BLOCKED: the caller's), the lock, the "
     "unblocked threads", ["u:__upcall"]),
    ("scheduler pick", "the ready queue", ["u:__next_ready_slow"]),
    ("switch into the thread", "the resume: registers, slot, FPU",
     ["u:run", "u:resume_ctx", "u:__resume_ctx", "u:__resume_stub"]),
    ("kasane_notify_resume", "the system call that loads the registers",
     ["k:general_vector"]),
    ("thread start", "the new thread's first instructions to its counter read",
     ["u:__thread_trampoline", "u:bystander"]),
]
LINE = re.compile(r"^(\d+) c\d+\.t\d+ ([0-9a-f]{8}) (\S+) : (.*?)(?: : |$)")
STAMP_CALL = "<cycles>"


def run_point(build: Path, backend: str, seed: int, latency: int, tmp: Path) -> Path:
    disk = DiskImages(tmp / "disks").image({"size": None, "files": {"data.bin": 128 * 1024}})
    trace = tmp / "n.trace"
    cmd = [str(build / "sim" / "kasane-sim"), "--config", str(ROOT / "configs/machines/muthasi.toml"),
           "--set", "core.contexts=1", "--set", "sim.perturb_max=1",
           "--set", f"memory.latency={latency}", "--set", f"sim.perturb_seed={seed}",
           "--disk", str(disk), "--stats", str(tmp / "stats.json"),
           "--trace", "exec,syscall,notify", "--trace-file", str(trace), "--trace-window", "roi:4",
           str(build / "target/os/kernel.elf"),
           str(build / f"target/workloads/threadctl/threadctl-{backend}.elf"), "16", "data.bin"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=tmp)
    return trace


def rounds(trace: Path):
    """Each round: its lines (cycle, kernel?, function, text) from the read's syscall to the
    first line of bystander, and the index of the stamp."""
    cur, stamp, blocked = [], None, False
    with open(trace) as f:
        for raw in f:
            m = LINE.match(raw)
            if not m:
                continue
            cycle, pc, sym, text = int(m[1]), int(m[2], 16), m[3], m[4]
            fn = sym.split("+")[0]
            kernel = pc >= 0x80000000
            if not kernel and text.startswith("syscall ") and not blocked:
                cur, stamp = [], None  # a new system call before BLOCKED: maybe the read
            cur.append((cycle, kernel, fn, text))
            if kernel and fn == "notify_block" and STAMP_CALL in text:
                stamp = len(cur) - 1
            if "notify BLOCKED" in raw:
                blocked = True
            if fn == "bystander" and not kernel:
                if blocked and stamp is not None:
                    yield cur, stamp
                cur, stamp, blocked = [], None, False


def split(lines, start, phases, first_marker):
    """Cycles and instructions per phase of lines[start:], the first phase starting at start."""
    cycles = [0] * len(phases)
    insns = [0] * len(phases)
    at, since, prev = 0, lines[start][0], None
    for cycle, kernel, fn, _ in lines[start + (1 if first_marker else 0):]:
        key = ("k:" if kernel else "u:") + fn
        for j in range(at + 1, len(phases)):
            if key != prev and key in phases[j][2]:  # a function's first instruction only
                cycles[at] += cycle - since
                at, since = j, cycle
                break
        prev = key
        insns[at] += 1
    cycles[at] += lines[-1][0] - since
    insns[0] += 1 if first_marker else 0
    return cycles, insns


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--backend", default="hw")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--latency", type=int, default=1)
    opt = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trace = run_point(Path(opt.build), opt.backend, opt.seed, opt.latency, Path(tmp))
        n = 0
        before_c, before_i = [0] * len(BEFORE), [0] * len(BEFORE)
        after_c, after_i = [0] * len(PHASES), [0] * len(PHASES)
        for lines, stamp in rounds(trace):
            c, i = split(lines[:stamp + 1], 0, BEFORE, True)
            before_c = [a + b for a, b in zip(before_c, c)]
            before_i = [a + b for a, b in zip(before_i, i)]
            c, i = split(lines, stamp, PHASES, True)
            after_c = [a + b for a, b in zip(after_c, c)]
            after_i = [a + b for a, b in zip(after_i, i)]
            n += 1
    if n == 0:
        print("notify_profile: no round raised BLOCKED", file=sys.stderr)
        return 1
    print(f"| phase | cycles | instructions | what |\n|---|---:|---:|---|")
    for (name, what, _), c, i in zip(BEFORE, before_c, before_i):
        print(f"| ({name}) | ({c / n:,.0f}) | ({i / n:,.0f}) | {what} |")
    for (name, what, _), c, i in zip(PHASES, after_c, after_i):
        print(f"| {name} | {c / n:,.0f} | {i / n:,.0f} | {what} |")
    print(f"| **from the decision** | **{sum(after_c) / n:,.0f}** | **{sum(after_i) / n:,.0f}** | "
          f"mean of {n} rounds ({opt.backend}, memory latency {opt.latency}, seed {opt.seed}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
