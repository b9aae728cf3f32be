#!/usr/bin/env bash
# Installs the npm packages exactly as package-lock.json records them, then generates both Prisma
# clients:
#   node_modules missing                      → npm ci (a fresh clone; CI)
#   package-lock.json newer than the install  → npm install (brings an existing tree up to date)
#   otherwise                                 → nothing
# The committed lockfile lists every platform's optional packages (@next/swc-*, lightningcss-*,
# @tailwindcss/oxide-*, ...), so neither command rewrites it: a fresh install leaves `git status`
# clean, and .ci/run fails when it does not (README "Lockfile").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ]; then
  echo "installing npm packages with npm ci (first run compiles better-sqlite3: a few minutes)"
  npm ci --no-audit --no-fund --loglevel=error
elif [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "updating npm packages to package-lock.json (npm install)"
  npm install --no-audit --no-fund --loglevel=error
fi
npm run --silent db:generate >/dev/null
