#!/usr/bin/env bash
# Seeded fixtures for the Playwright suite: a fresh SQLite database and data dir under data/e2e,
# the demo videos, demo accounts (password from E2E_PASSWORD) and the demo project; then a
# production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export PLAYHEAD_DATA_DIR=data/e2e
export DATABASE_URL="file:data/e2e/playhead.db"
export PLAYHEAD_DEMO_PASSWORD="${E2E_PASSWORD:-e2e-password-123}"
rm -rf data/e2e
mkdir -p data/e2e
npm run --silent db:deploy
npm run --silent demo:videos -- data/demo-videos
npm run --silent seed -- --videos data/demo-videos
npx next build
