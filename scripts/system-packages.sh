#!/usr/bin/env bash
# Install the Debian packages a profile needs, only those missing.
#   run:  WeasyPrint's libraries and fonts
#   test: the above, plus a PostgreSQL server, Chromium (Playwright), poppler-utils, wrk
#         and nginx (its binary only: make simulate runs it in front, no service started)
# As root, apt-get installs them; otherwise the exact command is printed and we stop.
set -eu
profile=${1:-run}
pkgs=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core)
if [ "$profile" = test ]; then
  pkgs+=(chromium poppler-utils wrk nginx)  # wrk: bench_public's load generator
  # Any PostgreSQL server version will do; install Debian's default when none is there.
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || pkgs+=(postgresql)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Missing system packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "Run this, then try again:"
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  exit 1
fi
