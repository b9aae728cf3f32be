#!/usr/bin/env bash
# Runs the Playwright suite against the production build and seeded data of scripts/e2e-prepare.sh.
# E2E_SHARDS=N (default 1) splits the spec files into N shards run side by side, each with its own
# copy of the seeded data (data/e2e-shard-<i>), its own `next start` server (port 3300 + i) and its
# own output folder, so no shard sees another's writes. On the 2-core CI machine the suite is
# bound by CPU (Chromium renders and decodes in software): two shards finished 80 tests in the
# time one takes for 76, with the load-sensitive video specs slower, so CI runs one. On a machine
# with more cores, shards cut the wall time.
# Usage: bash scripts/e2e-run.sh <results-dir>
# Writes <results-dir>/e2e.json and e2e.log (one run) or e2e-<i>.json and e2e-<i>.log (shards);
# exits non-zero when any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."
results="${1:?results directory}"
shards="${E2E_SHARDS:-1}"
mkdir -p "$results"

if [ "$shards" -le 1 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test --reporter=list,json 2>&1 | tee "$results/e2e.log"
  exit "${PIPESTATUS[0]}"
fi

pids=()
for i in $(seq 1 "$shards"); do
  dir="data/e2e-shard-$i"
  rm -rf "$dir" "test-results/shard-$i"
  cp -a data/e2e "$dir"
  (
    E2E_DATA_DIR="$dir" E2E_PORT=$((3300 + i)) E2E_OUTPUT_DIR="test-results/shard-$i" \
      PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-$i.json" \
      npx playwright test --shard="$i/$shards" --reporter=list,json 2>&1 |
      sed -u "s/^/[shard $i] /" | tee "$results/e2e-$i.log"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
