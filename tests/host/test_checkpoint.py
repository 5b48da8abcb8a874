"""Checkpoints (--checkpoint-at roi|CYCLE FILE, --restore FILE): a run that stops at a checkpoint
and is restored, on the ISS or the pipeline, ends with the same architectural results as a run
that did not stop (exit status, console output, instructions retired in total); on the ISS, where
a restored machine takes the same path cycle for cycle, with the same cycle count too. That holds
for a bare-metal program, for a kernel program with threads reading a file from the disk while a
disk request is in flight at the checkpoint, and on two cores. The same checkpoint restored twice
gives the same stats bit for bit. Bad checkpoints and bad paths end the run with a message naming
the file and the status of the README's table, never a crash."""
import json
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

USAGE, BAD_INPUT, NO_INPUT, CONFIG = 64, 65, 66, 78
ISS = ("--set", "sim.model=iss")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sim_run(run_sim, tmp_path):
    """Run kasane-sim with --stats; (CompletedProcess, stats or None)."""
    count = iter(range(1000))

    def run(*args, stdin=subprocess.DEVNULL):
        stats = tmp_path / f"s{next(count)}.json"
        proc = run_sim("--stats", stats, *args, stdin=stdin)
        return proc, json.loads(stats.read_text()) if stats.exists() else None
    return run


def same_architecture(a, b, before=""):
    """The architectural results of two runs: status, console (the restored run's after what the
    run up to the checkpoint printed, `before`), instructions retired in total."""
    (pa, sa), (pb, sb) = a, b
    assert pa.returncode == pb.returncode, pb.stderr
    assert pa.stdout == before + pb.stdout
    assert sa["exit_status"] == sb["exit_status"]
    assert sa["retired"] == sb["retired"]
    assert [c["retired"] for c in sa["contexts"]] == [c["retired"] for c in sb["contexts"]]


def take(sim_run, ckpt, at, *args):
    proc, s = sim_run("--checkpoint-at", at, ckpt, *args)
    assert proc.returncode == 0, proc.stderr
    assert f"written to {ckpt}" in proc.stderr and ckpt.stat().st_size > 0
    assert s["outcome"] == "checkpoint"
    return proc, s


@pytest.fixture
def bare(target_dir):
    return target_dir / "tests_bare" / "roi-after-fast-forward-matches-the-pipeline.elf"


def test_bare_metal_restored_at_a_region_ends_as_the_straight_run(sim_run, bare, tmp_path):
    ckpt = tmp_path / "roi.ckpt"
    straight_iss = sim_run(*ISS, bare)
    straight_pipe = sim_run(bare)
    _, s = take(sim_run, ckpt, "roi", *ISS, bare)
    assert s["checkpoint"]["cycle"] == s["cycles"] == s["regions"][0]["begin_cycle"] + 1
    assert 0 < s["retired"] < straight_iss[1]["retired"]
    restored = sim_run(*ISS, "--restore", ckpt, bare)
    same_architecture(straight_iss, restored)
    assert restored[1]["cycles"] == straight_iss[1]["cycles"]
    # Regions go on across the checkpoint (the first began in its cycle); their power does not
    # (the thermal state starts again), their cycles and instructions do.
    def regions(s):
        return [(r["id"], r["entries"], r["cycles"], r["retired"]) for r in s["regions"]]
    assert regions(restored[1]) == regions(straight_iss[1])
    # On the pipeline, from cold caches: the same results, in more cycles than the ISS's.
    on_pipeline = sim_run("--restore", ckpt, bare)
    same_architecture(straight_pipe, on_pipeline)
    assert on_pipeline[1]["checkpoint"]["restored_cycle"] == s["cycles"]


def test_pipeline_checkpoint_at_a_cycle_restores_on_either_model(sim_run, bare, tmp_path):
    ckpt = tmp_path / "c.ckpt"
    straight = sim_run(bare)
    _, s = take(sim_run, ckpt, "5000", bare)
    assert s["cycles"] == 5000
    same_architecture(straight, sim_run("--restore", ckpt, bare))
    # The pipeline issues a few instructions past the store that ends the run in its cycle, the
    # ISS one per context: each model's restored run ends as its own straight run.
    same_architecture(sim_run(*ISS, bare), sim_run(*ISS, "--restore", ckpt, bare))


def test_same_checkpoint_restored_twice_gives_the_same_stats(sim_run, bare, tmp_path):
    ckpt = tmp_path / "c.ckpt"
    take(sim_run, ckpt, "roi", bare)
    (p1, s1), (p2, s2) = sim_run("--restore", ckpt, bare), sim_run("--restore", ckpt, bare)
    assert p1.returncode == p2.returncode == 0
    del s1["host"], s2["host"]
    assert s1 == s2


def disk_image(tmp_path, files, name):
    image = tmp_path / name
    subprocess.run([sys.executable, ROOT / "tools" / "ext2img.py", "mkfs", image, files],
                   check=True)
    return image


def test_kernel_program_with_threads_and_a_disk_read_in_flight(sim_run, kernel, target_dir,
                                                               tmp_path):
    program = target_dir / "tests_os" / "cold-read-blocks-one-thread-and-compute-runs.elf"
    files = ROOT / "tests" / "os" / "files" / "notify"
    straight = sim_run(*ISS, "--disk", disk_image(tmp_path, files, "a.img"), kernel, program)
    assert straight[0].returncode == 0, straight[0].stderr
    # The run's disk requests, then a checkpoint in the middle of the busiest one: find a cycle
    # where a request is in flight by trying a few evenly spaced ones.
    end = straight[1]["cycles"]
    for k in range(1, 16):
        ckpt = tmp_path / f"k{k}.ckpt"
        disk = disk_image(tmp_path, files, f"k{k}.img")
        taken, s = take(sim_run, ckpt, str(end * k // 16), *ISS, "--disk", disk, kernel,
                        program)
        if s["checkpoint"]["disk_request_in_flight"]:
            break
    else:
        pytest.fail("no checkpoint caught a disk request in flight")
    at_checkpoint = tmp_path / "at-checkpoint.img"
    shutil.copy(disk, at_checkpoint)
    restored = sim_run(*ISS, "--disk", disk, "--restore", ckpt, kernel, program)
    same_architecture(straight, restored, taken.stdout)
    assert restored[1]["cycles"] == straight[1]["cycles"]
    assert restored[1]["blockdev"] == straight[1]["blockdev"]
    # On the pipeline the timing is the pipeline's (the worker counts to another number while the
    # disk works): the program's checks hold.
    proc, _ = sim_run("--disk", at_checkpoint, "--restore", ckpt, kernel, program)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith("PASS\n") and "FAIL" not in proc.stdout


def test_two_cores_restored_end_as_the_straight_run(sim_run, kernel, target_dir, tmp_path):
    program = target_dir / "tests_smp" / "two-processes-on-two-cores-run-concurrently.elf"
    two = (*ISS, "--set", "platform.cores=2", "--set", "core.smp_start=true")
    straight = sim_run(*two, kernel, program)
    assert straight[0].returncode == 0, straight[0].stderr
    ckpt = tmp_path / "two.ckpt"
    taken, _ = take(sim_run, ckpt, str(straight[1]["cycles"] // 2), *two, kernel, program)
    restored = sim_run(*two, "--restore", ckpt, kernel, program)
    same_architecture(straight, restored, taken.stdout)
    assert restored[1]["cycles"] == straight[1]["cycles"]
    # A checkpoint of two cores does not restore on one.
    proc, _ = sim_run(*ISS, "--restore", ckpt, kernel, program)
    assert proc.returncode == CONFIG and "platform.cores" in proc.stderr


def test_bad_checkpoints_and_paths_are_reported(sim_run, run_sim, bare, tmp_path):
    ckpt = tmp_path / "good.ckpt"
    take(sim_run, ckpt, "roi", *ISS, bare)
    data = ckpt.read_bytes()
    cases = {
        "truncated": (data[:len(data) // 2], "truncated"),
        "corrupt": (data[:40] + bytes([data[40] ^ 0xff]) + data[41:], "CRC-32"),
        "version": (data[:8] + (99).to_bytes(4, "little") + data[12:], "version 99"),
        "not-one": (b"hello world, not a checkpoint at all", "not a kasane-sim checkpoint"),
    }
    for name, (content, says) in cases.items():
        bad = tmp_path / f"{name}.ckpt"
        bad.write_bytes(content)
        proc = run_sim("--restore", bad, bare)
        assert proc.returncode == BAD_INPUT and str(bad) in proc.stderr and says in proc.stderr, \
            (name, proc.stderr)
    # A register value that its field cannot hold (pc as -0x400151, a CBOR negative integer of
    # the same length, in a body whose CRC is right) is refused, not wrapped to 32 bits.
    body = bytearray(zlib.decompress(data[32:]))
    at = body.index(b"\x62pc\x1a") + 3
    body[at] = 0x3a
    packed = zlib.compress(bytes(body))
    header = data[:12] + zlib.crc32(packed).to_bytes(4, "little") + data[16:24]
    wide = tmp_path / "wide.ckpt"
    wide.write_bytes(header + len(packed).to_bytes(8, "little") + packed)
    proc = run_sim("--restore", wide, bare)
    assert proc.returncode == BAD_INPUT and "does not fit its field" in proc.stderr, proc.stderr
    proc = run_sim("--restore", tmp_path / "missing.ckpt", bare)
    assert proc.returncode == NO_INPUT and "missing.ckpt" in proc.stderr
    proc = run_sim("--set", "core.contexts=2", "--restore", ckpt, bare)
    assert proc.returncode == CONFIG and "core.contexts" in proc.stderr
    # A FILE that cannot be written ends the run before it starts.
    proc = run_sim("--checkpoint-at", "roi", tmp_path / "no" / "such" / "dir.ckpt", bare)
    assert proc.returncode == NO_INPUT and "--checkpoint-at" in proc.stderr
    proc = run_sim("--checkpoint-at", "soon", tmp_path / "x", bare)
    assert proc.returncode == USAGE and "neither roi nor a cycle" in proc.stderr, proc.stderr
    # A point the run never reaches: said, and no file left behind.
    late = tmp_path / "late.ckpt"
    proc = run_sim("--checkpoint-at", "10000000000", late, *ISS, bare)
    assert proc.returncode == USAGE and "no checkpoint was written" in proc.stderr
    assert not late.exists()
