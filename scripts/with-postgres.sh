#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster that lives only as long as it:
#   scripts/with-postgres.sh pytest ...
# The cluster listens on a Unix socket in a temporary directory (no TCP port to clash),
# with fsync off; DATABASE_URL points at it. It is stopped and removed on exit.
set -eu
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "No PostgreSQL server found under /usr/lib/postgresql; run scripts/system-packages.sh test" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/torneo-pg.XXXXXX)
port=${PGTEST_PORT:-5433}
as=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$dir"   # initdb refuses to run as root
  as=(runuser -u postgres --)
fi
cleanup() {
  "${as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM
"${as[@]}" "$pgbin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-sync >/dev/null
"${as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
"$pgbin/createdb" -h "$dir" -p "$port" -U postgres torneo
export DATABASE_URL="postgres://postgres@$(python3 -c 'import sys,urllib.parse;print(urllib.parse.quote(sys.argv[1],safe=""))' "$dir"):$port/torneo"
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') at $dir (port $port)"
"$@"
