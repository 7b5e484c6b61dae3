#!/usr/bin/env bash
# Runs the test suite under a sanitizer, in its own build directory.
#
#   scripts/sanitize.sh address [swift test options…]   # AddressSanitizer + LeakSanitizer
#   scripts/sanitize.sh thread  [swift test options…]   # ThreadSanitizer
#
# Leak suppressions (scripts/lsan-suppressions.txt) cover only leaks inside the toolchain's own
# test runtime, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?usage: scripts/sanitize.sh address|thread [swift test options]}"
shift
scripts/system-packages.sh
# Tests that bound resident memory are disabled under a sanitizer (its shadow memory and
# quarantine make resident size meaningless); they run in the normal suite.
export RIVE_SANITIZER="$kind"
case "$kind" in
  address)
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
    export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
    swift test --sanitize=address --scratch-path .build-asan "$@" ;;
  thread)
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
    swift test --sanitize=thread --scratch-path .build-tsan "$@" ;;
  *) echo "unknown sanitizer: $kind" >&2; exit 2 ;;
esac
