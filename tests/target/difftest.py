#!/usr/bin/env python3
"""difftest.py - run one target program under qemu-mipsel and kasane-sim and compare them.

    difftest.py --sim KASANE_SIM --kernel KERNEL_ELF [--qemu qemu-mipsel] [--stdin FILE]
                [--files DIR] [--timeout 60] PROGRAM.elf [ARGS...]
    difftest.py --qemu-only [--qemu qemu-mipsel] [--stdin FILE] [--files DIR] PROGRAM.elf [ARGS...]

The program runs as `qemu-mipsel PROGRAM.elf ARGS...` and as
`KASANE_SIM KERNEL_ELF PROGRAM.elf ARGS...`, each with stdin from FILE (default /dev/null) and a
timeout. The test passes (exit 0) only if both produce the same stdout bytes and the same exit
status; stderr is not compared. On a mismatch both statuses and a unified diff of stdout are
printed. --qemu-only runs just qemu and prints the program's stdout and status.

With --files DIR the program gets the tree of DIR, and may change it: under qemu it runs in a
scratch copy of DIR, under kasane-sim with a fresh ext2 image of DIR (tools/ext2img.py mkfs) as
its disk (--disk), whose root is its working directory. Each run has its own copy, so nothing
leaks into DIR or between runs. Afterwards the trees are compared too: the copy's against the
image's (tools/ext2img.py extract, which first requires e2fsck -fn to find the image clean):
every regular file's bytes, every directory and every symbolic link's target. A link in DIR to
an absolute path (bin/busybox -> /bin/busybox: a host program the disk must hold) is copied as
the file it names, in both runs, since mke2fs would keep it a link the disk cannot follow.

Statuses are compared in the shell's form: a normal exit gives its code, a death by signal N
gives 128 + N, with N in MIPS Linux numbering (SIGBUS = 10, not x86's 7), which is how
kasane-sim reports such deaths. qemu-user re-raises a guest's fatal signal as the *host* signal
of the same name, so the host number is translated back by name.
"""

import argparse
import difflib
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# Linux MIPS signal numbers (arch/mips/include/uapi/asm/signal.h).
MIPS_SIGNALS = {
    "SIGHUP": 1, "SIGINT": 2, "SIGQUIT": 3, "SIGILL": 4, "SIGTRAP": 5, "SIGABRT": 6,
    "SIGEMT": 7, "SIGFPE": 8, "SIGKILL": 9, "SIGBUS": 10, "SIGSEGV": 11, "SIGSYS": 12,
    "SIGPIPE": 13, "SIGALRM": 14, "SIGTERM": 15, "SIGUSR1": 16, "SIGUSR2": 17, "SIGCHLD": 18,
    "SIGPWR": 19, "SIGWINCH": 20, "SIGURG": 21, "SIGIO": 22, "SIGSTOP": 23, "SIGTSTP": 24,
    "SIGCONT": 25, "SIGTTIN": 26, "SIGTTOU": 27, "SIGVTALRM": 28, "SIGPROF": 29,
    "SIGXCPU": 30, "SIGXFSZ": 31,
}
DEFAULT_TIMEOUT = 60.0
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import ext2img  # noqa: E402


@dataclass
class Result:
    stdout: bytes
    status: int | None  # None: killed by the timeout, or could not be started
    stderr: bytes
    error: str | None = None  # why it could not be started
    files: dict[str, bytes | str] | None = None  # with --files: the tree the run left (snapshot)

    def describe(self) -> str:
        if self.error:
            return f"could not run ({self.error})"
        if self.status is None:
            return "timeout"
        if self.status > 128:
            names = [n for n, v in MIPS_SIGNALS.items() if v == self.status - 128]
            if names:
                return f"{self.status} ({names[0]})"
        return str(self.status)


def host_status_to_mips(returncode: int) -> int:
    """Python's returncode (-N for a host signal N) as a shell status in MIPS numbering."""
    if returncode >= 0:
        return returncode
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        return 128 - returncode
    return 128 + MIPS_SIGNALS.get(name, -returncode)


def _no_core_dumps() -> None:
    # qemu "dumps core" for a guest killed by a signal; do not litter the working directory.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run(cmd: list[str], stdin_path: str | None, timeout: float, cwd: str | None = None) -> Result:
    with open(stdin_path or os.devnull, "rb") as stdin:
        try:
            p = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=timeout, cwd=cwd,
                               preexec_fn=_no_core_dumps)
        except subprocess.TimeoutExpired as e:
            return Result(e.stdout or b"", None, e.stderr or b"")
        except OSError as e:  # e.g. the binary is being rebuilt right now
            return Result(b"", None, b"", f"{cmd[0]}: {e.strerror}")
    return Result(p.stdout, host_status_to_mips(p.returncode), p.stderr)


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Relative path -> what is there, for folder's whole tree: a regular file's bytes, "<dir>"
    for a directory, "-> TARGET" for a symbolic link (other kinds of file: "<other>")."""
    tree = {}
    for root, dirs, names in os.walk(folder):
        for n in dirs + names:
            p = Path(root) / n
            rel = str(p.relative_to(folder))
            if p.is_symlink():
                tree[rel] = "-> " + os.readlink(p)
            elif p.is_dir():
                tree[rel] = "<dir>"
            elif p.is_file():
                tree[rel] = p.read_bytes()
            else:
                tree[rel] = "<other>"
    return dict(sorted(tree.items()))


def stage(files: str | Path, work: Path) -> None:
    """Copy the tree of files to work, links as links except those to an absolute path, which
    become copies of what they name (see the module's comment)."""
    shutil.copytree(files, work, symlinks=True)
    for root, dirs, names in os.walk(work):
        for n in dirs + names:
            p = Path(root) / n
            if p.is_symlink() and os.readlink(p).startswith("/"):
                target = Path(os.readlink(p))
                p.unlink()
                shutil.copy2(target, p)


def run_qemu(qemu: str, program: str, args: list[str], stdin_path: str | None = None,
             timeout: float = DEFAULT_TIMEOUT, files: str | None = None) -> Result:
    if files is None:
        return run([qemu, program, *args], stdin_path, timeout)
    with tempfile.TemporaryDirectory(prefix="kasane-qemu-") as tmp:
        work = Path(tmp) / "files"
        stage(files, work)
        result = run([qemu, os.path.abspath(program), *args], stdin_path, timeout, cwd=str(work))
        result.files = snapshot(work)
    return result


def run_sim(sim: str, kernel: str, program: str, args: list[str],
            stdin_path: str | None = None, timeout: float = DEFAULT_TIMEOUT,
            sim_args: list[str] | None = None, files: str | None = None) -> Result:
    # kasane-sim already reports a death by signal N as exit status 128 + N (MIPS numbering);
    # if kasane-sim itself is killed, the host number is translated like qemu's.
    if files is None:
        return run([sim, *(sim_args or []), kernel, program, *args], stdin_path, timeout)
    with tempfile.TemporaryDirectory(prefix="kasane-sim-") as tmp:
        image, out, tree = Path(tmp) / "disk.img", Path(tmp) / "files", Path(tmp) / "tree"
        try:
            stage(files, tree)
            ext2img.mkfs(image, tree)
        except (ext2img.Ext2Error, OSError) as e:
            return Result(b"", None, b"", f"cannot build the disk image: {e}")
        result = run([sim, *(sim_args or []), "--disk", str(image), kernel, program, *args],
                     stdin_path, timeout)
        try:
            ext2img.extract(image, out)
            result.files = snapshot(out)
        except ext2img.Ext2Error as e:
            result.error = result.error or f"the disk image after the run: {e}"
    return result


def check_executable(path: str, what: str) -> str | None:
    """An error message if path is not an executable file (or a command on PATH)."""
    if os.sep not in path:
        from shutil import which
        if which(path):
            return None
        return f"{what} '{path}' not found on PATH"
    if not os.path.isfile(path):
        return f"{what} '{path}' does not exist (is it built yet?)"
    if not os.access(path, os.X_OK):
        return f"{what} '{path}' is not executable"
    return None


KERNEL_MESSAGE = "kasane: "  # how the Kasane kernel's console lines begin


def kernel_messages_on_stdout(sim: Result) -> list[str]:
    """A problem per kernel message on the program's stdout: the kernel writes to stderr."""
    return [f"a kernel message on stdout: {line!r}"
            for line in sim.stdout.decode("utf-8", "backslashreplace").splitlines()
            if line.startswith(KERNEL_MESSAGE)]


def run_named(names: list[str], check_one) -> int:
    """Run check_one(name) -> (problems, sim result or None) for each name: print the program's
    stdout (so `ctest -V` shows what it measured), then ok or FAIL with the problems, the host
    seconds and the tail of kasane-sim's stderr. Exit status: 1 if any failed."""
    failed = 0
    for name in names:
        start = time.monotonic()
        problems, sim = check_one(name)
        took = time.monotonic() - start
        if sim is not None:
            sys.stdout.write(sim.stdout.decode("utf-8", "backslashreplace"))
        if not problems:
            print(f"ok   {name} ({took:.1f} s)")
            continue
        failed += 1
        print(f"FAIL {name} ({took:.1f} s)")
        for p in problems:
            print(f"    {p}")
        if sim is not None and sim.stderr:
            print("    stderr (last lines):")
            for line in sim.stderr.decode("utf-8", "backslashreplace").splitlines()[-10:]:
                print(f"      {line}")
    print(f"{len(names) - failed} of {len(names)} passed")
    return 1 if failed else 0


def _describe_file(data: bytes | str | None) -> str:
    if data is None:
        return "missing"
    return data if isinstance(data, str) else f"{len(data)} bytes"


def compare(qemu: Result, sim: Result) -> list[str]:
    """Report lines describing the differences; empty when the runs agree."""
    report = []
    if qemu.status is None or sim.status is None or qemu.status != sim.status:
        report.append(f"exit status differs: qemu {qemu.describe()}, kasane-sim {sim.describe()}")
    if qemu.stdout != sim.stdout:
        a = qemu.stdout.decode("utf-8", "backslashreplace").splitlines(keepends=True)
        b = sim.stdout.decode("utf-8", "backslashreplace").splitlines(keepends=True)
        report.append("stdout differs:")
        report.extend(line.rstrip("\n") for line in
                      difflib.unified_diff(a, b, "qemu-mipsel", "kasane-sim"))
    if qemu.files is not None and sim.files != qemu.files:
        if sim.files is None:
            report.append(f"files: {sim.error}")
        else:
            for name in sorted(set(qemu.files) | set(sim.files)):
                a, b = qemu.files.get(name), sim.files.get(name)
                if a != b:
                    report.append(f"file {name} differs: qemu {_describe_file(a)}, "
                                  f"kasane-sim {_describe_file(b)}")
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim", help="path to kasane-sim")
    ap.add_argument("--kernel", help="the Kasane kernel ELF that kasane-sim boots")
    ap.add_argument("--qemu", default="qemu-mipsel", help="qemu user-mode emulator")
    ap.add_argument("--stdin", help="file to feed as stdin (default /dev/null)")
    ap.add_argument("--files", help="a folder of files the program runs with (see above)")
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                    help="seconds allowed for each run (default 60)")
    ap.add_argument("--qemu-only", action="store_true",
                    help="only run under qemu and print stdout and status")
    ap.add_argument("program", help="the program (.elf)")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the program")
    opt = ap.parse_args()

    if not os.path.isfile(opt.program):
        print(f"difftest: program '{opt.program}' does not exist", file=sys.stderr)
        return 1
    if opt.stdin and not os.path.isfile(opt.stdin):
        print(f"difftest: stdin file '{opt.stdin}' does not exist", file=sys.stderr)
        return 1
    if opt.files and not os.path.isdir(opt.files):
        print(f"difftest: files folder '{opt.files}' does not exist", file=sys.stderr)
        return 1
    if err := check_executable(opt.qemu, "qemu"):
        print(f"difftest: {err}", file=sys.stderr)
        return 1

    if opt.qemu_only:
        q = run_qemu(opt.qemu, opt.program, opt.args, opt.stdin, opt.timeout, opt.files)
        sys.stdout.buffer.write(q.stdout)
        sys.stdout.flush()
        print(f"[qemu-mipsel status: {q.describe()}]")
        return 0 if q.status is not None else 1

    if not opt.sim or not opt.kernel:
        print("difftest: --sim and --kernel are required (or use --qemu-only)", file=sys.stderr)
        return 1
    if err := check_executable(opt.sim, "kasane-sim"):
        print(f"difftest: {err}; use --qemu-only to run without it", file=sys.stderr)
        return 1
    if not os.path.isfile(opt.kernel):
        print(f"difftest: kernel '{opt.kernel}' does not exist", file=sys.stderr)
        return 1

    q = run_qemu(opt.qemu, opt.program, opt.args, opt.stdin, opt.timeout, opt.files)
    s = run_sim(opt.sim, opt.kernel, opt.program, opt.args, opt.stdin, opt.timeout,
                files=opt.files)
    report = compare(q, s)
    name = os.path.basename(opt.program)
    if report:
        print(f"FAIL {name}")
        print("\n".join(report))
        return 1
    print(f"ok {name} (status {q.describe()}, {len(q.stdout)} bytes of stdout)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
