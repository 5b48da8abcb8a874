"""E9's mix generator (analysis/mixes.py): the steady-state MPKI and the classes from a hand-made
results table, the draw deterministic, of the right sizes and kinds, covering both classes, and
the committed experiment file's mixes checked against the rule."""
import pytest

from analysis import mixes
from conftest import ROOT


def rows(**progs):  # prog -> ((retired, l2 misses) at scale 1, at scale 2)
    return [{"prog": p, "scale": str(s), "retired": str(r), "l2_misses": str(m)}
            for p, runs in progs.items() for s, (r, m) in zip((1, 2), runs)]


CLASSES = {"crc": "ILP", "sort": "ILP", "sieve": "ILP", "fib": "ILP", "libm": "ILP",
           "chase": "MEM", "stream": "MEM", "gups": "MEM"}


def test_the_mpki_is_the_steady_states_and_the_threshold_splits_the_classes():
    # Boot and set-up: 1,000,000 instructions and 50,000 misses at both lengths; then chase adds
    # 60 misses a 1,000 instructions, crc none, edge exactly the threshold.
    mpki = mixes.steady_mpki(rows(chase=((2e6, 50_000 + 60_000), (3e6, 50_000 + 120_000)),
                                  crc=((2e6, 50_000), (3e6, 50_000)),
                                  edge=((2e6, 50_000), (4e6, 50_000 + 10_000))))
    assert mpki == {"chase": 60.0, "crc": 0.0, "edge": mixes.MEM_MPKI}
    assert mixes.classify(mpki) == {"chase": "MEM", "crc": "ILP", "edge": "MEM"}
    with pytest.raises(ValueError, match="program crc: needs runs at scale 1 and 2"):
        mixes.steady_mpki(rows(crc=((1, 1),))[:1])
    with pytest.raises(ValueError, match="no more instructions"):
        mixes.steady_mpki(rows(crc=((5, 1), (5, 1))))


def test_the_draw_is_deterministic_sized_by_kind_and_covers_both_classes():
    a = mixes.draw(CLASSES)
    assert a == mixes.draw(dict(reversed(list(CLASSES.items()))))  # not the input's order
    assert sorted(a) == list(mixes.SIZES)
    seen = set()
    for n, kinds in a.items():
        assert sorted(kinds) == sorted(mixes.KINDS)
        for kind, ms in kinds.items():
            assert len(ms) == mixes.PER_KIND and len(set(ms)) == len(ms)
            for m in ms:
                progs = m.split("+")
                assert len(progs) == n and progs == sorted(progs)
                seen.update(progs)
                got = [CLASSES[p] for p in progs]
                want = {"ILP": ["ILP"] * n, "MEM": ["MEM"] * n,
                        "MIX": ["ILP"] * (n // 2) + ["MEM"] * (n - n // 2)}[kind]
                assert sorted(got) == sorted(want), (n, kind, m)
    assert seen == set(CLASSES)  # every program in some mix
    # A MEM mix of 8 from 3 programs cycles through them: each 2 or 3 times.
    counts = [a[8]["MEM"][0].split("+").count(p) for p in ("chase", "gups", "stream")]
    assert sorted(counts) == [2, 3, 3]
    # The rule depends on the classes: a program changing class changes the mixes.
    assert mixes.draw({**CLASSES, "libm": "MEM"}) != a
    with pytest.raises(ValueError, match="no MEM program"):
        mixes.draw({"crc": "ILP"})


def test_the_experiment_files_mixes_are_the_rules(tmp_path):
    """The committed mixes of E9 are what the rule draws from the committed classes (the
    classification's figure in docs/experiments.md shows them measured)."""
    exp = ROOT / "configs" / "experiments" / "e9-smt-policies.toml"
    text = exp.read_text()
    classes = dict(line.split("=", 1)[1].strip().split(":") for line in text.splitlines()
                   if line.startswith("# class ="))
    assert set(classes.values()) == {"ILP", "MEM"}
    assert mixes.check_file(exp, mixes.draw(classes)) == []
    wrong = tmp_path / "e9.toml"
    wrong.write_text(text.replace("# mix2_mem = [", "# mix2_mem = [\"x+y\", ", 1))
    assert any("mix2_mem" in p for p in mixes.check_file(wrong, mixes.draw(classes)))
