#!/usr/bin/env bash
# Builds and launches the game. On Debian/Ubuntu it first installs what is missing of the few
# system packages the game needs: ALSA headers and pkg-config to build its sound, and the X11
# client libraries and a Vulkan driver that a window needs.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in libasound2-dev pkg-config libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
  done
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing runtime libraries: ${need[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

exec cargo run --release --bin gomoku -- "$@"
