"""A program's kasane_report calls land in stats.json "reports", by name, as 64-bit values."""
import json


def test_reported_figures_are_in_stats(run_sim, kernel, target_dir, tmp_path):
    stats = tmp_path / "s.json"
    program = target_dir / "tests_os" / "report-records-named-figures.elf"
    proc = run_sim("--set", "sim.model=iss", "--stats", stats, kernel, program)
    assert proc.returncode == 0, proc.stderr
    reports = json.loads(stats.read_text())["reports"]
    # The bad names the program tried (it checks their EINVAL/EFAULT itself) left nothing.
    assert reports == {"answer": 42, "big": (1 << 40) + 7, "again": 2, "name.with-dots_1": 0}


def test_a_program_that_reports_nothing_has_empty_reports(run_sim, kernel, target_dir, tmp_path):
    stats = tmp_path / "s.json"
    assert run_sim("--stats", stats, kernel, target_dir / "workloads" / "hello.elf").returncode == 0
    assert json.loads(stats.read_text())["reports"] == {}
