"""tools/kfs.py, the host side of KFS: images round-trip byte for byte, inputs KFS cannot hold are
refused with a message, and a corrupt image is refused instead of being read."""
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "kfs.py"
BSIZE = 4096
NDIRECT = 16
NINDIRECT = BSIZE // 4


def kfs(*args):
    return subprocess.run([sys.executable, str(TOOL), *map(str, args)], capture_output=True,
                          text=True, timeout=120)


def pattern(n: int, seed: int) -> bytes:
    """n bytes that differ from block to block and file to file, so a misplaced block shows."""
    unit = bytes((i * 7 + seed * 13 + i // 251) & 0xFF for i in range(65521))
    return (unit * (n // len(unit) + 1))[:n]


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "in"
    d.mkdir()
    return d


def mkimage(tmp_path, files: dict[str, bytes], *extra) -> Path:
    d = tmp_path / "src"
    d.mkdir(exist_ok=True)
    for name, data in files.items():
        (d / name).write_bytes(data)
    image = tmp_path / "disk.img"
    r = kfs("mkfs", image, d, *extra)
    assert r.returncode == 0, r.stderr
    return image


def test_constants_match_kfs_h():
    header = (ROOT / "include" / "kasane" / "kfs.h").read_text()
    defines = dict(re.findall(r"#define (KFS_\w+) (0x[0-9a-f]+|\d+)u", header))
    sys.path.insert(0, str(TOOL.parent))
    try:
        import kfs as tool
    finally:
        sys.path.pop(0)
    for name, value in [("MAGIC", tool.MAGIC), ("VERSION", tool.VERSION), ("BSIZE", tool.BSIZE),
                        ("SECTOR", tool.SECTOR), ("NFILES", tool.NFILES),
                        ("NAMELEN", tool.NAMELEN), ("NDIRECT", tool.NDIRECT)]:
        assert int(defines[f"KFS_{name}"], 0) == value, name
    assert tool.SUPER.size == 9 * 4 and tool.INODE.size == 128


def test_files_of_every_shape_round_trip(tmp_path):
    files = {
        "empty": b"",
        "one-byte": b"x",
        "sixteen-blocks": pattern(NDIRECT * BSIZE, 1),
        "needs-indirect": pattern(NDIRECT * BSIZE + 1, 2),
        "needs-double-indirect": pattern((NDIRECT + NINDIRECT) * BSIZE + 5000, 3),
        "odd-size.txt": pattern(12345, 4),
    }
    image = mkimage(tmp_path, files)
    assert image.stat().st_size % BSIZE == 0

    out = tmp_path / "out"
    r = kfs("extract", image, out)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == sorted(files)
    for name, data in files.items():
        assert (out / name).read_bytes() == data, name

    r = kfs("ls", image)
    assert r.returncode == 0, r.stderr
    listed = dict(reversed(line.split(None, 1)) for line in r.stdout.splitlines()[:-1])
    assert listed == {name: str(len(data)) for name, data in files.items()}


def test_default_size_leaves_room_and_size_option_is_exact(tmp_path):
    image = mkimage(tmp_path, {"a": b"abc"})
    assert image.stat().st_size == 4 << 20
    image = mkimage(tmp_path, {"a": b"abc"}, "--size", 65536)
    assert image.stat().st_size == 65536


def test_empty_folder_makes_an_empty_disk(tmp_path, folder):
    image = tmp_path / "disk.img"
    assert kfs("mkfs", image, folder).returncode == 0
    r = kfs("ls", image)
    assert r.returncode == 0 and r.stdout.startswith("0 files")


@pytest.mark.parametrize("setup, message", [
    (lambda d: (d / "sub").mkdir(), "subdirectory"),
    (lambda d: (d / ("n" * 48)).write_bytes(b""), "names are 1..47"),
    (lambda d: [(d / f"f{i:03d}").write_bytes(b"") for i in range(129)], "at most 128"),
])
def test_what_kfs_cannot_hold_is_refused(tmp_path, folder, setup, message):
    setup(folder)
    r = kfs("mkfs", tmp_path / "disk.img", folder)
    assert r.returncode == 1
    assert message in r.stderr
    assert not (tmp_path / "disk.img").exists()


def test_contents_that_do_not_fit_are_refused(tmp_path, folder):
    (folder / "big").write_bytes(bytes(60000))
    r = kfs("mkfs", tmp_path / "disk.img", folder, "--size", 65536)
    assert r.returncode == 1 and "more than the 16 of a 65536-byte image" in r.stderr


def test_bad_size_and_missing_folder_are_refused(tmp_path, folder):
    r = kfs("mkfs", tmp_path / "disk.img", folder, "--size", 5000)
    assert r.returncode == 1 and "multiple of the block size" in r.stderr
    r = kfs("mkfs", tmp_path / "disk.img", tmp_path / "nowhere")
    assert r.returncode == 1 and "not a directory" in r.stderr


def corrupt(image: Path, offset: int, value: int) -> None:
    raw = bytearray(image.read_bytes())
    raw[offset:offset + 4] = struct.pack("<I", value)
    image.write_bytes(raw)


def inode_field(tmp_path, image: Path, field: int) -> int:
    """Byte offset of 32-bit field `field` (after the name) of the first directory entry."""
    dir_start = struct.unpack_from("<I", image.read_bytes(), 24)[0]
    return dir_start * BSIZE + 48 + 4 * field


@pytest.mark.parametrize("damage, message", [
    (lambda t, img: corrupt(img, 0, 0x12345678), "magic"),
    (lambda t, img: corrupt(img, 4, 2), "version"),
    (lambda t, img: corrupt(img, 8, 1 << 20), "blocks"),
    (lambda t, img: corrupt(img, 24, 9), "geometry"),
    (lambda t, img: corrupt(img, inode_field(t, img, 2), 999999), "outside the data area"),
    (lambda t, img: corrupt(img, inode_field(t, img, 3), 2), "outside the data area"),
    (lambda t, img: corrupt(img, inode_field(t, img, 3),
                            struct.unpack_from("<I", img.read_bytes(),
                                               inode_field(t, img, 2))[0]), "used twice"),
    (lambda t, img: img.write_bytes(img.read_bytes()[:100]), "smaller than one block"),
])
def test_corrupt_image_is_refused(tmp_path, damage, message):
    image = mkimage(tmp_path, {"a": pattern(3 * BSIZE, 5), "b": b"b"})
    damage(tmp_path, image)
    for command in (["ls", image], ["extract", image, tmp_path / "out"]):
        r = kfs(*command)
        assert r.returncode == 1, r.stdout
        assert "corrupt KFS image" in r.stderr and message in r.stderr, r.stderr
    assert not (tmp_path / "out").exists()


def test_block_free_in_bitmap_is_refused(tmp_path):
    image = mkimage(tmp_path, {"a": b"a"})
    raw = bytearray(image.read_bytes())
    block = struct.unpack_from("<I", raw, inode_field(tmp_path, image, 2))[0]
    raw[BSIZE + block // 8] &= ~(1 << block % 8)
    image.write_bytes(raw)
    r = kfs("ls", image)
    assert r.returncode == 1 and "free in the bitmap" in r.stderr
