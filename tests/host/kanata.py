"""A strict reader of Kanata 0004 pipeline traces (the format the Konata viewer opens), for tests.

Konata itself forgives a lot; this reader does not, so that a test fails on any trace the writer
(sim/core/kanata.cc) should not produce: the header first, C= only before everything else, cycles
that only move forward, instruction ids serial from 0, no command for an unknown or retired id,
every stage closed by its E before the next S of its lane and before R, and at most one R per
instruction. An instruction without R is allowed: it was in flight when the file ended (the
simulation stopped, or the trace window closed). Errors are ValueError("path:line: why").

    parse(path) -> [{"id", "thread", "label", "detail", "stages": [(name, start, end)],
                     "lanes": {lane: [(name, start, end)]}, "retired", "squashed", "retire_id"}]

`stages` is lane 0; `end` is None for a stage still open when the file ended.
"""
import pathlib

HEADER = "Kanata\t0004"
# Command -> number of tab-separated fields, the command included.
FIELDS = {"C=": 2, "C": 2, "I": 4, "L": 4, "S": 4, "E": 4, "R": 4, "W": 4}


def parse(path, complete=False):
    """Instructions of the trace at `path`, in id order. With complete=True every instruction
    must also have its R line (for a run that drained the pipeline inside the window)."""
    path = pathlib.Path(path)
    return parse_text(path.read_text(), str(path), complete)


def parse_text(text, name="<text>", complete=False):
    return _Reader(name).run(text.split("\n"), complete)


def _number(field, what, fail):
    if not field.isdigit() or not field.isascii():
        fail(f"{what} '{field}' is not a non-negative decimal number")
    return int(field)


class _Reader:
    def __init__(self, name):
        self.name = name
        self.lineno = 0
        self.cycle = 0
        self.seen_command = False
        self.insns = []
        self.open = []  # per id: {lane: (stage, start cycle)} of the stages not yet ended
        self.retire_ids = set()

    def fail(self, why):
        raise ValueError(f"{self.name}:{self.lineno}: {why}")

    def run(self, lines, complete):
        if lines and lines[-1] == "":
            lines = lines[:-1]  # the newline that ends the last line
        if not lines:
            self.fail("the file is empty")
        for self.lineno, line in enumerate(lines, start=1):
            if self.lineno == 1:
                if line != HEADER:
                    self.fail(f"the first line must be {HEADER!r}, not {line!r}")
                continue
            self.command(line.split("\t"))
        self.lineno = len(lines)
        if complete:
            for insn in self.insns:
                if not insn["retired"] and not insn["squashed"]:
                    self.fail(f"instruction {insn['id']} has no R line")
        for insn in self.insns:
            insn["stages"] = insn["lanes"].get(0, [])
        return self.insns

    def insn(self, field, cmd):
        i = _number(field, "id", self.fail)
        if i >= len(self.insns):
            self.fail(f"{cmd} names id {i}, which no I line started")
        insn = self.insns[i]
        if insn["retired"] or insn["squashed"]:
            self.fail(f"{cmd} names id {i}, which was already retired")
        return insn

    def command(self, f):
        cmd = f[0]
        if cmd not in FIELDS:
            self.fail(f"unknown command {cmd!r}")
        if len(f) != FIELDS[cmd]:
            self.fail(f"{cmd} takes {FIELDS[cmd] - 1} tab-separated arguments, not {len(f) - 1}")
        if cmd == "C=":
            if self.seen_command:
                self.fail("C= must come before every other command")
            self.cycle = _number(f[1], "cycle", self.fail)
        elif cmd == "C":
            if f[1].startswith("-"):
                self.fail(f"the cycle goes back ({f[1]})")
            self.cycle += _number(f[1], "cycle delta", self.fail)
        elif cmd == "I":
            i = _number(f[1], "id", self.fail)
            if i != len(self.insns):
                self.fail(f"I starts id {i}, but ids are serial and the next is {len(self.insns)}")
            _number(f[2], "id in the simulator", self.fail)
            self.insns.append({
                "id": i, "thread": _number(f[3], "thread", self.fail), "label": "",
                "detail": "", "stages": [], "lanes": {}, "retired": False, "squashed": False,
                "retire_id": None})
            self.open.append({})
        elif cmd == "L":
            insn = self.insn(f[1], cmd)
            kind = _number(f[2], "label type", self.fail)
            if kind not in (0, 1):
                self.fail(f"label type {kind} is not 0 (left pane) or 1 (hover detail)")
            insn["label" if kind == 0 else "detail"] += f[3]
        elif cmd == "S":
            self.start(self.insn(f[1], cmd), _number(f[2], "lane", self.fail), f[3])
        elif cmd == "E":
            self.end(self.insn(f[1], cmd), _number(f[2], "lane", self.fail), f[3])
        elif cmd == "R":
            self.retire(self.insn(f[1], cmd), _number(f[2], "retire id", self.fail), f[3])
        else:  # W: a dependency arrow; both ends must exist, the consumer still in flight
            self.insn(f[1], cmd)
            if _number(f[2], "producer id", self.fail) >= len(self.insns):
                self.fail(f"W names producer {f[2]}, which no I line started")
        if cmd != "C=":
            self.seen_command = True

    def start(self, insn, lane, stage):
        if not stage:
            self.fail("S has an empty stage name")
        open_stages = self.open[insn["id"]]
        if lane in open_stages:
            self.fail(f"S {stage} of id {insn['id']} while {open_stages[lane][0]} is open in "
                      f"lane {lane} (E first)")
        open_stages[lane] = (stage, self.cycle)
        insn["lanes"].setdefault(lane, []).append((stage, self.cycle, None))

    def end(self, insn, lane, stage):
        current = self.open[insn["id"]].pop(lane, None)
        if current is None or current[0] != stage:
            self.fail(f"E {stage} of id {insn['id']} in lane {lane}, where "
                      f"{'nothing' if current is None else current[0]} is open")
        insn["lanes"][lane][-1] = (stage, current[1], self.cycle)

    def retire(self, insn, retire_id, kind):
        if kind not in ("0", "1"):
            self.fail(f"R type {kind!r} is not 0 (retired) or 1 (flushed)")
        if self.open[insn["id"]]:
            lane, (stage, _) = next(iter(self.open[insn["id"]].items()))
            self.fail(f"R of id {insn['id']} while {stage} is open in lane {lane} (E first)")
        if kind == "0":
            if retire_id in self.retire_ids:
                self.fail(f"retire id {retire_id} of id {insn['id']} was already used")
            self.retire_ids.add(retire_id)
        insn["retired"], insn["squashed"] = kind == "0", kind == "1"
        insn["retire_id"] = retire_id
