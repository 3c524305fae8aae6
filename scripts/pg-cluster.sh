#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the tests: its own data
# directory under a temporary folder, a free port, trust authentication
# (nothing listens beyond 127.0.0.1), stopped and removed by `stop`.
#
#   eval "$(scripts/pg-cluster.sh start)"   # exports COURTIER_TEST_POSTGRES and PGCLUSTER_DIR
#   scripts/pg-cluster.sh stop "$PGCLUSTER_DIR"
#
# Debian's server binaries live in /usr/lib/postgresql/<major>/bin; initdb
# refuses to run as root, so as root the cluster belongs to the postgres user.
set -euo pipefail

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$d" ]; then
    command -v initdb >/dev/null 2>&1 || { echo "pg-cluster: PostgreSQL is not installed" >&2; exit 1; }
    d=$(dirname "$(command -v initdb)")
  fi
  echo "$d"
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 - <<'EOF' 2>/dev/null || echo $((20000 + RANDOM % 20000))
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()
EOF
}

case "${1:-}" in
start)
  bin=$(bindir)
  dir=$(mktemp -d /tmp/courtier-pg.XXXXXX)
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  port=$(free_port)
  as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  # Tests open many short-lived schemas and connections: room for them,
  # and durability traded for speed as the cluster is thrown away.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -qc "CREATE DATABASE courtier_test" >/dev/null
  echo "export PGCLUSTER_DIR=$dir"
  echo "export COURTIER_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port/courtier_test?sslmode=disable"
  ;;
stop)
  dir=${2:-${PGCLUSTER_DIR:-}}
  [ -n "$dir" ] && [ -d "$dir/data" ] || exit 0
  as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start | stop [DIR]" >&2
  exit 2
  ;;
esac
