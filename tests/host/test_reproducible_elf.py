"""Target files carry no host path, and what is not loaded does not count: kasane-sim hands the
kernel only a program's loadable part (headers and PT_LOAD bytes), so neither a path in its debug
information nor the debug information itself (a build with ccache's relative paths, a stripped
copy) moves the boot block and, through it, every cycle count after the boot. The same experiment
from two checkouts must give the same figures."""
import json
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_no_target_file_names_the_checkout_or_the_build(target_dir):
    elfs = [target_dir / "os" / "kernel.elf", target_dir / "workloads" / "hello.elf",
            target_dir / "workloads" / "tutorial-sum-hw.elf",
            target_dir / "workloads" / "threadctl" / "threadctl-conventional.elf"]
    build = str(target_dir.resolve().parent).encode()
    for elf in elfs:
        data = elf.read_bytes()
        assert str(ROOT).encode() not in data, f"{elf} names the checkout {ROOT}"
        assert build not in data, f"{elf} names the build directory {build.decode()}"


def test_kasane_cc_gives_the_same_file_wherever_it_runs(target_dir, tmp_path):
    outs = []
    for d in (tmp_path / "a", tmp_path / "a-much-longer-directory-name" / "and-deeper"):
        d.mkdir(parents=True)
        shutil.copy(ROOT / "docs" / "tutorial" / "sum.c", d / "sum.c")
        cc = subprocess.run([str(target_dir.resolve() / "kasane-cc"), "--threads", "hw", "sum.c",
                             "-o", "sum.elf"], cwd=d, capture_output=True, text=True)
        assert cc.returncode == 0, cc.stderr
        outs.append((d / "sum.elf").read_bytes())
    assert outs[0] == outs[1]


def test_a_stripped_copy_runs_in_the_same_cycles(run_sim, kernel, target_dir, tmp_path):
    elf = target_dir / "workloads" / "tutorial-sum-hw.elf"
    stripped = tmp_path / "tutorial-sum-hw.elf"
    subprocess.run(["mipsel-linux-gnu-strip", "-o", stripped, elf], check=True)
    assert stripped.stat().st_size < elf.stat().st_size / 2  # the symbols and debug info went
    stats = []
    for i, program in enumerate((elf, stripped)):
        out = tmp_path / f"s{i}.json"
        r = run_sim("--stats", out, kernel, program, "4")
        assert r.returncode == 0, r.stderr
        s = json.loads(out.read_text())
        s.pop("host")
        stats.append(s)
    # Region names come from the symbol table (KASANE_ROI_NAME): the stripped copy has none, and
    # that is the only difference.
    assert [r.pop("name", None) for r in stats[0]["regions"]] == ["parallel"]
    assert [r.pop("name", None) for r in stats[1]["regions"]] == [None]
    assert stats[0] == stats[1]


def test_no_program_carries_a_build_id(target_dir, tmp_path):
    """ld's GNU build id is a hash over the whole file, debug information included, and it lies in
    the first loadable segment: with one, a ccache build (relative paths in the debug information)
    would load other bytes into guest memory than a fresh one (a checkpoint's compressed size)."""
    shutil.copy(ROOT / "docs" / "tutorial" / "sum.c", tmp_path / "sum.c")
    cc = subprocess.run([str(target_dir.resolve() / "kasane-cc"), "--threads", "hw", "sum.c",
                         "-o", "sum.elf"], cwd=tmp_path, capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    for elf in (target_dir / "os" / "kernel.elf", target_dir / "workloads" / "hello.elf",
                target_dir / "workloads" / "tutorial-sum-hw.elf", tmp_path / "sum.elf"):
        notes = subprocess.run(["mipsel-linux-gnu-readelf", "-n", str(elf)], check=True,
                               capture_output=True, text=True).stdout
        assert "Build ID" not in notes, f"{elf} carries a GNU build id"
