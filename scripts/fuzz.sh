#!/usr/bin/env bash
# Runs one fuzz target with libFuzzer and AddressSanitizer for a number of seconds.
#
#   scripts/fuzz.sh riv|image|font|audio|legacy [SECONDS] [extra libFuzzer flags…]
#
# Builds in .build-fuzz (its own scratch path, so normal builds are untouched), seeds a working
# corpus in .build-fuzz/corpus/TARGET from ../shared/corpus, uses Fuzz/riv.dict for the .riv
# target, and prints executions, coverage and findings. Crashing inputs land in
# .build-fuzz-artifacts/TARGET (outside the build directory, which SwiftPM may prune); turn each into a regression test (see RELIABILITY.md).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: scripts/fuzz.sh riv|image|font|audio|legacy [SECONDS]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
export RIVE_FUZZ=1
swift build -c release --product "fuzz-$target" --sanitize=fuzzer --sanitize=address \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --scratch-path .build-fuzz >/dev/null
work=".build-fuzz/corpus/$target"
artifacts=".build-fuzz-artifacts/$target"
mkdir -p "$work" "$artifacts"
seeds="../shared/corpus"
if [ -d "$seeds" ] && [ -z "$(ls -A "$work")" ]; then
  case "$target" in
    riv|legacy) cp "$seeds"/*.riv "$work"/ ;;
    image) cp "$seeds"/*.png "$seeds"/*.jpg "$seeds"/*.webp "$work"/ ;;
    font) cp "$seeds"/*.ttf "$work"/ ;;
    audio) cp "$seeds"/*.wav "$work"/ ;;
  esac
fi
flags=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
  -artifact_prefix="$artifacts/")
case "$target" in riv|legacy) flags+=(-dict=Fuzz/riv.dict -max_len=65536) ;; esac
log=".build-fuzz/fuzz-$target.log"
set +e
".build-fuzz/release/fuzz-$target" "${flags[@]}" "$@" "$work" >"$log" 2>&1
status=$?
set -e
grep -a -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*(DONE|cov:)" "$log" | tail -4
findings=$(find "$artifacts" -type f 2>/dev/null | wc -l)
echo "fuzz-$target: ${seconds}s, exit status $status, findings in $artifacts: $findings"
[ "$status" -eq 0 ] && [ "$findings" -eq 0 ]
