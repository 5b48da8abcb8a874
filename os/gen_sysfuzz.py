"""The system call fuzzer's table (tests/sysfuzz), generated from os/syscalls.tbl by gen_syscalls.py.

The fuzzer needs each call's argument types to make arguments that reach past the first check of
a handler: a file descriptor, a path, a buffer with its size... A call with a prototype gets them
from the parameters' names and types (derive()); a call without one, or one whose prototype says
too little, has an annotation line in the table:

    @ NAME TYPE... [ends|skip: why]

TYPE is one of TYPES below. `ends` marks a call that may legitimately end the calling process
(exit, a fatal signal to itself, a jump to a garbage pc): the fuzzer makes it in a child process
of its own. `skip` leaves a call out; the reason is required and goes into the generated table.
A row with neither a prototype nor an annotation is fuzzed with six untyped words, and the fuzzer
counts such calls, so a new call is never silently missed.
"""
import re
from dataclasses import dataclass

# The argument types, in the order of `enum sysfuzz_type` (tests/sysfuzz/gen.c makes each).
TYPES = {
    "int": "any word",
    "small": "a small number (an index, a command, a clock id, a whence)",
    "fd": "a file descriptor: open, closed, out of range or negative",
    "path": "a path: valid, missing, too long, unterminated at a page edge, a bad pointer",
    "flags": "a bit mask: 0, one bit, every bit, random",
    "sig": "a signal number, 0 to beyond the last",
    "pid": "a process id: the caller, a child, a sibling, none, 0, negative (never the "
           "supervisor)",
    "size": "a size: 0, 1, a page, around page boundaries, huge; or what the previous buf has "
            "left before its page's end",
    "addr": "an address for the address space calls: page aligned or not, mapped or not, the "
            "caller's own memory, kernel",
    "buf": "a user buffer (the following size argument its length): in memory, at the edge of an "
           "unmapped page, NULL, a kernel address",
    "ptr": "a pointer to a struct, same choices as buf",
    "argv": "a NULL-terminated vector of strings, or a bad pointer",
    "time": "a pointer to a struct timespec: 0, short, a second, negative, bad nanoseconds; or a "
            "bad pointer",
    "code": "an address to jump to: a function of the fuzzer, garbage, a kernel address",
    "timeout": "a pointer to a bounded wait, valid as a struct timespec or timeval: 0, 1 us or ns, "
               "1 ms; never NULL (no limit), so a poll or select on nothing ready still ends",
    "ms": "poll's timeout in milliseconds: 0, 1 or 2; never negative (no limit)",
}
MAX_ARGS = 6
PARAM = re.compile(r"(?P<type>.*?)\s*\b(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*(\[\s*\])?\Z")


class AnnotationError(Exception):
    pass


@dataclass
class Fuzz:
    name: str
    number: int
    args: list    # TYPES keys
    flags: list   # "ends", "skip", "untyped"
    why: str      # the reason for a skip


def derive(param):
    """The type of one prototype parameter, from its name first and then its C type."""
    m = PARAM.match(param.strip())
    ctype, name = " ".join(m["type"].split()), m["name"]
    pointer = "*" in ctype or m.group(3) is not None
    if name == "fd":
        return "fd"
    if name in ("path", "name") and "char" in ctype and pointer:
        return "path"
    if name in ("argv", "envp"):
        return "argv"
    if name in ("buf", "out", "thmb") or (pointer and ctype.startswith(("void", "const void"))):
        return "addr" if name == "addr" else "buf"
    if pointer:
        return "ptr"
    if name in ("n", "len", "size", "count"):
        return "size"
    if name in ("flags", "prot", "options", "mask"):
        return "flags"
    if name == "sig":
        return "sig"
    if name == "pid" or ctype == "pid_t":
        return "pid"
    if name in ("whence", "clk", "id", "begin", "how", "resource", "cmd"):
        return "small"
    if name == "pc":
        return "code"
    return "int"


def parse_annotations(path, rows):
    """{name: (args, flags, why)} from the table's `@` lines, checked against the rows."""
    names = {r.name for r in rows}
    out = {}
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line.startswith("@"):
                continue
            where = f"{path}:{number}"
            words, why = line[1:].split(), ""
            if "skip:" in words:
                i = words.index("skip:")
                why = " ".join(words[i + 1:])
                words = words[:i] + ["skip"]
                if not why:
                    raise AnnotationError(f"{where}: 'skip:' needs a reason")
            if not words or words[0] not in names:
                raise AnnotationError(f"{where}: annotation for an unknown call "
                                      f"'{words[0] if words else ''}'")
            name, rest = words[0], words[1:]
            flags = [w for w in rest if w in ("ends", "skip")]
            args = [w for w in rest if w not in ("ends", "skip")]
            bad = [a for a in args if a not in TYPES]
            if bad:
                raise AnnotationError(f"{where}: unknown argument type '{bad[0]}' "
                                      f"(known: {' '.join(TYPES)})")
            if len(args) > MAX_ARGS:
                raise AnnotationError(f"{where}: '{name}' has more than {MAX_ARGS} arguments")
            if name in out:
                raise AnnotationError(f"{where}: second annotation for '{name}'")
            out[name] = (args, flags, why)
    return out


def fuzz_rows(rows, path):
    notes = parse_annotations(path, rows)
    out = []
    for r in rows:
        if r.name in notes:
            args, flags, why = notes[r.name]
        elif r.stub:
            args, flags, why = [derive(p) for p, _ in r.stub.params], [], ""
        else:
            args, flags, why = ["int"] * MAX_ARGS, ["untyped"], ""
        out.append(Fuzz(r.name, r.number, args, flags, why))
    return out


def gen_table(rows, path, src):
    """The C header tests/sysfuzz includes: enum sysfuzz_type and sysfuzz_calls[]."""
    calls = fuzz_rows(rows, path)
    out = [f"/* Generated by os/gen_syscalls.py from {src}; do not edit. */",
           "/* The system call fuzzer's table: every call of the table with its argument types",
           " * (os/gen_sysfuzz.py). */",
           "#ifndef KASANE_SYSFUZZ_CALLS_H", "#define KASANE_SYSFUZZ_CALLS_H", "",
           "enum sysfuzz_type {"]
    out += [f"  FZ_{t.upper()}, /* {what} */" for t, what in TYPES.items()]
    out += ["  FZ_NTYPES", "};", "",
            "#define FZ_ENDS 1    /* may end the caller: made in a child process */",
            "#define FZ_SKIP 2    /* never made (see why) */",
            "#define FZ_UNTYPED 4 /* no prototype, no annotation: six words */", "",
            "struct sysfuzz_call {",
            "  const char* name;",
            "  unsigned short nr;",
            "  unsigned char nargs, flags;",
            "  unsigned char arg[6]; /* enum sysfuzz_type */",
            "  const char* why;      /* the reason for FZ_SKIP */",
            "};", "",
            "static const char* const sysfuzz_type_names[] = {"]
    out += [f'    "{t}",' for t in TYPES]
    out += ["};", "", "static const struct sysfuzz_call sysfuzz_calls[] = {"]
    for c in calls:
        flags = " | ".join(f"FZ_{f.upper()}" for f in c.flags) or "0"
        args = ", ".join(f"FZ_{a.upper()}" for a in c.args) or "0"
        why = '"' + c.why.replace('\\', '\\\\').replace('"', '\\"') + '"' if c.why else "0"
        out.append(f'    {{"{c.name}", {c.number}, {len(c.args)}, {flags}, {{{args}}}, {why}}},')
    out += ["};", "",
            "#define SYSFUZZ_NCALLS (sizeof sysfuzz_calls / sizeof sysfuzz_calls[0])", "",
            "#endif /* KASANE_SYSFUZZ_CALLS_H */"]
    return "\n".join(out) + "\n"
