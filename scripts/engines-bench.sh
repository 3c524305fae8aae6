#!/usr/bin/env bash
# The two engines side by side (issue 18): in one run on this machine,
# SQLite and PostgreSQL under the same figures, printed as Markdown tables
# ready for the README. docs/engines-bench.md says what each figure means.
#
#  1. Go benchmarks in process (pkg/web): the session check, sign-in, the
#     chat round trip at 50 visitors, the staff queue at 100,000 requests
#     (first page and a search). --count rounds, each a run on SQLite then a
#     run on PostgreSQL of the same test binary, so both see the same
#     machine; medians, and the ratio PostgreSQL / SQLite of the rates.
#  2. The chat with the real binary: 50 clients talking to the assistant,
#     each waiting for its answer, against one `courtier serve` on SQLite,
#     one on PostgreSQL, and two on the same PostgreSQL with the clients
#     split between them; --load-rounds rounds of the three, each run
#     --load-duration long on a fresh database; messages/s, p50, p99, and
#     the CPU time of the client, courtier and postgres (/proc).
#  3. Where PostgreSQL's time goes in the benchmark of the lowest ratio: the
#     CPU seconds of the Go side and of postgres's processes, on each
#     engine, the Go side's profile (pprof -top), and the plans of the
#     queue's queries at 100,000 requests (auto_explain, when the cluster's
#     log is readable).
#
# PostgreSQL: COURTIER_TEST_POSTGRES when set (every run in a schema of its
# own, dropped after), else a throwaway cluster (scripts/pg-cluster.sh)
# stopped at the end. Loopback only; the whole script stops after a hard
# timeout (ENGINES_BENCH_TIMEOUT, 900 s).
#
#   bash scripts/engines-bench.sh [--count 6] [--benchtime 1s] [--load-rounds 3]
#                                 [--load-duration 15s] [--clients 50]
#                                 [--only go,load,profile] [--profile BenchmarkName/sub]
set -euo pipefail
cd "$(dirname "$0")/.."

HARD_TIMEOUT=${ENGINES_BENCH_TIMEOUT:-900}
if [ -z "${ENGINES_BENCH_INNER:-}" ]; then
  export ENGINES_BENCH_INNER=1
  status=0
  timeout --signal=TERM --kill-after=30 "$HARD_TIMEOUT" bash "$0" "$@" || status=$?
  [ "$status" = 124 ] && echo "engines-bench: stopped after the hard timeout of $HARD_TIMEOUT s" >&2
  exit "$status"
fi

count=6 benchtime=1s rounds=3 duration=15s clients=50 only=go,load,profile profile=
usage() {
  echo "usage: $0 [--count 1-9] [--benchtime 1s] [--load-rounds 1-5] [--load-duration 5s-30s] [--clients 1-200] [--only go,load,profile] [--profile BenchmarkX/sub]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case "$1" in
    --count) count=$2 ;;
    --benchtime) benchtime=$2 ;;
    --load-rounds) rounds=$2 ;;
    --load-duration) duration=$2 ;;
    --clients) clients=$2 ;;
    --only) only=$2 ;;
    --profile) profile=$2 ;;
    *) usage ;;
  esac
  shift 2
done
case "$count" in [1-9]) ;; *) usage ;; esac
case "$rounds" in [1-5]) ;; *) usage ;; esac
case "$duration" in [5-9]s|[12][0-9]s|30s) ;; *) usage ;; esac
case "$benchtime" in [1-5]s|[1-9]00ms|[1-9]x|[1-9][0-9]x) ;; *) usage ;; esac
[[ "$clients" =~ ^[1-9][0-9]{0,2}$ ]] && [ "$clients" -le 200 ] || usage
[[ "$profile" =~ ^(Benchmark[A-Za-z0-9_]+(/[A-Za-z0-9_-]+)?)?$ ]] || usage
wants() { [[ ",$only," == *",$1,"* ]]; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/courtier-engines-XXXXXX")
servers=()
schemas=()
own_cluster=
cleanup() {
  for pid in "${servers[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${servers[@]}"; do
    timeout 15 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  done
  for s in "${schemas[@]}"; do
    timeout 20 "$tmp/enginebench" schema --drop --url "$s" 2>/dev/null || true
  done
  if [ -n "$own_cluster" ]; then scripts/pg-cluster.sh stop "$own_cluster"; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 143' TERM INT
start=$SECONDS
say() { printf 'engines-bench [%3d s] %s\n' "$((SECONDS - start))" "$*" >&2; }

if [ -z "${COURTIER_TEST_POSTGRES:-}" ]; then
  cluster=$(scripts/pg-cluster.sh start) || { echo "engines-bench: no PostgreSQL to start (set COURTIER_TEST_POSTGRES)" >&2; exit 1; }
  eval "$cluster"
  own_cluster=$PGCLUSTER_DIR
  say "throwaway PostgreSQL cluster in $own_cluster"
fi
pg=$COURTIER_TEST_POSTGRES
[[ "$pg" =~ ^postgres(ql)?://([^@/]*@)?(127\.0\.0\.1|localhost|\[::1\])[:/] ]] ||
  { echo "engines-bench: PostgreSQL must be on the loopback, not $pg" >&2; exit 2; }

say "building courtier, enginebench and pkg/web's test binary in $tmp"
timeout 600 go build -o "$tmp/courtier" ./cmd/courtier
timeout 300 go build -o "$tmp/enginebench" ./scripts/enginebench
timeout 600 go test -c -o "$tmp/web.test" ./pkg/web
eb() { "$tmp/enginebench" "$@"; }

# on ENGINE COMMAND…: runs COMMAND from pkg/web (the tests' folder) with the
# tests' database on ENGINE (sqlite or pg), killed after 5 minutes.
on() {
  local envs=(env -u COURTIER_TEST_POSTGRES)
  [ "$1" = pg ] && envs=(env COURTIER_TEST_POSTGRES="$pg")
  (cd pkg/web && timeout --kill-after=10 300 "${envs[@]}" "${@:2}")
}

# ------------------------------------------------------------ Go benchmarks
# bench_run ENGINE REGEX: one run of the benchmarks REGEX on ENGINE, its
# output added to bench-ENGINE.txt. A benchmark that fails is shown and run
# once more, alone, right after; if it fails again it gives no figure this
# round (the table counts the runs) and the others of the run keep theirs.
bench_run() {
  local engine=$1 re=$2 attempt failed
  for attempt in 1 2; do
    if on "$engine" "$tmp/web.test" -test.run '^$' -test.timeout 10m -test.bench "$re" -test.benchtime "$benchtime" \
      -test.count 1 >"$tmp/run.txt" 2>&1; then
      cat "$tmp/run.txt" >>"$tmp/bench-$engine.txt"
      return 0
    fi
    cat "$tmp/run.txt" >>"$tmp/bench-$engine.txt"
    grep -A2 -- '--- FAIL' "$tmp/run.txt" | head -6 >&2 || true
    failed=$(sed -n 's/.*--- FAIL: \(Benchmark[A-Za-z0-9_]*\).*/\1/p' "$tmp/run.txt" | sort -u | paste -sd '|')
    [ -n "$failed" ] || return 0
    say "$engine: $failed failed (attempt $attempt)"
    re="^($failed)\$"
  done
}
benches='^(BenchmarkSessionRequestParallel|BenchmarkSessionRequest50|BenchmarkSignIn|BenchmarkChatMessage50|BenchmarkDeskQueue)$'
if wants go; then
  for r in $(seq 1 "$count"); do
    for engine in sqlite pg; do
      say "Go benchmarks, round $r/$count, $engine"
      bench_run "$engine" "$benches"
    done
  done
  echo
  echo "### Go benchmarks, SQLite and PostgreSQL ($count runs of each, interleaved, medians; benchtime $benchtime)"
  echo
  eb bench --sqlite "$tmp/bench-sqlite.txt" --pg "$tmp/bench-pg.txt" --slowest "$tmp/slowest"
  if [ -z "$profile" ]; then profile=$(cat "$tmp/slowest"); fi
fi

# ------------------------------------------------------------ chat load
db=
url=
# start_server DB LOG: serves DB on a free loopback port; sets url and
# adds the PID to servers.
start_server() {
  "$tmp/courtier" serve --db "$1" --addr 127.0.0.1:0 --trusted-proxies 127.0.0.1/32 2>"$2" >/dev/null &
  local pid=$!
  servers+=("$pid")
  url=
  for _ in $(seq 1 300); do
    url=$(sed -n 's/.*serveur prêt"\{0,1\} url=\(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$2" | head -1)
    [ -n "$url" ] && return 0
    kill -0 "$pid" 2>/dev/null || { echo "engines-bench: the server stopped:" >&2; cat "$2" >&2; exit 1; }
    sleep 0.1
  done
  echo "engines-bench: the server did not start in 30 s:" >&2
  cat "$2" >&2
  exit 1
}
stop_servers() {
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do
    timeout 15 tail --pid="$pid" -f /dev/null || kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  servers=()
}
# new_pg: a fresh schema of the PostgreSQL database; sets db.
new_pg() {
  db=$(eb schema --url "$pg")
  schemas+=("$db")
}
drop_pg() {
  eb schema --drop --url "$db"
  local kept=() s
  for s in "${schemas[@]}"; do [ "$s" = "$db" ] || kept+=("$s"); done
  schemas=("${kept[@]}")
}
# chat LABEL [PG]: the load against every server started, then they stop.
chat() {
  local args=() pid u
  for u in "${urls[@]}"; do args+=(--url "$u"); done
  for pid in "${servers[@]}"; do args+=(--pid "$pid"); done
  [ -n "${2:-}" ] && args+=(--pg "$2")
  timeout 120 "$tmp/enginebench" chat "${args[@]}" --clients "$clients" --duration "$duration" \
    --label "$1" --results "$tmp/chat.jsonl" || say "chat run « $1 » failed (see above)"
  stop_servers
}
if wants load; then
  echo
  echo "### Chat with the real binary ($clients clients, $duration per run, $rounds rounds interleaved)"
  echo
  for r in $(seq 1 "$rounds"); do
    say "chat load, round $r/$rounds: one courtier on SQLite"
    start_server "$tmp/load-$r.db" "$tmp/server-sqlite-$r.log"
    urls=("$url")
    chat "one courtier, SQLite"
    rm -f "$tmp/load-$r.db"*

    say "chat load, round $r/$rounds: one courtier on PostgreSQL"
    new_pg
    start_server "$db" "$tmp/server-pg-$r.log"
    urls=("$url")
    chat "one courtier, PostgreSQL" "$db"
    drop_pg

    say "chat load, round $r/$rounds: two courtiers on one PostgreSQL"
    new_pg
    start_server "$db" "$tmp/server-pg2a-$r.log"
    urls=("$url")
    start_server "$db" "$tmp/server-pg2b-$r.log"
    urls+=("$url")
    chat "two courtiers, one PostgreSQL" "$db"
    drop_pg
  done
  echo
  eb load --results "$tmp/chat.jsonl"
  # What the servers said beyond their access log: warnings and errors.
  if grep -h 'level=\(WARN\|ERROR\)' "$tmp"/server-*.log | grep -v 'binaire compilé sans le site' | head -5 | grep .; then
    echo "(first warnings and errors of the servers' logs above)"
  fi
fi

# ------------------------------------------------------------ profile
if wants profile; then
  profile=${profile:-BenchmarkDeskQueue/default}
  # BenchmarkX/sub -> ^BenchmarkX$/^sub$
  re=$(printf '%s' "$profile" | sed 's#^\([^/]*\)#^\1$#; s#/\(.*\)$#/^\1$#')
  echo
  echo "### Where the time goes: $profile, one run on each engine (benchtime 3s)"
  echo
  for engine in sqlite pg; do
    say "profile of $profile on $engine"
    pgflag=()
    [ "$engine" = pg ] && pgflag=(--pg "$pg")
    echo '```'
    echo "$engine:"
    for attempt in 1 2; do # once more if the benchmark fails
      on "$engine" "$tmp/enginebench" cpu "${pgflag[@]}" -- "$tmp/web.test" -test.run '^$' -test.timeout 10m \
        -test.bench "$re" -test.benchtime 3s -test.count 1 -test.cpuprofile "$tmp/$engine.prof" >"$tmp/profile.txt" 2>&1 || true
      grep -q 'ns/op' "$tmp/profile.txt" && break
      say "profile of $profile on $engine: the benchmark failed (attempt $attempt)"
    done
    grep -E '^(Benchmark|cpu:|postgres:| +[0-9])' "$tmp/profile.txt" || true
    grep -q 'ns/op' "$tmp/profile.txt" || echo "(the benchmark failed twice: its profile below is of a partial run)"
    echo '```'
  done
  # The seeding of the benchmark's table is set-up: left out of the profiles.
  for engine in pg sqlite; do
    echo
    echo "Go side on $engine (\`go tool pprof -top -nodecount=25\`, set-up ignored):"
    echo
    echo '```'
    go tool pprof -top -nodecount=25 -ignore='seedRequests|seedSessions' "$tmp/web.test" "$tmp/$engine.prof" 2>/dev/null | sed -n '/^Duration/,$p'
    echo '```'
  done

  # The queue's plans on PostgreSQL, logged by auto_explain in the cluster's log.
  pglog=
  if [ -n "$own_cluster" ]; then pglog=$own_cluster/server.log
  elif [ -n "${PGCLUSTER_DIR:-}" ] && [ -r "$PGCLUSTER_DIR/server.log" ]; then pglog=$PGCLUSTER_DIR/server.log; fi
  echo
  if [ -z "$pglog" ]; then
    echo "(the queue's plans: PostgreSQL's log is not readable here, skipped)"
  else
    say "plans of the queue's queries (auto_explain)"
    lines=$(wc -l <"$pglog")
    PGOPTIONS="-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=5 -c auto_explain.log_analyze=on -c auto_explain.log_buffers=on" \
      on pg "$tmp/web.test" -test.run '^$' -test.bench '^BenchmarkDeskQueue$' -test.benchtime 1x -test.count 1 \
      >/dev/null || say "the queue's plans: the run failed"
    echo "The queue's queries on PostgreSQL at 100,000 requests (\`EXPLAIN (ANALYZE, BUFFERS)\` by auto_explain):"
    echo
    echo '```'
    tail -n +"$((lines + 1))" "$pglog" | awk '
      function flush() {
        if (blk != "" && query ~ /SELECT r\.id/) {
          kind = (query ~ /LIKE/) ? "search" : "default"
          if (!seen[kind]++) printf "%s: %s", kind, blk
        }
        blk = ""; query = ""; inplan = 0
      }
      / LOG:  duration: [0-9.]+ ms  plan:/ { flush(); sub(/^.* LOG:  /, ""); blk = $0 "\n"; next }
      /^\t/ && blk != "" {
        if (!inplan && $0 ~ /^\t[A-Z][A-Za-z ]*  \((cost|actual)/) inplan = 1
        if (inplan) blk = blk $0 "\n"; else query = query $0
        next
      }
      { flush() }
      END { flush() }'
    echo '```'
  fi
fi

say "done in $((SECONDS - start)) s"
