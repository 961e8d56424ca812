#!/usr/bin/env bash
# Screenshots of one position at 1280×900, 800×600 and 640×480, in English and 中文, to check
# that the side panel, the coordinates, the notices and the dialogs stay legible at every size.
# Usage: scripts/screenshot-sizes.sh OUT_DIR [game arguments]
# (default: a renju game in progress with move numbers, against the computer, clock running).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/screenshot-sizes.sh OUT_DIR [game arguments]}
shift
mkdir -p "$out"
if [ $# -eq 0 ]; then
  set -- --rule renju --mode vs-computer --color white --clock 10m/5x30s \
    --moves h8i9h9i8g10j8h10h11
fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
cargo build --quiet --bin gomoku
export GOMOKU_BIN="$CARGO_TARGET_DIR/debug/gomoku"
for size in 1280x900 800x600 640x480; do
  for lang in en zh; do
    SCREEN=$size scripts/screenshot.sh "$out/$size-$lang.png" --lang "$lang" "$@"
  done
done
