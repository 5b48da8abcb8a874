"""With platform.cores = 1 the machine is the one-core machine of before: the smallest E1 and E2
points give the very stats.json figures of the reference (tests/data/one-core-reference.json,
written by scripts/one_core_reference.py), cycle for cycle and counter for counter. It was first
written by the build before several cores existed; a change to the kernel, runtime or timing model
that moves these figures on purpose rewrites it and says so in its commit."""
import importlib.util
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _reference_script():
    spec = importlib.util.spec_from_file_location("one_core_reference",
                                                  ROOT / "scripts" / "one_core_reference.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


REF = _reference_script()
EXPECTED = json.loads((ROOT / "tests" / "data" / "one-core-reference.json").read_text())


@pytest.mark.parametrize("name", sorted(REF.POINTS))
def test_smallest_e1_e2_points_match_the_one_core_reference(sim, name):
    build = pathlib.Path(sim).resolve().parent.parent
    experiment, params = REF.POINTS[name]
    got = REF.run_point(build, name, experiment, params)
    want = EXPECTED[name]
    assert got["cycles"] == want["cycles"]
    for key in sorted(want):
        assert got.get(key) == want[key], f"{name}: stats.json '{key}' differs"
    assert sorted(got) == sorted(want)
