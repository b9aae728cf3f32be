#!/usr/bin/env bash
# One command from a fresh clone to Playhead at http://localhost:3000 on the embedded default:
# installs what is missing, creates the SQLite database (data/playhead.db), applies migrations,
# generates the demo videos, seeds demo accounts (credentials printed) and the demo project,
# builds, and starts the production server.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export PLAYHEAD_DATA_DIR="${PLAYHEAD_DATA_DIR:-$PWD/data}"
export DATABASE_URL="${DATABASE_URL:-file:$PLAYHEAD_DATA_DIR/playhead.db}"
port="${PORT:-3000}"
export NEXTAUTH_URL="${NEXTAUTH_URL:-http://localhost:$port}"

bash scripts/ensure-system-packages.sh
bash scripts/ensure-node-deps.sh
mkdir -p "$PLAYHEAD_DATA_DIR"
if [ -z "${NEXTAUTH_SECRET:-}" ]; then
  secret_file="$PLAYHEAD_DATA_DIR/.nextauth-secret"
  [ -s "$secret_file" ] || (umask 077; node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64url"))' > "$secret_file")
  NEXTAUTH_SECRET="$(cat "$secret_file")"
  export NEXTAUTH_SECRET
fi

npm run --silent db:deploy
npm run --silent demo:videos -- "$PLAYHEAD_DATA_DIR/demo-videos"
npm run --silent seed -- --videos "$PLAYHEAD_DATA_DIR/demo-videos"
npx next build
echo
echo "Playhead is starting at http://localhost:$port (Ctrl-C to stop). Demo accounts: $PLAYHEAD_DATA_DIR/demo-credentials.txt"
# npm start: next start with the keep-alive of package.json (a participant's connection outlives a stretch).
exec npm start --silent -- -p "$port"
