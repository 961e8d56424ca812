#!/usr/bin/env bash
# A whole network game end to end, on 127.0.0.1 only: `gomoku-peer` hosts a freestyle game on a
# 19×19 board, the real game joins it under a virtual X server, and a player's clicks (xdotool)
# play white, nearest the centre first, until the game is over. Checks that the peer printed
# its result line and that the game is still running, and saves screenshots of the game in play
# (OUT-playing.png, after three clicks) and at its end (OUT.png).
# Usage: scripts/e2e-network.sh [OUT.png]   (GOMOKU_BIN: an already built game binary)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/ensure-packages.sh
ensure_packages xvfb xdotool imagemagick mesa-vulkan-drivers libvulkan1 libxkbcommon-x11-0 \
  libxcursor1 libxrandr2 libxi6 libasound2-dev pkg-config

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
out=${1:-$CARGO_TARGET_DIR/e2e-network.png}
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
if [ -n "${GOMOKU_BIN:-}" ]; then
  game="$GOMOKU_BIN"
else
  cargo build --quiet --bin gomoku
  game="$CARGO_TARGET_DIR/debug/gomoku"
fi
cargo build --quiet -p gomoku-net --bin gomoku-peer
peer_bin="$CARGO_TARGET_DIR/debug/gomoku-peer"

display=""
for n in $(seq 90 120); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "no free X display number" >&2; exit 1; }

W=1000 H=760 SIZE=19
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 "${W}x${H}x24" -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

# The peer listens on a free port of the loopback address and prints it.
"$peer_bin" --host 0 --bind 127.0.0.1 --rule freestyle --size "$SIZE" --level Beginner \
  --name Peer --games 1 >"$work/peer.out" 2>"$work/peer.err" &
peer=$!
pids+=("$peer")
addr=""
for _ in $(seq 1 100); do
  addr=$(sed -n 's/^listening on //p' "$work/peer.out")
  [ -n "$addr" ] && break
  sleep 0.1
done
[ -n "$addr" ] || { echo "the peer did not start:" >&2; cat "$work/peer.err" >&2; exit 1; }
echo "peer listening on $addr"

DISPLAY="$display" "$game" --data-dir "$work/data" --window "${W}x${H}" --join "$addr" \
  --name Ann >"$work/game.log" 2>&1 &
gamepid=$!
pids+=("$gamepid")
window=""
for _ in $(seq 1 300); do
  window=$(DISPLAY="$display" xdotool search --onlyvisible --pid "$gamepid" 2>/dev/null | head -1 || true)
  [ -n "$window" ] && break
  kill -0 "$gamepid" 2>/dev/null || { echo "the game exited:" >&2; tail -20 "$work/game.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$window" ] || { echo "no game window appeared" >&2; exit 1; }
eval "$(DISPLAY="$display" xdotool getwindowgeometry --shell "$window")"
sleep 2

# The board's place in the window (src/board/layout.rs: the panel is 300 px wide, the menu bar
# 28 px high, the margin 1.05 cells), and the points from the centre outwards.
points=$(awk -v w="$W" -v h="$H" -v n="$SIZE" -v ox="$X" -v oy="$Y" 'BEGIN {
  fx = w - 300; fy = h - 28; ext = (n - 1) + 2 * 1.05 + 0.5
  cell = (fx < fy ? fx : fy) / ext; cx = fx / 2; cy = (28 + h) / 2; c = (n - 1) / 2
  for (y = 0; y < n; y++) for (x = 0; x < n; x++) {
    d = (x - c) * (x - c) + (y - c) * (y - c)
    printf "%d %d %d\n", d * 1000 + y * n + x, ox + cx + (x - c) * cell, oy + cy + (y - c) * cell
  }
}' | sort -n | awk '{ print $2 "," $3 }')

clicks=0
for p in $points; do
  kill -0 "$peer" 2>/dev/null || break
  kill -0 "$gamepid" 2>/dev/null || { echo "the game exited during play:" >&2; tail -20 "$work/game.log" >&2; exit 1; }
  DISPLAY="$display" xdotool mousemove "${p%,*}" "${p#*,}" click 1
  clicks=$((clicks + 1))
  sleep 0.35
  [ "$clicks" -eq 3 ] && DISPLAY="$display" import -window root "${out%.png}-playing.png"
done
for _ in $(seq 1 50); do kill -0 "$peer" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$peer" 2>/dev/null; then
  echo "the game did not end after $clicks clicks" >&2
  cat "$work/peer.err" >&2
  exit 1
fi
wait "$peer" || { echo "the peer failed:" >&2; cat "$work/peer.err" >&2; exit 1; }
result=$(grep '^game 1:' "$work/peer.out" || true)
[ -n "$result" ] || { echo "the peer printed no result:" >&2; cat "$work/peer.out" "$work/peer.err" >&2; exit 1; }
echo "peer: $result ($clicks clicks)"
sleep 1
kill -0 "$gamepid" 2>/dev/null || { echo "the game exited at the end:" >&2; tail -20 "$work/game.log" >&2; exit 1; }
DISPLAY="$display" import -window root "$out"
if grep -q "panicked" "$work/game.log"; then
  echo "the game panicked:" >&2
  cat "$work/game.log" >&2
  exit 1
fi
echo "screenshot: $out"
