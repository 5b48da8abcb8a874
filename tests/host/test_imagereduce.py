"""E2's workload, workloads/imagereduce: the MULiTh build on kasane-sim prints what its glibc build
prints under qemu-mipsel, whatever the threads and contexts, and more contexts finish the same work
in fewer cycles of its region of interest."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MUTHASI = ROOT / "configs" / "machines" / "muthasi.toml"


@pytest.fixture(scope="session")
def programs(target_dir):
    d = target_dir / "workloads" / "imagereduce"
    return d / "imagereduce.elf", d / "imagereduce-glibc.elf"


def run_kasane(run_sim, kernel, program, contexts, tmp_path, *args):
    stats = tmp_path / f"imagereduce-{contexts}.json"
    proc = run_sim("--config", MUTHASI, "--set", f"core.contexts={contexts}",
                   "--set", "sim.check=true", "--stats", stats, kernel, program, *args)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(stats.read_text())


@pytest.mark.parametrize("threads,contexts", [(1, 1), (2, 2), (4, 4), (8, 8), (3, 2)])
def test_checksum_is_qemus_for_any_threads_and_contexts(run_sim, kernel, programs, tmp_path,
                                                        threads, contexts):
    kasane_elf, glibc_elf = programs
    args = [str(threads), "64"]
    qemu = subprocess.run(["qemu-mipsel", str(glibc_elf), *args], capture_output=True, text=True,
                          timeout=60)
    assert qemu.returncode == 0, qemu.stderr
    assert qemu.stdout.startswith(f"imagereduce 64 {threads} checksum ")
    out, stats = run_kasane(run_sim, kernel, kasane_elf, contexts, tmp_path, *args)
    assert out == qemu.stdout
    assert stats["pipeline"]["reference_check"] == {"enabled": True, "failures": 0}
    assert stats["reports"]["checksum"] == int(qemu.stdout.split()[-1])


def test_more_contexts_do_the_same_work_in_fewer_cycles(run_sim, kernel, programs, tmp_path):
    roi = {}
    for n in (1, 4):
        _, stats = run_kasane(run_sim, kernel, programs[0], n, tmp_path, str(n), "128")
        region = stats["regions"][0]
        assert region["closed"]
        roi[n] = region["cycles"], sum(region["retired"])
    (c1, r1), (c4, r4) = roi[1], roi[4]
    assert c4 < 0.9 * c1            # the siblings fill the complex ALU's idle cycles
    assert abs(r4 - r1) < 0.1 * r1   # the same instructions, give or take thread start-up
    assert r4 / c4 > r1 / c1        # so IPC rises
