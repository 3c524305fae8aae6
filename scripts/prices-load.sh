#!/usr/bin/env bash
# The pricing API under load (issue 20): `make build`'s binary serves a
# fresh database on the loopback, trusting it as its proxy so that each
# simulated visitor has an address of its own (X-Forwarded-For); 50
# visitors price a car at once (POST /api/prices: every insurer and
# formula, saved), interleaved with GET /healthz measured the same way.
# Medians of the runs, and the p99 against the reference's. Loopback
# only, bounded: ROUNDS runs of DURATION each (defaults 5 × 5 s); PAUSE is
# each visitor's pause between two requests (default 0: saturated). BIN
# names another binary to measure (default bin/courtier): a reference
# build of an older commit, measured in turn with this one.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-bin/courtier}
[ -x "$bin" ] || { echo "prices-load: run make build first (or name a binary in BIN)" >&2; exit 1; }
tmp=$(mktemp -d -t prices-load.XXXX)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" serve --addr "127.0.0.1:$port" --db "$tmp/load.db" --trusted-proxies 127.0.0.1/32 >"$tmp/serve.log" 2>&1 &
pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
go run ./scripts/serverload prices --url "http://127.0.0.1:$port" --clients "${CLIENTS:-50}" \
  --duration "${DURATION:-5s}" --rounds "${ROUNDS:-5}" --pause "${PAUSE:-0s}" ${RESULTS:+--results "$RESULTS"}
