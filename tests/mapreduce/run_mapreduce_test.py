#!/usr/bin/env python3
"""run_mapreduce_test.py - E7's workloads (workloads/mapreduce) at their small size on kasane-sim,
against their glibc build under qemu-mipsel; both get the small inputs as their files.

    run_mapreduce_test.py --sim KASANE_SIM --kernel KERNEL_ELF --dir BUILD/workloads/mapreduce
                          [--elf mapreduce.elf] [--sim-arg ARG]... [--timeout 120]
                          [--expect TEXT]... [--sim-only] ARGS...

kasane-sim runs DIR/ELF ARGS (mapreduce.elf, or mapreduce-kernel.elf: another thread backend) with an ext2 image of DIR/input-small as its disk; it must
end with status 0 and print what DIR/mapreduce-glibc.elf ARGS prints under qemu, which must end
with status 0 too (tests/target/difftest.py's runs and comparison). Each TEXT must be in the
output, so that a reference that went wrong the same way still fails. --sim-only: no qemu run
(corun spawns with kasane_spawn, which only Kasane has).
"""

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "target"))
import difftest  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sim", required=True)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--dir", required=True, help="the build's workloads/mapreduce directory")
    ap.add_argument("--elf", default="mapreduce.elf", help="the program in DIR kasane-sim runs")
    ap.add_argument("--qemu", default="qemu-mipsel")
    ap.add_argument("--sim-arg", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--expect", action="append", default=[], help="text the output must hold")
    ap.add_argument("--sim-only", action="store_true")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    opt = ap.parse_args()
    d = Path(opt.dir)
    files = str(d / "input-small")
    sim = difftest.run_sim(opt.sim, opt.kernel, str(d / opt.elf), opt.args, None,
                           opt.timeout, opt.sim_arg, files)
    sys.stdout.buffer.write(sim.stdout)
    problems = [sim.error] if sim.error else []
    if sim.status != 0:
        problems.append(f"kasane-sim status {sim.describe()}")
    problems += difftest.kernel_messages_on_stdout(sim)
    if not opt.sim_only:
        qemu = difftest.run_qemu(opt.qemu, str(d / "mapreduce-glibc.elf"), opt.args, None,
                                 opt.timeout, files)
        if qemu.status != 0:
            problems.append(f"glibc build under qemu: status {qemu.describe()}")
        problems += difftest.compare(qemu, sim)
    problems += [f"the output does not hold {t!r}" for t in opt.expect
                 if t.encode() not in sim.stdout]
    for p in problems:
        print(f"FAIL {' '.join(opt.args)}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
