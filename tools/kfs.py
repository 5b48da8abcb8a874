#!/usr/bin/env python3
"""kfs.py - build, list and unpack KFS disk images (the format of include/kasane/kfs.h).

    kfs.py mkfs IMAGE FOLDER [--size BYTES]   an image holding every regular file of FOLDER
    kfs.py ls IMAGE                           one line per file: size in bytes, then the name
    kfs.py extract IMAGE FOLDER               write every file of the image into FOLDER

KFS is flat: mkfs refuses a FOLDER with subdirectories or other non-regular entries, a name longer
than 47 bytes, more than 128 files, and contents that do not fit in --size. Without --size the
image is what the files need plus room to grow: max(4 MiB, twice that), in whole blocks. ls and
extract check the image first (magic, version, geometry, every block number in range, no block
used twice, every used block marked in the bitmap) and refuse a corrupt one. Errors go to stderr,
one line each, with exit status 1 (2 for a bad command line).

The layout constants below mirror kfs.h; tests/host/test_kfs_tool.py checks them against it.
"""

import argparse
import os
import struct
import sys
from pathlib import Path

MAGIC = 0x3153464B  # "KFS1"
VERSION = 1
BSIZE = 4096
SECTOR = 512
NFILES = 128
NAMELEN = 48  # NUL included
NDIRECT = 16
NINDIRECT = BSIZE // 4
INODE = struct.Struct(f"<{NAMELEN}sII{NDIRECT}III")  # name flags size direct[] indirect dindirect
SUPER = struct.Struct("<9I")
INODE_USED = 0x1
MAXSIZE = 0xFFFFFFFF  # the size field is 32 bits
MIN_DEFAULT_SIZE = 4 << 20

assert INODE.size == 128 and BSIZE % INODE.size == 0


class KfsError(Exception):
    """A problem with the input or the image, reported as one line."""


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


# --- Geometry -------------------------------------------------------------------------------------

class Geometry:
    """Where each area of an image of nblocks blocks lies (kfs.h's struct kfs_super)."""

    def __init__(self, nblocks: int, nfiles: int = NFILES):
        self.nblocks = nblocks
        self.nfiles = nfiles
        self.bitmap_start = 1
        self.bitmap_blocks = ceil_div(nblocks, 8 * BSIZE)
        self.dir_start = self.bitmap_start + self.bitmap_blocks
        self.dir_blocks = ceil_div(nfiles * INODE.size, BSIZE)
        self.data_start = self.dir_start + self.dir_blocks

    def pack(self) -> bytes:
        return SUPER.pack(MAGIC, VERSION, self.nblocks, self.nfiles, self.bitmap_start,
                          self.bitmap_blocks, self.dir_start, self.dir_blocks, self.data_start)


def index_blocks(nblocks: int) -> int:
    """Indirect and double-indirect blocks a file of nblocks data blocks needs."""
    n = nblocks - NDIRECT
    if n <= 0:
        return 0
    if n <= NINDIRECT:
        return 1
    return 2 + ceil_div(n - NINDIRECT, NINDIRECT)


def file_blocks(size: int) -> int:
    """Blocks (data and index) a file of size bytes takes."""
    data = ceil_div(size, BSIZE)
    return data + index_blocks(data)


# --- mkfs -----------------------------------------------------------------------------------------

def check_name(name: str) -> bytes:
    raw = os.fsencode(name)
    if b"/" in raw or b"\0" in raw:
        raise KfsError(f"{name!r}: a KFS name may not contain '/' or NUL")
    if not 1 <= len(raw) <= NAMELEN - 1:
        raise KfsError(f"{name!r}: name is {len(raw)} bytes; KFS names are 1..{NAMELEN - 1}")
    return raw


def collect(folder: Path) -> list[tuple[bytes, bytes]]:
    """(name, contents) of every file of folder, sorted by name; refuses what KFS cannot hold."""
    if not folder.is_dir():
        raise KfsError(f"{folder}: not a directory")
    files = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_dir():
            raise KfsError(f"{entry.path}: is a subdirectory; KFS is flat (files only)")
        if not entry.is_file():
            raise KfsError(f"{entry.path}: not a regular file")
        name = check_name(entry.name)
        data = Path(entry.path).read_bytes()
        if len(data) > MAXSIZE:
            raise KfsError(f"{entry.path}: {len(data)} bytes; a KFS file holds at most {MAXSIZE}")
        files.append((name, data))
    if len(files) > NFILES:
        raise KfsError(f"{folder}: {len(files)} files; a KFS disk holds at most {NFILES}")
    return files


class Allocator:
    """Hands out data blocks in order and records them in the bitmap."""

    def __init__(self, geo: Geometry, image: bytearray):
        self.geo, self.image, self.next = geo, image, geo.data_start

    def take(self, contents: bytes = b"") -> int:
        b = self.next
        if b >= self.geo.nblocks:
            raise AssertionError("allocator ran past the disk: the size check is wrong")
        self.next += 1
        self.image[b * BSIZE:b * BSIZE + len(contents)] = contents
        return b


def pack_numbers(numbers: list[int]) -> bytes:
    return struct.pack(f"<{len(numbers)}I", *numbers)


def write_file(alloc: Allocator, data: bytes) -> tuple[list[int], int, int]:
    """Store data; returns its direct block numbers, its indirect and double-indirect blocks."""
    blocks = [alloc.take(data[i:i + BSIZE]) for i in range(0, len(data), BSIZE)]
    direct = blocks[:NDIRECT] + [0] * (NDIRECT - len(blocks[:NDIRECT]))
    rest = blocks[NDIRECT:]
    indirect = alloc.take(pack_numbers(rest[:NINDIRECT])) if rest else 0
    rest = rest[NINDIRECT:]
    dindirect = 0
    if rest:
        tables = [alloc.take(pack_numbers(rest[i:i + NINDIRECT]))
                  for i in range(0, len(rest), NINDIRECT)]
        dindirect = alloc.take(pack_numbers(tables))
    return direct, indirect, dindirect


def mkfs(image_path: Path, folder: Path, size: int | None) -> None:
    files = collect(folder)
    need_data = sum(file_blocks(len(d)) for _, d in files)
    meta = Geometry(0).data_start  # superblock and directory, plus one bitmap block below
    if size is None:
        need = (meta + 1 + need_data) * BSIZE
        size = max(MIN_DEFAULT_SIZE, 2 * need)
        size = ceil_div(size, BSIZE) * BSIZE
    elif size % BSIZE:
        raise KfsError(f"--size {size}: not a multiple of the block size {BSIZE}")
    geo = Geometry(size // BSIZE)
    if geo.data_start + need_data > geo.nblocks:
        raise KfsError(f"the files need {geo.data_start + need_data} blocks of {BSIZE} bytes "
                       f"with the metadata, more than the {geo.nblocks} of a {size}-byte image")
    image = bytearray(geo.nblocks * BSIZE)
    image[:SUPER.size] = geo.pack()
    alloc = Allocator(geo, image)
    for i, (name, data) in enumerate(files):
        direct, indirect, dindirect = write_file(alloc, data)
        at = geo.dir_start * BSIZE + i * INODE.size
        image[at:at + INODE.size] = INODE.pack(name, INODE_USED, len(data), *direct, indirect,
                                               dindirect)
    bitmap = geo.bitmap_start * BSIZE
    for b in range(alloc.next):  # metadata and every data block taken: all below alloc.next
        image[bitmap + b // 8] |= 1 << (b % 8)
    image_path.write_bytes(image)


# --- Reading and checking an image ----------------------------------------------------------------

class Image:
    """A KFS image, checked when opened: the constructor raises KfsError for a corrupt one."""

    def __init__(self, path: Path):
        try:
            self.raw = path.read_bytes()
        except OSError as e:
            raise KfsError(f"{path}: {e.strerror}") from None
        self.path = path
        self.geo = self.check_super()
        self.used = set(range(self.geo.data_start))  # blocks claimed so far
        self.files = [f for f in (self.read_inode(i) for i in range(self.geo.nfiles)) if f]
        names = [name for name, _, _ in self.files]
        if len(set(names)) != len(names):
            self.corrupt("two directory entries have the same name")

    def corrupt(self, why: str):
        raise KfsError(f"{self.path}: corrupt KFS image: {why}")

    def block(self, b: int) -> bytes:
        return self.raw[b * BSIZE:(b + 1) * BSIZE]

    def check_super(self) -> Geometry:
        if len(self.raw) < BSIZE:
            self.corrupt(f"{len(self.raw)} bytes, smaller than one block")
        fields = SUPER.unpack_from(self.raw)
        magic, version, nblocks, nfiles = fields[:4]
        if magic != MAGIC:
            self.corrupt(f"magic 0x{magic:08x}, not 0x{MAGIC:08x} (is it a KFS image?)")
        if version != VERSION:
            self.corrupt(f"version {version}; this tool reads version {VERSION}")
        if nblocks * BSIZE > len(self.raw):
            self.corrupt(f"superblock says {nblocks} blocks, the file holds "
                         f"{len(self.raw) // BSIZE}")
        if nfiles != NFILES:
            self.corrupt(f"superblock says {nfiles} directory entries, not {NFILES}")
        geo = Geometry(nblocks, nfiles)
        if fields != SUPER.unpack(geo.pack()):
            self.corrupt(f"superblock geometry {fields[4:]} is not the layout of {nblocks} "
                         f"blocks {SUPER.unpack(geo.pack())[4:]}")
        if geo.data_start >= nblocks:
            self.corrupt(f"{nblocks} blocks leave no room for data")
        return geo

    def claim(self, b: int, what: str) -> None:
        """Record that block b (nonzero) belongs to what; it must be a free-standing data block."""
        if not self.geo.data_start <= b < self.geo.nblocks:
            self.corrupt(f"{what}: block {b} outside the data area "
                         f"[{self.geo.data_start}, {self.geo.nblocks})")
        if b in self.used:
            self.corrupt(f"{what}: block {b} is used twice")
        bitmap = self.geo.bitmap_start * BSIZE
        if not self.raw[bitmap + b // 8] >> (b % 8) & 1:
            self.corrupt(f"{what}: block {b} is in use but free in the bitmap")
        self.used.add(b)

    def numbers(self, b: int, what: str) -> list[int]:
        """The block numbers held in index block b, which is claimed for what."""
        self.claim(b, what)
        return list(struct.unpack_from(f"<{NINDIRECT}I", self.raw, b * BSIZE))

    def read_inode(self, i: int) -> tuple[str, int, list[int]] | None:
        """(name, size, block numbers) of directory entry i, or None if it is free."""
        at = self.geo.dir_start * BSIZE + i * INODE.size
        raw_name, flags, size, *rest = INODE.unpack_from(self.raw, at)
        if not flags & INODE_USED:
            return None
        direct, indirect, dindirect = rest[:NDIRECT], rest[NDIRECT], rest[NDIRECT + 1]
        end = raw_name.find(b"\0")
        if end <= 0 or b"/" in raw_name[:end] or raw_name[end:].strip(b"\0"):
            self.corrupt(f"directory entry {i}: bad name {raw_name!r}")
        name = os.fsdecode(raw_name[:end])
        blocks = list(direct)  # file block n is blocks[n]; past the end, or 0: a hole
        if indirect:
            blocks += self.numbers(indirect, f"{name}: indirect block")
        if dindirect:
            blocks += [0] * (NDIRECT + NINDIRECT - len(blocks))
            for j, t in enumerate(self.numbers(dindirect, f"{name}: double-indirect block")):
                blocks += self.numbers(t, f"{name}: indirect block {j}") if t else [0] * NINDIRECT
        for n, b in enumerate(blocks):
            if b:
                self.claim(b, f"{name}: block {n}")
        return name, size, blocks

    def contents(self, size: int, blocks: list[int]) -> bytes:
        out = bytearray()
        for n in range(ceil_div(size, BSIZE)):
            b = blocks[n] if n < len(blocks) else 0
            out += self.block(b) if b else bytes(BSIZE)  # a hole reads as zeros
        return bytes(out[:size])


def ls(image_path: Path) -> None:
    img = Image(image_path)
    for name, size, _ in img.files:
        print(f"{size:10d}  {name}")
    print(f"{len(img.files)} files, {len(img.used)} of {img.geo.nblocks} blocks used")


def extract(image_path: Path, folder: Path) -> None:
    img = Image(image_path)
    folder.mkdir(parents=True, exist_ok=True)
    for name, size, blocks in img.files:
        (folder / name).write_bytes(img.contents(size, blocks))


# --- Command line ---------------------------------------------------------------------------------

def size_arg(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of bytes") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the size must be positive")
    return value


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("mkfs", help="build an image from the files of a folder")
    p.add_argument("image", type=Path)
    p.add_argument("folder", type=Path)
    p.add_argument("--size", type=size_arg, help="image size in bytes, a multiple of 4096")
    p = sub.add_parser("ls", help="list the files of an image")
    p.add_argument("image", type=Path)
    p = sub.add_parser("extract", help="write the files of an image into a folder")
    p.add_argument("image", type=Path)
    p.add_argument("folder", type=Path)
    opt = ap.parse_args()
    try:
        if opt.command == "mkfs":
            mkfs(opt.image, opt.folder, opt.size)
        elif opt.command == "ls":
            ls(opt.image)
        else:
            extract(opt.image, opt.folder)
    except KfsError as e:
        print(f"kfs.py: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"kfs.py: {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
