"""DMA into lines other cores hold (tests/bare/smp-dma-into-a-held-line-is-seen.c), bare metal on
2 cores and both models: a core writes a buffer (Modified in its L1D), another reads half of it
(Shared by both), the block device reads a sector into it by DMA, and both must then read the
disk's data. On the pipeline model the DMA invalidates their copies, counted in stats.json."""
import json
import struct

import pytest

from test_several_cores import smp

SECTORS = 4
LINE = 32  # configs/machines/default.toml's l1d.line
BUFFER_LINES = 512 // LINE


@pytest.fixture(scope="session")
def bare(target_dir):
    return lambda name: target_dir / "tests_bare" / f"{name}.elf"


def make_image(path):
    """Each 32-bit word holds its own byte offset in the image (the program checks sector 1)."""
    path.write_bytes(b"".join(struct.pack("<I", o) for o in range(0, SECTORS * 512, 4)))
    return path


@pytest.mark.parametrize("model", ["iss", "pipeline"])
def test_dma_into_a_held_line_is_seen_and_invalidates_it(run_sim, bare, model, tmp_path):
    stats = tmp_path / "s.json"
    proc = smp(run_sim, bare("smp-dma-into-a-held-line-is-seen"), 2, model, 1, "--disk",
               make_image(tmp_path / "disk.img"), "--stats", stats)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.rstrip().endswith("dma-into-a-held-line ok"), proc.stdout
    s = json.loads(stats.read_text())
    assert s["blockdev"]["sectors_read"] == 1
    if model == "iss":
        assert "coherence" not in s  # no caches: nothing to keep coherent
        return
    c = s["coherence"]
    assert c["dma"]["writes"] == 1
    # Every line of the buffer was in core 1's L1D, half of them in core 0's too.
    assert c["dma"]["invalidations"] == BUFFER_LINES + BUFFER_LINES // 2
    assert c["cores"][1]["invalidations_received"] >= BUFFER_LINES
    assert c["cores"][0]["invalidations_received"] >= BUFFER_LINES // 2
