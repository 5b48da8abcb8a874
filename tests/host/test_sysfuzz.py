"""scripts/sysfuzz.py, the system call fuzzer's driver: a seed's call log is reproducible (the same
seed gives the same calls with the same arguments and results, another seed other calls), and a
run that does not end in time is reported as a finding with the seed and how to reproduce it."""
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
