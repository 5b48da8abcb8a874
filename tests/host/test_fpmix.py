"""E9's workloads/fpmix: each kernel prints on kasane-sim (the ISS, checked) what the same binary
prints under qemu-mipsel, and a wrong kernel or scale is a usage error (exit 2)."""
import subprocess

import pytest


@pytest.fixture(scope="session")
def fpmix(target_dir):
    return target_dir / "workloads" / "fpmix" / "fpmix.elf"


@pytest.mark.parametrize("kernel_name", ["libm", "stream", "gups"])
def test_each_kernel_prints_what_qemu_prints(run_sim, kernel, fpmix, kernel_name):
    qemu = subprocess.run(["qemu-mipsel", str(fpmix), kernel_name], capture_output=True,
                          text=True, timeout=120)
    assert qemu.returncode == 0, qemu.stderr
    assert qemu.stdout.startswith(f"{kernel_name} ")
    proc = run_sim("--set", "sim.model=iss", kernel, fpmix, kernel_name)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == qemu.stdout


@pytest.mark.parametrize("args", [["nope"], ["libm", "0"], ["gups", "1001"], []])
def test_a_wrong_kernel_or_scale_is_a_usage_error(fpmix, args):
    qemu = subprocess.run(["qemu-mipsel", str(fpmix), *args], capture_output=True, text=True,
                          timeout=60)
    assert qemu.returncode == 2
    assert "usage: fpmix libm|stream|gups [SCALE]" in qemu.stderr
