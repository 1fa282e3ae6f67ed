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
pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
# uv (pinned in requirements.lock) installs the pinned packages in parallel and
# compiles them on every core: 7 s where pip took 21 s. Where uv cannot be had or
# cannot reach the index, pip does it.
uv=$(grep -i '^uv==' requirements.lock)
if "${pip[@]}" "$uv" 2>&1 | quiet && [ -x .venv/bin/uv ] &&
  .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python \
    -r requirements.lock; then
  :
else
  echo "uv could not install the packages: pip installs them"
  "${pip[@]}" --upgrade pip 2>&1 | quiet
  # pip compiles what it installs one file at a time; compileall does it on every core.
  "${pip[@]}" --no-compile -r requirements.lock 2>&1 | quiet
  .venv/bin/python -m compileall -q -j 0 .venv/lib > /dev/null
fi
echo "$want" > "$stamp"
