#!/usr/bin/env bash
# Builds the API documentation with the toolchain's own docc (no plugin needed) and fails on
# any documentation warning. It builds in its own scratch path (.build-docs), so the symbol-graph
# flags never invalidate the main .build.
#
#   scripts/docs.sh [OUTPUT_DIR]     # default .build-docs/archives; one archive per module
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=".build-docs"
out="${1:-$scratch/archives}"
modules=(RiveCore RiveNetworking RiveConcurrency RiveLegacy RiveRaster)
# The symbol graphs are kept between runs: the compiler writes a module's graph only when it
# compiles the module, so an incremental build leaves unchanged modules' graphs as they were.
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs" "$out"
for module in "${modules[@]}"; do
  swift build --scratch-path "$scratch" --target "$module" -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/$module" >/dev/null
done
for module in "${modules[@]}"; do
  catalog="Sources/$module/Documentation.docc"
  args=()
  [ -d "$catalog" ] && args+=("$catalog")
  docc convert "${args[@]}" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "rive-compat-swift.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >/dev/null
  echo "docs: $module → $out/$module.doccarchive"
done
