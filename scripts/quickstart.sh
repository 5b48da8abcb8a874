#!/usr/bin/env bash
# Quick start on a fresh Debian 12 machine: install the packages, build, run the main job:
# experiment E1 (thread-control cycles, both thread backends, beside the paper's table).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
python3 scripts/kasane run configs/experiments/e1-thread-control.toml
