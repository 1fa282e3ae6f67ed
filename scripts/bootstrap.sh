#!/usr/bin/env bash
# Make .venv hold exactly the pinned packages (quick when nothing changed).
set -eu -o pipefail
cd "$(dirname "$0")/.."
stamp=.venv/.installed
want=$(cat requirements.lock pyproject.toml | sha256sum | cut -d' ' -f1)
if [ -x .venv/bin/python ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
if [ ! -x .venv/bin/python ]; then
  py=$(scripts/find-python.sh)
  echo "Creating .venv with $py ($("$py" --version))"
  "$py" -m venv .venv
fi
# This machine's pip.conf names local indexes that may be absent: drop pip's warnings
# about them, keep everything else it says.
quiet() { grep -v "^WARNING: Location 'file:" || true; }
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip 2>&1 | quiet
# pip compiles what it installs one file at a time; compileall does it on every core.
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-compile \
  -r requirements.lock 2>&1 | quiet
.venv/bin/python -m compileall -q -j 0 .venv/lib > /dev/null
echo "$want" > "$stamp"
