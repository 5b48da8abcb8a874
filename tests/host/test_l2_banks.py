"""L2 banks (l2.banks, l2.bank_busy): four cores streaming disjoint rows of the bare-metal image
reduction through the shared L2 take fewer cycles over four banks than over one, and fewer again
over eight, with fewer bank conflicts, the same checksum and every bank used; the default machine
has no bank level at all (tests/host/test_one_core_is_unchanged.py checks its figures)."""
import json
import re

import pytest

from test_several_cores import smp

BUSY = 10  # the default L2's hit latency: a bank takes one access per lookup


def image_reduce(run_sim, target_dir, tmp_path, *extra):
    stats = tmp_path / "s.json"
    proc = smp(run_sim, target_dir / "workloads_bare" / "image-reduce.elf", 4, "pipeline", 1,
               "--stats", stats, *extra)
    assert proc.returncode == 0, proc.stderr
    return re.search(r"checksum (\d+)", proc.stdout).group(1), json.loads(stats.read_text())


def test_more_banks_lower_the_cycles_of_four_cores_streaming_disjoint_lines(run_sim, target_dir,
                                                                          tmp_path):
    runs = {banks: image_reduce(run_sim, target_dir, tmp_path, "--set", f"l2.banks={banks}",
                                "--set", f"l2.bank_busy={BUSY}")
            for banks in (1, 4, 8)}
    assert len({checksum for checksum, _ in runs.values()}) == 1  # banks change time only
    stats = {banks: s for banks, (_, s) in runs.items()}
    b = {banks: s["pipeline"]["memory"]["l2_banks"] for banks, s in stats.items()}
    assert [b[n]["banks"] for n in (1, 4, 8)] == [1, 4, 8] and b[1]["bank_busy"] == BUSY
    assert len(b[8]["per_bank"]) == 8
    # One bank: the four cores queue for it. More banks, line-interleaved: the streams spread.
    assert stats[1]["cycles"] > stats[4]["cycles"] > stats[8]["cycles"]
    assert stats[8]["cycles"] < 0.97 * stats[1]["cycles"]
    assert b[1]["conflicts"] > b[4]["conflicts"] > b[8]["conflicts"] > 0
    assert b[1]["wait_cycles"] > 5 * b[4]["wait_cycles"] > 5 * b[8]["wait_cycles"]
    accesses = [k["accesses"] for k in b[8]["per_bank"]]
    assert min(accesses) > sum(accesses) / 16, accesses
    # Every core's stats see the one shared L2 and its banks.
    assert all(c["pipeline"]["memory"]["l2_banks"] == b[8] for c in stats[8]["cores"])


def test_without_banks_configured_there_is_no_bank_level(run_sim, target_dir, tmp_path):
    _, s = image_reduce(run_sim, target_dir, tmp_path)
    assert "l2_banks" not in s["pipeline"]["memory"]


@pytest.mark.parametrize("banks", [3, 32])
def test_a_bank_count_that_is_not_a_power_of_two_up_to_16_is_refused(run_sim, target_dir, banks):
    proc = run_sim("--set", f"l2.banks={banks}",
                   target_dir / "workloads_bare" / "image-reduce.elf")
    assert proc.returncode != 0
    assert "l2.banks" in proc.stderr
