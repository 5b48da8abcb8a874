#!/usr/bin/env python3
"""ext2img.py - make, check, list and unpack the ext2 disk images Kasane's kernel mounts, with
e2fsprogs (mke2fs, e2fsck, debugfs) doing the work.

    ext2img.py mkfs IMAGE FOLDER [--size BYTES] [--block-size 1024|4096] [--inodes N]
    ext2img.py check IMAGE            e2fsck -fn: exit 0 only if it finds nothing at all
    ext2img.py ls IMAGE               one line per file: type, size, path (symlinks: -> target)
    ext2img.py extract IMAGE FOLDER   check the image, then copy its tree into FOLDER

mkfs runs `mke2fs -t ext2 -d FOLDER`: revision 1 with mke2fs's standard ext2 features, 4 KiB blocks
unless --block-size says 1024, and FOLDER's tree (files, directories, symbolic links) in it. The
same tree gives the same file system each time (a fixed UUID, hash seed and creation time; each
inode's mtime is its file's, and so are its ctime and atime: a host's ctime is when the copy was
made and its atime when the file was last read), and it has no lost+found (e2fsck makes one if it
ever needs it), so a program run in it sees what it would see in a copy of FOLDER. Without --size
the image holds what the tree needs plus room to grow: max(4 MiB, twice that), in whole blocks.

check is the reliability test of the kernel's file system: e2fsck -fn must exit 0 and print
nothing but its five pass headers and its summary (e2fsck answers "no" to a wrong free count in
the superblock and still exits 0, so its output is read too). extract refuses an image that is
not clean. Errors go to stderr, one line each, with exit status 1 (2 for a bad command line).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MIN_DEFAULT_SIZE = 4 << 20
UUID = "6b617361-6e65-4b41-5341-4e4500000001"       # "kasane KASANE": any fixed value
HASH_SEED = "6b617361-6e65-4b41-5341-4e4500000002"
FAKE_TIME = "1700000000"                             # the image's creation time: fixed
E2FSCK_QUIET = re.compile(r"^(Pass [1-5]: .*|\S+: \d+/\d+ files \(.*\), \d+/\d+ blocks|)$")
INODE_OVERHEAD = 256                                 # bytes of inode table per file, at most


class Ext2Error(Exception):
    """A problem with the input or the image, reported as one line."""


def tool(name: str) -> str:
    """The path of an e2fsprogs program (they live in /sbin, often not on a user's PATH)."""
    found = shutil.which(name) or next((f"{d}/{name}" for d in ("/sbin", "/usr/sbin")
                                        if os.access(f"{d}/{name}", os.X_OK)), None)
    if found is None:
        raise Ext2Error(f"{name} not found: install e2fsprogs (scripts/install-deps.sh)")
    return found


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, E2FSPROGS_FAKE_TIME=FAKE_TIME, LANG="C", LC_ALL="C")
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env,
                          errors="backslashreplace", **kw)


def tree_bytes(folder: Path, block: int) -> tuple[int, int]:
    """(bytes, files): what FOLDER's tree takes in blocks of block bytes, index blocks included,
    and how many files and directories it has."""
    total, files = block, 1
    for root, dirs, names in os.walk(folder):
        for n in dirs + names:
            p = Path(root) / n
            files += 1
            size = p.lstat().st_size if not p.is_dir() or p.is_symlink() else block
            blocks = -(-size // block)
            total += (blocks + blocks // (block // 4) + 1) * block + INODE_OVERHEAD
    return total, files


def mkfs(image: Path, folder: Path, size: int | None = None, block_size: int = 4096,
         inodes: int | None = None) -> None:
    """Make IMAGE holding FOLDER's tree (see the module's comment). Raises Ext2Error."""
    folder, image = Path(folder), Path(image)
    if not folder.is_dir():
        raise Ext2Error(f"{folder}: not a directory")
    if block_size not in (1024, 4096):
        raise Ext2Error(f"--block-size {block_size}: 1024 or 4096")
    need, files = tree_bytes(folder, block_size)
    if size is None:
        size = max(MIN_DEFAULT_SIZE, 2 * need)
        size -= size % block_size
    if size <= 0 or size % block_size:
        raise Ext2Error(f"--size {size}: a positive multiple of the block size ({block_size})")
    if inodes is not None and inodes < files + 16:
        raise Ext2Error(f"--inodes {inodes}: {folder} has {files} files and directories")
    image.unlink(missing_ok=True)
    with open(image, "wb") as f:  # the whole size: mke2fs leaves a new file as short as its last
        f.truncate(size)          # written block, and the disk is the file's size
    cmd = [tool("mke2fs"), "-q", "-F", "-t", "ext2", "-b", block_size, "-U", UUID,
           "-E", f"hash_seed={HASH_SEED},root_owner=0:0", "-d", folder]
    if inodes:
        cmd += ["-N", inodes]
    p = run(cmd + [image, f"{size // 1024}k"])
    if p.returncode != 0:
        image.unlink(missing_ok=True)
        why = " ".join((p.stderr or p.stdout).split()) or f"exit status {p.returncode}"
        if "Could not allocate" in why or "No space" in why or "populating" in why:
            why = f"{folder} does not fit in {size} bytes ({why})"
        raise Ext2Error(f"mke2fs: {why}")
    p = run([tool("debugfs"), "-w", "-R", "rmdir lost+found", image])
    if p.returncode != 0:
        raise Ext2Error(f"debugfs: cannot remove lost+found: {p.stderr.strip()}")
    fix_times(image, folder)


def fix_times(image: Path, folder: Path) -> None:
    """Gives every inode its file's mtime as its ctime and atime. mke2fs -d copies the host's
    ctime, which no one can set (utime moves it to now), and its atime, which reading the file
    moves (relatime does when atime <= mtime, as after a copy, and mke2fs itself reads it): an
    image made from the same tree would differ with the second it was made, and so would the RAM
    of a run that reads it."""
    folder = Path(folder)
    cmds = []
    for path in [folder, *sorted(folder.rglob("*"))]:
        rel = "/" + path.relative_to(folder).as_posix() if path != folder else "/"
        if '"' in rel or "\n" in rel:
            continue  # debugfs cannot quote it; such a name keeps the host's times
        mtime = int(path.lstat().st_mtime)
        cmds += [f'sif "{rel}" ctime @{mtime}\n', f'sif "{rel}" atime @{mtime}\n']
    with tempfile.NamedTemporaryFile("w", suffix=".debugfs") as f:
        f.writelines(cmds)
        f.flush()
        p = run([tool("debugfs"), "-w", "-f", f.name, image])
    if p.returncode != 0 or "sif:" in p.stderr:
        raise Ext2Error(f"debugfs: cannot set the inodes' times: {p.stderr.strip()[:500]}")


def check(image: Path) -> list[str]:
    """What e2fsck -fn says is wrong with IMAGE: [] if it is clean."""
    if not Path(image).is_file():
        return [f"{image}: no such file"]
    p = run([tool("e2fsck"), "-fn", image])
    lines = [ln for ln in p.stdout.splitlines() if not E2FSCK_QUIET.match(ln.strip())]
    if p.returncode != 0 and not lines:
        lines = [f"e2fsck exit status {p.returncode}: {p.stderr.strip()}"]
    return lines


def extract(image: Path, out: Path, checked: bool = True) -> None:
    """Copy IMAGE's tree into OUT (created), after checking the image unless checked is False.
    Raises Ext2Error."""
    if checked and (problems := check(image)):
        raise Ext2Error(f"{image} is not clean (e2fsck -fn): " + "; ".join(problems[:8]))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    p = run([tool("debugfs"), "-R", f"rdump / {out}", image])
    if p.returncode != 0 or "rdump:" in p.stderr:
        raise Ext2Error(f"debugfs rdump: {p.stderr.strip()}")


def listing(folder: Path) -> list[str]:
    """Lines "TYPE SIZE PATH" (f file, d directory, l link with its target) of FOLDER's tree."""
    lines = []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for n in sorted(dirs + names):
            p = Path(root) / n
            rel = p.relative_to(folder)
            if p.is_symlink():
                lines.append(f"l {len(os.readlink(p))} {rel} -> {os.readlink(p)}")
            elif p.is_dir():
                lines.append(f"d - {rel}")
            else:
                lines.append(f"f {p.stat().st_size} {rel}")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("mkfs")
    m.add_argument("image", type=Path)
    m.add_argument("folder", type=Path)
    m.add_argument("--size", type=int)
    m.add_argument("--block-size", type=int, default=4096)
    m.add_argument("--inodes", type=int)
    sub.add_parser("check").add_argument("image", type=Path)
    sub.add_parser("ls").add_argument("image", type=Path)
    x = sub.add_parser("extract")
    x.add_argument("image", type=Path)
    x.add_argument("folder", type=Path)
    opt = ap.parse_args()
    try:
        if opt.cmd == "mkfs":
            mkfs(opt.image, opt.folder, opt.size, opt.block_size, opt.inodes)
        elif opt.cmd == "check":
            problems = check(opt.image)
            for line in problems:
                print(line)
            return 1 if problems else 0
        elif opt.cmd == "extract":
            extract(opt.image, opt.folder)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                extract(opt.image, Path(tmp) / "t")
                print("\n".join(listing(Path(tmp) / "t")))
    except Ext2Error as e:
        print(f"ext2img: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
