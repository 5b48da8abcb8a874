"""scripts/failed_tests.py against a real ctest run: a project of two tests, one of which fails,
gives the failed test's name and the end of its output, and nothing of the one that passed."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "failed_tests.py"

CMAKE = """cmake_minimum_required(VERSION 3.16)
project(two NONE)
enable_testing()
add_test(NAME passes COMMAND sh -c "echo passing-output")
add_test(NAME fails/with-a-slash COMMAND sh -c "for i in 1 2 3 4 5 6; do echo line-$i; done; exit 3")
"""


def test_the_failed_tests_output_ends_the_report_and_a_passed_test_is_left_out(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "CMakeLists.txt").write_text(CMAKE)
    build = tmp_path / "build"
    subprocess.run(["cmake", "-S", tmp_path / "src", "-B", build], check=True,
                   capture_output=True)
    r = subprocess.run(["ctest", "--test-dir", build], capture_output=True, text=True)
    assert r.returncode != 0
    out = subprocess.run([sys.executable, SCRIPT, build, "4"], capture_output=True, text=True,
                         check=True).stdout
    assert "===== failed: fails/with-a-slash (last 4 of 6 lines)" in out
    assert out.rstrip().splitlines()[-4:] == ["line-3", "line-4", "line-5", "line-6"]
    assert "line-2" not in out and "passing-output" not in out and "passes" not in out


def test_no_ctest_log_is_an_error_that_names_the_file(tmp_path):
    r = subprocess.run([sys.executable, SCRIPT, tmp_path], capture_output=True, text=True)
    assert r.returncode == 1
    assert str(tmp_path / "Testing" / "Temporary" / "LastTest.log") in r.stderr
