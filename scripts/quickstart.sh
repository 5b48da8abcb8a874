#!/usr/bin/env bash
# Quick start on a fresh Debian 12 machine: install the packages, build, run the default job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
python3 scripts/default_job.py
