#!/usr/bin/env bash
# The main job: install what is missing, build rive-assets, generate a small .riv file with this
# package's own writer and inspect it (no download needed); then draw a frame of a writer-made
# file whose referenced image is swapped through both API generations (a legacy loader's
# renderImage and a current-API global registration), compare the two frames pixel by pixel,
# and print where the PNG is; then record a 3-second clip of a real editor file from the corpus
# (../shared/corpus, when it is there) as an MP4 with rive-assets record.
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
echo
if [ -f ../shared/corpus/Knight_square_2.riv ]; then
  .build/release/rive-assets record ../shared/corpus/Knight_square_2.riv --duration 3 \
    --size 640x640 -o .build/demo/clip.mp4
  echo "The clip is at $(pwd)/.build/demo/clip.mp4"
else
  echo "../shared/corpus is absent: no clip of a corpus file recorded"
fi
