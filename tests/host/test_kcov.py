"""Kernel coverage (kasane-sim --kcov FILE) and the coverage-guided fuzzer's programs: a system call
a program makes shows its kernel handler covered and one it does not make does not; the file has
its documented format; an unwritable file is a clear error; the fuzzer's program files parse,
mutate deterministically, and delta debugging finds the step a failure needs."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tools"))
import kcov_report  # noqa: E402
import sysfuzz  # noqa: E402
import sysfuzz_prog as sp  # noqa: E402


def run_program(sim, target_dir, tmp_path, text, model="iss", extra=()):
    """Run a sysfuzz program on the ISS with --kcov; (status, stderr, covered addresses)."""
    disk = sysfuzz.make_disk(tmp_path, 1024, text)
    cov = tmp_path / "kcov"
    p = subprocess.run([str(sim), *sysfuzz.MODEL_ARGS[model], *extra, "--kcov", str(cov),
                        "--disk", str(disk), str(target_dir / "os" / "kernel.elf"),
                        str(target_dir / "tests_sysfuzz" / "sysfuzz.elf"), "prog", "/fzprog"],
                       capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "sysfuzz: ok" in p.stdout
    return p.returncode, cov.read_text(), kcov_report.read_kcov(cov)


def entry(kernel, name):
    return next(a for a, _, n in kcov_report.functions(kernel) if n == name)


def test_a_call_made_shows_its_handler_covered_and_one_not_made_does_not(sim, target_dir,
                                                                         kernel, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, text, with_umask = run_program(sim, target_dir, tmp_path / "a",
                                      "w0 umask 0x1\nw1 getpid 0x2\n")
    _, _, without = run_program(sim, target_dir, tmp_path / "b", "w1 getpid 0x2\n")
    umask, uname = entry(kernel, "sys_umask"), entry(kernel, "sys_uname")
    assert umask in with_umask and umask not in without
    assert uname not in with_umask and uname not in without
    # the format: the header, then ascending addresses of the kernel's code, one a line
    head, *lines = text.splitlines()
    assert head.startswith("# kasane-kcov 1 lo=0x8") and f"covered={len(lines)}" in head
    addrs = [int(x, 16) for x in lines]
    assert addrs == sorted(addrs) and all(a % 4 == 0 and a >= 0x80000000 for a in addrs)
    assert entry(kernel, "sys_getpid") in without


def test_the_pipeline_covers_what_the_iss_covers(sim, target_dir, kernel, tmp_path):
    """The pipeline executes through the same ISS step, so the same program covers the same
    kernel code on both models as far as the handler goes."""
    _, _, cov = run_program(sim, target_dir, tmp_path, "w0 umask 0x1\n", model="pipeline")
    assert entry(kernel, "sys_umask") in cov


def test_an_unwritable_kcov_file_is_a_clear_error(sim, kernel, tmp_path):
    p = subprocess.run([str(sim), "--kcov", str(tmp_path / "no" / "such" / "kcov"), str(kernel)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 66, p.stderr
    assert "--kcov" in p.stderr and "no/such/kcov" in p.stderr


def test_kcov_and_a_fast_forward_do_not_go_together(sim, kernel, tmp_path):
    p = subprocess.run([str(sim), f"--config={ROOT}/configs/machines/default.toml",
                        "--set=sim.fast_forward=1000", "--kcov", str(tmp_path / "k"),
                        str(kernel)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 78, p.stderr
    assert "--kcov cannot be used with sim.fast_forward" in p.stderr


def test_a_bad_program_line_is_named():
    names = sp.call_names()
    with pytest.raises(sp.ProgramError, match=r"f.prog:2: .*w7 read 1"):
        sp.parse("w0 read 1\nw7 read 1\n", "f.prog", names)
    with pytest.raises(sp.ProgramError, match=r"f.prog:1: .*w0 nosuchcall 1"):
        sp.parse("w0 nosuchcall 1\n", "f.prog", names)


def test_programs_follow_from_the_seed_and_round_trip():
    names = sp.call_names()
    a = sp.generate(random.Random(5), names, 40)
    assert a == sp.generate(random.Random(5), names, 40)
    assert sp.parse(a.text(["a comment"]), "a", names) == a
    m1 = sp.mutate(a, sp.rng_for(3, 7), names, [a])
    assert m1 == sp.mutate(a, sp.rng_for(3, 7), names, [a]) and m1 != a


def test_delta_debugging_keeps_the_steps_a_failure_needs():
    names = sp.call_names()
    prog = sp.generate(random.Random(9), names, 64)
    need = {prog.steps[5], prog.steps[40]}
    small, tests = sp.minimise(prog, lambda p: need <= set(p.steps), 200)
    assert set(small.steps) == need and tests <= 200
