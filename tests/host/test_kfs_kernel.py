"""The kernel's side of KFS where qemu cannot be the reference (tests/target has the rest): a disk
that fills up, a disk that holds no file system. After every run the image must still pass
tools/kfs.py's checks."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "kfs.py"
FILES = ROOT / "tests" / "target" / "files"
PANIC = 70


def kfs(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True,
                          text=True, timeout=60)


def listing(image: Path) -> dict[str, int]:
    r = kfs("ls", image)
    assert r.returncode == 0, r.stderr
    return {name: int(size) for size, name in
            (line.split(None, 1) for line in r.stdout.splitlines()[:-1])}


def test_full_disk_gives_a_short_write_and_leaves_a_consistent_image(run_sim, kernel, target_dir,
                                                                      tmp_path):
    # 16 blocks: superblock, bitmap, 4 directory blocks, hello.txt and log.txt leave 8 free, so
    # the program's 70000-byte file stops at 8 blocks.
    image = tmp_path / "disk.img"
    assert kfs("mkfs", image, FILES / "basic", "--size", 16 * 4096).returncode == 0
    program = target_dir / "tests_target" / "file-written-closed-reopened-reads-same-bytes.elf"
    proc = run_sim("--disk", image, kernel, program)
    assert proc.returncode == 1, proc.stderr  # its own check failed, the kernel did not panic
    done = int(re.search(r"^done = (\d+), expected 70000", proc.stdout, re.M).group(1))
    files = listing(image)
    assert files["written.bin"] == 8 * 4096
    assert done <= files["written.bin"]
    assert files["hello.txt"] == 11 and files["log.txt"] == 11


def test_disk_without_kfs_is_reported_in_one_line_and_programs_still_run(run_sim, kernel,
                                                                        target_dir, tmp_path):
    image = tmp_path / "junk.img"
    image.write_bytes(b"not a file system".ljust(8 * 4096, b"\0"))
    proc = run_sim("--disk", image, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Hello from Kasane!\n"
    assert "kfs: no file system on the disk: block 0 has no KFS magic number" in proc.stderr


def test_disk_smaller_than_its_superblock_says_is_not_mounted(run_sim, kernel, target_dir,
                                                             tmp_path):
    image = tmp_path / "disk.img"
    assert kfs("mkfs", image, FILES / "basic").returncode == 0
    image.write_bytes(image.read_bytes()[:64 * 4096])  # cut: the superblock says 1024 blocks
    proc = run_sim("--disk", image, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    assert "claims more blocks than the disk has" in proc.stderr


def test_file_tests_without_a_disk_see_no_files(run_sim, kernel, target_dir):
    program = target_dir / "tests_target" / "open-missing-file-gives-enoent.elf"
    proc = run_sim(kernel, program)
    assert proc.returncode == 1, proc.stderr
    # Every missing file is ENOENT; only opening (and closing) the one that should exist fails.
    assert "fd >= 3: FAIL" in proc.stdout and "FAILED: 2 check(s)" in proc.stdout
