#!/usr/bin/env bash
# Installs the Debian packages Playhead needs when they are missing (as root, via apt-get).
#   ensure-system-packages.sh            ffmpeg + fonts (the app)
#   ensure-system-packages.sh --test     + chromium (browser tests), nginx (the cluster test's load
#                                        balancer, run unprivileged from a temp config, never as the
#                                        system service), haproxy (the launch proxy: its queue test
#                                        and bench:baseline --proxy haproxy, likewise) and
#                                        postgresql when no server answers
set -euo pipefail
want=()
command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 || want+=(ffmpeg)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || want+=(fonts-dejavu-core)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || want+=(chromium)
  [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || want+=(nginx)
  [ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || want+=(haproxy)
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    command -v pg_ctlcluster >/dev/null 2>&1 || want+=(postgresql)
  fi
fi
if [ ${#want[@]} -gt 0 ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "Playhead needs these Debian packages: ${want[*]} (run: sudo apt-get install ${want[*]})" >&2
    exit 1
  fi
  echo "installing Debian packages: ${want[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
fi
