#!/usr/bin/env bash
# Make .venv hold exactly the pinned packages (quick when nothing changed).
set -eu
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
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
echo "$want" > "$stamp"
