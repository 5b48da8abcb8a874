"""The run's summary leads with the program's own figures: stats.json's "summary" and the lines
kasane-sim prints on stderr at the end give each boot program's cycles from its start to its exit,
its instructions and IPC, then the whole run's, labelled as including the kernel's boot; --quiet
prints none; a bare-metal run (no kernel to tell of processes) has no summary."""
import json
import re

ROOT_CONFIG = "sim.model=iss"


def run(run_sim, tmp_path, *args):
    stats = tmp_path / "s.json"
    proc = run_sim("--stats", stats, "--set", ROOT_CONFIG, *args)
    assert proc.returncode == 0, proc.stderr
    return proc, json.loads(stats.read_text())


def test_summary_gives_the_program_before_the_whole_run(run_sim, tmp_path, kernel, target_dir):
    proc, s = run(run_sim, tmp_path, kernel, target_dir / "workloads" / "hello.elf")
    summary = s["summary"]
    [prog] = summary["programs"]
    [p] = [p for p in s["processes"] if p["pid"] == prog["pid"]]
    assert prog["name"] == p["name"] and prog["exit_status"] == 0
    assert prog["cycles"] == p["exited_cycle"] - p["created_cycle"] > 0
    assert prog["retired"] == p["retired"] > 0
    whole = summary["whole_run"]
    assert whole["includes_boot"] is True
    assert whole["cycles"] == s["cycles"] and whole["retired"] == s["retired"]
    # The program is a small part of a run that boots a kernel: the reason for the summary.
    assert prog["cycles"] < whole["cycles"] and prog["retired"] < whole["retired"]
    lines = proc.stderr.splitlines()
    said = [i for i, l in enumerate(lines) if re.match(
        rf"kasane-sim: {re.escape(prog['name'])} \(pid {prog['pid']}\): {prog['cycles']:,} cycles "
        rf"from its start to its exit, {prog['retired']:,} instructions, IPC \d\.\d{{3}}$", l)]
    whole_said = [i for i, l in enumerate(lines) if l.startswith(
        f"kasane-sim: the whole run, the kernel's boot included: {whole['cycles']:,} cycles")]
    assert said and whole_said and said[0] < whole_said[0], proc.stderr


def test_quiet_prints_no_summary(run_sim, tmp_path, kernel, target_dir):
    proc, s = run(run_sim, tmp_path, "--quiet", kernel, target_dir / "workloads" / "hello.elf")
    assert "whole run" not in proc.stderr and "summary" in s


def test_each_boot_program_of_a_workload_has_its_line(run_sim, tmp_path, kernel, target_dir):
    intmix = target_dir / "workloads" / "intmix" / "intmix.elf"
    w = tmp_path / "w.toml"
    w.write_text(f'[[process]]\nprogram = "{intmix}"\nargs = ["crc"]\nname = "crc"\n'
                 f'[[process]]\nprogram = "{intmix}"\nargs = ["sieve"]\nname = "sieve"\n')
    proc, s = run(run_sim, tmp_path, "--set", "os.smt_sched=context", "--set", "core.contexts=2",
                  "--workload", w, kernel)
    assert [p["name"] for p in s["summary"]["programs"]] == ["crc", "sieve"]
    assert "kasane-sim: crc (pid" in proc.stderr and "kasane-sim: sieve (pid" in proc.stderr


def test_a_bare_metal_run_has_no_summary(run_sim, tmp_path, target_dir):
    proc, s = run(run_sim, tmp_path, target_dir / "tests_bare" / "roi-markers-are-recorded.elf")
    assert "summary" not in s and "whole run" not in proc.stderr
