// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "rive-compat-swift",
  products: [
    .library(name: "RiveCore", targets: ["RiveCore"]),
    .library(name: "RiveConcurrency", targets: ["RiveConcurrency"]),
    .library(name: "RiveLegacy", targets: ["RiveLegacy"]),
    .library(name: "RiveRuntime", targets: ["RiveRuntime"]),
    .executable(name: "rive-assets", targets: ["rive-assets"]),
    .executable(name: "rive-bench", targets: ["rive-bench"]),
  ],
  targets: [
    // Core
    .target(name: "RiveCore"),

    // APIs
    .target(name: "RiveConcurrency", dependencies: ["RiveCore"]),
    .target(name: "RiveLegacy", dependencies: ["RiveCore", "RiveConcurrency"]),
    .target(name: "RiveRuntime", dependencies: ["RiveConcurrency", "RiveLegacy"]),

    // Tools
    .executableTarget(name: "rive-assets", dependencies: ["RiveCore"]),
    .executableTarget(name: "rive-bench", dependencies: ["RiveCore"]),

    // Tests
    .testTarget(name: "RiveCoreTests", dependencies: ["RiveCore"]),
    .testTarget(name: "RiveConcurrencyTests", dependencies: ["RiveConcurrency"]),
    .testTarget(name: "RiveLegacyTests", dependencies: ["RiveLegacy"]),
    .testTarget(name: "RiveRuntimeTests", dependencies: ["RiveRuntime"]),
    .testTarget(name: "RiveAssetsCLITests", dependencies: ["RiveCore"]),
  ],
  swiftLanguageModes: [.v6]
)
