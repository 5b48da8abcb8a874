"""Bad input to kasane-sim: each case gets a message naming the problem and a distinct non-zero
exit status (see sim/platform/exit_status.h), never a crash."""
import shutil
import struct
import sys

import pytest

USAGE, BAD_ELF, NO_INPUT, CONFIG = 64, 65, 66, 78


def check(proc, status, *needles):
    assert proc.returncode == status, proc.stderr
    for n in needles:
        assert n in proc.stderr, proc.stderr
    assert "kasane-sim:" in proc.stderr
    assert proc.stdout == ""


def loaded_end(data):
    """Where the last loadable segment of an ELF32 file ends in it."""
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    ends = [off + size for kind, off, _, _, size, *_ in
            (struct.unpack_from("<8I", data, phoff + i * phentsize) for i in range(phnum))
            if kind == 1]  # PT_LOAD
    return max(ends)


def test_truncated_kernel_elf_is_rejected(run_sim, kernel, tmp_path):
    data = kernel.read_bytes()
    cut = tmp_path / "cut.elf"
    # Inside the loaded bytes (a fixed fraction of the file would follow the size of the debug
    # information instead: a third of it once held every segment).
    cut.write_bytes(data[: loaded_end(data) * 2 // 3])
    check(run_sim(cut), BAD_ELF, "cut.elf")


def test_elf_header_only_is_rejected(run_sim, kernel, tmp_path):
    cut = tmp_path / "header.elf"
    cut.write_bytes(kernel.read_bytes()[:20])
    check(run_sim(cut), BAD_ELF, "header.elf")


def test_non_mips_elf_is_rejected(run_sim, tmp_path):
    host = tmp_path / "host.elf"
    shutil.copy(sys.executable, host)
    check(run_sim(host), BAD_ELF, "host.elf", "x86-64")


def test_not_an_elf_is_rejected(run_sim, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    check(run_sim(text), BAD_ELF, "notes.txt")


def test_user_program_given_as_kernel_is_rejected(run_sim, target_dir):
    hello = target_dir / "workloads" / "hello.elf"
    check(run_sim(hello), BAD_ELF, "kseg0")


def test_bad_program_elf_is_rejected(run_sim, kernel, tmp_path):
    text = tmp_path / "prog"
    text.write_bytes(b"\x7fELF" + b"\0" * 8)
    check(run_sim(kernel, text), BAD_ELF, "prog")


def test_missing_kernel_file(run_sim, tmp_path):
    check(run_sim(tmp_path / "nope.elf"), NO_INPUT, "nope.elf")


def test_missing_program_file(run_sim, kernel, tmp_path):
    check(run_sim(kernel, tmp_path / "gone.elf"), NO_INPUT, "gone.elf")


def test_missing_config_file(run_sim, kernel, tmp_path):
    check(run_sim("--config", tmp_path / "absent.toml", kernel), NO_INPUT, "absent.toml")


def test_unknown_config_key_in_file(run_sim, kernel, tmp_path):
    cfg = tmp_path / "m.toml"
    cfg.write_text("[core]\ncontextz = 2\n")
    check(run_sim("--config", cfg, kernel), CONFIG, "m.toml:2", "core.contextz",
          "core.contexts")


def test_unknown_config_key_on_command_line(run_sim, kernel):
    check(run_sim("--set", "memory.sise=4096", kernel), CONFIG, "memory.sise")


def test_out_of_range_value(run_sim, kernel):
    check(run_sim("--set", "core.contexts=17", kernel), CONFIG, "core.contexts", "1..16")


def test_wrong_type_value(run_sim, kernel):
    check(run_sim("--set", "core.smp_start=maybe", kernel), CONFIG, "core.smp_start")


def test_unknown_option(run_sim, kernel):
    check(run_sim("--frobnicate", kernel), USAGE, "frobnicate")


def test_no_kernel(run_sim):
    check(run_sim(), USAGE, "KERNEL")


def test_help_config_lists_every_key(run_sim):
    proc = run_sim("--help-config")
    assert proc.returncode == 0
    for key in ["core.contexts", "core.smp_start", "core.clock_ghz", "core.tlb_entries",
                "memory.ram_size", "platform.uart_base", "sim.max_cycles", "sim.quantum"]:
        assert key in proc.stdout


def test_monitor_line_must_be_a_power_of_two(run_sim, kernel):
    check(run_sim("--set", "core.monitor_line=48", kernel), CONFIG, "core.monitor_line",
          "power of two")


@pytest.mark.parametrize("sets, says", [
    (["sim.warmup=1000"], "sim.warmup (--set sim.warmup=1000) has no effect without "
                          "sim.fast_forward (now off)"),
    (["os.ias_bonus=64"], "os.ias_bonus (--set os.ias_bonus=64) has no effect without "
                          "os.scheduler = \"ias\""),
    (["sim.model=iss", "sim.check=true"], "sim.check (--set sim.check=true) has no effect without "
                                          "a timing model"),
])
def test_a_key_that_would_have_no_effect_is_a_warning_naming_it(run_sim, kernel, target_dir,
                                                                 sets, says):
    """The run goes on (status 0, the program's output) but says which key does nothing, where it
    was set and what it needs; set to its default value, or with what it needs, it says nothing."""
    args = [a for s in sets for a in ("--set", s)]
    proc = run_sim(*args, kernel, target_dir / "workloads" / "hello.elf")
    assert proc.returncode == 0 and proc.stdout, proc.stderr
    assert f"kasane-sim: warning: {says}" in proc.stderr
    quiet = run_sim("--set", "sim.warmup=0", "--set", "os.scheduler=ias", "--set",
                    "os.ias_bonus=64", kernel, target_dir / "workloads" / "hello.elf")
    assert quiet.returncode == 0 and "warning" not in quiet.stderr, quiet.stderr
