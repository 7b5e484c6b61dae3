#!/usr/bin/env bash
# Runs one fuzz target with libFuzzer and AddressSanitizer for a number of seconds.
#
#   scripts/fuzz.sh riv|image|font|audio|legacy|sriv|layout [SECONDS] [extra libFuzzer flags…]
#
# Everything it writes stays under .build-fuzz/ (ignored by git): the build (its own scratch
# path, so normal builds are untouched), the working corpus .build-fuzz/corpus/TARGET (seeded
# from ../shared/corpus), the log .build-fuzz/fuzz-TARGET.log, and the crashing inputs in
# .build-fuzz/artifacts/TARGET. libFuzzer runs with .build-fuzz/run/TARGET as its working
# directory, so what it writes there by itself (`fuzz-N.log` with -jobs, crash-*, oom-*,
# timeout-* without an artifact prefix) never lands in the project root. Turn each finding into a
# regression test (see RELIABILITY.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
target="${1:?usage: scripts/fuzz.sh riv|image|font|audio|legacy|sriv|layout [SECONDS]}"
seconds="${2:-60}"
shift $(( $# >= 2 ? 2 : 1 ))
export RIVE_FUZZ=1
build="$root/.build-fuzz"
swift build -c release --product "fuzz-$target" --sanitize=fuzzer --sanitize=address \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  --scratch-path "$build" >/dev/null
work="$build/corpus/$target"
artifacts="$build/artifacts/$target"
run="$build/run/$target"
mkdir -p "$work" "$artifacts" "$run"
seeds="$root/../shared/corpus"
if [ -d "$seeds" ] && [ -z "$(ls -A "$work")" ]; then
  case "$target" in
    riv|legacy) cp "$seeds"/*.riv "$work"/ ;;
    image) cp "$seeds"/*.png "$seeds"/*.jpg "$seeds"/*.webp "$work"/ ;;
    font) cp "$seeds"/*.ttf "$work"/ ;;
    audio) cp "$seeds"/*.wav "$work"/ ;;
    sriv)
      # The smaller silvers (under 64 KiB) seed it.
      find "$root/../shared/reference/silvers" -name '*.sriv' -size -64k -exec cp {} "$work"/ \; ;;
    # Layout inputs are programs of bytes (FuzzHarness.layout): seeded with a few random ones.
    layout) for i in 1 2 3 4 5 6 7 8; do head -c 512 /dev/urandom >"$work/seed-$i"; done ;;
  esac
fi
flags=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
  -artifact_prefix="$artifacts/")
case "$target" in
  riv|legacy) flags+=(-dict="$root/Fuzz/riv.dict" -max_len=65536) ;;
  sriv) flags+=(-max_len=65536) ;;
  layout) flags+=(-max_len=4096) ;;
esac
log="$build/fuzz-$target.log"
set +e
(cd "$run" && "$build/release/fuzz-$target" "${flags[@]}" "$@" "$work") >"$log" 2>&1
status=$?
set -e
grep -a -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*(DONE|cov:)" "$log" | tail -4
findings=$(find "$artifacts" -type f 2>/dev/null | wc -l)
echo "fuzz-$target: ${seconds}s, exit status $status, findings in ${artifacts#"$root/"}: $findings"
[ "$status" -eq 0 ] && [ "$findings" -eq 0 ]
