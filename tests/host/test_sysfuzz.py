"""scripts/sysfuzz.py, the system call fuzzer's driver: a seed's call log is reproducible (the same
seed gives the same calls with the same arguments and results, another seed other calls), and a
run that does not end in time is reported as a finding with the seed and how to reproduce it. The
generators reach the values that end processes: another process's pid, chains of TFORK, exit
with a thread running."""
import re
import subprocess
import sys
from pathlib import Path

DRIVER = Path(__file__).resolve().parents[2] / "scripts" / "sysfuzz.py"


def driver(sim, target_dir, *args):
    return subprocess.run([sys.executable, str(DRIVER), "--sim", str(sim), "--target-dir",
                           str(target_dir), "--model", "iss", "--rounds", "1", "--calls", "12",
                           *map(str, args)], capture_output=True, text=True, timeout=300)


def call_lines(out):
    return [l.strip() for l in out.splitlines() if l.strip().startswith("w") and " #" in l]


def test_the_same_seed_gives_the_same_call_log(sim, target_dir):
    first = driver(sim, target_dir, "--trace", 5)
    assert first.returncode == 0, first.stdout + first.stderr
    calls = call_lines(first.stdout)
    # 3 workers x 12 steps, each a call, a thread instruction or a call in a child
    assert len(calls) >= 36, first.stdout
    assert "sysfuzz: ok" in first.stdout
    again = driver(sim, target_dir, "--trace", 5)
    assert call_lines(again.stdout) == calls
    other = driver(sim, target_dir, "--trace", 6)
    assert call_lines(other.stdout) != calls


def test_a_hang_is_a_finding_with_its_seed_and_call_log(sim, target_dir):
    proc = driver(sim, target_dir, "--models", "iss", "--jobs", "1", "--seconds", "1",
                  "--first-seed", 9, "--max-cycles", 3_000_000)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "FINDING on iss, seed 9: status 72" in proc.stdout
    assert "reproduce: scripts/sysfuzz.py --trace 9 --model iss" in proc.stdout
    assert call_lines(proc.stdout)


def reached(sim, target_dir, seed):
    """What the run of one seed reached, of the three things the generators must reach."""
    proc = subprocess.run([sys.executable, str(DRIVER), "--sim", str(sim), "--target-dir",
                           str(target_dir), "--model", "iss", "--trace", str(seed)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pids = {w: int(p) for w, p in re.findall(r"worker (w\d+) \(pid (\d+)\)", proc.stdout)}
    assert len(pids) == 6, proc.stdout
    got = set()
    for line in call_lines(proc.stdout):
        m = re.match(r"(w\d+)(\.[tc])? #\d+ (kill|tgkill|prlimit64|[gs]etpriority)\("
                     r"(?:small 0x[0-9a-f]+, )?pid (0x[0-9a-f]+)", line)
        if m and int(m[4], 16) in pids.values():
            if int(m[4], 16) != pids[m[1]] or m[2] == ".c":
                got.add("a pid argument named another process of the run")
        if "tfork a successor, then texit" in line:
            got.add("a thread handed its calls to a successor")
        if "exit with the thread running" in line:
            got.add("a worker called exit while its thread ran")
    return got


def test_the_generators_reach_other_processes_and_thread_chains(sim, target_dir):
    """Seeds from 8 on, at the ISS's default size (2 rounds of 3 workers x 100 calls), until
    between them a pid argument has named another process of the run (a sibling worker, or a
    `one` child's own worker), a TFORK thread has handed its calls to a successor, and a worker
    has called exit while its thread ran. A seed's calls change with the table of calls, so no
    one seed is pinned; eight seeds that all miss one of them are a generator that cannot."""
    want = {"a pid argument named another process of the run",
            "a thread handed its calls to a successor", "a worker called exit while its thread ran"}
    got = set()
    for seed in range(8, 16):
        got |= reached(sim, target_dir, seed)
        if got == want:
            return
    assert got == want, f"missing from seeds 8-15: {want - got}"
