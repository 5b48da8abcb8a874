#!/usr/bin/env bash
# Install the Debian 12 packages Kasane needs (and nothing else). Safe to run again.
set -euo pipefail
PACKAGES=(
  cmake ninja-build g++ python3 python3-pytest       # build and test drivers
  libsystemc-dev libboost-program-options-dev        # the simulation kernel, command line
  libtomlplusplus-dev nlohmann-json3-dev libelf-dev  # configs, stats.json, ELF files
  libgtest-dev                                       # unit tests
  gcc-mipsel-linux-gnu binutils-mipsel-linux-gnu     # the target compiler
  qemu-user                                          # qemu-mipsel, the reference machine
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
