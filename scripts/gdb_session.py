#!/usr/bin/env python3
"""gdb_session: one scripted gdb-multiarch session against kasane-sim's GDB stub, in one command.

    scripts/gdb_session.py [--sim SIM] --symbols ELF [-x CMD]... -- [kasane-sim arguments]

Starts kasane-sim with `--gdb 0` (any free port on 127.0.0.1) and the arguments after `--`, then
runs `gdb-multiarch -batch` with ELF's symbols, connected to it, and the commands given with -x
in order. Prints GDB's output, then the program's console output, and exits with the simulator's
status. This is what the tutorial's debugging chapter runs; by hand, start kasane-sim with
`--gdb PORT` in one terminal and `gdb-multiarch ELF -ex 'target remote 127.0.0.1:PORT'` in
another."""
import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--sim", type=Path, default=ROOT / "build" / "sim" / "kasane-sim")
    ap.add_argument("--symbols", type=Path, required=True, help="the ELF file GDB reads")
    ap.add_argument("-x", dest="commands", action="append", default=[], metavar="CMD",
                    help="a GDB command (repeatable, run in order)")
    ap.add_argument("sim_args", nargs=argparse.REMAINDER, help="-- and kasane-sim's arguments")
    opt = ap.parse_args()
    args = opt.sim_args[1:] if opt.sim_args[:1] == ["--"] else opt.sim_args
    gdb = shutil.which("gdb-multiarch")
    if gdb is None:
        sys.exit("gdb_session: gdb-multiarch is not installed (scripts/install-deps.sh)")

    sim = subprocess.Popen([str(opt.sim), "--gdb", "0", *args], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    line = sim.stderr.readline()
    m = re.search(r"waiting for GDB on 127\.0\.0\.1:(\d+)", line)
    if not m:
        sim.kill()
        sys.exit(f"gdb_session: kasane-sim did not wait for GDB: {line}{sim.stderr.read()}")
    argv = [gdb, "-batch", "-nx", "-ex", "set pagination off", "-ex", "set confirm off",
            "-ex", f"file {opt.symbols}", "-ex", f"target remote 127.0.0.1:{m.group(1)}"]
    for c in opt.commands:
        argv += ["-ex", c]
    session = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=300)
    out, err = sim.communicate(timeout=300)
    sys.stdout.write(session.stdout)
    sys.stdout.write(out)
    sys.stderr.write(err)
    return sim.returncode


if __name__ == "__main__":
    sys.exit(main())
