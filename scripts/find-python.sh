#!/usr/bin/env bash
# Print the path of a Python >= 3.12 interpreter, or explain and fail.
# Tries $PYTHON, python3.13/python3.12 on PATH, python3, then pyenv's installed versions.
set -u
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }
candidates=()
[ -n "${PYTHON:-}" ] && candidates+=("$PYTHON")
for name in python3.12 python3.13 python3.14 python3; do
  p=$(command -v "$name" 2>/dev/null) && candidates+=("$p")
done
for root in "${PYENV_ROOT:-}" "$HOME/.pyenv" /root/.pyenv /opt/pyenv /usr/local/pyenv; do
  [ -n "$root" ] && [ -d "$root/versions" ] || continue
  for p in $(ls -d "$root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V); do
    candidates+=("$p")
  done
done
for p in "${candidates[@]}"; do
  if ok "$p"; then echo "$p"; exit 0; fi
done
echo "No Python >= 3.12 found. Install one (e.g. 'apt-get install python3.12' on a newer" >&2
echo "Debian, or 'pyenv install 3.12') or point PYTHON=/path/to/python3.12 at it." >&2
exit 1
