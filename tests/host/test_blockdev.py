"""The block device end to end (tests/bare/disk-read-write-wakes-wait.S): a bare-metal program
reads two sectors by DMA, sleeping in WAIT until the interrupt, checks them and writes a sector
back; the write is in the image file afterwards. The cycle count does not depend on the idle
skip or the quantum. Bad images (--disk): a clear message naming the file and status 66."""
import json
import os
import struct

import pytest

NO_INPUT = 66
SECTORS = 4
LATENCY, BANDWIDTH = 20000, 2  # the schema's defaults


@pytest.fixture(scope="session")
def program(target_dir):
    return target_dir / "tests_bare" / "disk-read-write-wakes-wait.elf"


def make_image(path):
    """Each 32-bit word holds its own byte offset in the image."""
    path.write_bytes(b"".join(struct.pack("<I", o) for o in range(0, SECTORS * 512, 4)))
    return path


def run_disk(run_sim, program, tmp_path, *args, name="disk.img"):
    image = make_image(tmp_path / name)
    stats = tmp_path / (name + ".json")
    proc = run_sim("--disk", image, "--stats", stats, *args, program)
    assert proc.returncode == 0, proc.stderr
    return json.loads(stats.read_text()), image.read_bytes()


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_read_wakes_wait_and_write_reaches_the_image(run_sim, program, tmp_path, model):
    s, data = run_disk(run_sim, program, tmp_path, "--set", f"sim.model={model}")
    assert s["blockdev"] == {"attached": True, "sectors": SECTORS, "requests": 2, "refused": 0,
                             "sectors_read": 2, "sectors_written": 1,
                             "busy_cycles": 2 * LATENCY + (1024 + 512) // BANDWIDTH}
    # The read: latency plus 1024 bytes at 2 bytes a cycle, and a few instructions around it.
    read = s["regions"][0]["cycles"]
    assert LATENCY + 512 <= read < LATENCY + 512 + 100
    assert data[:3 * 512] == b"".join(struct.pack("<I", o) for o in range(0, 3 * 512, 4))
    assert data[3 * 512:] == b"".join(struct.pack("<I", 0xa5a50000 + k) for k in range(128))


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_idle_skip_and_quantum_change_no_count(run_sim, program, tmp_path, model):
    runs = [run_disk(run_sim, program, tmp_path, "--set", f"sim.model={model}", *extra,
                     name=f"d{i}.img")
            for i, extra in enumerate([[], ["--set", "sim.idle_skip=false"],
                                       ["--set", "sim.quantum=7"]])]
    for s, data in runs:
        # The ISS model samples the contexts' power states once per quantum: power may differ,
        # also within a region (and the die temperature with it).
        del s["host"], s["config"], s["power"]
        for r in s["regions"]:
            del r["power"], r["begin_temp_c"], r["end_temp_c"]
    assert runs[1] == runs[0]
    assert runs[2] == runs[0]


def test_timing_follows_the_disk_keys(run_sim, program, tmp_path):
    s, _ = run_disk(run_sim, program, tmp_path, "--set", "sim.model=iss",
                    "--set", "disk.latency=1000", "--set", "disk.bandwidth=0.5")
    assert s["blockdev"]["busy_cycles"] == 2 * 1000 + (1024 + 512) * 2
    assert 1000 + 2048 <= s["regions"][0]["cycles"] < 1000 + 2048 + 100


def test_disk_image_from_the_config_and_disk_overrides_it(run_sim, program, tmp_path):
    image = make_image(tmp_path / "from-config.img")
    cfg = tmp_path / "m.toml"
    cfg.write_text(f'[disk]\nimage = "{image}"\n')
    assert run_sim("--config", cfg, program).returncode == 0
    assert image.read_bytes()[3 * 512:3 * 512 + 4] == struct.pack("<I", 0xa5a50000)
    proc = run_sim("--config", cfg, "--disk", tmp_path / "absent.img", program)
    assert proc.returncode == NO_INPUT and "absent.img" in proc.stderr


def test_without_a_disk_the_device_reports_no_sectors(run_sim, program):
    assert run_sim(program).returncode == 1  # the program's "wrong SECTORS"


def check_refused(proc, *needles):
    assert proc.returncode == NO_INPUT, proc.stderr
    assert proc.stderr.startswith("kasane-sim: ")
    for n in needles:
        assert n in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_missing_image(run_sim, program, tmp_path):
    check_refused(run_sim("--disk", tmp_path / "nope.img", program), "nope.img",
                  "No such file")


def test_image_not_a_multiple_of_the_sector(run_sim, program, tmp_path):
    odd = tmp_path / "odd.img"
    odd.write_bytes(b"x" * 1000)
    check_refused(run_sim("--disk", odd, program), "odd.img", "1000 bytes", "512")


def test_empty_image(run_sim, program, tmp_path):
    empty = tmp_path / "empty.img"
    empty.write_bytes(b"")
    check_refused(run_sim("--disk", empty, program), "empty.img", "0 bytes")


def test_directory_as_image(run_sim, program, tmp_path):
    check_refused(run_sim("--disk", tmp_path, program), str(tmp_path), "directory")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_read_only_image(run_sim, program, tmp_path):
    ro = make_image(tmp_path / "ro.img")
    ro.chmod(0o444)
    check_refused(run_sim("--disk", ro, program), "ro.img", "writing")
