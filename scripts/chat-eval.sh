#!/usr/bin/env bash
# The chat assistant's evaluation (issue 40) through `courtier chat --json`,
# the REPL over the same engine as the site's widget and the live chat's bot
# mode: feeds it every message of pkg/chatbot/testdata/eval.tsv (messages as
# clients write them, each with its right intents), then prints the share
# answered with a right intent, the messages answered wrong, and the
# after-sale messages (emergency, complaint, claim, cancellation,
# withdrawal, documents, payment, account) answered with a sale (a product
# or the price). `go test ./pkg/chatbot/ -run TestEvaluation` checks the
# same set (at least 95 % right, no after-sale message sold to).
# Needs go and jq; no database, no network.
#
#   bash scripts/chat-eval.sh            # exit 1 below 95 % or if a sale answers an after-sale message
set -euo pipefail
cd "$(dirname "$0")/.."

set_file=pkg/chatbot/testdata/eval.tsv
tmp=$(mktemp -d "${TMPDIR:-/tmp}/courtier-chateval-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/courtier" ./cmd/courtier
grep -v -e '^#' -e '^$' "$set_file" > "$tmp/cases"
cut -f2- "$tmp/cases" | "$tmp/courtier" chat --json | jq -r .intent > "$tmp/got"
if [ "$(wc -l < "$tmp/got")" -ne "$(wc -l < "$tmp/cases")" ]; then
  echo "chat-eval: $(wc -l < "$tmp/cases") messages but $(wc -l < "$tmp/got") replies" >&2
  exit 2
fi

paste "$tmp/got" "$tmp/cases" | awk -F'\t' '
BEGIN {
  split("emergency complaint claim cancellation withdrawal documents payment account", a, " "); for (i in a) after[a[i]] = 1
  split("auto home health life vtc fleet temp pro pricing", s, " "); for (i in s) sale[s[i]] = 1
}
{
  got = $1; n = split($2, want, "|"); ok = 0; aft = 0
  for (i = 1; i <= n; i++) { if (want[i] == got) ok = 1; if (want[i] in after) aft = 1 }
  total++
  if (ok) { right++; next }
  wrong = wrong sprintf("  %-12s want %-24s %s\n", got, $2, $3)
  if (aft && (got in sale)) { sold++; sales = sales sprintf("  %-12s want %-24s %s\n", got, $2, $3) }
}
END {
  printf "%d/%d answered with a right intent (%.1f %%)\n", right, total, 100 * right / total
  if (wrong != "") printf "answered wrong:\n%s", wrong
  printf "after-sale messages answered with a sale: %d\n%s", sold, sales
  exit (right < 0.95 * total || sold > 0) ? 1 : 0
}'
