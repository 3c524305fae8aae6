#!/usr/bin/env bash
# What the outbox costs (issue 19), side by side in one run on this
# machine: the cost an event adds to the transaction that writes it, on a
# quote request (which records one) and on the chat round trip, then the
# outbox's own throughput.
#
#  1. BenchmarkQuoteRequest and BenchmarkChatMessage (pkg/web) of HEAD,
#     and of the same tree with event.Record made a no-op (BASE: nothing
#     else differs), the two test binaries built once, then --count
#     rounds, each a run of BASE then of HEAD, so that both see the same
#     machine; medians, and HEAD / BASE of the times (goal: under 1.10).
#  2. BenchmarkOutbox (pkg/mail): per event, recorded; recorded and handed
#     to the mail consumer; and handed to a local SMTP server as well.
#
# SQLite; with COURTIER_TEST_POSTGRES set, PostgreSQL. The base tree is a
# copy of the working tree in a temporary directory, removed at the end.
#
#   bash scripts/outbox-bench.sh [--count 6] [--benchtime 1s]
set -euo pipefail
cd "$(dirname "$0")/.."
count=6 benchtime=1s
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --benchtime) benchtime=$2; shift 2 ;;
    *) echo "usage: $0 [--count N] [--benchtime D]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/base"
tar --exclude=./site/node_modules --exclude=./.git -cf - . | tar -C "$work/base" -xf -
# BASE: Record writes nothing (its first statement returns).
perl -0pi -e 's/(func Record\(ctx context.Context, tx \*store.Tx, kind Kind, aggregate string, payload any, at time.Time\) error \{\n)/$1\treturn nil\n/' "$work/base/pkg/event/event.go"
grep -q $'error {\n\treturn nil' "$work/base/pkg/event/event.go" 2>/dev/null || grep -A1 '^func Record' "$work/base/pkg/event/event.go" | grep -q 'return nil' \
  || { echo "outbox-bench: could not make Record a no-op in the base tree" >&2; exit 1; }
(cd "$work/base" && go vet ./pkg/event/ >/dev/null 2>&1 || true; go test -c -o "$work/base.test" ./pkg/web/)
go test -c -o "$work/head.test" ./pkg/web/
pattern='^Benchmark(QuoteRequest|ChatMessage)$'
for i in $(seq "$count"); do
  for side in base head; do
    (cd pkg/web && "$work/$side.test" -test.run '^$' -test.bench "$pattern" -test.benchtime "$benchtime") \
      | awk -v side="$side" '/^Benchmark/ { sub(/-[0-9]+$/, "", $1); print side, $1, $3 }' >> "$work/runs"
  done
done
echo "| benchmark | without the event, ns/op (median of $count) | with it (HEAD) | HEAD / BASE |"
echo "|---|---:|---:|---:|"
for b in BenchmarkQuoteRequest BenchmarkChatMessage; do
  med() { awk -v s="$1" -v b="$b" '$1 == s && $2 == b { print $3 }' "$work/runs" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
  mb=$(med base) mh=$(med head)
  awk -v b="$b" -v mb="$mb" -v mh="$mh" 'BEGIN { printf "| %s | %.0f | %.0f | %.3f |\n", b, mb, mh, mh / mb }'
done
echo
echo "BenchmarkOutbox (pkg/mail), median of $count:"
go test -run '^$' -bench '^BenchmarkOutbox$' -benchtime "$benchtime" -count "$count" ./pkg/mail/ \
  | awk '/^BenchmarkOutbox/ { sub(/-[0-9]+$/, "", $1); print $1, $3 }' | sort -k1,1 -k2,2n \
  | awk '{ v[$1] = v[$1] " " $2 } END { for (k in v) { n = split(v[k], a, " "); m = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2; printf "| %s | %.0f ns/event | %.0f events/s |\n", k, m, 1e9 / m } }' | sort
