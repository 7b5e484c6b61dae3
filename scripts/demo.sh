#!/usr/bin/env bash
# The main job: install what is missing, build rive-assets, generate a small .riv file with this
# package's own writer and inspect it (no download needed); then draw a frame of a writer-made
# file whose referenced image is swapped through both API generations (a legacy loader's
# renderImage and a current-API global registration), compare the two frames pixel by pixel,
# and print where the PNG is.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh
swift build -c release --product rive-assets
swift build -c release --product SideBySideFrames
mkdir -p .build/demo
.build/release/rive-assets demo --output .build/demo/demo.riv >/dev/null
.build/release/rive-assets inspect .build/demo/demo.riv
echo
.build/release/SideBySideFrames --output .build/demo/frame.png
echo
echo "The frame is at $(pwd)/.build/demo/frame.png"
