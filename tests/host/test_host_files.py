"""kasane-sim's own files (issue 20): an input that is not a regular file (/dev/zero, a FIFO) or is
over its size cap is refused before it is opened; every output is opened, its folder checked,
before the first cycle; a write that fails (/dev/full) is reported with status 66 after the
guest's own outcome. Each failure is one line naming the option and the path."""
import os
import resource
import subprocess

import pytest

NO_INPUT, INTERNAL = 66, 79
HELLO_OUT = "Hello from Kasane!\n"


@pytest.fixture(scope="session")
def hello(target_dir):
    return target_dir / "workloads" / "hello.elf"


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def refused(proc, *needles):
    """Status 66, one kasane-sim line naming each needle, and no cycle run (the guest's hello
    never printed)."""
    assert proc.returncode == NO_INPUT, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kasane-sim: "), proc.stderr
    for n in needles:
        assert str(n) in lines[0], proc.stderr
    assert proc.stdout == ""


# --- inputs

@pytest.mark.parametrize("where", ["KERNEL", "PROGRAM", "--config", "--disk"])
def test_dev_zero_is_refused_as_each_input(run_sim, kernel, hello, where):
    args = {"KERNEL": ["/dev/zero", hello], "PROGRAM": [kernel, "/dev/zero"],
            "--config": ["--config", "/dev/zero", kernel, hello],
            "--disk": ["--disk", "/dev/zero", kernel, hello]}[where]
    refused(run_sim(*args, timeout=20), f"{where} '/dev/zero'", "character device",
            "not a regular file")


@pytest.mark.parametrize("where", ["KERNEL", "--config"])
def test_fifo_is_refused_without_blocking(run_sim, kernel, hello, fifo, where):
    # Nobody writes to the FIFO: were it opened for reading, the run would hang to the timeout.
    args = [fifo, hello] if where == "KERNEL" else ["--config", fifo, kernel, hello]
    refused(run_sim(*args, timeout=20), f"{where} '{fifo}'", "a FIFO")


def test_directory_is_refused_as_kernel(run_sim, tmp_path):
    refused(run_sim(tmp_path), "KERNEL", "a directory")


def test_program_larger_than_ram_is_refused_unread(run_sim, kernel, tmp_path):
    big = tmp_path / "big.elf"
    with open(big, "wb") as f:
        f.truncate(2 * 1024 * 1024 + 1)  # sparse: costs nothing
    refused(run_sim("--set", "memory.ram_size=0x200000", kernel, big), "PROGRAM", "big.elf",
            "2097153 bytes, more than the 2097152-byte limit", "memory.ram_size")


def test_config_over_one_mib_is_refused(run_sim, kernel, tmp_path):
    cfg = tmp_path / "huge.toml"
    cfg.write_text("# padding\n" * (1024 * 1024 // 10 + 1))
    refused(run_sim("--config", cfg, kernel), "--config", "huge.toml", "1048576-byte limit")


def test_host_out_of_memory_is_one_line_and_status_79(sim, kernel, tmp_path):
    # A 200 MiB program is within the default 256 MiB RAM cap, but the address-space limit
    # leaves no room to read it: std::bad_alloc must end in a message, not SystemC's status 1.
    big = tmp_path / "big.elf"
    with open(big, "wb") as f:
        f.truncate(200 << 20)
    limit = 150 << 20

    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    proc = subprocess.run([sim, kernel, big], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, preexec_fn=cap_memory)
    assert proc.returncode == INTERNAL, proc.stderr
    assert proc.stderr == "kasane-sim: out of host memory\n"


# --- outputs

OUTPUTS = {  # option: what it needs to be accepted
    "--stats": [],
    "--pipeline-trace": ["--set", "sim.model=pipeline"],
    "--thermal-trace": [],
}


@pytest.mark.parametrize("option", [*OUTPUTS, "--platform-header"])
def test_missing_folder_fails_before_the_run(run_sim, kernel, hello, tmp_path, option):
    path = tmp_path / "absent" / "out"
    refused(run_sim(*OUTPUTS.get(option, []), option, path, kernel, hello),
            f"{option} '{path}'", "folder", "does not exist")


def test_a_refused_output_leaves_no_other_output_behind(run_sim, kernel, hello, tmp_path):
    stats = tmp_path / "s.json"
    refused(run_sim("--stats", stats, "--thermal-trace", tmp_path / "absent" / "t.csv", kernel,
                    hello), "--thermal-trace")
    assert not stats.exists()  # created when checked, removed since the run never started


@pytest.mark.parametrize("option", OUTPUTS)
def test_full_disk_is_status_66_after_the_guest_outcome(run_sim, kernel, hello, option):
    proc = run_sim(*OUTPUTS[option], option, "/dev/full", kernel, hello)
    assert proc.returncode == NO_INPUT, proc.stderr
    assert proc.stdout == HELLO_OUT  # the run went through
    assert f"kasane-sim: cannot write {option} '/dev/full'" in proc.stderr
    assert "kasane-sim: the guest exited with status 0" in proc.stderr


def test_full_disk_for_the_platform_header(run_sim):
    proc = run_sim("--platform-header", "/dev/full")
    assert proc.returncode == NO_INPUT, proc.stderr
    assert proc.stderr == ("kasane-sim: cannot write --platform-header '/dev/full': "
                           "No space left on device\n")


def test_full_disk_for_the_console(sim, kernel, hello):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sim, kernel, hello], stdout=full, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, timeout=60)
    assert proc.returncode == NO_INPUT, proc.stderr
    assert "kasane-sim: cannot write the console (standard output)" in proc.stderr
    assert "kasane-sim: the guest exited with status 0" in proc.stderr


def test_good_outputs_are_complete(run_sim, kernel, hello, tmp_path):
    stats, csv = tmp_path / "s.json", tmp_path / "t.csv"
    proc = run_sim("--stats", stats, "--thermal-trace", csv, kernel, hello)
    assert proc.returncode == 0, proc.stderr
    assert stats.read_text().rstrip().endswith("}")
    assert csv.read_text().startswith("cycle,")


@pytest.mark.parametrize("option", ["--help", "--help-config"])
def test_full_disk_for_help_text(sim, option):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sim, option], stdout=full, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, timeout=60)
    assert proc.returncode == NO_INPUT, proc.stderr
    assert "kasane-sim: cannot write standard output" in proc.stderr


def test_an_unchanged_platform_header_is_left_alone(run_sim, tmp_path):
    # The build regenerates the header after every rebuild of kasane-sim; a rewrite of the same
    # text would give it a new timestamp and recompile the whole target tree.
    header = tmp_path / "platform.h"
    assert run_sim("--platform-header", header).returncode == 0
    text = header.read_text()
    os.utime(header, (1_000_000, 1_000_000))
    assert run_sim("--platform-header", header).returncode == 0
    assert header.stat().st_mtime == 1_000_000
    for stale in (text.replace("#define", "#DEFINE", 1), text + "\n"):  # same size, and not
        header.write_text(stale)
        assert run_sim("--platform-header", header).returncode == 0
        assert header.read_text() == text
