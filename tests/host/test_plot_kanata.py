"""scripts/plot_kanata.py: the pipeline view as a PNG, from a small Kanata file written here by hand
in the writer's format (two contexts, a wait with its reason, a squashed instruction, a W arrow).
The picture is checked for what can be checked without eyes: it is a PNG of a plausible size,
drawn the same twice, and the summary says which instructions, contexts and stalls it shows."""
import importlib.util
import pathlib
import subprocess
import sys

import pytest

import kanata

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "plot_kanata.py"
# The script runs as a command once; the rest is tested in this process (matplotlib loads once).
_spec = importlib.util.spec_from_file_location("plot_kanata", SCRIPT)
plot_kanata = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(plot_kanata)

# Cycle 100: id 0 (context 0) fetched; 101: id 1 (context 1) fetched, id 0 decodes; id 1 waits for
# an operand 102..105; id 2 (context 0) is fetched at 103 and squashed at 105.
TRACE = """Kanata\t0004
C=\t100
I\t0\t0\t0
L\t0\t0\t00400000: addiu $v0, $zero, 1
L\t0\t1\tc0.t0
S\t0\t0\tF
C\t1
E\t0\t0\tF
S\t0\t0\tD
I\t1\t1\t1
L\t1\t0\t00400100: addu $v1, $v0, $v0
L\t1\t1\tc0.t1
S\t1\t0\tF
C\t1
E\t0\t0\tD
S\t0\t0\tX
E\t1\t0\tF
S\t1\t0\tIs
S\t1\t1\toperand
L\t1\t1\t\\n102: waits: operand
W\t1\t0\t0
C\t1
E\t0\t0\tX
S\t0\t0\tW
I\t2\t2\t0
L\t2\t0\t00400004: lw $a0, 0($sp)
L\t2\t1\tc0.t0
S\t2\t0\tF
C\t1
E\t0\t0\tW
R\t0\t0\t0
C\t1
E\t1\t1\toperand
E\t1\t0\tIs
S\t1\t0\tX
E\t2\t0\tF
R\t2\t0\t1
C\t1
E\t1\t0\tX
S\t1\t0\tW
C\t1
E\t1\t0\tW
R\t1\t1\t0
"""


def plot(*args):
    return subprocess.run([sys.executable, SCRIPT, *map(str, args)], capture_output=True,
                          text=True, timeout=120)


@pytest.fixture
def trace(tmp_path):
    path = tmp_path / "small.kanata"
    path.write_text(TRACE)
    return path


def test_picture_and_summary_of_a_small_trace(trace, tmp_path):
    png = tmp_path / "view.png"
    proc = plot(trace, png, "--summary")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "cycles 100..107: 3 instructions, 1 squashed",
        "per context: c0.t0 2, c0.t1 1",
        "stall labels: operand 1"]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 5000  # bars and labels, not an empty frame
    again = tmp_path / "again.png"
    plot_kanata.draw(plot_kanata.select(kanata.parse(trace), None, 40), again)
    assert again.read_bytes() == data  # no timestamp: a figure block can regenerate it


@pytest.mark.parametrize("start,expected", [
    ("ctx1", "cycles 101..107: 2 instructions, 1 squashed"),   # context 1's first instruction on
    ("insn:lw", "cycles 103..105: 1 instructions, 1 squashed"),
    ("insn:addu-1", "cycles 100..107: 3 instructions, 1 squashed"),  # one cycle before it
    ("ctx0:lw", "cycles 103..105: 1 instructions, 1 squashed"),  # context 0's first lw
    ("ctx1:addu-1", "cycles 100..107: 3 instructions, 1 squashed"),
    ("102", "cycles 103..105: 1 instructions, 1 squashed"),
])
def test_start_picks_the_first_instruction_shown(trace, start, expected):
    shown = plot_kanata.select(kanata.parse(trace), start, 40)
    assert plot_kanata.summary(shown).splitlines()[0] == expected


def test_count_limits_the_rows(trace):
    shown = plot_kanata.select(kanata.parse(trace), None, 1)
    assert plot_kanata.summary(shown).splitlines()[:2] == [
        "cycles 100..104: 1 instructions, 0 squashed", "per context: c0.t0 1"]


@pytest.mark.parametrize("start", ["ctx3", "insn:mul", "ctx0:addu", "200", "later"])
def test_a_start_that_matches_nothing_is_an_error(trace, start):
    with pytest.raises(SystemExit) as e:
        plot_kanata.select(kanata.parse(trace), start, 40)
    assert "plot_kanata:" in str(e.value)


def test_a_trace_that_breaks_the_rules_is_refused(trace, tmp_path, monkeypatch):
    bad = tmp_path / "bad.kanata"
    bad.write_text(TRACE.replace("E\t1\t1\toperand\n", ""))  # the wait never ends before R
    monkeypatch.setattr(sys, "argv", ["plot_kanata.py", str(bad), str(tmp_path / "bad.png")])
    with pytest.raises(SystemExit) as e:
        plot_kanata.main()
    assert "bad.kanata" in str(e.value) and "operand is open" in str(e.value)
    assert not (tmp_path / "bad.png").exists()
