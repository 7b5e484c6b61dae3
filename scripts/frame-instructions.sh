#!/usr/bin/env bash
# Instructions one frame of a .riv file takes (`rive-bench runtime`'s advance and apply of
# 1/60 s), counted by valgrind's callgrind: unlike a time, the same on every run, so a change
# of a few per cent shows. Two runs of the release `rive-bench` differ only in the number of
# timed frames; the difference of their counts over the difference of frames is the figure.
# It includes the benchmark's own work per frame (two clock reads, storing the time, its share
# of the median's sort: about 390 instructions), the same for every build.
#
#   scripts/frame-instructions.sh FILE.riv [RIVE_BENCH]   # default .build/release/rive-bench
#
# Needs valgrind (Debian's `valgrind`). The binary is copied without its debug information,
# which callgrind cannot read.
set -euo pipefail
file="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
bench="${2:-.build/release/rive-bench}"
command -v valgrind >/dev/null || { echo "frame-instructions: valgrind is not installed" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
ln -s "$file" "$work/corpus/"
strip -g "$bench" -o "$work/rive-bench"
printf 'file\timport_best_us\tadvance_us\tdraw_us\tinstance_bytes\n' > "$work/anchors.tsv"
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/rive-bench" runtime \
    --corpus "$work/corpus" --anchors "$work/anchors.tsv" --frames "$1" --rounds 1 \
    >/dev/null 2>"$work/log.$1"
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log.$1"
}
low=$(count 20000)
high=$(count 60000)
echo "$(basename "$file"): $(( (high - low) / 40000 )) instructions a frame"
