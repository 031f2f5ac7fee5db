#!/usr/bin/env bash
# The whole suite (the README's `npm test`) three times in a row while
# stress-ng keeps both cores busy: a test that only passes on an idle machine
# fails here. Not part of CI (it takes three suites' time); run it before
# trusting a change to timing-sensitive code: `npm run test:under-load`.
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng >/dev/null; then
  echo "Installing stress-ng (Debian package)…"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stress-ng >/dev/null || { echo "stress-ng is needed: apt-get install stress-ng" >&2; exit 2; }
fi

RUNS="${RUNS:-3}"
stress-ng --cpu "$(nproc)" --timeout 0 --quiet &
STRESS=$!
trap 'kill "$STRESS" 2>/dev/null' EXIT

failed=0
for run in $(seq 1 "$RUNS"); do
  started=$(date +%s)
  if npm test >"/tmp/kindly-under-load-$run.log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  echo "run $run of $RUNS under stress-ng --cpu $(nproc): $result in $(( $(date +%s) - started )) s (log: /tmp/kindly-under-load-$run.log)"
done
echo "$((RUNS - failed)) of $RUNS runs passed"
[ "$failed" -eq 0 ]
