#!/usr/bin/env python3
"""The default job: run the demo workloads on the default machine (configs/machines/default.toml)
under the Kasane kernel and print a table of what each did, read from its stats.json."""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SIM = BUILD / "sim" / "kasane-sim"
KERNEL = BUILD / "target" / "os" / "kernel.elf"
CONFIG = ROOT / "configs" / "machines" / "default.toml"
JOBS = [("hello", []), ("fib", ["25"])]


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in JOBS:
            stats = pathlib.Path(tmp) / f"{name}.json"
            prog = BUILD / "target" / "workloads" / f"{name}.elf"
            cmd = [str(SIM), "--config", str(CONFIG), "--stats", str(stats), str(KERNEL),
                   str(prog), *args]
            print("$", " ".join(str(pathlib.Path(c).relative_to(ROOT)) if c.startswith(str(ROOT)) else c
                                for c in cmd))
            proc = subprocess.run(cmd, capture_output=True, text=True)
            sys.stdout.write(proc.stdout)
            if proc.returncode != 0:
                sys.stderr.write(proc.stderr)
                sys.exit(f"default job: {name} exited with status {proc.returncode}")
            s = json.loads(stats.read_text())
            rows.append((name, s["cycles"], s["retired"], s["ipc"], s["host"]["seconds"]))
    print()
    print("| program | cycles | retired instructions | IPC | host seconds |")
    print("|---|---:|---:|---:|---:|")
    for name, cycles, retired, ipc, secs in rows:
        print(f"| {name} | {cycles:,} | {retired:,} | {ipc:.2f} | {secs:.3f} |")


if __name__ == "__main__":
    main()
