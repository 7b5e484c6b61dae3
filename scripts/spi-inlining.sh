#!/usr/bin/env bash
# Measures why RiveFormat's internals are `@_spi public` rather than `package`: builds, in a
# temporary directory, a two-module package whose library declares one small test three ways
# (package, @_spi public, public) and whose executable calls each in a loop, in a release build
# (the default cross-module optimization), then prints the time per call and whether the
# client's loop still calls the library.
#
#   scripts/spi-inlining.sh        # prints three lines and the calls left in each loop
set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/A" "$work/Sources/B"
cat > "$work/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "spi-inlining",
  targets: [.target(name: "A"), .executableTarget(name: "B", dependencies: ["A"])])
EOF
cat > "$work/Sources/A/A.swift" <<'EOF'
public struct Key: Sendable { public var raw: UInt16; public init(_ raw: UInt16) { self.raw = raw } }
// One test of a type key, as the graph builder asks per object, declared three ways.
package func packageIsPaint(_ k: Key) -> Bool { k.raw &>> 4 == 3 }
@_spi(Internals) public func spiIsPaint(_ k: Key) -> Bool { k.raw &>> 4 == 3 }
public func publicIsPaint(_ k: Key) -> Bool { k.raw &>> 4 == 3 }
EOF
cat > "$work/Sources/B/main.swift" <<'EOF'
@_spi(Internals) import A
import Foundation
@inline(never) func countPackage(_ n: Int) -> Int {
  var c = 0
  for i in 0..<n where packageIsPaint(Key(UInt16(truncatingIfNeeded: i))) { c &+= 1 }
  return c
}
@inline(never) func countSPI(_ n: Int) -> Int {
  var c = 0
  for i in 0..<n where spiIsPaint(Key(UInt16(truncatingIfNeeded: i))) { c &+= 1 }
  return c
}
@inline(never) func countPublic(_ n: Int) -> Int {
  var c = 0
  for i in 0..<n where publicIsPaint(Key(UInt16(truncatingIfNeeded: i))) { c &+= 1 }
  return c
}
let n = 200_000_000
for (name, f) in [("package", countPackage), ("@_spi public", countSPI), ("public", countPublic)]
  as [(String, (Int) -> Int)]
{
  var best = Double.infinity
  var r = 0
  for _ in 0..<5 {
    let t = Date()
    r = f(n)
    best = min(best, Date().timeIntervalSince(t))
  }
  print(name, r, String(format: "%.2f ns a call", best / Double(n) * 1e9))
}
EOF
(cd "$work" && swift build -c release >/dev/null && .build/release/B)
binary="$work/.build/release/B"
for fn in countPackage countSPI countPublic; do
  calls=$(objdump -d --no-show-raw-insn "$binary" \
    | awk -v f="$fn" '$0 ~ ("<\\$s1B[0-9]+" f "yS2iF>:$") {on=1; next} /^$/ {on=0} on && /call/' \
    | grep -c "IsPaint" || true)
  echo "$fn: calls to the library's test in the loop: $calls"
done
