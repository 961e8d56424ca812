#!/usr/bin/env bash
# Runs every test of the workspace. The game's sound (Bevy's audio, through ALSA) needs the
# ALSA headers and pkg-config to build on Linux: on Debian/Ubuntu they are installed first when
# missing (with sudo when not root). Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/ensure-packages.sh
ensure_packages libasound2-dev pkg-config

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
cargo test --workspace "$@"
