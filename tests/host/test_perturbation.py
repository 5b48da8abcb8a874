"""Seeded perturbation (sim.perturb_seed, sim.perturb_max; Alameldeen & Wood, HPCA 2003): the same
seed gives the same stats.json bit for bit, other seeds other cycles but the same program output,
seed 0 changes nothing, the kernel moves the initial stack by a seed-derived offset, and with flat
memory the seeds shift the fetch blocks so that their mean does not depend on where code sits."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
MUTHASI = ROOT / "configs" / "machines" / "muthasi.toml"


def run(run_sim, tmp_path, name, *args):
    stats = tmp_path / f"{name}.json"
    proc = run_sim("--stats", stats, *args)
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    s.pop("host")
    return proc.stdout, s


@pytest.fixture(params=[
    [MUTHASI, "--set", "core.contexts=4", "--set", "core.smp_start=true",
     "workloads_bare/image-reduce.elf"],
    [DEFAULT, "--set", "core.contexts=4", "--set", "core.smp_start=true",
     "workloads_bare/image-reduce.elf"],
    [DEFAULT, "os/kernel.elf", "workloads/fib.elf", "18"],
], ids=["flat-smp", "cached-smp", "cached-kernel"])
def program(request, target_dir):
    config, *rest = request.param
    return ["--config", config] + [a if a.startswith("-") or "=" in a or a.isdigit()
                                   else target_dir / a for a in rest]


def test_same_seed_gives_identical_stats(run_sim, tmp_path, program):
    out1, s1 = run(run_sim, tmp_path, "a", "--set", "sim.perturb_seed=7", *program)
    out2, s2 = run(run_sim, tmp_path, "b", "--set", "sim.perturb_seed=7", *program)
    assert out1 == out2
    assert json.dumps(s1, sort_keys=True) == json.dumps(s2, sort_keys=True)


def test_other_seeds_change_the_cycles_but_not_the_output(run_sim, tmp_path, program):
    base_out, base = run(run_sim, tmp_path, "off", *program)
    cycles = {0: base["cycles"]}
    for seed in (1, 2, 3):
        out, s = run(run_sim, tmp_path, f"s{seed}", "--set", f"sim.perturb_seed={seed}", *program)
        assert out == base_out
        assert s["config"]["sim"]["perturb_seed"] == seed
        cycles[seed] = s["cycles"]
    # The extra cycles make every perturbed run slower than the unperturbed one, and the seeds
    # differ from one another.
    assert all(cycles[k] > cycles[0] for k in (1, 2, 3)), cycles
    assert len({cycles[1], cycles[2], cycles[3]}) > 1, cycles


def test_seed_zero_is_off(run_sim, tmp_path, program):
    _, default = run(run_sim, tmp_path, "default", *program)
    _, zero = run(run_sim, tmp_path, "zero", "--set", "sim.perturb_seed=0",
                  "--set", "sim.perturb_max=1000", *program)
    assert default["config"]["sim"]["perturb_seed"] == 0
    del default["config"], zero["config"]
    assert default == zero


def test_a_seed_with_no_extra_cycles_changes_nothing_on_bare_metal(run_sim, tmp_path, target_dir):
    # Bare metal has no exec and so no stack offset: with perturb_max = 0 the PRNG is drawn but
    # adds nothing, so every figure is that of an unperturbed run.
    args = ["--config", DEFAULT, "--set", "core.contexts=4", "--set", "core.smp_start=true",
            target_dir / "workloads_bare" / "image-reduce.elf"]
    _, off = run(run_sim, tmp_path, "off", *args)
    _, on = run(run_sim, tmp_path, "on", "--set", "sim.perturb_seed=99", "--set",
                "sim.perturb_max=0", *args)
    del off["config"], on["config"]
    assert off == on


def test_kernel_moves_the_initial_stack_by_a_seed_derived_offset(run_sim, tmp_path, kernel,
                                                                target_dir):
    prog = target_dir / "tests_os" / "initial-stack-keeps-abi-alignment.elf"
    argv = {}
    for seed in range(6):
        out, _ = run(run_sim, tmp_path, f"stack{seed}", "--set", "sim.model=iss",
                     "--set", f"sim.perturb_seed={seed}", kernel, prog)
        argv[seed] = int(out.split()[1], 16)
    offsets = {seed: argv[0] - a for seed, a in argv.items()}
    assert offsets[0] == 0
    for seed, off in offsets.items():
        assert 0 <= off <= 1024 and off % 16 == 0, (seed, off)
    assert len(set(offsets.values())) > 2, offsets


def test_perturbation_keys_are_checked(run_sim, target_dir):
    proc = run_sim("--set", "sim.perturb_max=1001",
                   target_dir / "workloads_bare" / "image-reduce.elf")
    assert proc.returncode == 78
    assert "sim.perturb_max" in proc.stderr


# A loop of five instructions, PAD bytes after a 32-byte boundary: at 0 it fits in one fetch block
# (fetch reads nothing while it runs), at 16 it crosses into the next (two reads per round).
LOOP = r"""
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $s0, SIMCTL
    li $t1, 2000
    b 1f
    nop
    .balign 32
    .fill PAD, 1, 0
1:  addiu $t1, $t1, -1
    addiu $t2, $t2, 1
    addiu $t3, $t3, 1
    bnez $t1, 1b
    nop
    sw $zero, KASANE_SIMCTL_EXIT($s0)
2:  b 2b
    nop
"""


def test_the_mean_over_fetch_block_seeds_does_not_depend_on_where_a_loop_sits(run_sim, tmp_path,
                                                                            target_dir):
    source = tmp_path / "loop.S"
    source.write_text(LOOP)
    gen = target_dir.parent / "gen"  # <kasane/platform.h>, generated with the simulator
    cycles = {}
    for pad in (0, 16):
        elf = tmp_path / f"loop{pad}.elf"
        subprocess.run(["mipsel-linux-gnu-gcc", "-nostdlib", "-static", "-T",
                        ROOT / "tests" / "bare" / "bare.ld", "-I", ROOT / "tests" / "bare",
                        "-I", ROOT / "include", "-I", gen, f"-DPAD={pad}",
                        "-Wl,--build-id=none", source, "-o", elf], check=True)
        for seed in range(9):  # 0: no perturbation; 1..8: each of a 32-byte block's alignments
            _, s = run(run_sim, tmp_path, f"p{pad}s{seed}", "--config", MUTHASI, "--set",
                       "memory.latency=18", "--set", "sim.perturb_max=1", "--set",
                       f"sim.perturb_seed={seed}", elf)
            cycles[pad, seed] = s["cycles"]
    # Unperturbed, the placement decides everything: several times the cycles.
    assert cycles[16, 0] > 5 * cycles[0, 0], cycles
    # Over the eight seeds each placement sees every alignment once: the same mean within 1%.
    mean = {pad: sum(cycles[pad, seed] for seed in range(1, 9)) / 8 for pad in (0, 16)}
    assert abs(mean[0] - mean[16]) < 0.01 * mean[0], (mean, cycles)
    # The cached model reads whole L1I lines, which the seed does not shift.
    _, a = run(run_sim, tmp_path, "cached1", "--config", DEFAULT, "--set", "sim.perturb_seed=1",
               "--set", "sim.perturb_max=0", tmp_path / "loop0.elf")
    _, b = run(run_sim, tmp_path, "cached5", "--config", DEFAULT, "--set", "sim.perturb_seed=5",
               "--set", "sim.perturb_max=0", tmp_path / "loop0.elf")
    assert a["cycles"] == b["cycles"]
