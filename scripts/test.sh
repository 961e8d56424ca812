#!/usr/bin/env bash
# Runs every test of the workspace. The game's sound (Bevy's audio, through ALSA) needs the
# ALSA headers and pkg-config to build on Linux: on Debian/Ubuntu they are installed first when
# missing (with sudo when not root). Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Linux ] && command -v dpkg-query >/dev/null 2>&1; then
  need=()
  for pkg in libasound2-dev pkg-config; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "Installing: ${need[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
cargo test --workspace "$@"
