#!/usr/bin/env bash
# Builds the API documentation with the toolchain's own docc (no plugin needed) and fails on
# any documentation warning. The symbol graphs are extracted from the modules of the main debug
# build (`swift build`, which this script runs: a no-op when the build is current), so the
# documentation costs no second compilation.
#
#   scripts/docs.sh [OUTPUT_DIR]     # default .build-docs/archives; one archive per module
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=".build-docs"
out="${1:-$scratch/archives}"
modules=(RiveDiagnostics RiveMedia RiveFormat RiveLayout RiveDisplayList RiveCore RiveNetworking RiveConcurrency RiveLegacy RiveRaster RiveFrames RiveExport RiveSnapshotTesting RiveMigrationTesting)
swift build >/dev/null
bin="$(swift build --show-bin-path)"
triple="$(basename "$(dirname "$bin")")"
# Where the C modules' module maps are: the system-library targets' own folders, and the
# maps SwiftPM generates for the shim targets; the system headers they include.
includes=(-I "$bin/Modules")
for dir in Sources/C*; do
  [ -f "$dir/module.modulemap" ] && includes+=(-I "$dir")
  [ -f "$bin/$(basename "$dir").build/module.modulemap" ] && includes+=(-I "$bin/$(basename "$dir").build")
  [ -d "$dir/include" ] && includes+=(-Xcc -I -Xcc "$dir/include")
done
# Every pkg-config name Package.swift declares, so a new C library cannot be forgotten here.
pkgs=$(sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift)
# shellcheck disable=SC2086
for flag in $(pkg-config --cflags-only-I $pkgs); do
  includes+=(-Xcc "$flag")
done
graphs="$scratch/symbol-graphs"
rm -rf "$graphs"
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module" "$out"
  swift-symbolgraph-extract -module-name "$module" -target "$triple" "${includes[@]}" \
    -minimum-access-level public -output-dir "$graphs/$module"
done
for module in "${modules[@]}"; do
  catalog="Sources/$module/Documentation.docc"
  args=()
  [ -d "$catalog" ] && args+=("$catalog")
  # Quiet on success; on failure the diagnostics (docc prints them to standard output).
  if ! docc convert "${args[@]}" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "rive-compat-swift.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >"$scratch/docc-$module.log" 2>&1
  then
    cat "$scratch/docc-$module.log"
    exit 1
  fi
  echo "docs: $module → $out/$module.doccarchive"
done
