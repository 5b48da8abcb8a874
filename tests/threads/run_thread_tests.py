#!/usr/bin/env python3
"""run_thread_tests.py - run the thread library tests (tests/threads/NAME.c) under kasane-sim.

    run_thread_tests.py --sim KASANE_SIM --kernel KERNEL_ELF --backend hw|conventional|kernel
                        [--build-dir DIR] [--source-dir SRC] [--sim-arg ARG]...
                        [--qemu qemu-mipsel] [--timeout 60] [NAME...]

SRC is tests/threads unless said (tests/posix uses this runner too). Each program is built once
per backend of the thread library (tests/threads/CMakeLists.txt):
DIR/BACKEND/NAME.elf. The header markers are tests/target's (run_tests.read_markers), with the
same meaning: "Expect: status N | signal SIGNAME", "Args:", "Stdin:", "Files: DIR" (a fresh
ext2 image of tests/threads/files/DIR as the disk), plus one of its own:
    Glibc: yes      the program is plain POSIX; DIR/glibc/NAME.elf is the same source linked
                    statically against glibc's pthreads. It runs under qemu-mipsel, and the
                    kasane-sim run must print the same stdout and end with the same status.
The kasane-sim run fails if its status is not the expected one, or if a kernel message (a line
starting "kasane: ") reaches stdout. The program's stdout is printed, so `ctest -V` shows it.
Exit status 0 when every test passed.
"""

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "target"))
import difftest  # noqa: E402
import run_tests  # noqa: E402


def check_one(name: str, opt) -> tuple[list[str], difftest.Result | None]:
    source = Path(opt.source_dir) / f"{name}.c"
    program = Path(opt.build_dir) / opt.backend / f"{name}.elf"
    if not source.is_file():
        return [f"{source} does not exist"], None
    if not program.is_file():
        return [f"{program} is not built"], None
    markers = run_tests.read_markers(source)
    for line in source.read_text().splitlines():
        if line.lstrip(" *").startswith("Glibc:"):
            markers["Glibc"] = line.split(":", 1)[1].strip().rstrip("*/ ").strip()
        if "*/" in line:
            break
    if "Expect" not in markers:
        return ["no 'Expect:' line in the header comment"], None
    want = run_tests.expected_status(markers["Expect"])
    args = markers.get("Args", "").split()
    src = Path(opt.source_dir)
    stdin = str(src / markers["Stdin"]) if "Stdin" in markers else None
    files = str(src / "files" / markers["Files"]) if "Files" in markers else None
    if files and not Path(files).is_dir():
        return [f"Files: {files} is not a directory"], None

    sim = difftest.run_sim(opt.sim, opt.kernel, str(program), args, stdin, opt.timeout,
                           opt.sim_arg, files)
    problems = []
    if sim.error:
        problems.append(sim.error)
    if sim.status != want:
        problems.append(f"kasane-sim status {sim.describe()}, expected {want}")
    problems.extend(difftest.kernel_messages_on_stdout(sim))
    if markers.get("Glibc") == "yes":
        glibc = Path(opt.build_dir) / "glibc" / f"{name}.elf"
        if not glibc.is_file():
            problems.append(f"{glibc} is not built")
        else:
            qemu = difftest.run_qemu(opt.qemu, str(glibc), args, stdin, opt.timeout)
            if qemu.status != want:
                problems.append(f"glibc build under qemu: status {qemu.describe()}, "
                                f"expected {want}")
            problems.extend(difftest.compare(qemu, sim))
    return problems, sim


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=str(HERE.parents[1] / "build/target/tests_threads"),
                    help="directory with BACKEND/NAME.elf and glibc/NAME.elf")
    ap.add_argument("--source-dir", default=str(HERE), help="directory with NAME.c")
    ap.add_argument("--backend", required=True, choices=["hw", "conventional", "kernel"])
    ap.add_argument("--sim", required=True, help="kasane-sim")
    ap.add_argument("--kernel", required=True, help="the Kasane kernel ELF")
    ap.add_argument("--sim-arg", action="append", default=[],
                    help="an option for kasane-sim, e.g. --sim-arg=--set=core.contexts=2")
    ap.add_argument("--qemu", default="qemu-mipsel")
    ap.add_argument("--timeout", type=float, default=difftest.DEFAULT_TIMEOUT)
    ap.add_argument("names", nargs="*", help="tests to run (default: all)")
    opt = ap.parse_args()

    if err := difftest.check_executable(opt.sim, "kasane-sim"):
        print(f"run_thread_tests: {err}", file=sys.stderr)
        return 1

    names = opt.names or sorted(p.stem for p in Path(opt.source_dir).glob("*.c"))
    return difftest.run_named(names, lambda name: check_one(name, opt))


if __name__ == "__main__":
    sys.exit(main())
