#!/usr/bin/env bash
# make check: the quick loop before a commit (lint has run already): the database-free
# tests and the tests of the apps changed since main (committed or not), on SQLite, on
# every core; the browser tests and the URL walker are left to `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled modules (and pytest's rewritten tests) are written and reused by every
# process of the run (the legs, their workers, the commands the tests start): a
# machine that sets PYTHONDONTWRITEBYTECODE would compile them all again in each.
unset PYTHONDONTWRITEBYTECODE
py=.venv/bin/python
start=$SECONDS
base=$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)
changed=$( { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
apps=$(ls -d tests/*/ | xargs -n1 basename)
targets=()
for path in $changed; do
  case "$path" in
    tests/*/test_*.py) [ -f "$path" ] && targets+=("$path") ;;
    tests/*/*) targets+=("tests/$(echo "$path" | cut -d/ -f2)/") ;;
    templates/*/*) app=$(echo "$path" | cut -d/ -f2) ;&
    *)
      app=${app:-$(echo "$path" | cut -d/ -f1)}
      case "$app" in
        core) targets+=(tests/web/ tests/archive/ tests/replay/) ;;  # shell, archive, replay
        config) targets+=(tests/security/) ;;
        *) if echo "$apps" | grep -qx "$app"; then targets+=("tests/$app/"); fi ;;
      esac
      app=""
      ;;
  esac
done
targets=($(printf '%s\n' "${targets[@]}" | grep -v '^tests/browser' | sort -u))
echo "== the database-free tests =="
TORNEO_TEST_LEG=serial $py -m pytest -q -n "${TEST_WORKERS:-$(nproc)}" --deselect tests/printing/test_parts.py
if [ ${#targets[@]} -gt 0 ]; then
  echo "== the changed apps' tests on SQLite: ${targets[*]} =="
  scratch=$(mktemp -d /tmp/torneo-check.XXXXXX)
  trap 'rm -rf "$scratch"' EXIT
  TORNEO_TEST_LEG=sqlite DJANGO_SQLITE_PATH=$scratch/unused.sqlite3 \
    $py -m pytest -q -n "${TEST_WORKERS:-$(nproc)}" --dist worksteal \
    --deselect tests/security/test_url_permissions.py "${targets[@]}"
else
  echo "== no app changed since main: no database test to run =="
fi
echo "make check: passed in $((SECONDS - start)) s"
