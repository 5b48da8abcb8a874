#!/usr/bin/env python3
"""run_tests.py - run every target test program and check it against its own header.

    run_tests.py [--source-dir SRC] [--build-dir DIR] [--qemu qemu-mipsel]
                 [--sim KASANE_SIM --kernel KERNEL_ELF] [--sim-arg ARG]... [--timeout 60] [NAME...]

Each tests/target/NAME.c states in its header comment how it must end and how it is run:
    Expect: status N          (exit status N)
    Expect: signal SIGSEGV    (killed by that signal: status 128 + its MIPS number)
    Args: a b c               (optional; whitespace-separated program arguments)
    Stdin: FILE               (optional; relative to tests/target; default /dev/null)
    Files: DIR                (optional; the program runs with a copy of tests/target/files/DIR:
                               its working directory under qemu, a fresh ext2 disk under
                               kasane-sim; the tree it leaves must match too, see difftest.py)
    Glibc: yes                (optional; DIR/glibc/NAME.elf, the same source built against
                               glibc, must print the same stdout and end the same under qemu)
    Stderr: TEXT              (tests/os only, see tests/os/run_os_tests.py: a line of kasane-sim's
                               stderr contains TEXT and no line of its stdout does)
    Needs: WHAT               (optional; the program needs what the kernel does not have yet,
                               e.g. a directory /bin: it is reported SKIP and not run, and
                               run_tests exits 77 when every program named was skipped)
    Qemu: no (WHY)            (optional; qemu-mipsel cannot run the program as Linux would, for
                               the reason given, e.g. it makes vfork a fork: the program checks
                               itself, and only kasane-sim runs it, its status deciding)
Every program runs twice under qemu-mipsel: the status must match the expectation and both runs
must print the same stdout (determinism). With --sim and --kernel it also runs under kasane-sim
and must match qemu exactly (difftest.py's comparison). DIR holds the NAME.elf files (default:
build/target/tests_target under the repository). SRC holds the NAME.c files with their headers
and the Stdin and Files they name (default: tests/target; tests/glibc's programs are run with
SRC = tests/glibc). Exit status 0 when everything passed.
"""

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import difftest  # noqa: E402

MARKER = re.compile(
    r"^\s*\*?\s*(Expect|Args|Stdin|Files|Stderr|Glibc|Set|Qemu|Needs):\s*(.*?)\s*(\*/)?\s*$")


def read_markers(source: Path) -> dict[str, str]:
    """The Expect/Args/Stdin/Files/Stderr/Glibc/Set lines of the file's first comment."""
    found = {}
    for line in source.read_text().splitlines():
        m = MARKER.match(line)
        if m:
            found[m.group(1)] = m.group(2)
        if "*/" in line:
            break
    return found


def expected_status(expect: str) -> int:
    kind, _, value = expect.partition(" ")
    if kind == "status":
        return int(value)
    if kind == "signal":
        return 128 + difftest.MIPS_SIGNALS[value]
    raise ValueError(f"bad Expect line: {expect!r}")


def check_one(name: str, opt) -> list[str]:
    here = Path(opt.source_dir)
    source = here / f"{name}.c"
    program = Path(opt.build_dir) / f"{name}.elf"
    if not program.is_file():
        return [f"{program} is not built"]
    markers = read_markers(source)
    if "Expect" not in markers:
        return ["no 'Expect:' line in the header comment"]
    want = expected_status(markers["Expect"])
    args = markers.get("Args", "").split()
    stdin = str(here / markers["Stdin"]) if "Stdin" in markers else None
    files = str(here / "files" / markers["Files"]) if "Files" in markers else None
    if files and not Path(files).is_dir():
        return [f"Files: {files} is not a directory"]

    problems = []
    if markers.get("Qemu", "").startswith("no"):
        if not opt.sim:
            return []  # nothing to compare: qemu cannot run it as Linux would
        sim = difftest.run_sim(opt.sim, opt.kernel, str(program), args, stdin, opt.timeout,
                               opt.sim_arg, files)
        if sim.status != want:
            problems.append(f"kasane-sim status {sim.describe()}, expected {want}")
            problems.extend("    " + line for line in
                            sim.stdout.decode("utf-8", "backslashreplace").splitlines()[-20:])
        return problems
    first = difftest.run_qemu(opt.qemu, str(program), args, stdin, opt.timeout, files)
    second = difftest.run_qemu(opt.qemu, str(program), args, stdin, opt.timeout, files)
    if first.status != want:
        problems.append(f"qemu status {first.describe()}, expected {want}")
    if (first.stdout, first.status, first.files) != (second.stdout, second.status, second.files):
        problems.append("not deterministic: two qemu runs differ")
    if markers.get("Glibc") == "yes":
        glibc = Path(opt.build_dir) / "glibc" / f"{name}.elf"
        if not glibc.is_file():
            problems.append(f"{glibc} is not built")
        else:
            ref = difftest.run_qemu(opt.qemu, str(glibc), args, stdin, opt.timeout, files)
            for p in difftest.compare(ref, first):
                problems.append(f"glibc build vs runtime build under qemu: {p}")
    if opt.sim:
        sim = difftest.run_sim(opt.sim, opt.kernel, str(program), args, stdin, opt.timeout,
                               opt.sim_arg, files)
        problems.extend(difftest.compare(first, sim))
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", default=str(HERE),
                    help="directory with the NAME.c files and their inputs (default: tests/target)")
    ap.add_argument("--build-dir", default=str(HERE.parents[1] / "build/target/tests_target"),
                    help="directory with the NAME.elf files")
    ap.add_argument("--qemu", default="qemu-mipsel")
    ap.add_argument("--sim", help="kasane-sim; with --kernel, also compare against it")
    ap.add_argument("--kernel", help="the Kasane kernel ELF")
    ap.add_argument("--sim-arg", action="append", default=[],
                    help="an option for kasane-sim, e.g. --sim-arg=--set=sim.model=iss (repeatable)")
    ap.add_argument("--timeout", type=float, default=difftest.DEFAULT_TIMEOUT)
    ap.add_argument("names", nargs="*", help="tests to run (default: all)")
    opt = ap.parse_args()

    if err := difftest.check_executable(opt.qemu, "qemu"):
        print(f"run_tests: {err}", file=sys.stderr)
        return 1
    if opt.sim:
        if not opt.kernel:
            print("run_tests: --sim needs --kernel", file=sys.stderr)
            return 1
        if err := difftest.check_executable(opt.sim, "kasane-sim"):
            print(f"run_tests: {err}", file=sys.stderr)
            return 1

    names = opt.names or sorted(p.stem for p in Path(opt.source_dir).glob("*.c"))
    failed = skipped = 0
    for name in names:
        needs = read_markers(Path(opt.source_dir) / f"{name}.c").get("Needs")
        if needs:
            skipped += 1
            print(f"SKIP {name} (needs {needs})")
            continue
        problems = check_one(name, opt)
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print(f"    {p}")
        else:
            print(f"ok   {name}")
    print(f"{len(names) - failed - skipped} of {len(names)} passed"
          + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 77 if skipped == len(names) else 0


if __name__ == "__main__":
    sys.exit(main())
