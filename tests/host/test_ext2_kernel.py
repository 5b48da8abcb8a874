"""The kernel's ext2 at scale and where qemu cannot be the reference: a tree of 5,000 files, a file
through every level of the block map, a disk filled to the last block, a run cut short in the
middle of its writes, images the kernel must refuse or mount read-only, a disk with no file
system; and /proc, /sys and /dev, which must describe the simulated machine, not the host. Each runs a glibc program of tests/ext2 on the functional ISS (the pipeline would take
minutes for the same, and the kernel's code is the same); after every run that writes, e2fsck
-fn must find the image clean (tools/ext2img.py check), and where the program's output does not
depend on the host, qemu-mipsel must print the same in a folder of the same files.

The dense variant of the block-map test (64 MiB through the triple-indirect block) is marked
`big` and runs only when asked: `ctest -C big -L ext2-big` (or pytest -m big)."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "target"))
import difftest  # noqa: E402
import ext2img  # noqa: E402

ISS = ["--set=sim.model=iss"]
FAST_DISK = ["--set=disk.latency=0"]  # the disk's time is not what these test
FILES = ROOT / "tests" / "target" / "files"


@pytest.fixture
def ext2(target_dir):
    return target_dir / "tests_ext2"


def image(tmp_path, name="disk.img", folder=None, **kw):
    folder = folder or tmp_path / "empty"
    folder.mkdir(exist_ok=True)
    path = tmp_path / name
    ext2img.mkfs(path, folder, **kw)
    return path


def qemu(tmp_path, program, *args, folder=None):
    """The program's stdout under qemu-mipsel, run in a fresh folder (a copy of folder)."""
    work = tmp_path / "qemu"
    if folder:
        subprocess.run(["cp", "-a", str(folder), str(work)], check=True)
    else:
        work.mkdir()
    p = subprocess.run(["qemu-mipsel", str(Path(program).resolve()), *map(str, args)], cwd=work,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout, work


def stats(path):
    return json.loads(Path(path).read_text())


def dumpe2fs(disk):
    """The superblock's fields, as dumpe2fs -h prints them."""
    out = subprocess.run([ext2img.tool("dumpe2fs"), "-h", disk], capture_output=True,
                         text=True).stdout
    return dict(re.findall(r"^([^:\n]+):\s+(.*)$", out, re.M))


def test_tree_of_5000_files_is_made_renamed_listed_and_removed(run_sim, kernel, ext2, tmp_path):
    program = ext2 / "tree.elf"
    disk = image(tmp_path, size=16 << 20, block_size=1024, inodes=8192)
    proc = run_sim(*ISS, *FAST_DISK, "--disk", disk, kernel, program, 5000, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert ext2img.check(disk) == []
    want, _ = qemu(tmp_path, program, 5000)
    assert proc.stdout == want
    assert "listed   5000 files, 110 directories" in proc.stdout


def test_a_kept_tree_is_the_same_tree_qemu_leaves(run_sim, kernel, ext2, tmp_path):
    program = ext2 / "tree.elf"
    disk = image(tmp_path, block_size=4096)
    proc = run_sim(*ISS, *FAST_DISK, "--disk", disk, kernel, program, 500, "keep")
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    want, work = qemu(tmp_path, program, 500, "keep")
    assert proc.stdout == want
    ext2img.extract(disk, tmp_path / "out")
    assert difftest.snapshot(tmp_path / "out") == difftest.snapshot(work)


@pytest.mark.parametrize("block", [1024, 4096])
def test_a_sparse_file_through_every_level_of_the_block_map(run_sim, kernel, ext2, tmp_path,
                                                           block):
    program = ext2 / "bigfile.elf"
    disk = image(tmp_path, block_size=block)
    proc = run_sim(*ISS, "--disk", disk, kernel, program, block)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert ext2img.check(disk) == []
    want, _ = qemu(tmp_path, program, block)
    assert proc.stdout == want
    assert "cut at block 1 - 1/2: below kept, above zeros" in proc.stdout


@pytest.mark.big
def test_a_dense_file_past_the_double_indirect_limit(run_sim, kernel, ext2, tmp_path):
    program = ext2 / "bigfile.elf"
    disk = image(tmp_path, size=80 << 20, block_size=1024)
    proc = run_sim(*ISS, *FAST_DISK, "--disk", disk, kernel, program, 1024, "dense",
                   timeout=1800)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert ext2img.check(disk) == []
    want, _ = qemu(tmp_path, program, 1024, "dense")
    assert proc.stdout == want
    assert "dense: blocks 0..65812 written and read back" in proc.stdout


def test_a_full_disk_answers_enospc_and_gives_everything_back(run_sim, kernel, ext2, tmp_path):
    disk = image(tmp_path, size=1 << 20, block_size=1024)
    proc = run_sim(*ISS, *FAST_DISK, "--disk", disk, kernel, ext2 / "fill.elf")
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert "free blocks 0 of" in proc.stdout and "the same" in proc.stdout
    assert ext2img.check(disk) == []


def test_a_program_that_leaves_work_for_the_kernel_leaves_a_clean_disk(run_sim, kernel, ext2,
                                                                        tmp_path):
    # a file unlinked while open, still open at exit; a removed working directory
    program = ext2 / "leftovers.elf"
    disk = image(tmp_path, block_size=1024)
    fresh = dumpe2fs(disk)
    proc = run_sim(*ISS, "--disk", disk, kernel, program)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    want, _ = qemu(tmp_path, program)
    assert proc.stdout == want
    assert ext2img.check(disk) == []
    after = dumpe2fs(disk)
    assert after["Filesystem state"] == "clean"  # unmounted when the run ended
    assert after["Free inodes"] == fresh["Free inodes"]  # the open, unlinked file went too
    assert after["Free blocks"] == fresh["Free blocks"]


def test_a_run_cut_short_leaves_what_e2fsck_reports_and_repairs(run_sim, kernel, ext2,
                                                                 tmp_path):
    """ext2 has no journal: a crash in the middle of a call may leave blocks or inodes marked
    used that nothing names, counts that are off, a name whose file is not finished. What the
    kernel promises (os/README.md) is that e2fsck repairs it, and that everything a call had
    finished before the crash (here: files fsync'ed and renamed, then announced) survives."""
    program = ext2 / "writer.elf"
    disk = image(tmp_path, "whole.img", size=2 << 20, block_size=1024)
    st = tmp_path / "whole.json"
    proc = run_sim(*ISS, "--stats", st, "--disk", disk, kernel, program, 40)
    assert proc.returncode == 0, proc.stderr
    total = stats(st)["cycles"]
    reported = 0
    for tenth in range(1, 10):
        disk = image(tmp_path, f"cut{tenth}.img", size=2 << 20, block_size=1024)
        cut = run_sim(*ISS, f"--set=sim.max_cycles={total * tenth // 10}", "--disk", disk,
                      kernel, program, 40)
        assert cut.returncode == 72, cut.stderr  # sim.max_cycles reached
        done = [int(n) for n in re.findall(r"^done (\d+)$", cut.stdout, re.M)]
        assert done == list(range(len(done)))
        first = subprocess.run([ext2img.tool("e2fsck"), "-fn", disk], capture_output=True,
                               text=True)
        assert first.returncode in (0, 4), first.stdout  # 4: errors it did not fix (-n)
        reported += bool(ext2img.check(disk))
        fix = subprocess.run([ext2img.tool("e2fsck"), "-fy", disk], capture_output=True,
                             text=True)
        assert fix.returncode in (0, 1), fix.stdout  # 1: errors corrected
        assert ext2img.check(disk) == [], f"cut at {tenth}/10: not clean after e2fsck -fy"
        out = tmp_path / f"out{tenth}"
        ext2img.extract(disk, out)
        for i in done:
            data = (out / f"dir{i // 10}" / f"file{i}").read_bytes()
            assert data == bytes([i % 251]) * (3 * 4096) + f"file {i}\n".encode(), (tenth, i)
        # the next boot on the repaired disk mounts it, clean
        again = run_sim(*ISS, "--disk", disk, kernel, program, 1)
        assert "not cleanly unmounted" not in again.stderr
    assert reported > 0  # the cuts did land in the middle of writes


def test_a_second_boot_on_a_crashed_disk_says_so(run_sim, kernel, ext2, tmp_path):
    disk = image(tmp_path, size=2 << 20, block_size=1024)
    cut = run_sim(*ISS, "--set=sim.max_cycles=3000000", "--disk", disk, kernel,
                  ext2 / "writer.elf", 40)
    assert cut.returncode == 72
    again = run_sim(*ISS, "--disk", disk, kernel, ext2 / "writer.elf", 0)
    assert "ext2: the disk was not cleanly unmounted; e2fsck it" in again.stderr


def test_an_ext4_image_is_refused_with_the_features_named(run_sim, kernel, target_dir,
                                                          tmp_path):
    (tmp_path / "f").mkdir()
    disk = tmp_path / "ext4.img"
    subprocess.run([ext2img.tool("mke2fs"), "-q", "-F", "-t", "ext4", "-d", tmp_path / "f",
                    disk, "8M"], check=True, capture_output=True)
    proc = run_sim("--disk", disk, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Hello from Kasane!\n"
    line = next(ln for ln in proc.stderr.splitlines() if ln.startswith("ext2:"))
    assert "cannot mount the disk" in line and "extent" in line and "flex_bg" in line, line


def test_an_unknown_read_only_feature_mounts_the_disk_read_only(run_sim, kernel, ext2, tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "hello.txt").write_text("read me\n")
    disk = tmp_path / "ro.img"
    subprocess.run([ext2img.tool("mke2fs"), "-q", "-F", "-t", "ext2", "-O", "huge_file", "-d",
                    folder, disk, "2M"], check=True, capture_output=True)
    before = disk.read_bytes()
    proc = run_sim(*ISS, "--disk", disk, kernel, ext2 / "leftovers.elf", "ro")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "mounted read-only" in proc.stderr and "huge_file" in proc.stderr
    assert proc.stdout.splitlines() == [
        "hello.txt: read me", "create: Read-only file system",
        "write open: Read-only file system", "mkdir: Read-only file system",
        "unlink: Read-only file system", "chmod: Read-only file system"]
    assert disk.read_bytes() == before  # not one byte written


def test_a_disk_without_ext2_is_reported_in_one_line_and_programs_still_run(run_sim, kernel,
                                                                          target_dir, tmp_path):
    disk = tmp_path / "junk.img"
    disk.write_bytes(b"not a file system".ljust(8 * 4096, b"\0"))
    proc = run_sim("--disk", disk, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Hello from Kasane!\n"
    assert "ext2: no file system on the disk: no ext2 magic number in the superblock" in proc.stderr


def test_a_disk_smaller_than_its_superblock_says_is_not_mounted(run_sim, kernel, target_dir,
                                                               tmp_path):
    disk = image(tmp_path)
    disk.write_bytes(disk.read_bytes()[:64 * 4096])  # the superblock says 1024 blocks
    proc = run_sim("--disk", disk, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0, proc.stderr
    assert "claims more blocks than the disk has" in proc.stderr


def test_file_tests_without_a_disk_see_no_files(run_sim, kernel, target_dir):
    program = target_dir / "tests_target" / "open-missing-file-gives-enoent.elf"
    proc = run_sim(kernel, program)
    assert proc.returncode == 1, proc.stderr
    # Every missing file is ENOENT; only opening (and closing) the one that should exist fails.
    assert "fd >= 3: FAIL" in proc.stdout and "FAILED: 2 check(s)" in proc.stdout


def test_a_full_disk_gives_a_short_write(run_sim, kernel, target_dir, tmp_path):
    # 64 KiB of 1 KiB blocks: the program's 70000-byte file stops short of its end
    disk = image(tmp_path, folder=FILES / "basic", size=64 * 1024, block_size=1024, inodes=32)
    free = int(dumpe2fs(disk)["Free blocks"])
    assert free * 1024 < 70000
    program = target_dir / "tests_target" / "file-written-closed-reopened-reads-same-bytes.elf"
    proc = run_sim("--disk", disk, kernel, program)
    assert proc.returncode == 1, proc.stderr  # its own check failed, the kernel did not panic
    done = int(re.search(r"^done = (\d+), expected 70000", proc.stdout, re.M).group(1))
    assert 0 < done < free * 1024
    assert dumpe2fs(disk)["Free blocks"] == "0"
    assert ext2img.check(disk) == []


@pytest.mark.parametrize("cores, contexts", [(1, 1), (1, 4), (2, 2)])
def test_proc_sys_and_dev_describe_this_machine(run_sim, kernel, ext2, tmp_path, cores,
                                                contexts):
    disk = image(tmp_path)
    machine = [f"--set=core.contexts={contexts}"]
    if cores > 1:
        machine += [f"--set=platform.cores={cores}", "--set=core.smp_start=true"]
    proc = run_sim(*ISS, *machine, "--disk", disk, kernel, ext2 / "procfs.elf", "a", "b c")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cpus = cores * contexts
    seen = dict(ln.split(": ", 1) for ln in proc.stdout.splitlines() if ": " in ln)
    assert seen["sysconf online"] == seen["sysconf configured"] == seen["get_nprocs"] == str(cpus)
    assert seen["online"] == (f"0-{cpus - 1}" if cpus > 1 else "0")
    assert seen["cpuinfo processors"] == seen["stat cpu lines"] == str(cpus)
    assert seen["meminfo"] == "total > 0 1, free <= total 1"
    assert seen["mounts first"] == "/dev/root / ext2 rw 0 0"
    assert seen["stat"] == "pid is getpid 1, comm procfs.elf, state R, ppid 0"
    assert seen["cmdline is argv"] == "1 (17 bytes)"  # procfs.elf\0a\0b c\0
    assert seen["exe"] == "absolute 1, ends with the program's name 1"
    assert seen["maps"] == "the stack holds a local 1, the text holds main 1, heap listed 1"
    assert "/proc/PID is a directory 1, /proc/self a link 1" in proc.stdout
    assert "/proc lists self 1 and this pid 1" in proc.stdout
    assert seen["/dev/tty"] == "No such file or directory"
    assert seen["write to /proc/meminfo"] == "Permission denied"
    assert seen["rmdir /proc"] == "Device or resource busy"
    assert ext2img.check(disk) == []
    # the generator behind /dev/urandom and getrandom is seeded the same at every boot
    again = run_sim(*ISS, *machine, "--disk", disk, kernel, ext2 / "procfs.elf", "a", "b c")
    assert [ln for ln in again.stdout.splitlines() if "random" in ln] == \
        [ln for ln in proc.stdout.splitlines() if "random" in ln]


def test_proc_names_a_forked_and_an_execd_process(run_sim, kernel, ext2, tmp_path):
    """A forked child has its parent's program and arguments; a child that execs a link from
    its working directory is the link's target, with its own arguments, as Linux shows them."""
    folder = tmp_path / "tree"
    (folder / "bin").mkdir(parents=True)
    (folder / "bin" / "procexec").write_bytes((ext2 / "procexec.elf").read_bytes())
    (folder / "bin" / "procexec").chmod(0o755)
    (folder / "bin" / "pe").symlink_to("procexec")
    disk = image(tmp_path, folder=folder)
    proc = run_sim(*ISS, "--disk", disk, kernel, ext2 / "procexec.elf")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = set(proc.stdout.splitlines())
    exe = [ln for ln in lines if ln.startswith("forked, itself: exe ")]
    assert len(exe) == 1 and exe[0].endswith("procexec.elf") and " /" in exe[0]
    assert "forked: exe is the parent's 1, cmdline is the parent's 1" in lines
    assert "forked, itself: stat comm procexec.elf, its pid 1, its parent 1" in lines
    for who in ("exec'd, itself", "exec'd, by its parent"):
        assert f"{who}: exe /bin/procexec" in lines
        assert f"{who}: cmdline [pe] [exec'd] [x y]" in lines
        assert f"{who}: stat comm pe, its pid 1, its parent 1" in lines
    assert "exec'd: exit status 0" in lines
    assert ext2img.check(disk) == []


def test_proc_sys_and_dev_without_a_disk(run_sim, kernel, ext2):
    proc = run_sim(*ISS, kernel, ext2 / "procfs.elf")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "mounts first: proc /proc proc rw 0 0" in proc.stdout
    assert "/proc lists self 1 and this pid 1" in proc.stdout
