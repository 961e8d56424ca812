#!/usr/bin/env bash
# Measures how smooth a build of the game runs: the computer plays itself (Intermediate
# against Intermediate, seed 3) under a virtual X server in continuous redraw for FRAMES
# frames (default 300), and the game's `--frame-stats` summary is printed (worst and mean
# frame time while the computer thinks and for the other frames).
# Usage: scripts/frame-time.sh BINARY [extra game arguments, e.g. --window 640x480]
# Compare what scripts/play.sh runs (target/debug/gomoku) with `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."

game=${1:?usage: scripts/frame-time.sh BINARY [game arguments]}
shift

. scripts/ensure-packages.sh
. scripts/xvfb.sh
ensure_packages xvfb mesa-vulkan-drivers libvulkan1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6

data=$(mktemp -d)
start_xvfb 1280x900
cleanup() { kill "$xvfb" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

DISPLAY="$display" timeout 600 "$game" --data-dir "$data" --mode ai-vs-ai --level Intermediate \
  --white-level Intermediate --seed 3 --frame-stats --screenshot "$data/end.png" \
  --after-frames "${FRAMES:-300}" "$@" >"$data/game.log" 2>&1 || true
grep "frame stats: [0-9]* computer moves" "$data/game.log" || { cat "$data/game.log" >&2; exit 1; }
