#!/usr/bin/env python3
"""run_busybox_tests.py - run shell scripts with Debian's BusyBox on kasane-sim and on qemu-mipsel.

    run_busybox_tests.py --sim KASANE_SIM --kernel KERNEL_ELF [--busybox /bin/busybox]
                         [--qemu qemu-mipsel] [--sim-arg ARG]... [--timeout 120] [NAME...]

Each tests/busybox/NAME.sh is run as `busybox sh NAME.sh` with busybox-static:mipsel, the real
binary (scripts/install-deps.sh installs it), in a folder holding the script and the files of
tests/busybox/files: under qemu-mipsel in a scratch copy of that folder, under kasane-sim with a
fresh disk image of it (difftest.py's --files). Both runs must print the same stdout, end with
the same status and that status must be the script's `# Expect: status N`; the files the script
leaves must match too, read from the image only after e2fsck -fn finds it clean
(tools/ext2img.py check). stderr is not compared.

BusyBox runs an applet in a child by exec of /proc/self/exe. qemu-user cannot exec a MIPS program
(no binfmt_misc here), so under qemu the children find each applet on PATH instead: a folder of
one-line wrappers, `exec qemu-mipsel -0 NAME busybox "$@"`, made for the run. Under kasane-sim
the kernel execs the program itself. A script whose header says `# Needs: WHAT` uses something
the kernel does not have yet; it is reported SKIP (exit 77 when every named test is skipped) and
is not run. Exit status 0 when every test run passed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "target"))
import difftest  # noqa: E402

HEADER = re.compile(r"^#\s*(Expect|Needs):\s*(.*?)\s*$")


def header(script: Path) -> dict[str, str]:
    found = {}
    for line in script.read_text().splitlines():
        if not line.startswith("#"):
            break
        m = HEADER.match(line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def make_wrappers(folder: Path, qemu: str, busybox: str) -> None:
    """A host wrapper per applet: what `busybox NAME` under qemu would be."""
    names = subprocess.run([qemu, busybox, "--list"], capture_output=True, text=True,
                           check=True).stdout.split()
    for name in names:
        w = folder / name
        w.write_text(f'#!/bin/sh\nexec {qemu} -0 {name} {busybox} "$@"\n')
        w.chmod(0o755)


def run_qemu(qemu: str, busybox: str, wrappers: Path, work: Path, script: str,
             timeout: float) -> difftest.Result:
    with tempfile.TemporaryDirectory(prefix="kasane-bb-qemu-") as tmp:
        copy = Path(tmp) / "files"
        shutil.copytree(work, copy)
        env = {"PATH": str(wrappers), "HOME": "/", "LC_ALL": "C"}
        try:
            p = subprocess.run([qemu, busybox, "sh", script], cwd=copy, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
            result = difftest.Result(p.stdout, difftest.host_status_to_mips(p.returncode),
                                     p.stderr)
        except subprocess.TimeoutExpired as e:
            result = difftest.Result(e.stdout or b"", None, e.stderr or b"")
        result.files = difftest.snapshot(copy)
    return result


def check_one(name: str, opt, wrappers: Path) -> tuple[list[str] | None, difftest.Result | None]:
    script = HERE / f"{name}.sh"
    marks = header(script)
    if "Needs" in marks:
        return None, None
    if "Expect" not in marks or not marks["Expect"].startswith("status "):
        return ["no '# Expect: status N' line in the header"], None
    want = int(marks["Expect"].split()[1])
    with tempfile.TemporaryDirectory(prefix="kasane-bb-") as tmp:
        work = Path(tmp) / "work"
        if (HERE / "files").is_dir():
            shutil.copytree(HERE / "files", work)
        else:
            work.mkdir()
        shutil.copy(script, work / script.name)
        q = run_qemu(opt.qemu, opt.busybox, wrappers, work, script.name, opt.timeout)
        s = difftest.run_sim(opt.sim, opt.kernel, opt.busybox, ["sh", script.name], None,
                             opt.timeout, opt.sim_arg, str(work))
    problems = []
    if q.status != want:
        problems.append(f"qemu status {q.describe()}, expected {want}")
    problems.extend(difftest.compare(q, s))
    problems.extend(difftest.kernel_messages_on_stdout(s))
    return problems, s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sim", required=True)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--busybox", default="/bin/busybox")
    ap.add_argument("--qemu", default="qemu-mipsel")
    ap.add_argument("--sim-arg", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("names", nargs="*")
    opt = ap.parse_args()
    for what, path in (("qemu", opt.qemu), ("kasane-sim", opt.sim)):
        if err := difftest.check_executable(path, what):
            print(f"run_busybox_tests: {err}", file=sys.stderr)
            return 1
    opt.qemu = shutil.which(opt.qemu) or opt.qemu
    if not Path(opt.busybox).is_file():
        print(f"run_busybox_tests: {opt.busybox} is missing: run scripts/install-deps.sh "
              "(busybox-static:mipsel)", file=sys.stderr)
        return 1
    names = opt.names or sorted(p.stem for p in HERE.glob("*.sh"))
    skipped = failed = 0
    with tempfile.TemporaryDirectory(prefix="kasane-bb-wrap-") as wrap:
        make_wrappers(Path(wrap), opt.qemu, opt.busybox)
        for name in names:
            problems, sim = check_one(name, opt, Path(wrap))
            if problems is None:
                skipped += 1
                print(f"SKIP {name} (needs {header(HERE / f'{name}.sh')['Needs']})")
                continue
            if not problems:
                print(f"ok   {name}")
                continue
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print(f"    {p}")
            if sim is not None and sim.stderr:
                for line in sim.stderr.decode("utf-8", "backslashreplace").splitlines()[-8:]:
                    print(f"      stderr: {line}")
    ran = len(names) - skipped
    print(f"{ran - failed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    if failed:
        return 1
    return 77 if ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
