"""tools/ext2img.py: ext2 images made with mke2fs from a folder's tree, read back and checked
with e2fsck and debugfs; what it refuses and how it reports a damaged image."""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "ext2img.py"


def ext2img(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True,
                          text=True, timeout=120)


def pattern(n: int, seed: int) -> bytes:
    return bytes((i * 7 + seed) % 251 for i in range(n))


@pytest.fixture
def tree(tmp_path):
    d = tmp_path / "tree"
    (d / "sub" / "deeper").mkdir(parents=True)
    (d / "empty").write_bytes(b"")
    (d / "a.txt").write_bytes(b"hello\n")
    (d / "sub" / "big").write_bytes(pattern(300 * 1024, 3))  # past the indirect block (1 KiB)
    (d / "sub" / "deeper" / "f").write_bytes(b"deep\n")
    os.symlink("sub/deeper/f", d / "link")
    return d


@pytest.mark.parametrize("block", [1024, 4096])
def test_a_tree_round_trips_and_the_image_is_clean(tmp_path, tree, block):
    image = tmp_path / "disk.img"
    r = ext2img("mkfs", image, tree, "--block-size", block)
    assert r.returncode == 0, r.stderr
    assert ext2img("check", image).returncode == 0
    out = tmp_path / "out"
    assert ext2img("extract", image, out).returncode == 0
    assert not (out / "lost+found").exists()
    for rel in ("empty", "a.txt", "sub/big", "sub/deeper/f"):
        assert (out / rel).read_bytes() == (tree / rel).read_bytes(), rel
    assert os.readlink(out / "link") == "sub/deeper/f"
    r = ext2img("ls", image)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["f 6 a.txt", "f 0 empty", "l 12 link -> sub/deeper/f",
                                     "d - sub", "f 307200 sub/big", "d - sub/deeper",
                                     "f 5 sub/deeper/f"]
    dump = subprocess.run(["/sbin/dumpe2fs", "-h", image], capture_output=True, text=True).stdout
    assert f"Block size:               {block}" in dump
    assert "Filesystem revision #:    1" in dump


def test_the_same_tree_gives_the_same_file_system(tmp_path, tree):
    # the same superblock (UUID, hash seed, times), groups and block and inode allocation; only
    # the files' own times, taken from the folder (whose reads move its access times), may differ
    a, b = tmp_path / "a.img", tmp_path / "b.img"
    assert ext2img("mkfs", a, tree).returncode == 0
    assert ext2img("mkfs", b, tree).returncode == 0
    dump = [subprocess.run(["/sbin/dumpe2fs", img], capture_output=True, text=True).stdout
            for img in (a, b)]
    assert dump[0] == dump[1]
    assert "Filesystem UUID:          6b617361-6e65-4b41-5341-4e4500000001" in dump[0]


def test_a_copy_made_later_with_the_same_times_gives_the_same_bytes(tmp_path, tree):
    # a copy's atime and mtime can be set, its ctime cannot (it is when the copy was made), and
    # reading a file moves its atime: the image takes each inode's ctime and atime from its mtime,
    # so the two images are the same, byte for byte
    def copy(name):
        d = tmp_path / name
        shutil.copytree(tree, d, symlinks=True)
        for p in [d, *d.rglob("*")]:
            os.utime(p, (1600000000, 1600000000), follow_symlinks=False)
        return d
    first = copy("first")
    time.sleep(1.1)
    second = copy("second")
    for p in second.rglob("*"):
        if p.is_file() and not p.is_symlink():
            p.read_bytes()
    assert first.stat().st_ctime != second.stat().st_ctime
    a, b = tmp_path / "a.img", tmp_path / "b.img"
    assert ext2img("mkfs", a, first).returncode == 0
    assert ext2img("mkfs", b, second).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    assert ext2img("check", a).returncode == 0


def test_default_size_leaves_room_and_size_option_is_exact(tmp_path, tree):
    image = tmp_path / "disk.img"
    assert ext2img("mkfs", image, tree).returncode == 0
    assert image.stat().st_size == 4 << 20
    assert ext2img("mkfs", image, tree, "--size", 8 << 20).returncode == 0
    assert image.stat().st_size == 8 << 20
    # a small image too (mke2fs alone would leave the file short of its last blocks)
    assert ext2img("mkfs", image, tmp_path / "tree" / "sub" / "deeper", "--size", 64 * 1024,
                   "--block-size", 1024, "--inodes", 32).returncode == 0
    assert image.stat().st_size == 64 * 1024


def test_what_does_not_fit_and_bad_options_are_refused(tmp_path, tree):
    r = ext2img("mkfs", tmp_path / "disk.img", tree, "--size", 64 * 1024, "--block-size", 1024)
    assert r.returncode == 1 and "does not fit" in r.stderr, r.stderr
    assert not (tmp_path / "disk.img").exists()
    r = ext2img("mkfs", tmp_path / "disk.img", tree, "--size", 5000)
    assert r.returncode == 1 and "multiple of the block size" in r.stderr
    r = ext2img("mkfs", tmp_path / "disk.img", tree, "--block-size", 2048)
    assert r.returncode == 1 and "1024 or 4096" in r.stderr
    r = ext2img("mkfs", tmp_path / "disk.img", tmp_path / "nowhere")
    assert r.returncode == 1 and "not a directory" in r.stderr


def test_a_damaged_image_is_reported_and_not_extracted(tmp_path, tree):
    image = tmp_path / "disk.img"
    assert ext2img("mkfs", image, tree, "--block-size", 1024).returncode == 0
    # Clear the block bitmap's first bytes (group 0's, block 3 of a 1 KiB image after the
    # superblock and the descriptor table): blocks in use look free.
    subprocess.run(["/sbin/debugfs", "-w", "-R", "freeb 20 10", image], capture_output=True)
    r = ext2img("check", image)
    assert r.returncode == 1
    assert "Block bitmap differences" in r.stdout, r.stdout
    r = ext2img("extract", image, tmp_path / "out")
    assert r.returncode == 1 and "not clean" in r.stderr


def test_a_wrong_free_count_alone_is_not_clean(tmp_path, tree):
    # e2fsck -fn exits 0 for this one; the tool reads its output
    image = tmp_path / "disk.img"
    assert ext2img("mkfs", image, tree).returncode == 0
    subprocess.run(["/sbin/debugfs", "-w", "-R", "ssv free_blocks_count 7", image],
                   capture_output=True)
    assert subprocess.run(["/sbin/e2fsck", "-fn", image], capture_output=True).returncode == 0
    r = ext2img("check", image)
    assert r.returncode == 1 and "Free blocks count wrong" in r.stdout
