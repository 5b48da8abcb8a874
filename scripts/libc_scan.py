#!/usr/bin/env python3
"""libc_scan.py - the C library functions programs call that the runtime does not define.

    libc_scan.py [--build DIR] [--check] [-v] [SOURCE.c ...]

Compiles each source with the cross compiler as its author would build it for Linux
(`mipsel-linux-gnu-gcc -c -O2 -D_GNU_SOURCE`, against Debian's glibc headers), collects the
object's undefined symbols (`mipsel-linux-gnu-nm -u`) and lists, sorted, those that no archive of
the runtime (DIR/target/runtime/libkasane_*.a, DIR default build) defines: the link errors a
program would meet if it were built with kasane-cc instead. -O2 because that is how programs are
built, and because it is then that gcc turns sin(x) and cos(x) into one sincos call.

Without sources it scans the default set: the project's programs written to a real C library
(tests/glibc/*.c), the POSIX conformance programs (tests/posix/*.c) and the workloads
(workloads/**/*.c but workloads/bare/, which runs without an operating system or a C library).
A function another scanned source defines (a workload's other file) is not counted. A workload that uses Kasane's own headers (<kasane/...>, <shadow.h>,
<lazy.h>) does not compile against glibc's; it is compiled against the runtime's headers instead,
as it is built.

Not counted, because no program names them and the runtime has no need of them:
  - libgcc's helpers (__divdi3, __udivmoddi4, ...): every program links libgcc, kasane-cc too;
  - _gp_disp and __gnu_local_gp: the linker's, for the abicalls code gcc emits by default;
  - the names glibc's headers put in place of a standard function (GLIBC_NAMES below): the
    runtime's headers declare the standard one, which is what is looked up.
  - the large-file names glibc's headers use under _FILE_OFFSET_BITS=64 (stat64, open64,
    readdir64, ...): the runtime's headers ignore that macro (off_t stays 32 bits, as glibc's on
    o32 without it), so such a program calls stat, open, readdir; the scan looks for those.

--check exits 1 if anything is listed that NOT_PROVIDED does not name (the ctest
`runtime/libc-scan`), and names it.
Exit status: 0, 1 (--check found a missing function), 65 (a source did not compile either way),
64 (usage).
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CC = "mipsel-linux-gnu-gcc"
NM = "mipsel-linux-gnu-nm"
DEFAULT_SETS = ["tests/glibc/*.c", "tests/posix/*.c", "workloads/**/*.c"]
NOT_SCANNED = "workloads/bare/"  # bare metal: no C library

# glibc's header names for standard functions: with the runtime's headers a program calls the
# standard name, which is what is looked up.
GLIBC_NAMES = {
    "__isoc99_scanf": "scanf", "__isoc99_sscanf": "sscanf", "__isoc99_fscanf": "fscanf",
    "__isoc99_vscanf": "vscanf", "__isoc99_vsscanf": "vsscanf", "__isoc99_vfscanf": "vfscanf",
    "__sysconf": "sysconf",  # glibc's PTHREAD_STACK_MIN
}
# Names glibc's header macros call that the runtime's headers do without or replace with their
# own helper: not counted.
GLIBC_MACRO_HELPERS = {
    "__assert_fail",  # assert()
    "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc",  # <ctype.h>
    "__sigsetjmp",  # setjmp()
    "__errno_location",  # errno (the runtime has it too)
    "__pthread_register_cancel", "__pthread_unregister_cancel",
    "__pthread_unwind_next",  # pthread_cleanup_push/pop
    "__stack_chk_fail", "__stack_chk_guard",  # -fstack-protector, not a libc call
}

# The functions whose name glibc suffixes with 64 under _FILE_OFFSET_BITS=64.
LFS_NAMES = {"open", "openat", "creat", "stat", "lstat", "fstat", "fstatat", "readdir", "lseek",
             "truncate", "ftruncate", "pread", "pwrite", "statfs", "fstatfs", "mkstemp",
             "mkostemp", "fopen", "freopen", "fseeko", "ftello", "getrlimit", "setrlimit",
             "prlimit", "scandir", "alphasort", "glob", "globfree", "tmpfile", "ftw", "nftw",
             "sendfile", "fallocate", "posix_fallocate", "posix_fadvise", "lockf", "mmap"}

# What the runtime deliberately does not provide, each with its reason. Keep it short: anything
# a program in the default set calls belongs in the runtime unless there is a reason here.
NOT_PROVIDED = {
    # empty: the default set calls nothing the runtime lacks
}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def libgcc_symbols():
    path = run([CC, "-print-libgcc-file-name"]).stdout.strip()
    return defined_in([path]) if path else set()


def defined_in(archives):
    out = run([NM, "--defined-only", "-g", *archives]).stdout
    return {line.split()[-1] for line in out.splitlines() if len(line.split()) == 3}


def runtime_flags(build):
    gcc_include = run([CC, "-print-file-name=include"]).stdout.strip()
    return ["-ffreestanding", "-mno-abicalls", "-fno-pic", "-nostdinc", "-isystem", os.path.join(ROOT, "runtime/include"),
            "-isystem", gcc_include, "-I", os.path.join(build, "gen"),
            "-I", os.path.join(ROOT, "include")]


def undefined(source, build, verbose):
    """The undefined symbols of source's object, compiled against glibc's headers, or the
    runtime's if that fails; None if neither compiles."""
    base = [CC, "-c", "-O2", "-march=mips32r2", "-D_GNU_SOURCE", "-w",
            "-I", os.path.dirname(source), "-I", os.path.join(ROOT, "tests/target")]
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "a.o")
        for label, extra in (("glibc", []), ("runtime", runtime_flags(build))):
            r = run(base + extra + ["-o", obj, source])
            if r.returncode == 0:
                if verbose:
                    print(f"libc_scan: {os.path.relpath(source, ROOT)}: {label} headers",
                          file=sys.stderr)
                out = run([NM, "-u", obj]).stdout
                own = run([NM, "--defined-only", "-g", obj]).stdout
                return ({line.split()[-1] for line in out.splitlines() if line.strip()},
                        {line.split()[-1] for line in own.splitlines() if line.strip()})
        print(f"libc_scan: {source}: does not compile against glibc's headers nor the "
              f"runtime's:\n{r.stderr.strip()}", file=sys.stderr)
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sources", nargs="*")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true", help="say who calls each function")
    args = ap.parse_args()
    archives = sorted(glob.glob(os.path.join(args.build, "target/runtime/libkasane_*.a")))
    if not archives:
        print(f"libc_scan: no runtime archives in {args.build}/target/runtime: build first "
              "(scripts/build.sh)", file=sys.stderr)
        return 64
    sources = args.sources or sorted(
        p for pat in DEFAULT_SETS for p in glob.glob(os.path.join(ROOT, pat), recursive=True)
        if not os.path.relpath(p, ROOT).startswith(NOT_SCANNED))
    defined = defined_in(archives)
    ignored = libgcc_symbols() | {"_gp_disp", "__gnu_local_gp"}
    missing = {}  # name -> [sources]
    failed = False
    scanned = []
    for src in sources:
        syms = undefined(src, args.build, args.verbose)
        if syms is None:
            failed = True
            continue
        scanned.append((src, syms[0]))
        ignored |= syms[1]  # another program's own function, e.g. a workload's grep_main
    for src, syms in scanned:
        for s in syms - ignored - GLIBC_MACRO_HELPERS:
            name = GLIBC_NAMES.get(s, s)
            if name.endswith("64") and name[:-2] in LFS_NAMES:
                name = name[:-2]
            if name not in defined:
                missing.setdefault(name, []).append(os.path.relpath(src, ROOT))
    for name in sorted(missing):
        note = " (not provided: " + NOT_PROVIDED[name] + ")" if name in NOT_PROVIDED else ""
        users = ": " + " ".join(missing[name]) if args.verbose else ""
        print(name + note + users)
    if failed:
        return 65
    if args.check:
        unexpected = sorted(set(missing) - set(NOT_PROVIDED))
        if unexpected:
            print(f"libc_scan: the runtime lacks {len(unexpected)} function(s) programs call: "
                  + " ".join(unexpected), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
