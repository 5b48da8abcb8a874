"""The system call table (os/syscalls.tbl): its Linux numbers are Linux's, the generator refuses a
bad table naming the line, and what the build generated from it is current."""
import filecmp
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLE = ROOT / "os" / "syscalls.tbl"
GEN = ROOT / "os" / "gen_syscalls.py"
UNISTD_O32 = pathlib.Path("/usr/mipsel-linux-gnu/include/asm/unistd_o32.h")
O32_BASE = 4000  # __NR_Linux for o32, <asm/unistd.h>

sys.path.insert(0, str(GEN.parent))
import gen_syscalls  # noqa: E402

HEADER = "# name | number | handler | header | prototype | description\n"


def generate(table, *args):
    return subprocess.run([sys.executable, str(GEN), str(table), *map(str, args)],
                          capture_output=True, text=True)


def test_linux_rows_have_the_o32_numbers():
    if not UNISTD_O32.is_file():
        pytest.skip(f"{UNISTD_O32} not installed")
    linux = {m[1]: O32_BASE + int(m[2]) for m in re.finditer(
        r"#define __NR_(\w+)\s+\(__NR_Linux \+ (\d+)\)", UNISTD_O32.read_text())}
    rows = gen_syscalls.parse_table(TABLE)
    gen_syscalls.validate(rows, TABLE)
    linux_rows = [r for r in rows if r.range_name == "linux"]
    assert linux_rows
    for r in linux_rows:
        assert r.name in linux, f"line {r.line}: {r.name} is not an o32 call"
        assert r.number == linux[r.name], f"line {r.line}: {r.name} is {linux[r.name]} in Linux"


GOOD = ("read | 4003 | sys_read | unistd.h | ssize_t read(int fd, void* buf, size_t n) | read\n"
        "getpid | 4020 | sys_getpid | unistd.h | pid_t getpid(void) | the pid\n")


@pytest.mark.parametrize("bad_row, message", [
    ("write | 4003 | sys_write | - | - | write", "duplicate number 4003"),
    ("read | 4004 | sys_read2 | - | - | again", "duplicate name 'read'"),
    ("write | 4004 | sys_write | - | write", "expected 6 columns"),
    ("write | 5000 | sys_write | - | - | write", "outside"),
    ("write | 4xyz | sys_write | - | - | write", "not a decimal number"),
    ("write | 4004 | do_write | - | - | write", "starting with sys_"),
    ("write | 4004 | sys_write | unistd.h | - | write", "both be given"),
    ("write | 4004 | sys_write | unistd.h | ssize_t write(int, const void*) | write",
     "needs a type and a name"),
    ("open | 4005 | sys_open | fcntl.h | int open(const char* p, int f, ...) | open", "variadic"),
    ("lseek | 4019 | sys_lseek | unistd.h | long long lseek(int fd, long long off) | lseek",
     "wider than a register"),
    ("x | 7000 | sys_x | kasane/x.h | int x(int a, int b, int c, int d, int e, int f, int g) | x",
     "at most 6"),
    ("x | 7000 | sys_x | - | - |", "no description"),
    ("x | 7000 | sys_x | - | - | ends */ a comment", "would end the C comment"),
])
def test_generator_refuses_a_bad_table_naming_the_line(tmp_path, bad_row, message):
    table = tmp_path / "bad.tbl"
    table.write_text(HEADER + GOOD + "\n" + bad_row + "\n")
    bad_line = len((HEADER + GOOD).splitlines()) + 2
    result = generate(table, "--check")
    assert result.returncode != 0
    assert f"{table}:{bad_line}:" in result.stderr
    assert message in result.stderr


def test_generator_accepts_a_good_table(tmp_path):
    table = tmp_path / "good.tbl"
    table.write_text(HEADER + GOOD)
    result = generate(table, "--list-stubs")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["read", "getpid"]


def test_generated_files_in_the_build_tree_are_current(target_dir, tmp_path):
    built = target_dir.parent / "gen"
    result = generate(TABLE, "--header", tmp_path / "kasane" / "syscall_nr.h",
                      "--kernel", tmp_path / "os" / "syscall_table.inc",
                      "--stubs", tmp_path / "runtime" / "syscalls")
    assert result.returncode == 0, result.stderr
    for name in ("kasane/syscall_nr.h", "os/syscall_table.inc"):
        assert filecmp.cmp(tmp_path / name, built / name, shallow=False), f"{built / name} is stale"
    stubs = tmp_path / "runtime" / "syscalls"
    cmp = filecmp.dircmp(stubs, built / "runtime" / "syscalls")
    assert not (cmp.left_only or cmp.right_only), "the stub set differs from the table's"
    for name in cmp.common_files:
        assert filecmp.cmp(stubs / name, built / "runtime" / "syscalls" / name, shallow=False), \
            f"stub {name} is stale"
