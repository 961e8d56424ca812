#!/usr/bin/env bash
# Optional: installs the game for the current user, so that it appears in the desktop's menu
# (as 五子棋 / Gomoku) and opens .ron, .sgf, .psq and .gob game files from the file manager.
#   ~/.local/bin/gomoku                                   the game (built by scripts/play.sh's profile)
#   ~/.local/share/applications/gomoku.desktop            the menu entry
#   ~/.local/share/icons/hicolor/256x256/apps/gomoku.png  its icon
#   ~/.local/share/mime/packages/gomoku.xml               the game file types
# `scripts/install-desktop.sh --uninstall` removes them again.
set -euo pipefail
cd "$(dirname "$0")/.."

data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
files=(
  "$bin/gomoku"
  "$data/applications/gomoku.desktop"
  "$data/icons/hicolor/256x256/apps/gomoku.png"
  "$data/mime/packages/gomoku.xml"
)
refresh() {
  command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
  command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "${files[@]}"
  refresh
  echo "removed the game from the desktop menu"
  exit 0
fi

. scripts/ensure-packages.sh
ensure_packages libasound2-dev pkg-config
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/gomoku/target}
cargo build --bin gomoku
mkdir -p "$bin" "$data/applications" "$data/icons/hicolor/256x256/apps" "$data/mime/packages"
install -m 755 "$CARGO_TARGET_DIR/debug/gomoku" "$bin/gomoku"
sed "s|@EXEC@|$bin/gomoku|" assets/desktop/gomoku.desktop > "$data/applications/gomoku.desktop"
install -m 644 assets/icons/gomoku.png "$data/icons/hicolor/256x256/apps/gomoku.png"
install -m 644 assets/desktop/gomoku-mime.xml "$data/mime/packages/gomoku.xml"
refresh
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$data/applications/gomoku.desktop"
fi
echo "installed: ${files[*]}"
