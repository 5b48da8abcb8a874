"""scripts/libc_scan.py: it names a libc function a program calls that the runtime lacks (so the
ctest runtime/libc-scan, which runs it over the default set, can fail), and not one it has."""
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCAN = ROOT / "scripts" / "libc_scan.py"


def scan(target_dir, *args):
    build = target_dir.parent
    if not list((target_dir / "runtime").glob("libkasane_*.a")):
        pytest.skip("the runtime's archives are not built")
    return subprocess.run([sys.executable, str(SCAN), "--build", str(build), *map(str, args)],
                          capture_output=True, text=True)


def test_lists_what_the_runtime_lacks_and_check_fails(target_dir, tmp_path):
    src = tmp_path / "prog.c"
    # wordexp is a POSIX function the runtime does not have; wait and opendir it has.
    src.write_text("#include <wordexp.h>\n#include <sys/wait.h>\n#include <dirent.h>\n"
                   "int main(void) { wordexp_t w; wait(0); opendir(\".\");\n"
                   "  return wordexp(\"a\", &w, 0); }\n")
    r = scan(target_dir, src)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["wordexp"]
    r = scan(target_dir, "--check", src)
    assert r.returncode == 1
    assert "wordexp" in r.stderr


def test_a_source_that_does_not_compile_is_exit_65(target_dir, tmp_path):
    src = tmp_path / "bad.c"
    src.write_text("int main(void) { return }\n")
    r = scan(target_dir, src)
    assert r.returncode == 65
    assert "bad.c" in r.stderr
