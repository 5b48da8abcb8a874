"""core.tlb_flush_on_switch (the x86-like TLB: a CR3 write without PCID) and the per-CPU count of
TLB refills in stats.json: a parent and a forked child take turns on one context through pipes
(tests/ctx's ping-pong program), each touching 8 pages a turn. With the option on, every turn
begins with an emptied TLB, so the refills grow with the turns; off, the ASID-tagged entries of
both processes fit the 32-entry TLB and survive the switches, so more turns take no more refills.
The pipeline and the out-of-order core count the same exceptions (the ISS takes them for all
three models), so the option costs them as much."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "configs" / "machines" / "default.toml"
PAGES = 8
FEW, MANY = 10, 40  # turns of each process


@pytest.fixture(scope="session")
def ping_pong(target_dir):
    name = "two-processes-ping-pong-through-pipes-touching-their-pages"
    return target_dir / "tests_ctx" / f"{name}.elf"


def refills(run_sim, kernel, program, tmp_path, rounds, flush, model="iss"):
    """The one context's TLB refills in a run of `rounds` turns each."""
    stats = tmp_path / f"s-{rounds}-{flush}-{model}.json"
    args = ["--stats", stats, "--set", "core.contexts=1",
            "--set", f"core.tlb_flush_on_switch={'true' if flush else 'false'}"]
    args = (["--config", DEFAULT] + args) if model != "iss" else args + ["--set", "sim.model=iss"]
    if model == "o3":
        args += ["--set", "sim.model=o3"]
    proc = run_sim(*args, kernel, program, rounds, PAGES, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    s = json.loads(stats.read_text())
    assert [c["id"] for c in s["contexts"]] == [0]
    return s["contexts"][0]["tlb_refills"]


def test_refills_follow_the_switches_only_with_the_option_on(run_sim, kernel, ping_pong,
                                                            tmp_path):
    got = {(n, f): refills(run_sim, kernel, ping_pong, tmp_path, n, f)
           for n in (FEW, MANY) for f in (False, True)}
    print("refills (turns, flush):", got)
    switches = 2 * (MANY - FEW)  # more switches in the longer run
    on = got[MANY, True] - got[FEW, True]
    off = got[MANY, False] - got[FEW, False]
    # On: each switch costs at least the touched data pages (4 even/odd pairs) plus the code and
    # stack the process runs on again.
    assert on >= switches * (PAGES // 2 + 2), got
    # Off: the extra turns cost (next to) nothing: fewer refills than switches.
    assert off < switches // 4, got
    assert got[FEW, True] > got[FEW, False] > 0, got


@pytest.mark.parametrize("model", ["pipeline", "o3"])
def test_the_timing_models_count_refills_too(run_sim, kernel, ping_pong, tmp_path, model):
    # Their own timing moves the timer interrupts and the random replacement a little, so the
    # counts are the ISS's only roughly: the option's cost is what must show.
    on = refills(run_sim, kernel, ping_pong, tmp_path, FEW, True, model)
    off = refills(run_sim, kernel, ping_pong, tmp_path, FEW, False, model)
    assert on - off >= 2 * (FEW - 1) * (PAGES // 2), (on, off)
