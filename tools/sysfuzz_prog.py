"""sysfuzz_prog - the programs of the coverage-guided system call fuzzer (scripts/sysfuzz.py).

A program is what tests/sysfuzz runs in `prog FILE` mode (tests/sysfuzz/prog.c reads it): steps,
each a worker (0..WORKERS-1), a call of the fuzzer's table or `thread` (a TFORK thread
operation), and the seed its arguments are drawn from, plus the block size of the run's disk.
The text form is the file on the disk, the corpus entry and the reproducer at once:

    # any comment
    blocks 1024
    w0 openat 0x1c0ffee1
    w2 thread 0x0badf00d

Generation and mutation take a random.Random, so a program follows from a seed alone. A step's
arguments depend only on its seed (the guest reseeds its generator per step), so deleting or
inserting a step leaves the arguments of the others as they were, as syzkaller's typed programs
do.
"""
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "os"))
import gen_syscalls  # noqa: E402
import gen_sysfuzz  # noqa: E402

WORKERS = 3      # tests/sysfuzz/sysfuzz.h
MAXSTEPS = 512   # steps per worker, sysfuzz.h's MAXSTEPS
THREAD = "thread"


class ProgramError(Exception):
    pass


def call_names():
    """The calls a program may name: the table's, less the skipped ones, in table order."""
    table = ROOT / "os" / "syscalls.tbl"
    rows = gen_syscalls.parse_table(str(table))
    return [c.name for c in gen_sysfuzz.fuzz_rows(rows, str(table)) if "skip" not in c.flags]


@dataclass
class Program:
    steps: list = field(default_factory=list)  # (worker, name, seed)
    blocks: int = 1024

    def text(self, comments=()):
        out = [f"# {c}" for c in comments] + [f"blocks {self.blocks}"]
        out += [f"w{w} {name} {seed:#010x}" for w, name, seed in self.steps]
        return "\n".join(out) + "\n"


def parse(text, where, names):
    """The program of a file's text; ProgramError names the file and line of a bad one."""
    prog, known = Program(), set(names) | {THREAD}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        try:
            if words[0] == "blocks" and len(words) == 2 and int(words[1]) in (1024, 4096):
                prog.blocks = int(words[1])
                continue
            if (len(words) == 3 and words[0][:1] == "w" and 0 <= int(words[0][1:]) < WORKERS
                    and words[1] in known):
                prog.steps.append((int(words[0][1:]), words[1], int(words[2], 0) & 0xffffffff))
                continue
        except ValueError:
            pass
        raise ProgramError(f"{where}:{number}: not 'wN CALL SEED' (N < {WORKERS}, CALL a call of "
                           f"os/syscalls.tbl's fuzzer table or '{THREAD}') nor 'blocks 1024|4096': "
                           f"{line.strip()}")
    for w in range(WORKERS):
        if sum(1 for s in prog.steps if s[0] == w) > MAXSTEPS:
            raise ProgramError(f"{where}: more than {MAXSTEPS} steps for w{w}")
    return prog


def random_step(rng, names, worker=None):
    # a thread operation one time in 12, as tests/sysfuzz/worker.c's random workers do
    name = THREAD if rng.randrange(12) == 0 else rng.choice(names)
    return (rng.randrange(WORKERS) if worker is None else worker, name, rng.getrandbits(32) | 1)


def generate(rng, names, steps):
    """A random program of `steps` steps over the workers."""
    return Program([random_step(rng, names) for _ in range(steps)], rng.choice((1024, 4096)))


def mutate(prog, rng, names, corpus=(), max_steps=200):
    """A mutant of prog: one to three of insert, delete, replace a call, new arguments (a new
    seed), move a step to another worker, or splice in a run of steps of another program."""
    steps = list(prog.steps)
    blocks = prog.blocks
    for _ in range(1 + rng.randrange(3)):
        op = rng.randrange(7)
        i = rng.randrange(len(steps)) if steps else 0
        if op == 0 or not steps:
            if len(steps) < max_steps:
                steps.insert(rng.randrange(len(steps) + 1), random_step(rng, names))
        elif op == 1 and len(steps) > 1:
            del steps[i]
        elif op == 2:
            steps[i] = random_step(rng, names, steps[i][0])
        elif op == 3:
            w, name, seed = steps[i]
            steps[i] = (w, name, rng.getrandbits(32) | 1)
        elif op == 4:
            w, name, seed = steps[i]
            steps[i] = ((w + 1 + rng.randrange(WORKERS - 1)) % WORKERS, name, seed)
        elif op == 5 and corpus:
            other = rng.choice(corpus).steps
            if other:
                a = rng.randrange(len(other))
                piece = other[a:a + 1 + rng.randrange(8)]
                at = rng.randrange(len(steps) + 1)
                steps[at:at] = piece[:max(0, max_steps - len(steps))]
        elif op == 6 and rng.randrange(8) == 0:
            blocks = 5120 - blocks  # the other block size
    return Program(steps, blocks)


def minimise(prog, fails, budget):
    """Delta debugging (Zeller's ddmin) over prog's steps: a shortest program found for which
    fails(program) still holds, within `budget` calls of fails. Returns (program, tests made)."""
    steps, n, tests = list(prog.steps), 2, 0
    while len(steps) >= 2 and tests < budget:
        chunk = -(-len(steps) // n)
        parts = [steps[i:i + chunk] for i in range(0, len(steps), chunk)]
        reduced = False
        # complements first: each drops one part
        for k in range(len(parts)):
            if tests >= budget:
                break
            rest = [s for j, p in enumerate(parts) if j != k for s in p]
            tests += 1
            if rest and fails(Program(rest, prog.blocks)):
                steps, n, reduced = rest, max(n - 1, 2), True
                break
        if not reduced:
            if n >= len(steps):
                break
            n = min(len(steps), 2 * n)
    # then single steps, last to first, while the budget lasts
    i = len(steps) - 1
    while i >= 0 and len(steps) > 1 and tests < budget:
        rest = steps[:i] + steps[i + 1:]
        tests += 1
        if fails(Program(rest, prog.blocks)):
            steps = rest
        i -= 1
    return Program(steps, prog.blocks), tests


def rng_for(seed, *parts):
    """A generator for one decision of a campaign, from its seed and where it is."""
    return random.Random("/".join(str(p) for p in (seed, *parts)))
