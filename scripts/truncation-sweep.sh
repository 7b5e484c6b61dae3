#!/usr/bin/env bash
# The complete truncation sweep: every prefix of every .riv file in ../shared/corpus must read
# successfully or fail with a typed error, never crash or hang; each prefix that reads is played
# and drawn. Takes 32 to 37 minutes on 2 cores (33 million reads, 140,191 of them played).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product rive-bench
.build/release/rive-bench truncate "${1:-../shared/corpus}"
