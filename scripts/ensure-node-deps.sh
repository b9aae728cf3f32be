#!/usr/bin/env bash
# npm install when node_modules is missing or older than the lockfile; then generate both Prisma clients.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages (first run compiles better-sqlite3: a few minutes)"
  npm install --no-audit --no-fund --loglevel=error
fi
npm run --silent db:generate >/dev/null
