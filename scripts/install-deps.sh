#!/usr/bin/env bash
# Install the Debian 12 packages Kasane needs (and nothing else). Safe to run again.
set -euo pipefail
PACKAGES=(
  cmake ninja-build g++ python3 python3-pytest       # build and test drivers
  libsystemc-dev libboost-program-options-dev        # the simulation kernel, command line
  libtomlplusplus-dev nlohmann-json3-dev libelf-dev  # configs, stats.json, ELF files
  zlib1g-dev                                         # checkpoint files (--checkpoint-at)
  libgtest-dev                                       # unit tests
  gcc-mipsel-linux-gnu binutils-mipsel-linux-gnu     # the target compiler
  qemu-user                                          # qemu-mipsel, the reference machine
  python3-matplotlib python3-tqdm                    # plots, the experiment driver's progress bar
  python3-jsonschema python3-scipy python3-numpy     # experiment-file checks; repeats' intervals
  python3-jinja2                                     # the docs' figure templates (scripts/figures.py)
  python3-distributed                                # kasane run --scheduler/--cluster (Dask)
  clang libclang-rt-14-dev                           # libFuzzer + sanitizers (scripts/fuzz.sh)
  gdb-multiarch                                      # the GDB stub's tests (tests/host/test_gdb.py)
  e2fsprogs                                          # disk images: mke2fs, e2fsck, debugfs
  mkdocs mkdocs-material                             # the documentation site (mkdocs.yml)
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Debian's own mipsel BusyBox, the real binary, for tests/busybox: from the mipsel architecture.
if ! dpkg --print-foreign-architectures | grep -qx mipsel; then
  echo "install-deps: adding Debian's mipsel architecture"
  $SUDO dpkg --add-architecture mipsel
fi
if ! dpkg-query -W -f='${Status}' busybox-static:mipsel 2>/dev/null | grep -q "install ok installed"; then
  echo "install-deps: installing busybox-static:mipsel"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq busybox-static:mipsel >/dev/null
fi
# The python3 on PATH may not be Debian's (a pyenv, say); it needs the same modules too.
for module in pytest matplotlib tqdm jsonschema scipy numpy jinja2 dask distributed; do
  if ! python3 -c "import $module" 2>/dev/null; then
    echo "install-deps: installing $module for $(command -v python3)"
    python3 -m pip install --quiet "$module"
  fi
done
