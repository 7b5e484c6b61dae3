#!/usr/bin/env bash
# The whole test suite (what .ci/run calls), cheapest checks first:
#   1. no tracked file over 1 MB (scripts/check-tree.sh);
#   2. `swift format lint --strict` (before any build, so a formatting slip fails in seconds);
#   3. install what is missing, build everything with the tests;
#   4. the API docs, from the build's modules (documentation warnings fail);
#   5. the concurrency tests under ThreadSanitizer, in their own scratch path, from a build that
#      declares only their test targets (RIVE_THREAD_SANITIZER_SUBSET, see Package.swift);
#   6. every test, one at a time (--no-parallel): tests that wait on loopback downloads are
#      never starved by other tests computing on the concurrency pool's few threads; the
#      corpus-wide suites spread their own work over the cores (OffPool).
# Tests that read ../shared/corpus are skipped (and say so) when it is missing, unless
# RIVE_REQUIRE_CORPUS=1, which .ci/run sets: then a missing corpus fails them.
# The last line is the test runner's own summary (tests and suites that ran).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-tree.sh
swift format lint --strict --recursive --parallel Package.swift Sources Tests Migration Fuzz
scripts/system-packages.sh
swift build --build-tests
scripts/docs.sh
# The concurrency tests again under ThreadSanitizer, in their own build directory.
RIVE_THREAD_SANITIZER_SUBSET=1 TSAN_OPTIONS="halt_on_error=1" \
  swift test --sanitize=thread --scratch-path .build-tsan-subset \
  --filter "ReliabilityTests.ConcurrencyStress|RiveConcurrencyTests|AdapterTests"
swift test --skip-build --no-parallel
