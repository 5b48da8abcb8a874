"""The FPU running code as gcc emits it for the o32 hard-float ABI: tests/data/fpu-gcc-kernel.c,
built as a bare-metal program for Kasane and as a static Linux program for qemu-mipsel, prints
the same bit patterns on both, with either core model (the pipeline in check mode)."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "tests" / "data" / "fpu-gcc-kernel.c"
CC = "mipsel-linux-gnu-gcc"
FLAGS = ["-O2", "-fno-math-errno", "-march=mips32r2", "-mfp32", "-mhard-float"]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    if not shutil.which(CC) or not shutil.which("qemu-mipsel"):
        pytest.skip("the cross compiler or qemu-mipsel is missing")
    out = tmp_path_factory.mktemp("fpu")
    linux, bare = out / "linux", out / "bare.elf"
    subprocess.run([CC, *FLAGS, "-static", str(SOURCE), "-o", str(linux), "-lm"], check=True)
    subprocess.run([CC, *FLAGS, "-DBARE", "-ffreestanding", "-nostdlib", "-fno-pic",
                    "-mno-abicalls", "-static", "-no-pie",
                    "-T", str(ROOT / "tests" / "bare" / "bare.ld"), "-Wl,--build-id=none",
                    str(SOURCE), "-o", str(bare)], check=True)
    return linux, bare


def test_the_program_uses_the_fpu(builds):
    text = subprocess.run(["mipsel-linux-gnu-objdump", "-d", str(builds[1])], check=True,
                          capture_output=True, text=True).stdout
    for insn in ("ldc1", "mul.d", "div.d", "sqrt.d", "trunc.w.d", "cvt.d.w", "cvt.s.d",
                 "c.lt.d", "bc1t"):
        assert f"\t{insn}\t" in text, insn


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_gcc_hard_float_code_matches_qemu(builds, run_sim, model):
    linux, bare = builds
    want = subprocess.run(["qemu-mipsel", str(linux)], check=True, capture_output=True,
                          text=True, timeout=60).stdout
    assert len(want.splitlines()) == 17
    got = run_sim("--set", f"sim.model={model}", "--set", "sim.check=true", bare)
    assert got.returncode == 0, got.stderr
    assert got.stdout == want
