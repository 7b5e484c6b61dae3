#!/usr/bin/env bash
# Builds the API documentation with the toolchain's own docc (no plugin needed) and fails on
# any documentation warning.
#
#   scripts/docs.sh [OUTPUT_DIR]     # default .build/docs; one archive per module
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
modules=(RiveCore RiveConcurrency RiveLegacy RiveRaster)
graphs=".build/symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs" "$out"
for module in "${modules[@]}"; do
  swift build --target "$module" -Xswiftc -emit-symbol-graph \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/$module" >/dev/null
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
