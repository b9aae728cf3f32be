#!/usr/bin/env bash
# Fails (exit 1) when the git work tree differs from the last commit: prints `git status
# --porcelain` and the diff. Used by .ci/run after its install step: installing must not change a
# committed file (package-lock.json above all). Usage: check-clean-tree.sh [what just ran]
set -euo pipefail
cd "$(dirname "$0")/.."
step="${1:-this step}"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-clean-tree: not a git work tree, so there is nothing to compare ${step} against (skipped)" >&2
  exit 0
fi
status="$(git status --porcelain --untracked-files=all)"
if [ -n "$status" ]; then
  echo "The work tree changed ${step}; commit the result or fix what writes it:" >&2
  echo "$status" >&2
  git --no-pager diff --stat >&2 || true
  git --no-pager diff >&2 || true
  exit 1
fi
echo "work tree clean ${step}"
