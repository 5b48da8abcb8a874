"""sysfuzz_guided - the coverage-guided mode of scripts/sysfuzz.py (--corpus DIR), after syzkaller.

A campaign keeps a corpus of programs (tools/sysfuzz_prog.py: steps of calls with the seeds of
their arguments, over the 3 workers of one round) in DIR. It first runs each program of DIR once
(in name order) for the kernel coverage it reaches (kasane-sim --kcov), then makes candidates:
a mutant of a corpus program (insert, delete or replace a call, new arguments, another worker, a
splice of another program), the parent chosen with a weight of the new instructions it brought,
or, one time in --fresh (8) or while the corpus is empty, a fresh random program. A candidate that executes a kernel instruction no run before it executed joins the
corpus (written to --save, DIR by default). The models take turns (--models).

Candidates are made and judged in batches of --jobs, in a fixed order, so a campaign is
deterministic given the corpus, --seed and the number of batches it had time for (--count N: at
most N programs, the corpus's included, so that CI's run is the same on any machine); with
--no-guidance every candidate is a fresh random program (the baseline guidance is measured
against).

A finding (what scripts/sysfuzz.py's finding() calls one: a panic, a deadlock, a hang, a host
crash, a leak, a disk e2fsck does not pass) is minimised by delta debugging to the fewest steps
that still fail the same way, and written to --findings as a reproducer file, with the one-line
command that replays it (`scripts/sysfuzz.py --replay FILE --model MODEL`).
"""
import concurrent.futures as cf
import hashlib
import time
from pathlib import Path

import sysfuzz
import sysfuzz_prog as sp


def name_of(prog):
    return hashlib.sha1(prog.text().encode()).hexdigest()[:16] + ".prog"


def load(folder, names):
    out = []
    for path in sorted(Path(folder).glob("*.prog")):
        out.append(sp.parse(path.read_text(), str(path), names))
    return out


def kind(status, what):
    """What makes two failures the same for the minimiser: the status, else the text's start."""
    return status if status not in (0, 3, None) else what.split(":")[0]


def run_program(opt, model, prog):
    """(status, stdout, stderr, finding or None, kernel instructions executed: a set)."""
    status, out, err, disk, cov = sysfuzz.run(opt, model, 0, program=(prog.text(), prog.blocks),
                                              kcov=True)
    return status, out, err, sysfuzz.finding(status, out, err, disk), cov or set()


def record_finding(opt, model, prog, status, what, out, err, log):
    """Minimise prog, write its reproducer, print where; the reproducer's path."""
    want = kind(status, what)
    started = time.monotonic()

    def fails(p):
        if time.monotonic() - started > opt.minimise_seconds:
            return False
        s, _, _, w, _ = run_program(opt, model, p)
        return w is not None and kind(s, w) == want
    small, tests = sp.minimise(prog, fails, opt.minimise_runs)
    folder = Path(opt.findings)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{model}-{str(want).replace(' ', '_')}-{name_of(small)}"
    command = f"python3 scripts/sysfuzz.py --replay {path} --model {model}" + (
        f" --max-cycles {opt.max_cycles}" if opt.max_cycles else "")
    lines = (out.splitlines() + err.splitlines())[-12:]
    path.write_text(small.text([f"finding on {model}: {what}",
                                f"minimised from {len(prog.steps)} steps to {len(small.steps)} "
                                f"in {tests} runs",
                                f"replay: {command}", "the first run's console, last lines:",
                                *(f"  {x}" for x in lines)]))
    log(f"sysfuzz: FINDING on {model}: {what}; {len(prog.steps)} steps minimised to "
        f"{len(small.steps)} in {tests} runs: {path}")
    log(f"sysfuzz: replay: {command}")
    return path


def campaign(opt):
    """Run a guided campaign for opt.seconds; 1 if it met a finding, else 0."""
    def log(text):
        print(text, flush=True)
    names = sp.call_names()
    models = opt.models.split(",")
    save = Path(opt.save or opt.corpus)
    save.mkdir(parents=True, exist_ok=True)
    corpus, gains, covered, findings, seen = [], [], set(), [], set()
    deadline = time.monotonic() + opt.seconds
    start, runs = time.monotonic(), 0
    queue = [(p, True) for p in load(opt.corpus, names)]  # (program, from the corpus dir)
    batch = 0
    with cf.ThreadPoolExecutor(opt.jobs) as pool:
        while time.monotonic() < deadline and not (opt.count and batch * opt.jobs >= opt.count):
            jobs = []
            for j in range(opt.jobs):
                i = batch * opt.jobs + j
                if opt.count and i >= opt.count:
                    break
                model = models[i % len(models)]
                if queue:
                    prog, old = queue.pop(0)
                else:
                    rng = sp.rng_for(opt.seed, i)
                    if not corpus or opt.no_guidance or rng.randrange(opt.fresh) == 0:
                        prog = sp.generate(rng, names, opt.steps)
                    else:
                        parent = rng.choices(corpus, weights=gains)[0]
                        prog = sp.mutate(parent, rng, names, corpus, opt.max_steps)
                    old = False
                jobs.append((model, prog, old, pool.submit(run_program, opt, model, prog)))
            batch += 1
            for model, prog, old, fut in jobs:  # in submission order: determinism
                status, out, err, what, cov = fut.result()
                runs += 1
                new = len(cov - covered)
                if new or old:
                    covered |= cov
                    corpus.append(prog)
                    gains.append(max(new, 1))
                    if not old:
                        (save / name_of(prog)).write_text(prog.text())
                        log(f"sysfuzz: {model}: +{new} kernel instructions, {len(covered)} in "
                            f"all; corpus {len(corpus)}")
                if what and (model, kind(status, what)) not in seen:
                    seen.add((model, kind(status, what)))
                    findings.append(record_finding(opt, model, prog, status, what, out, err, log))
    spent = time.monotonic() - start
    log(f"sysfuzz: {runs} programs in {spent:.0f} s on {','.join(models)}; kernel instructions "
        f"covered: {len(covered)}; corpus {len(corpus)} programs; {len(findings)} findings")
    if opt.kcov_out:
        write_coverage(opt.kcov_out, covered)
    return 1 if findings else 0


def distill(opt):
    """--distill N: the N programs of --corpus that cover the most between them (greedy set
    cover, each run once on --model), written to --save; CI's corpus is made so."""
    names = sp.call_names()
    progs = load(opt.corpus, names)
    with cf.ThreadPoolExecutor(opt.jobs) as pool:
        covs = [r[4] for r in pool.map(lambda p: run_program(opt, opt.model, p), progs)]
    every = set().union(*covs) if covs else set()
    chosen, covered = [], set()
    while len(chosen) < opt.distill:
        best = max(range(len(progs)), key=lambda i: (len(covs[i] - covered), -i), default=None)
        if best is None or not covs[best] - covered:
            break
        chosen.append(progs[best])
        covered |= covs[best]
    save = Path(opt.save)
    save.mkdir(parents=True, exist_ok=True)
    for prog in chosen:
        (save / name_of(prog)).write_text(prog.text())
    print(f"sysfuzz: {len(chosen)} of {len(progs)} programs cover {len(covered)} of the "
          f"{len(every)} kernel instructions the corpus covers on {opt.model}; written to {save}")
    return 0


def write_coverage(path, covered):
    """A campaign's union of coverage, in kasane-sim's --kcov format (lo and hi: its span)."""
    a = sorted(covered)
    head = (f"# kasane-kcov 1 lo={a[0] if a else 0:#010x} hi={a[-1] + 4 if a else 0:#010x} "
            f"covered={len(a)}")
    Path(path).write_text("\n".join([head] + [f"{x:#010x}" for x in a]) + "\n")


def replay(opt):
    """Run one program file (--replay) on --model, then again in trace mode for its call log."""
    names = sp.call_names()
    try:
        prog = sp.parse(Path(opt.replay).read_text(), opt.replay, names)
    except OSError as e:
        print(f"sysfuzz: --replay {opt.replay}: {e.strerror}")
        return 66
    status, out, err, what, cov = run_program(opt, opt.model, prog)
    print(out, end="")
    tstatus, tout, terr, _, _ = sysfuzz.run(opt, opt.model, 0, trace=True,
                                            program=(prog.text(), prog.blocks))
    print("\n".join(sysfuzz.call_log(terr)))
    print(f"sysfuzz: program {opt.replay} on {opt.model}: {what or 'no finding'}; "
          f"{len(cov)} kernel instructions covered")
    return 1 if what else 0
