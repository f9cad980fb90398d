// swift-tools-version:6.0
import PackageDescription

// Dependency graph (one way, top to bottom):
//   sharecard, sharecard-bench → Cards → Layout → Typesetting → UnicodeText, Raster → Geometry
//   Cards → Scene (the shared drawing vocabulary of scene files and templates) → Raster
//   Typesetting, CardService, sharecard → Caching (the LRU both caches share, and LockedValue; no dependencies)
//   C libraries from Debian (installed by scripts/setup) sit behind the C* targets:
//   Raster → CFreeType, CPixman, CPNG;  UnicodeText → CICU, CFriBiDi;  Typesetting → CHarfBuzz, CFreeType, CHyphen
//   CardService → HTTPTypes (requests and responses as values, no sockets);  HTTPServer → HTTPTypes, CMicroHTTPD
let package = Package(
    name: "sharecard",
    products: [
        .executable(name: "sharecard", targets: ["sharecard"]),
        .executable(name: "sharecard-bench", targets: ["sharecard-bench"]),
        .library(name: "Raster", targets: ["Raster"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBiDi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "CCrypto", linkerSettings: [.linkedLibrary("crypto")]),
        // ICU's headers clash with Foundation's bundled ICU module, so they stay inside this
        // C target; its public header uses only stdint types.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),
        .target(name: "CHyphen", linkerSettings: [.linkedLibrary("hyphen")]),

        .target(name: "Geometry"),
        .target(name: "Caching"),
        .target(name: "Raster", dependencies: ["Geometry", "CFreeType", "CPixman", "CPNG"]),
        .target(name: "UnicodeText", dependencies: ["CICU", "CFriBiDi"]),
        .target(name: "Typesetting", dependencies: ["Caching", "Geometry", "Raster", "UnicodeText", "CFreeType", "CHarfBuzz", "CHyphen"]),
        .target(name: "Scene", dependencies: ["Geometry", "Raster"]),
        .target(name: "Cards", dependencies: ["Layout", "Scene", "Typesetting", "UnicodeText", "Raster", "Geometry", "CCrypto"]),
        .target(name: "Layout", dependencies: ["Geometry", "Raster", "Typesetting"]),
        .target(name: "HTTPTypes"),
        .target(name: "CardService", dependencies: ["Caching", "Cards", "HTTPTypes", "Raster", "CCrypto"]),
        .target(name: "HTTPServer", dependencies: ["HTTPTypes", "CMicroHTTPD"]),

        .executableTarget(name: "sharecard", dependencies: ["Caching", "CardService", "HTTPServer", "HTTPTypes", "Cards", "Layout", "Scene", "Typesetting", "Raster", "Geometry"]),
        .executableTarget(name: "sharecard-bench", dependencies: ["Cards", "Scene", "Typesetting", "Raster", "Geometry"]),

        // What each fuzz target does with its input; also replayed by FuzzRegressionTests.
        .target(name: "FuzzHarness", dependencies: ["CardService", "HTTPTypes", "Cards", "Scene", "Typesetting", "Raster", "Geometry"]),

        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "CachingTests", dependencies: ["Caching"]),
        .testTarget(name: "CCryptoTests", dependencies: ["CCrypto"]),
        .testTarget(name: "RasterTests", dependencies: ["Caching", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "UnicodeTextTests", dependencies: ["Caching", "UnicodeText"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Caching", "Typesetting", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "CardsTests", dependencies: ["Cards", "Scene", "Typesetting", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Typesetting", "Raster", "Geometry", "TestSupport"]),
        .testTarget(name: "CardServiceTests", dependencies: ["CardService", "HTTPTypes"]),
        .testTarget(name: "CLITests", dependencies: ["Caching"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTypes", "TestSupport"]),
        .testTarget(name: "ServiceIntegrationTests", dependencies: ["CardService", "HTTPServer", "HTTPTypes", "Cards", "Typesetting", "TestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness"]),
    ]
)

// libFuzzer targets (docs/testing.md), one per input format: `scripts/fuzz TARGET SECONDS`.
// Their entry point is `LLVMFuzzerTestOneInput` and `main` comes from libFuzzer, so they link
// only in a `--sanitize fuzzer` build; scripts/fuzz sets SHARECARD_FUZZ=1 to declare them and
// ordinary builds never see them.
if Context.environment["SHARECARD_FUZZ"] == "1" {
    for name in ["event", "scene", "template", "palette", "path-data", "png", "request-target", "card-query",
                 "url-signature", "text-layout"] {
        package.targets.append(.executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzHarness"], path: "fuzz/targets/\(name)"))
        package.products.append(.executable(name: "fuzz-\(name)", targets: ["fuzz-\(name)"]))
    }
}
