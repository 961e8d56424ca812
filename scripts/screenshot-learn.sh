#!/usr/bin/env bash
# Screenshots of the teaching features, in English and 中文: a reviewed game (the graph under
# the board, a blunder marked with the engine's better move), a forbidden point with the lines
# that make it so (the pointer resting on it), and the threat marks of both colours.
# Usage: scripts/screenshot-learn.sh OUT_DIR [REVIEWED_GAME_FILE] (REPLAY=N: the move shown, 17 by default)
# (default game: a renju game of Novice against Novice, as a pos string).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/screenshot-learn.sh OUT_DIR [GAME_FILE]}
mkdir -p "$out"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
if [ -z "${GOMOKU_BIN:-}" ]; then
  cargo build --quiet --bin gomoku
  export GOMOKU_BIN="$CARGO_TARGET_DIR/debug/gomoku"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

game=${2:-}
if [ -z "$game" ]; then
  game="$work/game.txt"
  echo "h8g7f8e8g9e7f10e11i7j6e9f7c7h7d7d8d10g6c11b12d9c9f9h9f6e6f12f11g8e4e5f5d3i8" >"$game"
fi

for lang in en zh; do
  scripts/screenshot.sh "$out/review-$lang.png" --lang "$lang" --rule renju \
    --review "$game" --replay "${REPLAY:-17}" --settle --after-frames 20
done

# Renju: h8 would make a diagonal and an anti-diagonal three (forbidden, double-three); the
# horizontal three through it does not count: its only open-four point i8 would be forbidden.
renju=f6a1i6o1j6a15g7o15i7d8f8l8g8a2h9o2g10b15
for lang in en zh; do
  POINTER=450,434 scripts/screenshot.sh "$out/forbidden-$lang.png" --lang "$lang" \
    --rule renju --moves "$renju"
done

# Black's open three on row 8 and white's open four on row 9.
for lang in en zh; do
  scripts/screenshot.sh "$out/threats-$lang.png" --lang "$lang" --rule freestyle --threats \
    --moves h8h9i8i9j8j9f9k9
done
echo "screenshots in $out"
