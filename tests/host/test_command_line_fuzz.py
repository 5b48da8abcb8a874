"""Random command lines for kasane-sim, built from hostile pieces (devices, FIFOs, folders,
missing paths, junk, out-of-range --set values): every one must end, with a documented status
and, for a status of the simulator's own, a kasane-sim line; never a signal, SystemC's status 1
or an uncaught exception. Seeded, so a failure names a case that can be run again."""
import os
import random
import subprocess

import pytest

SIM_STATUSES = {64, 65, 66, 70, 71, 72, 73, 74, 75, 76, 78, 79}
CASES = 40


@pytest.fixture(scope="module")
def pieces(tmp_path_factory, target_dir, kernel):
    d = tmp_path_factory.mktemp("fuzz")
    fifo = d / "fifo"
    os.mkfifo(fifo)
    text = d / "notes.txt"
    text.write_text("not an ELF\n")
    cut = d / "cut.elf"
    cut.write_bytes(kernel.read_bytes()[:4096])
    paths = ["/dev/zero", "/dev/full", "/dev/null", fifo, d, d / "missing", d / "no" / "dir",
             text, cut, "", "-", "x" * 5000]
    return {
        "inputs": paths + [kernel, target_dir / "workloads" / "hello.elf"],
        "outputs": paths + [d / "out.json", d / "out.log"],
        "kernel": kernel,
        "hello": target_dir / "workloads" / "hello.elf",
    }


SETS = ["core.contexts=0", "core.contexts=16", "core.contexts=x", "memory.ram_size=1",
        "memory.ram_size=0x100000", "memory.ram_size=99999999999999999999", "sim.model=pipeline",
        "sim.model=nope", "core.clock_ghz=nan", "core.clock_ghz=1e400", "uart.max_output=1",
        "disk.image=/dev/zero", "nokey", "=", "core.smp_start=true", "sim.quantum=1"]
WINDOWS = ["0:100", "5:1", "roi:1", "roi:1-5+5", "roi:x", "roi:a.b", ":", "99999999999999999999999:1"]


def command(rng, p):
    args = ["--set", "sim.max_cycles=300000"]  # a valid run ends quickly
    for _ in range(rng.randint(0, 3)):
        # Options that end every case before the run (--help-config, an unknown one) are rare.
        option = rng.choices(["--config", "--disk", "--stats", "--pipeline-trace",
                              "--thermal-trace", "--platform-header", "--trace-window", "--set",
                              "--env", "--help-config", "--bogus"],
                             weights=[2, 2, 3, 3, 3, 1, 2, 4, 1, 0.3, 0.3])[0]
        if option in ("--config", "--disk"):
            args += [option, rng.choice(p["inputs"])]
        elif option in ("--stats", "--pipeline-trace", "--thermal-trace", "--platform-header"):
            args += [option, rng.choice(p["outputs"])]
        elif option == "--trace-window":
            args += [option, rng.choice(WINDOWS)]
        elif option == "--set":
            args += [option, rng.choice(SETS)]
        elif option == "--help-config":
            args += [option + rng.choice(["=text", "=json", "=yaml"])]
        else:
            args += [option, "A=B"] if option == "--env" else [option]
    kernel = p["kernel"] if rng.random() < 0.6 else rng.choice(p["inputs"])
    program = [rng.choice(p["inputs"])] if rng.random() < 0.5 else [p["hello"]]
    return args + [kernel] + program


@pytest.mark.parametrize("seed", range(CASES))
def test_random_command_line_ends_cleanly(sim, pieces, seed):
    args = command(random.Random(seed), pieces)
    proc = subprocess.run([sim, *map(str, args)], capture_output=True, text=True,
                          errors="replace", stdin=subprocess.DEVNULL, timeout=30)
    shown = f"seed {seed}: kasane-sim {' '.join(map(str, args))[:300]}\n{proc.stderr[-2000:]}"
    assert proc.returncode >= 0, shown  # not killed by a signal (abort, segfault)
    assert proc.returncode != 1, shown  # SystemC's status for an exception that escaped
    for sign in ("terminate called", "Error: (E", "Fatal: (F", "uncaught"):
        assert sign not in proc.stderr, shown
    if proc.returncode in SIM_STATUSES:
        assert "kasane-sim: " in proc.stderr, shown
