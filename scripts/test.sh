#!/usr/bin/env bash
# Runs every test of the workspace: the game's, then the Bevy-free crates'. The game's sound
# (Bevy's audio, through ALSA) needs the ALSA headers and pkg-config to build on Linux: on
# Debian/Ubuntu they are installed first when missing (with sudo when not root). Extra
# arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/ensure-packages.sh
ensure_packages libasound2-dev pkg-config

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
# The game on its own first: its dependencies then get exactly the features that
# `scripts/play.sh` (cargo run) gives them, so the two commands share one build. (Together
# with the other crates, their dev-dependencies would switch on features of dependencies
# Bevy shares — rand's, through proptest — and half of Bevy would be built twice.)
cargo test -p gomoku "$@"
# The Bevy-free crates: rules, engine, network.
cargo test -p gomoku-rules -p gomoku-engine -p gomoku-net "$@"
