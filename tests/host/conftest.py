"""pytest options shared by the host-side tests: where kasane-sim and the target build are."""
import pathlib
import subprocess

import pytest


def pytest_addoption(parser):
    parser.addoption("--sim", required=True, help="path to kasane-sim")
    parser.addoption("--target-dir", required=True, help="the cross-compiled target build")


@pytest.fixture(scope="session")
def sim(request):
    # absolute: tests run programs from their own folders and write paths into workload files
    return pathlib.Path(request.config.getoption("--sim")).resolve()


@pytest.fixture(scope="session")
def target_dir(request):
    return pathlib.Path(request.config.getoption("--target-dir")).resolve()


@pytest.fixture(scope="session")
def kernel(target_dir):
    return target_dir / "os" / "kernel.elf"


@pytest.fixture
def run_sim(sim):
    """Run kasane-sim with arguments; returns the CompletedProcess (text mode)."""
    def run(*args, stdin=subprocess.DEVNULL, timeout=120):
        return subprocess.run([str(sim), *map(str, args)], capture_output=True, text=True,
                              stdin=stdin, timeout=timeout)
    return run


def pytest_configure(config):
    config.addinivalue_line("markers", "big: a long test, run only when asked for with -m big")


def pytest_collection_modifyitems(config, items):
    """Tests marked big run only with -m big (ctest -C big -L ext2-big)."""
    if "big" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="long: run it with -m big")
    for item in items:
        if "big" in item.keywords:
            item.add_marker(skip)
