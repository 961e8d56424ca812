#!/usr/bin/env bash
# Builds and launches the game. On Debian/Ubuntu it first installs what is missing of the few
# system packages the game needs: ALSA headers and pkg-config to build its sound, and the X11
# client libraries and a Vulkan driver that a window needs.
#
# It builds with the same profile and into the same folder as scripts/test.sh, so whichever of
# the two runs first pays for the dependencies and the other starts in about a minute. (A fully
# optimised build for packaging: `cargo build --release`.)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/ensure-packages.sh
ensure_packages libasound2-dev pkg-config libx11-6 libxcursor1 libxrandr2 libxi6 \
  libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
exec cargo run --bin gomoku -- "$@"
