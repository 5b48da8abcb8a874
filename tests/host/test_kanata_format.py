"""The strict Kanata reader (kanata.py) accepts a valid trace and rejects broken ones, naming the
line. Needs no kasane-sim: the valid trace is the one tests/unit/kanata_test.cc expects the C++
writer to produce, so the writer and the reader agree on the format."""
import pathlib
import re

import pytest

import kanata

# Keep equal to the expected text of KanataWriter.WritesTwoThreadsASquashAndCutsAtTheWindow.
WRITER_TRACE = """\
Kanata\t0004
C=\t10
I\t0\t0\t0
L\t0\t0\t80001004: addiu $sp, $sp, -32
L\t0\t1\tc0.t0
S\t0\t0\tF
I\t1\t1\t1
L\t1\t0\t80002000: lw $t0, 0($a0)
L\t1\t1\tc0.t1
S\t1\t0\tF
C\t1
E\t0\t0\tF
S\t0\t0\tD
E\t1\t0\tF
S\t1\t0\tD
C\t1
E\t0\t0\tD
S\t0\t0\tX
E\t1\t0\tD
R\t1\t0\t1
C\t1
E\t0\t0\tX
R\t0\t0\t0
C\t6
I\t2\t2\t1
L\t2\t0\t80002004: beq $t0, $zero, 0x80002010
L\t2\t1\tc0.t1
S\t2\t0\tF
C\t1
E\t2\t0\tF
S\t2\t0\tD
"""


def test_writer_trace_parses_into_instructions(tmp_path):
    path = tmp_path / "trace.log"
    path.write_text(WRITER_TRACE)
    a, b, c = kanata.parse(path)
    assert a == {"id": 0, "thread": 0, "label": "80001004: addiu $sp, $sp, -32", "detail": "c0.t0",
                 "stages": [("F", 10, 11), ("D", 11, 12), ("X", 12, 13)], "lanes": a["lanes"],
                 "retired": True, "squashed": False, "retire_id": 0}
    assert (b["thread"], b["retired"], b["squashed"]) == (1, False, True)
    assert b["stages"] == [("F", 10, 11), ("D", 11, 12)]
    # Still in flight when the window closed: no R, its last stage open.
    assert (c["retired"], c["squashed"]) == (False, False)
    assert c["stages"] == [("F", 19, 20), ("D", 20, None)]


def test_writer_trace_is_the_one_the_cpp_unit_test_expects():
    source = pathlib.Path(__file__).parents[1] / "unit" / "kanata_test.cc"
    test = source.read_text().split("WritesTwoThreadsASquashAndCutsAtTheWindow", 1)[1]
    expected = test.split("EXPECT_EQ(read_file(path),", 1)[1].split(");", 1)[0]
    literals = re.findall(r'"((?:[^"\\]|\\.)*)"', expected)
    assert "".join(literals).replace("\\t", "\t").replace("\\n", "\n") == WRITER_TRACE


def test_complete_requires_every_instruction_to_retire(tmp_path):
    path = tmp_path / "trace.log"
    path.write_text(WRITER_TRACE)
    with pytest.raises(ValueError, match=r"trace.log:31: instruction 2 has no R line"):
        kanata.parse(path, complete=True)


def test_labels_append_and_other_lanes_are_kept():
    insns = kanata.parse_text("Kanata\t0004\nI\t0\t7\t2\nL\t0\t0\tadd\nL\t0\t0\t r1\n"
                              "L\t0\t1\tdetail\nS\t0\t0\tF\nS\t0\t1\tstall\nC\t2\n"
                              "E\t0\t1\tstall\nE\t0\t0\tF\nR\t0\t0\t0\n")
    assert insns[0]["label"] == "add r1"
    assert insns[0]["detail"] == "detail"
    assert insns[0]["lanes"] == {0: [("F", 0, 2)], 1: [("stall", 0, 2)]}


# (why, trace with the fault, line the error names, words it must contain)
BROKEN = [
    ("no header", "I\t0\t0\t0\n", 1, "first line"),
    ("old version", "Kanata\t0003\n", 1, "first line"),
    ("empty file", "", 0, "empty"),
    ("C= after a command", "Kanata\t0004\nI\t0\t0\t0\nC=\t5\n", 3, "C= must come before"),
    ("cycle goes back", "Kanata\t0004\nC\t2\nC\t-1\n", 3, "goes back"),
    ("cycle not a number", "Kanata\t0004\nC\tx\n", 2, "not a non-negative"),
    ("unknown command", "Kanata\t0004\nX\t0\n", 2, "unknown command"),
    ("missing argument", "Kanata\t0004\nI\t0\t0\n", 2, "takes 3"),
    ("tab inside a label", "Kanata\t0004\nI\t0\t0\t0\nL\t0\t0\tjr\t$ra\n", 3, "takes 3"),
    ("ids not serial", "Kanata\t0004\nI\t1\t0\t0\n", 2, "serial"),
    ("id started twice", "Kanata\t0004\nI\t0\t0\t0\nI\t0\t0\t0\n", 3, "serial"),
    ("S of unknown id", "Kanata\t0004\nS\t0\t0\tF\n", 2, "no I line"),
    ("S without E", "Kanata\t0004\nI\t0\t0\t0\nS\t0\t0\tF\nS\t0\t0\tD\n", 4, "E first"),
    ("E of another stage", "Kanata\t0004\nI\t0\t0\t0\nS\t0\t0\tF\nE\t0\t0\tD\n", 4,
     "where F is open"),
    ("E with nothing open", "Kanata\t0004\nI\t0\t0\t0\nE\t0\t0\tF\n", 3, "where nothing"),
    ("R with a stage open", "Kanata\t0004\nI\t0\t0\t0\nS\t0\t0\tF\nR\t0\t0\t0\n", 4, "E first"),
    ("R twice", "Kanata\t0004\nI\t0\t0\t0\nR\t0\t0\t0\nR\t0\t1\t0\n", 4, "already retired"),
    ("S after R", "Kanata\t0004\nI\t0\t0\t0\nR\t0\t0\t1\nS\t0\t0\tF\n", 4, "already retired"),
    ("bad R type", "Kanata\t0004\nI\t0\t0\t0\nR\t0\t0\t2\n", 3, "R type"),
    ("retire id reused", "Kanata\t0004\nI\t0\t0\t0\nI\t1\t1\t0\nR\t0\t0\t0\nR\t1\t0\t0\n", 5,
     "retire id 0"),
    ("bad label type", "Kanata\t0004\nI\t0\t0\t0\nL\t0\t7\tx\n", 3, "label type"),
]


@pytest.mark.parametrize("why,text,line,words", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_trace_is_rejected_naming_the_line(tmp_path, why, text, line, words):
    path = tmp_path / "broken.log"
    path.write_text(text)
    with pytest.raises(ValueError) as e:
        kanata.parse(path)
    assert f"broken.log:{line}: " in str(e.value)
    assert words in str(e.value)
