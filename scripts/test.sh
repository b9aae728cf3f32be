#!/usr/bin/env bash
# The complete test suite: type check, unit tests, integration tests on SQLite AND PostgreSQL
# (and the media ones on S3 object storage), Playwright end-to-end tests in Debian Chromium against a production build,
# and the cluster test (two instances of that build behind nginx, on PostgreSQL and s3rver).
# Usage: bash scripts/test.sh            (everything)
#        PLAYHEAD_TEST_PARTS="unit integration" bash scripts/test.sh   (a subset)
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
parts="${PLAYHEAD_TEST_PARTS:-typecheck unit integration e2e cluster}"
results=.test-reports
rm -rf "$results" && mkdir -p "$results"
status=0

step() { echo; echo "━━━ $* ━━━"; }
# Runs a command with every line of its output prefixed "[label] " (for suites running side by
# side); returns the command's status.
prefixed() { local label=$1; shift; "$@" 2>&1 | sed -u "s/^/[$label] /"; return "${PIPESTATUS[0]}"; }
has() { [[ " $parts " == *" $1 "* ]]; }

bash scripts/ensure-system-packages.sh --test || exit 1
bash scripts/ensure-node-deps.sh || exit 1

# The type check and layering rules (one core) run beside the unit tests; their lines are prefixed.
# Layering rules (.dependency-cruiser.cjs, docs/architecture.md): no cycles, no lib/ domain
# importing app/, components/ or a domain above it, no Prisma client outside lib/, pure lib/metrics.
typecheck_and_rules() {
  npx tsc --noEmit -p . || { echo "type check failed"; return 1; }
  npm run --silent check:deps || { echo "dependency rules failed"; return 1; }
}
if has typecheck; then
  step "type check and dependency rules, beside the unit tests"
  ( prefixed typecheck typecheck_and_rules || { echo "typecheck: 0 passed, 1 failed" > "$results/typecheck.txt"; exit 1; } ) &
  typecheck_lane=$!
fi

if has unit; then
  step "unit tests"
  npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$results/unit.json" || status=1
fi
if has typecheck; then wait "$typecheck_lane" || status=1; fi

if has integration; then
  # Two lanes side by side, one per core (each suite runs its files one at a time, and each file
  # makes its own scratch SQLite file or PostgreSQL database, data directory and S3 server):
  #   SQLite, then the media paths once more on S3 object storage (s3rver, a dev dependency the
  #   tests start themselves; docs/deploy.md "Object storage"; the storage contract suite,
  #   tests/storage-contract.test.ts, already ran both drivers);
  #   PostgreSQL.
  # Every line is prefixed with its suite.
  step "integration tests: SQLite then S3, and PostgreSQL, side by side"
  (
    lane=0
    prefixed sqlite env TEST_DB=sqlite npx vitest run --project integration --reporter=default --reporter=json \
      --outputFile.json="$results/integration-sqlite.json" || lane=1
    prefixed s3 env TEST_STORAGE=s3 TEST_DB=sqlite npx vitest run --project integration --reporter=default --reporter=json \
      --outputFile.json="$results/integration-s3.json" \
      tests/storage-media.test.ts tests/media-route.test.ts tests/videos-upload.test.ts \
      tests/baseline-streaming.test.ts tests/baseline-free-rewatch.test.ts tests/video-ingest-jobs.test.ts || lane=1
    exit $lane
  ) &
  sqlite_lane=$!
  if bash scripts/ensure-postgres.sh; then
    prefixed postgresql env TEST_DB=postgresql npx vitest run --project integration --reporter=default --reporter=json \
      --outputFile.json="$results/integration-postgresql.json" || status=1
  else
    echo "PostgreSQL unavailable: the PostgreSQL suite cannot run, and that is a failure"
    echo "postgresql: 0 passed, 1 failed" > "$results/postgresql-unavailable.txt"
    status=1
  fi
  wait "$sqlite_lane" || status=1
fi

if has e2e; then
  step "end-to-end tests (production build, Chromium)"
  bash scripts/e2e-prepare.sh || status=1
  bash scripts/e2e-run.sh "$results" || status=1
fi

if has cluster; then
  # A scaled deployment with real parts (tests/cluster, scripts/cluster/harness.ts; docs/deploy.md
  # "Scaled deployment"): PostgreSQL, s3rver, two `next start` instances of the production build and
  # nginx round robin in front. Uses the build of the e2e step; builds one when that step did not run.
  step "cluster test (PostgreSQL, S3, two instances, nginx)"
  if ! has e2e; then npx next build >/dev/null || status=1; fi
  if bash scripts/ensure-postgres.sh; then
    npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json="$results/cluster.json" || status=1
  else
    echo "PostgreSQL unavailable: the cluster test cannot run, and that is a failure"
    echo "cluster: 0 passed, 1 failed" > "$results/cluster-unavailable.txt"
    status=1
  fi
fi

step "summary"
node scripts/summarize-test-results.mjs "$results" || status=1
exit $status
