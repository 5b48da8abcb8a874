"""Shared helpers of the experiment-driver tests: the build they use (KASANE_BUILD, which CMake
sets, else build/), an experiment file written from a string, and the `kasane` command run as a
user runs it."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from analysis.build import Build, build_dir  # noqa: E402

KASANE = ROOT / "scripts" / "kasane"


@pytest.fixture(scope="session")
def build():
    b = Build(build_dir())
    assert b.sim.is_file(), f"{b.sim}: build first, or set KASANE_BUILD"
    return b


@pytest.fixture
def experiment(tmp_path):
    """Write an experiment file NAME.toml into tmp_path; returns its path."""
    def write(text: str, name: str = "exp") -> Path:
        path = tmp_path / f"{name}.toml"
        path.write_text(text)
        return path
    return write


@pytest.fixture
def kasane(build):
    """Run scripts/kasane with arguments; returns the CompletedProcess (text)."""
    def run(*args, timeout=300):
        env = {**os.environ, "KASANE_BUILD": str(build.dir), "PYTHONDONTWRITEBYTECODE": "1"}
        return subprocess.run([sys.executable, str(KASANE), *map(str, args)], capture_output=True,
                              text=True, env=env, timeout=timeout)
    return run
