#!/usr/bin/env bash
# The main job: install what is missing, build rive-assets, generate a small .riv file with this
# package's own writer and inspect it (no download needed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh
swift build -c release --product rive-assets
mkdir -p .build/demo
.build/release/rive-assets demo --output .build/demo/demo.riv >/dev/null
.build/release/rive-assets inspect .build/demo/demo.riv
