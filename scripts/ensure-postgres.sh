#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 (starting Debian's cluster if it is
# installed but stopped) and that user "postgres" can connect without a password from 127.0.0.1.
# Exits non-zero when no server can be had: the PostgreSQL suite is never skipped.
set -euo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    echo "postgresql is installed but has no cluster" >&2; exit 1
  fi
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if [ -w "$hba" ] && ! grep -q "playhead-test" "$hba"; then
    # Trust local TCP connections for the test suite (this machine only).
    sed -i '1i host all all 127.0.0.1/32 trust # playhead-test\nhost all all ::1/128 trust # playhead-test' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && exit 0
    sleep 1
  done
fi
echo "PostgreSQL is not reachable on 127.0.0.1:5432 and could not be started" >&2
exit 1
