// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
  name: "rive-compat-swift",
  products: [
    .library(name: "RiveCore", targets: ["RiveCore"]),
    // The display list on its own: what the core draws and the rasteriser reads.
    .library(name: "RiveDisplayList", targets: ["RiveDisplayList"]),
    .library(name: "RiveConcurrency", targets: ["RiveConcurrency"]),
    .library(name: "RiveLegacy", targets: ["RiveLegacy"]),
    .library(name: "RiveRuntime", targets: ["RiveRuntime"]),
    // The downloader types appear in both APIs' public signatures (`AssetDownloader`,
    // `HTTPDataFetching`, `AssetDownloadError`), so their module is a product too.
    .library(name: "RiveNetworking", targets: ["RiveNetworking"]),
    .library(name: "RiveMigrationTesting", targets: ["RiveMigrationTesting"]),
    .library(name: "RiveRaster", targets: ["RiveRaster"]),
    .library(name: "RiveFrames", targets: ["RiveFrames"]),
    // Video, animated images and PNG sequences of both APIs' players (libav, libwebpmux,
    // giflib), and golden-frame assertions for users' test suites.
    .library(name: "RiveExport", targets: ["RiveExport"]),
    .library(name: "RiveSnapshotTesting", targets: ["RiveSnapshotTesting"]),
    .executable(name: "rive-assets", targets: ["rive-assets"]),
    .executable(name: "rive-bench", targets: ["rive-bench"]),
  ],
  targets: [
    // C system libraries and the small C shims (setjmp for the image libraries, snprintf)
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    // Text shaping (HarfBuzz) and bidirectional ordering (FriBidi) for RiveCore's text.
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    // FFmpeg's libraries (H.264/VP9 video, AAC/Vorbis audio, GIF palettes) and libwebpmux,
    // giflib for RiveExport; libavformat's pkg-config gives the include path of all of them.
    .systemLibrary(
      name: "CAV", pkgConfig: "libavformat",
      providers: [
        .apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev"])
      ]),
    .systemLibrary(
      name: "CWebPMux", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    .target(name: "CRiveImageShim", dependencies: ["CPNG", "CJPEG"]),
    // Fixed-point number text for data-binding converters (snprintf, which Swift cannot call
    // without an allocating va_list).
    .target(name: "CRiveFormat"),
    // Heap-call counting for the benchmarks' allocations-per-frame figures (rive-bench only).
    .target(name: "CRiveAllocationCounter"),

    // Diagnostics: the protocol every error type of the package conforms to (code, message,
    // cause, place); no dependencies.
    .target(name: "RiveDiagnostics"),
    // Media: the only Swift code over the codec C libraries (images, fonts, audio, PNG
    // writing, digests).
    .target(
      name: "RiveMedia",
      dependencies: [
        "RiveDiagnostics", "CRiveImageShim", "CWebP", "CFreeType", "CFontconfig", "CSndFile",
        "CCrypto", "CPNG",
      ]),
    // Format: the reader (header, object stream, schema, structure report), the writer and the
    // reader's errors; no C library (what needs the media module — the report's JSON with its
    // digests, `EmbeddedBytes.sha256`, `Asset.Kind.mediaKind` — is in RiveCore/FormatMedia).
    .target(name: "RiveFormat", dependencies: ["RiveDiagnostics"]),
    // Display list: the renderer calls of one frame (operations, paths, paints, transforms,
    // the retained frame they refer to); no dependencies. The core draws into it, the
    // rasteriser reads it.
    .target(name: "RiveDisplayList"),
    // Layout: Yoga 2.0.1's flexbox as Rive's fork computes it, plus the fork's CSS grid; pure
    // (styles and measure callbacks in, boxes out), no dependencies.
    .target(name: "RiveLayout"),
    // Core: resolution, the runtime (graph, instances, state machines, data binding), geometry
    // and drawing into the display list; re-exports RiveFormat, RiveMedia, RiveDisplayList and
    // RiveDiagnostics.
    .target(
      name: "RiveCore",
      dependencies: [
        "RiveFormat", "RiveMedia", "RiveDisplayList", "RiveLayout", "CRiveFormat", "CHarfBuzz",
        "CFriBidi",
      ]),

    // Downloads shared by both APIs (CDN assets, URL sources)
    .target(name: "RiveNetworking", dependencies: ["RiveCore"]),

    // APIs
    .target(
      name: "RiveConcurrency", dependencies: ["RiveCore", "RiveNetworking", "RiveFrames"]),
    .target(
      name: "RiveLegacy",
      dependencies: ["RiveCore", "RiveNetworking", "RiveConcurrency", "RiveFrames"]),
    .target(
      name: "RiveMigrationTesting",
      dependencies: ["RiveCore", "RiveConcurrency", "RiveLegacy", "RiveFrames"]),
    .target(
      name: "RiveRuntime",
      dependencies: ["RiveCore", "RiveNetworking", "RiveConcurrency", "RiveLegacy", "RiveFrames"]),

    // Rasteriser: display lists to pixels through Cairo, and nothing else of the runtime
    // (RiveDiagnostics for its error's `CodedError` conformance).
    .target(name: "RiveRaster", dependencies: ["RiveDisplayList", "RiveDiagnostics", "CCairo"]),
    // Frames: an artboard played and drawn into a rasterised frame (the one frame assembly of
    // both APIs, files played from their bytes, recordings, golden frames and the CLI), and
    // the media conveniences of the rasteriser's values (PNG files, decoded images).
    .target(name: "RiveFrames", dependencies: ["RiveCore", "RiveRaster"]),

    // Export: frame sequences and recordings of both APIs' players and of files
    .target(
      name: "RiveExport",
      dependencies: [
        "RiveCore", "RiveFrames", "RiveConcurrency", "RiveLegacy", "CAV", "CWebPMux", "CGIF",
        "CSndFile",
      ]),
    // Golden frames for users' test suites (Swift Testing and XCTest)
    .target(
      name: "RiveSnapshotTesting",
      dependencies: ["RiveCore", "RiveFrames", "RiveConcurrency", "RiveLegacy", "RiveExport"]),

    // Non-product support. None of these is a library product; no product target depends on
    // RiveTestSupport.
    // Generated fixtures: media encoders and a loopback HTTP server, for the tests, the
    // benchmarks and the migration examples (through MigrationExampleSupport).
    .target(
      name: "RiveFixtures",
      dependencies: ["RiveCore", "RiveMedia", "CTurboJPEG", "CWebP", "CSndFile"]),
    // Fuzz harnesses, the truncation and corruption sweeps and the resident-memory probe, for
    // the fuzz targets, rive-bench and the reliability tests.
    .target(
      name: "RiveReliabilitySupport",
      dependencies: [
        "RiveCore", "RiveLayoutFuzzing", "RiveLegacy", "RiveConcurrency", "RiveFixtures",
        "RiveReference",
      ]),
    // The layout fuzz target's harness (bytes read as a layout tree), on the solver alone.
    .target(name: "RiveLayoutFuzzing", dependencies: ["RiveLayout"]),
    // The reference harness: plays files as the official runtime's reference traces and draw
    // streams were recorded and writes them in the reference schema (`rive-assets trace` and
    // `render --ops-json`, the conformance tests, the fuzz harness).
    .target(name: "RiveReference", dependencies: ["RiveCore"]),
    // Test-only helpers (corpus locator, built-program runner, waits); re-exports RiveFixtures.
    .target(name: "RiveTestSupport", dependencies: ["RiveCore", "RiveFixtures"]),
    // Reference draw streams rendered straight to pixels and compared (PSNR), for the
    // rasteriser's tests, the engine's pixel tests and rive-bench render.
    .target(name: "RiveRasterTestSupport", dependencies: ["RiveFrames", "RiveCore"]),

    // Tools
    .executableTarget(
      name: "rive-assets",
      dependencies: ["RiveCore", "RiveFrames", "RiveExport", "RiveReference"]),
    .executableTarget(
      name: "rive-bench",
      // rive-assets is listed so that building the benchmarks builds the tool `cli` times.
      dependencies: [
        "RiveCore", "RiveNetworking", "RiveConcurrency", "RiveLegacy", "RiveFixtures",
        "RiveReliabilitySupport", "CRiveImageShim", "CPNG", "CWebP", "CRiveAllocationCounter",
        "rive-assets", "RiveFrames", "RiveRasterTestSupport", "RiveExport", "RiveLayout",
        "RiveReference",
      ]),

    // Migration examples: one executable per pattern of Migration/README.md (appended below),
    // so that `swift build` compiles every code block of the guide; MigrationGuideTests runs
    // them and checks the guide's blocks against their slices.
    .target(
      name: "MigrationExampleSupport", dependencies: ["RiveCore", "RiveFixtures"],
      path: "Migration/Examples/Support"),

    // Tests
    .testTarget(
      name: "RiveCoreTests",
      // CHarfBuzz: the text tests shape with HarfBuzz directly to check layout against.
      dependencies: [
        "RiveCore", "RiveReference", "RiveReliabilitySupport", "RiveTestSupport", "CHarfBuzz",
      ]),
    .testTarget(name: "RiveFormatTests", dependencies: ["RiveFormat"]),
    .testTarget(
      name: "RiveMediaTests",
      // CRiveImageShim: the shim's contract is tested directly.
      dependencies: ["RiveMedia", "RiveTestSupport", "RiveReliabilitySupport", "CRiveImageShim"]),
    .testTarget(
      name: "RiveDiagnosticsTests",
      // Every module with a public error type, to check each type's conformance.
      dependencies: [
        "RiveDiagnostics", "RiveCore", "RiveFrames", "RiveRasterTestSupport", "RiveReference",
        "RiveMigrationTesting", "RiveNetworking", "RiveExport", "RiveConcurrency", "RiveLegacy",
      ]),
    // The rasteriser's own tests see only the rasteriser and the display list: a dependency
    // RiveRaster gains on the runtime would not be visible to them.
    .testTarget(name: "RiveRasterTests", dependencies: ["RiveRaster", "RiveDisplayList"]),
    .testTarget(name: "RiveDisplayListTests", dependencies: ["RiveDisplayList"]),
    .testTarget(
      name: "RiveFramesTests",
      // CCairo: the text pixel tests draw the same string with Cairo's own text rendering.
      dependencies: [
        "RiveFrames", "RiveRasterTestSupport", "RiveCore", "RiveReference", "RiveTestSupport",
        "CCairo",
      ]),
    .testTarget(
      name: "RiveLayoutTests", dependencies: ["RiveLayout"], resources: [.copy("Conformance")]),
    .testTarget(name: "RiveNetworkingTests", dependencies: ["RiveNetworking", "RiveTestSupport"]),
    .testTarget(
      name: "RiveConcurrencyTests",
      dependencies: ["RiveConcurrency", "RiveNetworking", "RiveTestSupport"]),
    .testTarget(
      name: "RiveLegacyTests", dependencies: ["RiveLegacy", "RiveConcurrency", "RiveTestSupport"]),
    .testTarget(
      name: "RiveRuntimeTests", dependencies: ["RiveRuntime", "RiveTestSupport"]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "RiveRuntime", "RiveCore", "RiveNetworking", "RiveReliabilitySupport", "RiveTestSupport",
        "rive-bench",
      ]),
    .testTarget(
      name: "SideBySideTests",
      dependencies: [
        "RiveMigrationTesting", "RiveRuntime", "RiveReference", "RiveTestSupport", "RiveNetworking",
      ]),
    .testTarget(
      name: "RiveExportTests",
      dependencies: ["RiveExport", "RiveRuntime", "RiveCore", "RiveFrames", "RiveTestSupport"]),
    .testTarget(
      name: "RiveSnapshotTestingTests",
      dependencies: ["RiveSnapshotTesting", "RiveRuntime", "RiveExport", "RiveTestSupport"]),
    .testTarget(
      name: "RiveReferenceTests",
      dependencies: ["RiveReference", "RiveCore", "RiveTestSupport", "RiveReliabilitySupport"],
      exclude: ["Silvers/scenarios.json"]),
    .testTarget(
      name: "RiveAssetsCLITests",
      dependencies: ["rive-assets", "RiveCore", "RiveConcurrency", "RiveTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// Migration examples (see the group above): each is `Migration/Examples/<Name>/main.swift`,
// prints what it did, and has its expected output beside it.
let migrationExamples: [(name: String, dependencies: [Target.Dependency])] = [
  ("LoadingAFile", []),
  ("AdapterWrapping", []),
  ("ReferencedAssets", []),
  ("AudioAssets", []),
  ("HostedAssets", []),
  ("CachingHostedAssets", []),
  ("SwappingContent", []),
  ("WorkerDecoding", []),
  ("SystemFonts", []),
  ("CachingAFile", []),
  ("DataBinding", []),
  ("AnimationFinished", []),
  ("HandlingEvents", []),
  ("TypedNames", []),
  ("SideBySideProof", ["RiveMigrationTesting"]),
  ("SideBySideFrames", ["RiveMigrationTesting"]),
  ("GoldenFrames", ["RiveSnapshotTesting", "RiveExport"]),
  ("TextAndFonts", ["RiveFixtures"]),
  ("LayoutFit", ["RiveFixtures"]),
  ("ScrollingList", ["RiveFixtures", "RiveExport"]),
]
for example in migrationExamples {
  package.targets.append(
    .executableTarget(
      name: example.name,
      dependencies: ["RiveRuntime", "RiveCore", "MigrationExampleSupport"] + example.dependencies,
      path: "Migration/Examples/\(example.name)", exclude: ["expected-output.txt"]))
}
package.targets.append(
  .testTarget(
    name: "MigrationGuideTests",
    dependencies: ["rive-assets", "RiveTestSupport"]
      + migrationExamples.map { .target(name: $0.name) }))

// Fuzz targets exist only when RIVE_FUZZ is set: libFuzzer supplies `main`, so they cannot be
// part of a normal build. `scripts/fuzz.sh` builds one with `--sanitize=fuzzer,address`.
if ProcessInfo.processInfo.environment["RIVE_FUZZ"] != nil {
  let fuzzTargets = [
    "riv", "image", "font", "audio", "legacy", "sriv",
  ]
  for name in fuzzTargets {
    package.targets.append(
      .executableTarget(
        name: "fuzz-\(name)", dependencies: ["RiveReliabilitySupport"],
        path: "Fuzz/fuzz-\(name)"))
    package.products.append(.executable(name: "fuzz-\(name)", targets: ["fuzz-\(name)"]))
  }
  // The solver's target builds the solver alone.
  package.targets.append(
    .executableTarget(
      name: "fuzz-layout", dependencies: ["RiveLayoutFuzzing"], path: "Fuzz/fuzz-layout"))
  package.products.append(.executable(name: "fuzz-layout", targets: ["fuzz-layout"]))
}

// The ThreadSanitizer step of `scripts/test.sh` sets RIVE_THREAD_SANITIZER_SUBSET: it runs only
// the concurrency tests (RiveConcurrencyTests, the stress tests of ReliabilityTests and the
// adapter tests of SideBySideTests), so its build declares only those test targets and the
// modules they import — not the tools, the migration examples or the other test targets, which
// would double the cost of the step for nothing it runs.
if ProcessInfo.processInfo.environment["RIVE_THREAD_SANITIZER_SUBSET"] != nil {
  let testTargets: Set<String> = ["RiveConcurrencyTests", "ReliabilityTests", "SideBySideTests"]
  let modules: Set<String> = [
    "RiveDiagnostics", "RiveMedia", "RiveFormat", "RiveDisplayList", "RiveLayout", "RiveCore",
    "RiveNetworking",
    "RiveRaster", "RiveFrames",
    "RiveConcurrency",
    "RiveLegacy",
    "RiveMigrationTesting", "RiveRuntime", "RiveFixtures", "RiveTestSupport",
    "RiveReliabilitySupport", "RiveLayoutFuzzing", "RiveReference", "CRiveImageShim",
    "CRiveFormat",
  ]
  package.targets = package.targets.filter { target in
    switch target.type {
    case .system: true
    case .test: testTargets.contains(target.name)
    default: modules.contains(target.name)
    }
  }
  for target in package.targets where target.name == "ReliabilityTests" {
    // Its leak test runs the built rive-bench; that test is not in the subset.
    target.dependencies.removeAll { dependency in
      switch dependency {
      case .targetItem(let name, _), .byNameItem(let name, _): name == "rive-bench"
      default: false
      }
    }
  }
  package.products = package.products.filter { product in
    product.name.hasPrefix("Rive") && modules.contains(product.name)
  }
}
