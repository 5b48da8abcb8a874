"""kasane-cc fails clearly: a header the runtime lacks is a fatal error that names it (never
glibc's header from the cross toolchain), --threads may come anywhere on the command line, and a
program that uses pthreads without --threads fails to link with a hint to add it. The programs
are built for qemu-mipsel-free checks only: compiling and linking is what is tested here."""
import subprocess

import pytest

THREADED = r"""
#include <pthread.h>
static void* run(void* arg) { return arg; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, run, 0);
  return pthread_join(t, 0);
}
"""


def kasane_cc(target_dir, *args, cwd):
    return subprocess.run([str((target_dir / "kasane-cc").resolve()), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True)


def test_missing_header_is_named_not_taken_from_glibc(target_dir, tmp_path):
    src = tmp_path / "socket.c"
    # glibc's <sys/socket.h> exists in the cross toolchain; the runtime has none.
    src.write_text("#include <sys/socket.h>\nint main(void) { return 0; }\n")
    proc = kasane_cc(target_dir, src, "-o", tmp_path / "socket.elf", cwd=tmp_path)
    assert proc.returncode != 0
    assert "fatal error: sys/socket.h: No such file or directory" in proc.stderr
    assert "mipsel-linux-gnu/include" not in proc.stderr


@pytest.mark.parametrize("where", ["first", "after-file", "last", "equals", "kernel"])
def test_threads_option_anywhere(target_dir, tmp_path, where):
    src = tmp_path / "t.c"
    src.write_text(THREADED)
    elf = tmp_path / "t.elf"
    args = {
        "first": ["--threads", "hw", src, "-o", elf],
        "after-file": [src, "--threads", "conventional", "-o", elf],
        "last": [src, "-o", elf, "--threads", "hw"],
        "equals": ["-O1", src, "--threads=conventional", "-o", elf],
        "kernel": [src, "--threads", "kernel", "-o", elf],
    }[where]
    proc = kasane_cc(target_dir, *args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert elf.stat().st_size > 0


def test_pthreads_without_threads_says_to_add_it(target_dir, tmp_path):
    src = tmp_path / "t.c"
    src.write_text(THREADED)
    proc = kasane_cc(target_dir, src, "-o", tmp_path / "t.elf", cwd=tmp_path)
    assert proc.returncode != 0
    assert "undefined reference to `pthreads_need_kasane_cc___threads_hw_conventional_or_kernel'" \
        in proc.stderr
    assert proc.stderr.rstrip().endswith(
        "kasane-cc: the program uses POSIX threads: add --threads hw, --threads conventional or --threads kernel")
    assert not (tmp_path / "t.elf").exists()


def test_program_without_threads_still_links(target_dir, tmp_path):
    src = tmp_path / "plain.c"
    src.write_text("#include <stdio.h>\n#include <string.h>\n"
                   "int main(void) { puts(strerror(2)); return 0; }\n")
    proc = kasane_cc(target_dir, src, "-o", tmp_path / "plain.elf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


def test_threads_needs_a_backend(target_dir, tmp_path):
    proc = kasane_cc(target_dir, "x.c", "--threads", cwd=tmp_path)
    assert proc.returncode == 2 and "hw, conventional or kernel" in proc.stderr
