#!/usr/bin/env bash
# Renders the game under a virtual X server after a few scripted moves and saves a PNG.
# Usage: scripts/screenshot.sh OUT.png [extra game arguments, e.g. --rule renju --moves h8i9]
# SCREEN=800x600 renders on a virtual screen of that size, with the window filling it.
# POINTER=X,Y rests the mouse pointer there (screen pixels) while the game renders.
# Installs xvfb, a software Vulkan driver and the ALSA headers the sound needs to build when
# missing (Debian/Ubuntu), builds the game,
# and exits non-zero if no PNG appears.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:?usage: scripts/screenshot.sh OUT.png [game arguments]}
shift
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
if [ $# -eq 0 ]; then
  set -- --rule renju --moves h8i9h9i8g10j8
fi

. scripts/ensure-packages.sh
. scripts/xvfb.sh
ensure_packages xvfb mesa-vulkan-drivers libvulkan1 libxkbcommon-x11-0 libxcursor1 libxrandr2 \
  libxi6 libasound2-dev pkg-config

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
# GOMOKU_BIN: an already built game binary to use instead of building one.
if [ -n "${GOMOKU_BIN:-}" ]; then
  game="$GOMOKU_BIN"
else
  cargo build --quiet --bin gomoku
  game="$CARGO_TARGET_DIR/debug/gomoku"
fi

data=$(mktemp -d)
screen=${SCREEN:-1280x900}
start_xvfb "$screen"
cleanup() { kill "$xvfb" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

rm -f "$out"
size=()
[ -n "${SCREEN:-}" ] && size=(--window "$SCREEN")
frames=12
if [ -n "${POINTER:-}" ]; then
  ensure_packages xdotool
  frames=60
fi
DISPLAY="$display" timeout 120 "$game" --data-dir "$data" --screenshot "$out" --after-frames "$frames" "${size[@]}" "$@" \
  >"$data/game.log" 2>&1 &
game_pid=$!
if [ -n "${POINTER:-}" ]; then
  # Keep the pointer there until the window has appeared under it.
  while kill -0 "$game_pid" 2>/dev/null; do
    DISPLAY="$display" xdotool mousemove "${POINTER%,*}" "${POINTER#*,}" 2>/dev/null || true
    sleep 0.3
  done
fi
wait "$game_pid" || { echo "the game failed:" >&2; tail -20 "$data/game.log" >&2; exit 1; }
if [ ! -s "$out" ]; then
  echo "no screenshot was written" >&2
  tail -20 "$data/game.log" >&2
  exit 1
fi
echo "screenshot: $out"
