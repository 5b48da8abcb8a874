"""Target files carry no host path: kasane-sim hands the whole ELF file to the kernel, so a path
of another length in its debug information would change the file's size and, through the boot,
every cycle count after it. The same experiment from two checkouts must give the same figures."""
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_no_target_file_names_the_checkout_or_the_build(target_dir):
    elfs = [target_dir / "os" / "kernel.elf", target_dir / "workloads" / "hello.elf",
            target_dir / "workloads" / "tutorial-sum-hw.elf",
            target_dir / "workloads" / "threadctl" / "threadctl-conventional.elf"]
    build = str(target_dir.resolve().parent).encode()
    for elf in elfs:
        data = elf.read_bytes()
        assert str(ROOT).encode() not in data, f"{elf} names the checkout {ROOT}"
        assert build not in data, f"{elf} names the build directory {build.decode()}"


def test_kasane_cc_gives_the_same_file_wherever_it_runs(target_dir, tmp_path):
    outs = []
    for d in (tmp_path / "a", tmp_path / "a-much-longer-directory-name" / "and-deeper"):
        d.mkdir(parents=True)
        shutil.copy(ROOT / "docs" / "tutorial" / "sum.c", d / "sum.c")
        cc = subprocess.run([str(target_dir.resolve() / "kasane-cc"), "--threads", "hw", "sum.c",
                             "-o", "sum.elf"], cwd=d, capture_output=True, text=True)
        assert cc.returncode == 0, cc.stderr
        outs.append((d / "sum.elf").read_bytes())
    assert outs[0] == outs[1]
