#!/usr/bin/env python3
"""run_lazy_tests.py - run the lazy-threads tests (tests/lazy/NAME.c) under kasane-sim.

    run_lazy_tests.py --sim KASANE_SIM --kernel KERNEL_ELF [--build-dir DIR] [--sim-arg ARG]...
                      [--timeout 60] [NAME...]

They are Kasane-only programs like tests/os's and are judged the same way (exit status against
the header's Expect line, no kernel message on stdout), so this is tests/os/run_os_tests.py
pointed at this directory. DIR holds the NAME.elf files (default: build/target/tests_lazy).
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "os"))
import run_os_tests  # noqa: E402

# run_os_tests finds sources (and the default names) in its module-level HERE.
run_os_tests.HERE = HERE

if __name__ == "__main__":
    if not any(a.startswith("--build-dir") for a in sys.argv[1:]):
        sys.argv[1:1] = ["--build-dir", str(HERE.parents[1] / "build/target/tests_lazy")]
    sys.exit(run_os_tests.main())
