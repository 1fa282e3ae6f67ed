#!/usr/bin/env bash
# Install the Debian packages a profile needs, only those missing.
#   run:  WeasyPrint's libraries and fonts
#   test: the above, plus a PostgreSQL server, Chromium (Playwright), poppler-utils, wrk
#         and nginx (its binary only: make simulate runs it in front, no service started);
#         and, if it can be had, Chromium's headless shell (the browser tests' Chromium
#         without a window: a third of the full browser's CPU; without it they use the
#         full browser, slower, and pass all the same)
# As root, apt-get installs them; otherwise the exact command is printed and we stop.
set -eu
profile=${1:-run}
pkgs=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core)
optional=()
if [ "$profile" = test ]; then
  pkgs+=(chromium poppler-utils wrk nginx)  # wrk: bench_public's load generator
  optional+=(chromium-headless-shell)
  # Any PostgreSQL server version will do; install Debian's default when none is there.
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || pkgs+=(postgresql)
fi
absent() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing < <(absent "${pkgs[@]}")
mapfile -t wanted < <(absent "${optional[@]}")
[ ${#missing[@]} -eq 0 ] && [ ${#wanted[@]} -eq 0 ] && exit 0
as=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as=(sudo)
  elif [ ${#missing[@]} -eq 0 ]; then
    echo "Optional: sudo apt-get install -y ${wanted[*]} (faster browser tests)"
    exit 0
  else
    echo "Missing system packages: ${missing[*]}"
    echo "Run this, then try again:"
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]} ${wanted[*]}"
    exit 1
  fi
fi
install() {
  "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}
echo "Installing system packages: ${missing[*]} ${wanted[*]}"
"${as[@]}" apt-get update -qq || [ ${#missing[@]} -eq 0 ]
[ ${#missing[@]} -eq 0 ] || install "${missing[@]}"
if [ ${#wanted[@]} -gt 0 ] && ! install "${wanted[@]}"; then
  echo "(${wanted[*]} could not be installed: the browser tests use the full Chromium)"
fi
exit 0
