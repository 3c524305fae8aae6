#!/usr/bin/env bash
# Load test of the live chat (issue 10): builds courtier (the site need not
# be built) and the load program scripts/chatload, makes a fresh temporary
# database with 20 agents, starts `courtier serve --trusted-proxies
# 127.0.0.1/32` on a free loopback port, then 500 visitors and 20 agents,
# each with an open stream, exchange messages for 60 s. Prints the delivery
# latency both ways, the lost, duplicated and misrouted messages (all must
# be 0), the HTTP errors by status, the server's resident memory per open
# stream, and what the server logged as a warning, an error or a 5xx.
# Loopback only; the run past the build is bounded (hard timeout 150 s).
#
#   bash scripts/chat-load.sh [chatload flags, e.g. --visitors 100 --duration 20s]
#   CHAT_LOAD_KEEP_LOG=/tmp/server.log bash scripts/chat-load.sh   # keeps the server's log
set -euo pipefail
cd "$(dirname "$0")/.."

HARD_TIMEOUT=150
tmp=$(mktemp -d "${TMPDIR:-/tmp}/courtier-chatload-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# Each open stream is a file descriptor on both sides: raise the soft limit
# to the hard one when it is lower (Go raises its own, this covers the shell).
want=4096
soft=$(ulimit -n)
if [ "$soft" != unlimited ] && [ "$soft" -lt "$want" ]; then
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  echo "chat-load: open files limit $soft -> $(ulimit -n)"
fi

echo "chat-load: building courtier and chatload in $tmp"
go build -o "$tmp/courtier" ./cmd/courtier
go build -o "$tmp/chatload" ./scripts/chatload

db="$tmp/load.db"
log=
url=
# start_server LOG: serves $db on a free loopback port; sets server_pid and url.
start_server() {
  log=$1
  "$tmp/courtier" serve --db "$db" --addr 127.0.0.1:0 --trusted-proxies 127.0.0.1/32 2>"$log" >/dev/null &
  server_pid=$!
  url=
  for _ in $(seq 1 150); do
    url=$(sed -n 's/.*serveur prêt"\{0,1\} url=\(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$log" | head -1)
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "chat-load: the server stopped:"; cat "$log"; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "chat-load: the server did not start in 15 s:"; cat "$log"; exit 1; }
  case "$url" in http://127.0.0.1:*) ;; *) echo "chat-load: not loopback: $url"; exit 1 ;; esac
}
stop_server() {
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  server_pid=
}

# The agents, made beside a first server (only serve creates the database),
# which they sign in to. The server is then started again: the sign-ins'
# memory (Argon2id, 19 MiB each) stays out of the baseline, and the
# sessions, kept in the database, stay valid.
start_server "$tmp/setup.log"
password="charge-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
for n in $(seq 1 20); do
  printf '%s\n' "$password" | "$tmp/courtier" users create --email "agent$n@charge.test" --name "Agent $n" --role agent --db "$db" >/dev/null
done
CHATLOAD_PASSWORD="$password" timeout 60 "$tmp/chatload" --url "$url" --agents 20 --sign-in-only --cookies "$tmp/cookies.json"
stop_server

start_server "$tmp/server.log"
echo "chat-load: server $url (pid $server_pid), 20 agents signed in"
status=0
timeout --signal=TERM --kill-after=5 "$HARD_TIMEOUT" \
  "$tmp/chatload" --url "$url" --pid "$server_pid" --agents 20 --cookies "$tmp/cookies.json" --server-log "$log" "$@" || status=$?
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
  echo "chat-load: stopped after the hard timeout of $HARD_TIMEOUT s"
fi
stop_server
# CHAT_LOAD_KEEP_LOG=FILE keeps the server's log of the run.
if [ -n "${CHAT_LOAD_KEEP_LOG:-}" ]; then cp "$log" "$CHAT_LOAD_KEEP_LOG"; fi

# What the server itself said: 5xx, warnings, errors (the warning that the
# binary was built without the site is expected here). A stream whose
# client leaves while it reads logs an error ending in « context canceled »:
# those are counted apart, shown, and do not fail the run.
grep -v 'binaire compilé sans le site' "$log" >"$log.kept" || true
mv "$log.kept" "$log"
requests=$(grep -c 'msg=requête' "$log" || true)
fivexx=$(grep -c 'msg=requête.* status=5[0-9][0-9]' "$log" || true)
warnings=$(grep -c 'level=WARN' "$log" || true)
errors=$(grep 'level=ERROR' "$log" | grep -vc 'context canceled' || true)
canceled=$(grep 'level=ERROR' "$log" | grep -c 'context canceled' || true)
echo
echo "server log: $requests requests logged, $fivexx with a 5xx status, $warnings warnings, $errors errors," \
  "$canceled errors « context canceled » (a stream reading as its client left)"
if [ "$canceled" -gt 0 ]; then
  grep 'level=ERROR' "$log" | grep 'context canceled' | sed 's/^time=[^ ]* //' | sort | uniq -c | sort -rn | head -5
fi
if [ "$((fivexx + warnings + errors))" -gt 0 ]; then
  echo "first of them:"
  grep -E 'msg=requête.* status=5[0-9][0-9]|level=(WARN|ERROR)' "$log" | grep -v 'context canceled' | head -20
  [ "$status" != 0 ] || status=1
fi
exit "$status"
