#!/usr/bin/env bash
# Installs the Debian packages the package builds and tests with, when any is missing.
# Sourced by scripts/demo.sh and scripts/test.sh; safe to run on its own.
set -euo pipefail
packages=(
  pkg-config
  libpng-dev libjpeg62-turbo-dev libturbojpeg0-dev libwebp-dev   # images
  libfreetype-dev libfontconfig-dev fonts-dejavu-core            # fonts
  fonts-inter-variable                                           # a variable font for tests
  libharfbuzz-dev libfribidi-dev                                 # text shaping, bidi (RiveCore)
  libsndfile1-dev                                                # audio (WAV, FLAC, Ogg, MP3)
  libssl-dev                                                     # SHA-256 (libcrypto)
  libcairo2-dev                                                  # rasteriser (RiveRaster)
  libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev  # video, GIF palettes (RiveExport)
  libgif-dev                                                     # GIF writing (RiveExport)
  ffmpeg webp gifsicle                                           # ffprobe, webpinfo, gifsicle for tests
  imagemagick                                                    # independent decoder for tests
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
