#!/usr/bin/env bash
# Runs a command with COURTIER_TEST_POSTGRES naming a PostgreSQL for the
# tests: the one already given, or else a throwaway cluster started here
# (scripts/pg-cluster.sh) and removed after. Without PostgreSQL on the
# machine, the command runs as it is, and the tests run on SQLite alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${COURTIER_TEST_POSTGRES:-}" ]; then
  exec "$@"
fi
if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  echo "PostgreSQL absent (apt-get install postgresql): the tests run on SQLite alone." >&2
  exec "$@"
fi
eval "$("$here/pg-cluster.sh" start)"
trap '"$here/pg-cluster.sh" stop "$PGCLUSTER_DIR"' EXIT
echo "PostgreSQL de test : $COURTIER_TEST_POSTGRES" >&2
"$@"
