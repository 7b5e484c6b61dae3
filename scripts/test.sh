#!/usr/bin/env bash
# The whole test suite: install what is missing, build everything, lint, build the API docs
# (documentation warnings fail), run the concurrency tests under ThreadSanitizer, and run every
# test.
# The last line is the test runner's own summary (tests and suites that ran).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh
swift build --build-tests
swift format lint --strict --recursive --parallel Package.swift Sources Tests Migration Fuzz
scripts/docs.sh
# The concurrency tests again under ThreadSanitizer, in their own build directory.
TSAN_OPTIONS="halt_on_error=1" swift test --sanitize=thread --scratch-path .build-tsan \
  --filter "ReliabilityTests.ConcurrencyStress|RiveConcurrencyTests|AdapterTests"
swift test
