# Sourced by the other scripts: `ensure_packages PKG...` installs, on Debian/Ubuntu, those of the
# named packages that are missing (apt-get; sudo when not root). Elsewhere it does nothing.
ensure_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local need=() pkg sudo=""
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
  done
  [ ${#need[@]} -gt 0 ] || return 0
  echo "Installing: ${need[*]}"
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
}
