#!/usr/bin/env python3
"""sysfuzz.py - run the system call fuzzer (tests/sysfuzz) under kasane-sim, seed after seed.

    sysfuzz.py [--seconds 120] [--models iss,pipeline] [--jobs N] [--first-seed S] [--count N]
               [--rounds R] [--calls C] [--max-cycles N] [--build-dir build]
    sysfuzz.py --trace SEED [--model iss] [--rounds R] [--calls C]   # print one seed's call log
    sysfuzz.py --corpus DIR [--seed S] [--hours H] [--models ...]   # coverage-guided campaign
    sysfuzz.py --replay FILE [--model iss]                          # run one program file

Each run boots the Kasane kernel with `sysfuzz.elf SEED ROUNDS CALLS` (DEFAULTS: per model) and a
fresh ext2 disk of its own (a few files, directories and links: tests/sysfuzz/gen.c names them;
1 KiB blocks for odd seeds, 4 KiB for even ones), on which the workers make, move and remove
names at once. The seeds of each model run for SECONDS, up to JOBS runs at once (default: the
number of processors). A run is a finding when kasane-sim ends with a kernel panic (70), a guest
deadlock (71), sim.max_cycles (72: a hang), an exception storm (76) or a console flood (74), when
the fuzzer reports a leak (exit 3: the process count or free memory not back to where they
started) or does not end within the wall clock limit, when a kernel message says `panic`, or when
e2fsck -fn finds the disk the run left anything but clean (tools/ext2img.py check). At the first finding the script stops,
prints the seed, the command to reproduce it and the call log of that seed run again in trace
mode (every call printed before it is made), and exits 1. Exit 0: no finding.

The simulator is deterministic, so a seed always gives the same run on the same build.

--corpus runs the coverage-guided mode instead (scripts/sysfuzz_guided.py says how): programs of
calls, kept when they reach kernel code no run reached before (kasane-sim --kcov), mutated, and
each finding minimised to a reproducer file that --replay runs. --kcov-out FILE writes the kernel
coverage of all the runs of either mode (scripts/kcov_report.py turns it into a table per file).
"""
import argparse
import concurrent.futures as cf
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import ext2img  # noqa: E402
import kcov_report  # noqa: E402  (scripts/, this script's folder)
import sysfuzz_guided  # noqa: E402
import sysfuzz_prog  # noqa: E402  (tools/)
MODEL_ARGS = {
    "iss": ["--set=sim.model=iss"],
    # the cycle-level pipeline of the default machine, without the ISS reference check: this
    # hunts kernel bugs, and the check would halve the calls per second
    "pipeline": [f"--config={ROOT}/configs/machines/default.toml"],
    # os.smt_sched = context (every context a CPU): one core of 4 contexts, and 2 cores of 2
    "iss-context": ["--set=sim.model=iss", "--set=os.smt_sched=context"],
    "iss-context-2x2": ["--set=sim.model=iss", "--set=os.smt_sched=context",
                        "--set=platform.cores=2", "--set=core.contexts=2",
                        "--set=core.smp_start=true"],
    "pipeline-context": [f"--config={ROOT}/configs/machines/default.toml",
                         "--set=os.smt_sched=context"],
    # os.smt_sched = core on 2 cores of 4 contexts (the SMP kernel)
    "iss-2cores": ["--set=sim.model=iss", "--set=platform.cores=2", "--set=core.smp_start=true"],
}
# The work of one run per model: (rounds of 3 workers, calls per worker, sim.max_cycles). On the
# ISS, 2 x 3 x 200 calls took 398 M cycles (seed 100: huge sizes make the kernel copy and zero
# much memory) in 8 s of host time; the pipeline simulates several times slower and needs more
# cycles per call (1 x 3 x 20 calls: 129 M cycles, 24 s), so its runs are smaller, to finish
# within a CI minute. A run still going at max_cycles, about five times what
# its run normally takes, has hung.
DEFAULTS = {"iss": (2, 100, 1_000_000_000), "pipeline": (1, 20, 600_000_000)}
DEFAULTS.update({"iss-context": DEFAULTS["iss"], "iss-context-2x2": DEFAULTS["iss"],
                 "pipeline-context": DEFAULTS["pipeline"], "iss-2cores": DEFAULTS["iss"]})
LOG_LINE = re.compile(r"w-?[0-9]+(\.[tc])? ")  # log.c: "w3 #17 read(...)", "w3.t -> 0x0"
SIM_STATUS = {70: "kernel panic", 71: "guest deadlock", 72: "sim.max_cycles reached: a hang",
              74: "console flood", 76: "exception storm", 3: "leak (or the fuzzer failed)"}


def work(opt, model):
    """(rounds, calls, max_cycles) of a run on model: the options, else DEFAULTS."""
    rounds, calls, cycles = DEFAULTS[model]
    return opt.rounds or rounds, opt.calls or calls, opt.max_cycles or cycles


def make_disk(folder: Path, blocks: int, program: str = None) -> Path:
    """A fresh disk in folder with `blocks`-byte blocks: the names gen.c's disknames start from,
    and a program's text as /fzprog (a name no generator makes) when one is given."""
    tree = folder / "tree"
    (tree / "d0" / "d1").mkdir(parents=True)
    (tree / "f0").write_text("zero\n")
    (tree / "d0" / "f1").write_bytes(bytes(range(256)) * 20)
    os.symlink("d0", tree / "l0")
    os.symlink("l1", tree / "l1")
    if program is not None:
        (tree / "fzprog").write_text(program)
    image = folder / "disk.img"
    ext2img.mkfs(image, tree, 4 << 20, blocks)
    return image


def kernel_elf(opt):
    return Path(opt.target_dir or Path(opt.build_dir) / "target") / "os" / "kernel.elf"


def sim_command(opt, model, seed, trace=False, disk="DISK.img", program=False, kcov=None):
    """The run of a seed, or of the program on the disk (as /fzprog) if `program`; kernel
    coverage to the file `kcov` if given."""
    rounds, calls, max_cycles = work(opt, model)
    build = Path(opt.build_dir)
    target = Path(opt.target_dir or build / "target")
    cmd = [opt.sim or str(build / "sim" / "kasane-sim"), *MODEL_ARGS[model],
           f"--set=sim.max_cycles={max_cycles}", *(["--kcov", str(kcov)] if kcov else []),
           "--disk", str(disk), str(kernel_elf(opt)),
           str(target / "tests_sysfuzz" / "sysfuzz.elf"),
           *(["prog", "/fzprog"] if program else [str(seed), str(rounds), str(calls)])]
    return cmd + (["trace"] if trace else [])


def run(opt, model, seed, trace=False, program=None, kcov=False):
    """(status or None on a wall-clock timeout, stdout, stderr, what e2fsck says of the disk,
    the kernel instructions executed or None) of a seed, or of `program` (its text and block
    size) if given."""
    with tempfile.TemporaryDirectory(prefix="kasane-sysfuzz-") as tmp:
        if program:
            disk = make_disk(Path(tmp), program[1], program[0])
        else:
            disk = make_disk(Path(tmp), 1024 if seed % 2 else 4096)
        cov = Path(tmp) / "kcov" if kcov else None
        cmd = sim_command(opt, model, seed, trace, disk, program is not None, cov)
        try:
            p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               errors="backslashreplace", timeout=opt.timeout)
            covered = kcov_report.read_kcov(cov) if kcov and cov.exists() else None
            return p.returncode, p.stdout, p.stderr, ext2img.check(disk), covered
        except subprocess.TimeoutExpired as e:
            def text(b):
                return ((b or b"").decode(errors="backslashreplace") if isinstance(b, bytes)
                        else b or "")
            return None, text(e.stdout), text(e.stderr), [], None


def finding(status, stdout, stderr, disk):
    """What is wrong with a run, or None."""
    if status is None:
        return "no end within the wall-clock limit: a hang"
    if any("panic" in line for line in stderr.splitlines() if line.startswith("kasane:")):
        return f"a kernel panic message (status {status})"
    if status == 0 and "sysfuzz: ok" in stdout:
        if disk:
            return "the disk is not clean (e2fsck -fn): " + "; ".join(disk[:6])
        return None
    return f"status {status}: {SIM_STATUS.get(status, 'unexpected')}"


def call_log(stderr):
    """The fuzzer's call log lines of a trace run (what log.c writes to stderr)."""
    return [line for line in stderr.splitlines() if LOG_LINE.match(line)]


def replay_command(opt, model, seed):
    rounds, calls, max_cycles = work(opt, model)
    return (f"scripts/sysfuzz.py --trace {seed} --model {model} --rounds {rounds} "
            f"--calls {calls} --max-cycles {max_cycles} --build-dir {shlex.quote(opt.build_dir)}")


def report(opt, model, seed, what, stdout, stderr):
    print(f"sysfuzz: FINDING on {model}, seed {seed}: {what}")
    print(f"sysfuzz: reproduce: {replay_command(opt, model, seed)}")
    print(f"sysfuzz: or directly (a disk as make_disk makes it): "
          f"{shlex.join(sim_command(opt, model, seed))}")
    print("sysfuzz: the run's console (last 30 lines):")
    for line in (stdout.splitlines() + stderr.splitlines())[-30:]:
        print(f"  {line}")
    status, tout, terr, tdisk, _ = run(opt, model, seed, trace=True)
    again = finding(status, tout, terr, tdisk)
    log = call_log(terr)
    print(f"sysfuzz: the same seed in trace mode: {again or 'no finding (the trace changed timing)'}; "
          f"its last {min(60, len(log))} of {len(log)} calls:")
    for line in log[-60:]:
        print(f"  {line}")
    for line in terr.splitlines()[-10:]:
        if line not in log:
            print(f"  {line}")


def fuzz(opt):
    models = opt.models.split(",")
    deadline = time.monotonic() + opt.seconds
    next_seed = {m: opt.first_seed for m in models}
    done = {m: 0 for m in models}
    start = time.monotonic()
    covered = set()  # --kcov-out: the kernel instructions the seeds executed
    with cf.ThreadPoolExecutor(opt.jobs) as pool:
        running = {}

        def left():
            """The models with a seed still to run (--count), if time remains."""
            if time.monotonic() >= deadline:
                return []
            return [m for m in models if not opt.count or next_seed[m] < opt.first_seed + opt.count]

        def submit():
            # alternate the models so each gets its share of the time
            m = min(left(), key=lambda x: (done[x] + sum(1 for v in running.values() if v[0] == x)))
            seed = next_seed[m]
            next_seed[m] += 1
            running[pool.submit(run, opt, m, seed, kcov=bool(opt.kcov_out))] = (m, seed)

        while len(running) < opt.jobs and left():
            submit()
        while running:
            ready, _ = cf.wait(running, return_when=cf.FIRST_COMPLETED)
            for fut in ready:
                m, seed = running.pop(fut)
                status, out, err, disk, cov = fut.result()
                covered |= cov or set()
                what = finding(status, out, err, disk)
                if what:
                    for f in running:
                        f.cancel()
                    report(opt, m, seed, what, out, err)
                    if opt.kcov_out:
                        sysfuzz_guided.write_coverage(opt.kcov_out, covered)
                    return 1
                done[m] += 1
                print(f"sysfuzz: {m} seed {seed}: ok", flush=True)
                if left():
                    submit()
    spent = time.monotonic() - start
    counts = ", ".join(f"{m} {done[m]} (seeds {opt.first_seed}..{opt.first_seed + done[m] - 1})"
                       for m in models)
    calls = sum(done[m] * work(opt, m)[0] * 3 * work(opt, m)[1] for m in models)
    print(f"sysfuzz: {sum(done.values())} seeds, {calls} worker calls, in {spent:.0f} s: "
          f"{counts}; no finding")
    if opt.kcov_out:
        print(f"sysfuzz: kernel instructions covered: {len(covered)}")
        sysfuzz_guided.write_coverage(opt.kcov_out, covered)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=120, help="time per run of the script")
    ap.add_argument("--models", default="iss,pipeline")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=0,
                    help="at most this many seeds per model, or with --corpus programs in all "
                         "(0: as many as --seconds allows)")
    ap.add_argument("--rounds", type=int, help="rounds of 3 workers per run (default: DEFAULTS)")
    ap.add_argument("--calls", type=int, help="calls per worker (default: DEFAULTS)")
    ap.add_argument("--max-cycles", type=int, help="the hang budget (default: DEFAULTS)")
    # a generous wall-clock limit: sim.max_cycles is the hang check, this only a last resort
    ap.add_argument("--timeout", type=float, default=3600, help="wall-clock seconds per run")
    ap.add_argument("--build-dir", default=str(ROOT / "build"))
    ap.add_argument("--sim", help="kasane-sim (default: BUILD_DIR/sim/kasane-sim)")
    ap.add_argument("--target-dir", help="the target build (default: BUILD_DIR/target)")
    ap.add_argument("--trace", type=int, metavar="SEED", help="print the call log of SEED")
    ap.add_argument("--model", default="iss", help="the model of --trace and --replay")
    ap.add_argument("--hours", type=float, help="run this long instead of --seconds")
    ap.add_argument("--kcov-out", metavar="FILE",
                    help="write the kernel coverage of every run, merged, here (kasane-sim's "
                         "--kcov format; scripts/kcov_report.py makes a table of it)")
    g = ap.add_argument_group("coverage-guided mode (scripts/sysfuzz_guided.py)")
    g.add_argument("--corpus", metavar="DIR", help="fuzz programs from this corpus, guided by "
                   "kernel coverage, instead of seeds")
    g.add_argument("--save", metavar="DIR", help="where new corpus programs go (default: --corpus)")
    g.add_argument("--findings", metavar="DIR", default="sysfuzz-findings",
                   help="where reproducers go")
    g.add_argument("--seed", type=int, default=1, help="the campaign's seed")
    g.add_argument("--steps", type=int, default=60, help="steps of a fresh random program")
    g.add_argument("--fresh", type=int, default=8,
                   help="one candidate in FRESH is a fresh random program, the rest mutants")
    g.add_argument("--max-steps", type=int, default=200, help="the most steps a mutant has")
    g.add_argument("--no-guidance", action="store_true",
                   help="fresh random programs only, never mutants (the baseline)")
    g.add_argument("--minimise-runs", type=int, default=60,
                   help="the most runs delta debugging makes for one finding")
    g.add_argument("--minimise-seconds", type=float, default=900,
                   help="the most time delta debugging takes for one finding")
    g.add_argument("--replay", metavar="FILE", help="run one program file on --model")
    g.add_argument("--distill", type=int, metavar="N", help="write to --save the N programs of "
                   "--corpus that cover the most kernel code between them on --model")
    opt = ap.parse_args()
    if opt.hours is not None:
        opt.seconds = opt.hours * 3600
    bad = [m for m in [opt.model, *opt.models.split(",")] if m not in MODEL_ARGS]
    if bad:
        print(f"sysfuzz: unknown model '{bad[0]}' (known: {', '.join(MODEL_ARGS)})",
              file=sys.stderr)
        return 64
    try:
        if opt.replay:
            return sysfuzz_guided.replay(opt)
        if opt.distill:
            if not (opt.corpus and opt.save):
                print("sysfuzz: --distill needs --corpus and --save", file=sys.stderr)
                return 64
            return sysfuzz_guided.distill(opt)
        if opt.corpus:
            return sysfuzz_guided.campaign(opt)
    except sysfuzz_prog.ProgramError as e:
        print(f"sysfuzz: {e}", file=sys.stderr)
        return 65
    if opt.trace is not None:
        status, out, err, disk, _ = run(opt, opt.model, opt.trace, trace=True)
        sys.stdout.write(out)
        print("\n".join(call_log(err)))
        what = finding(status, out, err, disk)
        print(f"sysfuzz: seed {opt.trace} on {opt.model}: {what or 'no finding'}")
        return 1 if what else 0
    return fuzz(opt)


if __name__ == "__main__":
    sys.exit(main())
