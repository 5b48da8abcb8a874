"""The cycle-level pipeline end to end: a multi-context program on the papers' machine and on the
default cached machine, checked against the ISS; determinism; the Kanata pipeline trace."""
import json
import pathlib

import pytest

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
MUTHASI = ROOT / "configs" / "machines" / "muthasi.toml"
DEFAULT = ROOT / "configs" / "machines" / "default.toml"


@pytest.fixture(scope="session")
def image_reduce(target_dir):
    return target_dir / "workloads_bare" / "image-reduce.elf"


def run_smp(run_sim, program, config, contexts, tmp_path, *extra):
    stats = tmp_path / f"{config.stem}-{contexts}.json"
    proc = run_sim("--config", config, "--set", f"core.contexts={contexts}",
                   "--set", "core.smp_start=true", "--set", "sim.check=true",
                   "--stats", stats, *extra, program)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(stats.read_text())


@pytest.mark.parametrize("config", [MUTHASI, DEFAULT], ids=["flat", "cached"])
def test_more_contexts_give_more_ipc_and_the_same_result(run_sim, image_reduce, config, tmp_path):
    outputs, ipc, cycles = set(), {}, {}
    for n in [1, 2, 4, 8]:
        out, s = run_smp(run_sim, image_reduce, config, n, tmp_path)
        outputs.add(out)
        ipc[n], cycles[n] = s["ipc"], s["cycles"]
        p = s["pipeline"]
        assert p["reference_check"] == {"enabled": True, "failures": 0}
        # Every cycle of every context is charged to exactly one CPI-stack category.
        for c in p["contexts"]:
            assert sum(c["cpi_stack_cycles"].values()) == s["cycles"]
            assert c["retired"] > 0
    assert len(outputs) == 1 and "checksum" in outputs.pop()
    assert ipc[1] < ipc[2] < ipc[4]
    assert ipc[8] >= ipc[4] * 0.95
    assert cycles[4] < cycles[1]


def test_pipeline_runs_the_same_instructions_as_the_iss(run_sim, image_reduce, tmp_path):
    _, p = run_smp(run_sim, image_reduce, MUTHASI, 1, tmp_path)
    out_iss, i = run_smp(run_sim, image_reduce, MUTHASI, 1, tmp_path, "--set", "sim.model=iss")
    # One context: the instruction stream cannot depend on timing.
    assert p["retired"] == i["retired"]
    assert i["ipc"] == 1.0


def test_stats_are_identical_on_two_runs(run_sim, image_reduce, tmp_path):
    runs = []
    for _ in range(2):
        _, s = run_smp(run_sim, image_reduce, DEFAULT, 4, tmp_path)
        s.pop("host")
        runs.append(json.dumps(s, sort_keys=True))
    assert runs[0] == runs[1]


def test_pipeline_trace_opens_as_kanata(run_sim, image_reduce, tmp_path):
    trace = tmp_path / "t.kanata"
    run_smp(run_sim, image_reduce, DEFAULT, 2, tmp_path, "--pipeline-trace", trace,
            "--trace-window", "2000:2600")
    insns = kanata.parse(trace)
    assert len(insns) > 200
    threads = {i["thread"] for i in insns}
    assert threads == {0, 1}
    stages = {name for i in insns for (name, _, _) in i["stages"]}
    assert {"F", "D", "X"} <= stages
    assert any(i["retired"] for i in insns)
    for i in insns:
        starts = [start for (_, start, _) in i["stages"]]
        assert starts == sorted(starts) and all(2000 <= t <= 2600 for t in starts)


def test_trace_window_must_be_well_formed(run_sim, image_reduce, tmp_path):
    proc = run_sim("--pipeline-trace", tmp_path / "t", "--trace-window", "9:3", image_reduce)
    assert proc.returncode == 64 and "--trace-window" in proc.stderr
    proc = run_sim("--set", "sim.model=iss", "--pipeline-trace", tmp_path / "t", image_reduce)
    assert proc.returncode == 64 and "sim.model" in proc.stderr


@pytest.mark.parametrize("args", [
    ["--set", "core.smp_start=true", "tests_bare/smp-ll-sc-counter.elf"],
    ["--set", "core.smp_start=true", "workloads_bare/image-reduce.elf"],
    ["os/kernel.elf", "workloads/hello.elf"],
], ids=["smp-ll-sc", "image-reduce", "hello"])
def test_top_level_and_pipeline_retired_agree_for_every_context(run_sim, target_dir, tmp_path,
                                                               args):
    # The store that ends the run executes (and counts) at issue; the pipeline retires what has
    # executed when the run ends, so the two counts are the same.
    args = [a if a.startswith("-") or "=" in a else target_dir / a for a in args]
    stats = tmp_path / "s.json"
    proc = run_sim("--config", DEFAULT, "--stats", stats, *args)
    assert proc.returncode == 0, proc.stderr
    s = json.loads(stats.read_text())
    pipeline = {c["id"]: c["retired"] for c in s["pipeline"]["contexts"]}
    top = {c["id"]: c["retired"] for c in s["contexts"]}
    assert pipeline == top
    assert sum(top.values()) == s["retired"]
