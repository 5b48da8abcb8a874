#!/usr/bin/env python3
"""syscall_coverage.py - which o32 system calls glibc 2.36 and BusyBox 1.35 can make, and what
Kasane's kernel does with each: the coverage table in docs/os.md.

    syscall_coverage.py [--libc /usr/mipsel-linux-gnu/lib/libc.a] [--busybox /bin/busybox]
                        [--write docs/os.md | --check docs/os.md]

The calls a binary can make are found in its code: every `li v0, N` with N a Linux o32 number
(4000..4999) that a `syscall` instruction follows within a few instructions (glibc's inline
system calls load the number into $v0 just before), or that is stored to the stack for a call
that follows (glibc passes the calls of five or more arguments to its __mips_syscall5..7 with
the number as their last argument). glibc's generic syscall() takes the number from its caller
and is not counted. The binaries are Debian's: glibc's static libc.a (every call any
static program can make) and busybox-static:mipsel. Names come from <asm/unistd_o32.h>.

Each call is then looked up in os/syscalls.tbl, the one table of the kernel's calls:
- implemented: it has a row and its handler is defined in os/*.c;
- refused (ERRNO): its row's description says `refused (ERRNO)`: the kernel answers every use
  with that Linux errno on purpose (e.g. ioctl: nothing is a terminal);
- missing: no row, or a row whose handler is not written yet: the kernel answers ENOSYS.

--write replaces the table between `<!-- syscall-coverage begin -->` and
`<!-- syscall-coverage end -->` in the file; --check exits 1 (naming the difference) if what
is there is not what the binaries and the table give now (the test syscall-coverage-current).
Without either it prints the table. Exit 65 for a binary it cannot read, 64 for bad usage.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNISTD = Path("/usr/mipsel-linux-gnu/include/asm/unistd_o32.h")
OBJDUMP = "mipsel-linux-gnu-objdump"
BEGIN, END = "<!-- syscall-coverage begin -->", "<!-- syscall-coverage end -->"
LI = re.compile(r"\tli\tv0,(4[0-9]{3})$")
WINDOW = 8  # instructions between the li and its syscall


def numbers_in(binary: Path) -> set[int]:
    """The o32 call numbers binary's code loads into $v0 just before a syscall instruction."""
    if not binary.is_file():
        raise SystemExit(f"syscall_coverage: {binary} is missing (scripts/install-deps.sh "
                         "installs glibc's libc.a and busybox-static:mipsel)")
    p = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", str(binary)], capture_output=True,
                       text=True)
    if p.returncode != 0:
        print(f"syscall_coverage: {OBJDUMP} cannot read {binary}: {p.stderr.strip()}",
              file=sys.stderr)
        sys.exit(65)
    found, pending, since, stored, called = set(), None, 0, False, False
    for line in p.stdout.splitlines():
        m = LI.search(line)
        if m:
            pending, since, stored, called = int(m.group(1)), 0, False, False
            continue
        if pending is None:
            continue
        since += 1
        stored = stored or re.search(r"\tsw\tv0,[0-9]+\(sp\)$", line) is not None
        if "\tsyscall" in line or (stored and (called or "\tjalr\t" in line)):
            found.add(pending)  # the store may be in the call's delay slot, after the jalr
            pending = None
        elif since > WINDOW or line.endswith(">:") or (called and not stored):
            pending = None
        called = "\tjalr\t" in line
    return found


def o32_names() -> dict[int, str]:
    names = {}
    for line in UNISTD.read_text().splitlines():
        m = re.match(r"#define __NR_(\w+)\s+\(__NR_Linux \+\s*(\d+)\)", line)
        if m:
            names[4000 + int(m.group(2))] = m.group(1)
    return names


def kernel_calls() -> dict[int, str]:
    """number -> status, from os/syscalls.tbl and the handlers defined in os/*.c."""
    defined = set()
    for src in (ROOT / "os").glob("*.c"):
        defined.update(re.findall(r"^int32_t (sys_\w+)\(void\)", src.read_text(), re.M))
    status = {}
    for raw in (ROOT / "os/syscalls.tbl").read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("@"):
            continue
        name, num, handler, _, _, desc = [c.strip() for c in line.split("|")]
        m = re.search(r"refused \((E[A-Z0-9]+)\)", desc)
        if handler not in defined:
            status[int(num)] = "missing (ENOSYS)"
        elif m:
            status[int(num)] = f"refused ({m.group(1)})"
        else:
            status[int(num)] = "implemented"
    return status


def table(libc: Path, busybox: Path) -> str:
    glibc, bb = numbers_in(libc), numbers_in(busybox)
    names, kernel = o32_names(), kernel_calls()
    rows = []
    count = {"implemented": 0, "refused": 0, "missing": 0}
    for n in sorted(glibc | bb):
        st = kernel.get(n, "missing (ENOSYS)")
        count[st.split()[0]] += 1
        who = ", ".join(w for w, s in (("glibc", glibc), ("BusyBox", bb)) if n in s)
        rows.append(f"| `{names.get(n, '?')}` | {n} | {who} | {st} |")
    head = (f"{len(rows)} calls: {count['implemented']} implemented, {count['refused']} refused "
            f"with Linux's errno, {count['missing']} missing (ENOSYS). Generated by "
            "`scripts/syscall_coverage.py --write docs/os.md` from the binaries and "
            "`os/syscalls.tbl`; the test `syscall-coverage-current` checks it.\n\n"
            "<details><summary>The calls</summary>\n\n"
            "| call | o32 number | made by | Kasane |\n|---|---|---|---|")
    return head + "\n" + "\n".join(rows) + "\n\n</details>"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libc", default="/usr/mipsel-linux-gnu/lib/libc.a", type=Path)
    ap.add_argument("--busybox", default="/bin/busybox", type=Path)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--write", type=Path)
    g.add_argument("--check", type=Path)
    opt = ap.parse_args()
    text = table(opt.libc, opt.busybox)
    target = opt.write or opt.check
    if not target:
        print(text)
        return 0
    doc = target.read_text()
    if BEGIN not in doc or END not in doc:
        print(f"syscall_coverage: {target} has no {BEGIN} ... {END} block", file=sys.stderr)
        return 65
    pre, rest = doc.split(BEGIN, 1)
    _, post = rest.split(END, 1)
    new = f"{pre}{BEGIN}\n{text}\n{END}{post}"
    if opt.write:
        target.write_text(new)
        return 0
    if new != doc:
        print(f"syscall_coverage: the table in {target} is not current: run "
              f"scripts/syscall_coverage.py --write {target}", file=sys.stderr)
        return 1
    print("syscall_coverage: the table is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
