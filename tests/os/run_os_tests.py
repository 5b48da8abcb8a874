#!/usr/bin/env python3
"""run_os_tests.py - run the OS tests (tests/os/NAME.c) under kasane-sim and check their headers.

    run_os_tests.py --sim KASANE_SIM --kernel KERNEL_ELF [--source-dir SRC] [--build-dir DIR]
                    [--sim-arg ARG]... [--timeout 60] [NAME...]

These programs use what only the Kasane kernel has (kasane_spawn, TFORK, kernel notifications), so
unlike tests/target they run under kasane-sim only: there is no qemu run to compare stdout with,
and the exit status alone decides. The header markers are tests/target's, read by the same code
(run_tests.read_markers), with the same meaning:
    Expect: status N | signal SIGNAME   how the run must end
    Args: a b c                         program arguments
    Stdin: FILE                         relative to tests/os
    Files: DIR                          a fresh ext2 image of tests/os/files/DIR as the disk
                                        (--disk), built for each run; after the run e2fsck -fn
                                        must find the image clean (tools/ext2img.py extract)
    Stderr: TEXT                        a line of kasane-sim's stderr must contain TEXT, and no
                                        line of its stdout may (e.g. a kernel fault message)
    Set: KEY=VALUE ...                  config keys for this program's runs (--set), after
                                        the runner's own (e.g. a small memory.ram_size)
Every run also fails if a kernel message (a line starting "kasane: ") reaches stdout: the kernel
writes to the console's stderr, so stdout is the program's own. The program's stdout is printed,
so `ctest -V` shows what it measured. SRC holds the NAME.c sources (default: tests/os; the
Kasane-only programs of tests/shadow and tests/lazy are judged the same way) and DIR the NAME.elf
files (default: build/target/tests_os under the repository). Exit status 0 when every test passed.
"""

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "target"))
import difftest  # noqa: E402
import run_tests  # noqa: E402

# kasane-sim's own exit statuses (kasane-sim --help), named in a failure report as a hint.
SIM_STATUS = {70: "kernel panic", 71: "guest deadlock", 72: "sim.max_cycles reached: hung?",
              73: "pipeline reference check failed", 74: "console flood", 76: "exception storm"}


def check_one(name: str, opt) -> tuple[list[str], difftest.Result | None]:
    src = Path(opt.source_dir)
    source = src / f"{name}.c"
    program = Path(opt.build_dir) / f"{name}.elf"
    if not source.is_file():
        return [f"{source} does not exist"], None
    if not program.is_file():
        return [f"{program} is not built"], None
    markers = run_tests.read_markers(source)
    if "Expect" not in markers:
        return ["no 'Expect:' line in the header comment"], None
    want = run_tests.expected_status(markers["Expect"])
    args = markers.get("Args", "").split()
    stdin = str(src / markers["Stdin"]) if "Stdin" in markers else None
    files = str(src / "files" / markers["Files"]) if "Files" in markers else None
    if files and not Path(files).is_dir():
        return [f"Files: {files} is not a directory"], None

    sim_args = opt.sim_arg + [f"--set={kv}" for kv in markers.get("Set", "").split()]
    sim = difftest.run_sim(opt.sim, opt.kernel, str(program), args, stdin, opt.timeout,
                           sim_args, files)
    problems = []
    if sim.error:
        problems.append(sim.error)
    if sim.status != want:
        hint = f" ({SIM_STATUS[sim.status]})" if sim.status in SIM_STATUS else ""
        problems.append(f"kasane-sim status {sim.describe()}{hint}, expected {want}")
    stdout = sim.stdout.decode("utf-8", "backslashreplace").splitlines()
    stderr = sim.stderr.decode("utf-8", "backslashreplace").splitlines()
    problems.extend(difftest.kernel_messages_on_stdout(sim))
    if "Stderr" in markers:
        text = markers["Stderr"]
        if not any(text in line for line in stderr):
            problems.append(f"no line of stderr contains {text!r}")
        if any(text in line for line in stdout):
            problems.append(f"stdout contains {text!r}: it belongs on stderr")
    return problems, sim


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", default=str(HERE), help="directory with the NAME.c files")
    ap.add_argument("--build-dir", default=str(HERE.parents[1] / "build/target/tests_os"),
                    help="directory with the NAME.elf files")
    ap.add_argument("--sim", required=True, help="kasane-sim")
    ap.add_argument("--kernel", required=True, help="the Kasane kernel ELF")
    ap.add_argument("--sim-arg", action="append", default=[],
                    help="a kasane-sim option, e.g. --sim-arg=--set=sim.model=iss (repeatable)")
    ap.add_argument("--timeout", type=float, default=difftest.DEFAULT_TIMEOUT)
    ap.add_argument("names", nargs="*", help="tests to run (default: all)")
    opt = ap.parse_args()

    if err := difftest.check_executable(opt.sim, "kasane-sim"):
        print(f"run_os_tests: {err}", file=sys.stderr)
        return 1

    names = opt.names or sorted(p.stem for p in Path(opt.source_dir).glob("*.c"))
    return difftest.run_named(names, lambda name: check_one(name, opt))


if __name__ == "__main__":
    sys.exit(main())
