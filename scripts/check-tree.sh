#!/usr/bin/env bash
# Fails when a file tracked by git is larger than 1 MB (1,048,576 bytes): logs, fuzz corpora,
# build products and media belong in ignored folders or in ../shared, never in the repository.
#
#   scripts/check-tree.sh [LIMIT_BYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-1048576}"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-tree: not a git checkout; nothing to check"
  exit 0
fi
status=0
while IFS= read -r -d '' path; do
  [ -f "$path" ] || continue
  size=$(stat -c %s "$path")
  if [ "$size" -gt "$limit" ]; then
    echo "check-tree: $path is $size bytes, over the $limit-byte limit for tracked files" >&2
    status=1
  fi
done < <(git ls-files -z)
[ "$status" -eq 0 ] && echo "check-tree: no tracked file over $limit bytes"
exit "$status"
