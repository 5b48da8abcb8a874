#!/usr/bin/env python3
"""A checkpoint against the run that did not stop: one program, four runs.

Runs PROGRAM (under the Kasane kernel, or as the kernel with --bare) on the ISS from the start to
its end; again up to --at (roi or a cycle), where it saves a checkpoint; then restored from that
checkpoint on the ISS and on the pipeline. Prints the checkpoint's cycle, size and RAM pages, and a
Markdown table of each run's exit status, cycles, instructions retired in total and whether its
console output (after the checkpoint run's) is the straight run's. With --files DIR the disk is an
ext2 image of that folder (tools/ext2img.py, every file's time fixed): fresh for the straight run
and the checkpoint run, and for each restored run a copy of the disk as the checkpoint run left it.

    python3 scripts/checkpoint.py [--set K=V]... [--at roi|CYCLE] [--files DIR] [--bare]
                                  PROGRAM [ARGS...]
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("KASANE_BUILD", ROOT / "build"))
SIM = BUILD / "sim" / "kasane-sim"
KERNEL = BUILD / "target" / "os" / "kernel.elf"
FILE_TIME = 1700000000  # every file's time on the disk: ext2img.py's creation time


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--at", default="roi")
    ap.add_argument("--files", help="a folder to put on the disk")
    ap.add_argument("--bare", action="store_true", help="PROGRAM is the kernel")
    ap.add_argument("program")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    opt = ap.parse_args()
    program = pathlib.Path(opt.program).resolve()  # the runs happen in a scratch folder
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        ckpt = pathlib.Path("run.ckpt")
        disk = pathlib.Path("disk.img")
        if opt.files:
            # The files' times go into the image and so into RAM and the checkpoint's size: a
            # copy with one fixed time keeps the figures the same whenever the folder was made.
            files = tmp / "files"
            shutil.copytree(opt.files, files)
            for p in [files, *files.rglob("*")]:
                os.utime(p, (FILE_TIME, FILE_TIME), follow_symlinks=False)
            subprocess.run([sys.executable, ROOT / "tools" / "ext2img.py", "mkfs", tmp / "fresh.img",
                            files], check=True)

        # The kernel and the program run under fixed names in the scratch folder: their paths
        # reach the guest's memory (argv) and the checkpoint's config, and so its compressed size,
        # which must not depend on where the checkout lives.
        kernel = pathlib.Path("kernel.elf")
        shutil.copy(KERNEL, tmp / kernel)
        prog = pathlib.Path(program.name)
        shutil.copy(program, tmp / prog)

        def run(n, model, extra):
            stats = tmp / f"s{n}.json"
            cmd = [SIM, "--stats", stats.name, "--set", f"sim.model={model}"]
            for kv in opt.set:
                cmd += ["--set", kv]
            if opt.files:  # a restored run goes on with the disk as the checkpoint run left it
                shutil.copy(tmp / ("fresh.img" if n < 2 else "at-checkpoint.img"), tmp / disk)
                cmd += ["--disk", disk]
            cmd += extra + ([] if opt.bare else [kernel]) + [prog] + opt.args
            # From inside tmp with relative names: the config in the checkpoint names the disk,
            # and the same name each time keeps the file's size the same from run to run.
            proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=tmp)
            if not stats.exists():
                sys.exit(f"checkpoint.py: {' '.join(map(str, cmd))}: {proc.stderr}")
            return proc, json.loads(stats.read_text())

        straight = run(0, "iss", [])
        taken = run(1, "iss", ["--checkpoint-at", opt.at, ckpt])
        if taken[0].returncode != 0:
            sys.exit(f"checkpoint.py: no checkpoint: {taken[0].stderr}")
        if opt.files:
            shutil.copy(tmp / disk, tmp / "at-checkpoint.img")
        ck = taken[1]["checkpoint"]
        flight = ", a disk request in flight" if ck["disk_request_in_flight"] else ""
        print(f"Checkpoint at cycle {ck['cycle']:,}: {ck['bytes']:,} bytes for "
              f"{ck['ram_pages']:,} non-zero RAM pages of 4 KiB{flight}.\n")
        print("| run | exit status | cycles | retired | console as straight |")
        print("|---|---:|---:|---:|---|")
        rows = [("straight, ISS", straight), ("up to the checkpoint, ISS", taken),
                ("restored, ISS", run(2, "iss", ["--restore", ckpt])),
                ("restored, pipeline", run(3, "pipeline", ["--restore", ckpt]))]
        for name, (proc, s) in rows:
            # A restored run prints what comes after what the run up to the checkpoint printed.
            printed = proc.stdout if s is straight[1] else taken[0].stdout + proc.stdout
            same = "-" if s is taken[1] else ("yes" if printed == straight[0].stdout else "no")
            status = "-" if s is taken[1] else proc.returncode
            print(f"| {name} | {status} | {s['cycles']:,} | {s['retired']:,} | {same} |")


if __name__ == "__main__":
    main()
