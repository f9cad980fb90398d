// swift-tools-version:6.0
import PackageDescription

// Dependency graph (one way, top to bottom):
//   sharecard, sharecard-bench → Cards → Layout → Typesetting → UnicodeText, Raster → Geometry
//   Cards → Scene (the shared drawing vocabulary of scene files and templates) → Raster
//   Typesetting, CardService, sharecard → Caching (the LRU both caches share, and LockedValue; no dependencies)
//   Typesetting, Scene, Cards, CardService, sharecard → JSONData (the strict JSON parser of every JSON input: data files, events, batch lines, request bodies, the batch journal; no dependencies)
//   HTTPTypes, HTTPServer, sharecard-bench → JSONData (JSONString, the one escaper of every JSON string written: answers, error bodies, the access log)
//   C libraries from Debian (installed by scripts/setup) sit behind the C* targets:
//   Raster → CFreeType, CPixman, CPNG, CImageEncode, CRasterKernels;  UnicodeText → CICU, CFriBiDi;  Typesetting → CHarfBuzz, CFreeType, CHyphen
//   Faces → Raster, Geometry, CFacesLoader → CFacesInterface (the C header of CFaces, the face detector in C++ on OpenCV's core and imgproc)
//   Faces → Caching (faces found per photo, by the photo's digest);  CardService → Faces (the server's face cache)
//   CFaces is built only as the plug-in libsharecard-faces.so, which CFacesLoader opens on the first detection;
//   CFaces, CFacesOpenCV → CFacesBoundary (the exception guard of their C entry points, a header)
//   CFaces → CFacesOpenCVInterface, CDynamicLibrary: it opens libsharecard-faces-opencv.so (CFacesOpenCV, OpenCV's
//   objdetect) beside itself only for a cascade its evaluator does not take, and for tests that compare with OpenCV
//   Cards → Photos (a user's photo: JPEG, PNG, WebP, HEIC decoded upright in sRGB) → Raster, CImageDecode
//   CImageDecode → CPNG (a PNG photo's pixels; its colour chunks are converted in CImageDecode), CDynamicLibrary (libheif, lcms2, libexif, libwebpdemux)
//   CImageDecode, CPNG → CImageLimits (the wording of a declared size over a limit; no dependencies)
//   Cards → Faces (an aspect-filled photo is cropped to keep its faces)
//   CardService → PhotoFetch (photos by URL from allow-listed origins) → Caching, CCurlFetch
//   CardService → HTTPTypes (requests and responses as values, no sockets);  HTTPServer → HTTPTypes, CMicroHTTPD
//   JSONData, Raster, UnicodeText, Typesetting, Faces, Photos, PhotoFetch, Cards, HTTPTypes, HTTPServer → BufferText (text a C
//   function wrote into a buffer, read up to its NUL and never past the buffer's end; how a message names a file's kind or a
//   code point; a file read whole under a size limit; a path split at its slashes; a hex digit's value; no dependencies)
//   CMicroHTTPD, CCurlFetch, CFacesLoader, CImageDecode, CCrypto, CICU → CDynamicLibrary (each opens its library with dlopen on first use;
//   CICU only libicui18n, for dates and locale keywords)
let package = Package(
    name: "sharecard",
    products: [
        .executable(name: "sharecard", targets: ["sharecard"]),
        .executable(name: "sharecard-bench", targets: ["sharecard-bench"]),
        .library(name: "Raster", targets: ["Raster"]),
        // The face detector, opened with dlopen by CFacesLoader: no executable links OpenCV.
        .library(name: "sharecard-faces", type: .dynamic, targets: ["CFaces"]),
        // OpenCV's own cascade classifier, opened by the face detector only for a cascade its
        // evaluator does not take and for tests that compare with OpenCV.
        .library(name: "sharecard-faces-opencv", type: .dynamic, targets: ["CFacesOpenCV"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBiDi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .target(name: "CPNG", dependencies: ["CImageLimits"], linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // Encoders (PNG via libdeflate, JPEG via libjpeg-turbo, WebP via libwebp).
        .target(name: "CImageEncode", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),
        .target(name: "CCrypto", dependencies: ["CDynamicLibrary"]),
        // ICU's headers clash with Foundation's bundled ICU module, so they stay inside this
        // C target; its public header uses only stdint types.
        .target(name: "CICU", dependencies: ["CDynamicLibrary"], linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // dlopen and a table of dlsym'd entry points, for the libraries opened on demand below.
        .target(name: "CDynamicLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libmicrohttpd is opened with dlopen when the first daemon starts (not linked): only serve needs it.
        .target(name: "CMicroHTTPD", dependencies: ["CDynamicLibrary"]),
        // The face detector (Haar cascades evaluated with OpenCV's decisions, on OpenCV's core and
        // imgproc; Debian libopencv-dev) behind a C header: C++ stays inside. Linked only into the
        // sharecard-faces plug-in; -nostartfiles and -static-stdlib keep the Swift runtime out of it
        // (it has no Swift code), so it loads into a statically linked binary. -ffp-contract=off:
        // the Haar evaluator rounds each multiply and add as OpenCV's build does.
        .target(name: "CFaces", dependencies: ["CFacesBoundary", "CFacesOpenCVInterface", "CDynamicLibrary"],
                cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-ffp-contract=off"])],
                linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                                 .unsafeFlags(["-nostartfiles", "-static-stdlib"])]),
        // OpenCV's CascadeClassifier and groupRectangles (libopencv-objdetect-dev, which brings dnn,
        // calib3d, features2d, flann and protobuf) behind a C header, built only as the library
        // sharecard-faces-opencv that CFaces opens beside itself on first need.
        .target(name: "CFacesOpenCV", dependencies: ["CFacesBoundary"], cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
                linkerSettings: [.linkedLibrary("opencv_objdetect"), .linkedLibrary("opencv_core"),
                                 .unsafeFlags(["-nostartfiles", "-static-stdlib"])]),
        // sc_faces_boundary.hpp alone: the exception guard of both face libraries' C entry points.
        .target(name: "CFacesBoundary", path: "Sources/CFacesBoundary", publicHeadersPath: "."),
        // sc_faces_opencv.h alone, for CFaces.
        .target(name: "CFacesOpenCVInterface", path: "Sources/CFacesOpenCV/include", publicHeadersPath: "."),
        // sc_faces.h alone, for the loader and Faces.
        .target(name: "CFacesInterface", path: "Sources/CFaces/include", publicHeadersPath: "."),
        .target(name: "CFacesLoader", dependencies: ["CFacesInterface", "CDynamicLibrary"]),
        .target(name: "CSignal"),
        // libcurl is opened with dlopen on the first fetch (not linked), so other commands never load it.
        .target(name: "CCurlFetch", dependencies: ["CDynamicLibrary"]),
        // libheif (HEIC) is opened with dlopen on the first HEIC photo, and lcms2, libexif and libwebpdemux on the first
        // photo that may need them (not linked): their loading cost every process start.
        .target(name: "CImageDecode", dependencies: ["CPNG", "CImageLimits", "CDynamicLibrary"],
                linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("m"), .linkedLibrary("z")]),
        .target(name: "CImageLimits"),
        .target(name: "CHyphen", linkerSettings: [.linkedLibrary("hyphen")]),
        // Raster's pixel loops that Swift's baseline-x86-64 SIMD made slow (built at -O2 in every configuration).
        .target(name: "CRasterKernels", cSettings: [.unsafeFlags(["-O2"])]),

        .target(name: "Geometry"),
        .target(name: "BufferText"),
        .target(name: "Caching"),
        .target(name: "JSONData", dependencies: ["BufferText"]),
        .target(name: "Raster", dependencies: ["BufferText", "Geometry", "CFreeType", "CPixman", "CPNG", "CImageEncode", "CRasterKernels"]),
        .target(name: "UnicodeText", dependencies: ["BufferText", "CICU", "CFriBiDi"]),
        .target(name: "Typesetting", dependencies: ["BufferText", "Caching", "JSONData", "Geometry", "Raster", "UnicodeText", "CFreeType", "CHarfBuzz", "CHyphen"]),
        .target(name: "Scene", dependencies: ["BufferText", "Caching", "JSONData", "Geometry", "Raster", "Layout", "Typesetting", "UnicodeText", "Photos"]),
        .target(name: "Faces", dependencies: ["BufferText", "Caching", "Geometry", "Raster", "CFacesInterface", "CFacesLoader"]),
        .target(name: "Photos", dependencies: ["BufferText", "Geometry", "Raster", "CImageDecode"]),
        .target(name: "PhotoFetch", dependencies: ["BufferText", "Caching", "CCurlFetch"]),
        .target(name: "Cards", dependencies: ["Caching", "BufferText", "Faces", "JSONData", "Layout", "Photos", "Scene", "Typesetting", "UnicodeText", "Raster", "Geometry", "CCrypto"]),
        .target(name: "Layout", dependencies: ["Geometry", "Raster", "Typesetting"]),
        .target(name: "HTTPTypes", dependencies: ["BufferText", "JSONData"]),
        .target(name: "CardService", dependencies: ["Caching", "Cards", "Faces", "JSONData", "Scene", "HTTPTypes", "Photos", "PhotoFetch", "Raster", "UnicodeText", "CCrypto"]),
        .target(name: "HTTPServer", dependencies: ["BufferText", "HTTPTypes", "JSONData", "CMicroHTTPD", "Signals"]),
        // Signals caught by a handler writing to a pipe, handled on one thread (serve, batch); temporary
        // files removed on SIGINT/SIGTERM by a plain C handler (the one-file commands: no thread).
        .target(name: "Signals", dependencies: ["Caching", "CSignal"]),

        .executableTarget(name: "sharecard", dependencies: ["BufferText", "Caching", "Signals", "CardService", "PhotoFetch", "HTTPServer", "HTTPTypes", "Cards", "JSONData", "Layout", "Scene", "Typesetting", "Raster", "Geometry", "Faces", "Photos", "UnicodeText"]),
        .executableTarget(name: "sharecard-bench", dependencies: ["Cards", "JSONData", "Photos", "Scene", "Typesetting", "Raster", "Geometry", "Faces"]),

        // What each fuzz target does with its input; also replayed by FuzzRegressionTests.
        .target(name: "FuzzHarness", dependencies: ["BufferText", "CardService", "CCurlFetch", "HTTPServer", "HTTPTypes", "TestSupport", "JSONData", "Cards", "Photos", "PhotoFetch", "Scene", "Typesetting", "Raster", "Geometry", "CImageEncode"]),

        .target(name: "TestSupport", dependencies: ["Geometry", "Raster"], path: "Tests/TestSupport"),
        // JPEG and WebP decoders and zlib's inflate, which check the encoders' output; used by tests only.
        .target(name: "CTestImageDecode", path: "Tests/CTestImageDecode", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("z")]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "CachingTests", dependencies: ["Caching"]),
        .testTarget(name: "BufferTextTests", dependencies: ["BufferText"]),
        .testTarget(name: "JSONDataTests", dependencies: ["JSONData", "TestSupport"]),
        .testTarget(name: "CCryptoTests", dependencies: ["CCrypto"]),
        .testTarget(name: "RasterTests", dependencies: ["BufferText", "Caching", "Raster", "Geometry", "TestSupport", "CImageEncode", "CTestImageDecode"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "UnicodeTextTests", dependencies: ["BufferText", "Caching", "UnicodeText"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Caching", "JSONData", "Typesetting", "Raster", "Geometry", "TestSupport"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "CardsTests", dependencies: ["Cards", "Faces", "JSONData", "Scene", "Typesetting", "Raster", "Geometry", "TestSupport", "CTestImageDecode"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "SceneTests", dependencies: ["JSONData", "Scene", "Raster", "Geometry", "UnicodeText", "TestSupport", "Photos"], exclude: ["Cases", "Golden"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Typesetting", "Raster", "Geometry", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "PhotosTests", dependencies: ["BufferText", "Geometry", "Photos", "Raster", "TestSupport", "CImageDecode"], exclude: ["Fixtures"]),
        .testTarget(name: "PhotoFetchTests", dependencies: ["BufferText", "Caching", "PhotoFetch", "TestSupport"], exclude: ["origin_server.py"]),
        .testTarget(name: "CardServiceTests", dependencies: ["CardService", "HTTPTypes"]),
        .testTarget(name: "CLITests", dependencies: ["Caching", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["BufferText", "HTTPServer", "HTTPTypes", "TestSupport"]),
        .testTarget(name: "ServiceIntegrationTests", dependencies: ["Caching", "CardService", "Faces", "PhotoFetch", "Photos", "HTTPServer", "HTTPTypes", "Cards", "Raster", "Typesetting", "TestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarness", "Photos"]),
        .testTarget(name: "FacesTests", dependencies: ["BufferText", "Caching", "Faces", "Photos", "Raster", "Geometry", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SignalsTests", dependencies: ["Caching", "Signals"]),
    ]
)

// libFuzzer targets (docs/testing.md), one per input format: `scripts/fuzz TARGET SECONDS`.
// Their entry point is `LLVMFuzzerTestOneInput` and `main` comes from libFuzzer, so they link
// only in a `--sanitize fuzzer` build; scripts/fuzz sets SHARECARD_FUZZ=1 to declare them and
// ordinary builds never see them.
if Context.environment["SHARECARD_FUZZ"] == "1" {
    for name in ["event", "scene", "template", "palette", "path-data", "png", "png-encode", "request-target", "request-headers",
                 "http-wire", "card-query", "url-signature", "text-layout", "photo", "json", "heic-structure", "multipart", "photo-url", "font"] {
        package.targets.append(.executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzHarness"], path: "fuzz/targets/\(name)"))
        package.products.append(.executable(name: "fuzz-\(name)", targets: ["fuzz-\(name)"]))
    }
}

// Concrete generic types (a dictionary keyed by a struct, a set of an enum) get their metadata
// through compiled accessors instead of mangled names: a mangled name is demangled at run time
// and each conformance it names (Key: Hashable) is found by scanning every conformance record
// in the binary, about 0.35 million instructions per first use in a statically linked
// sharecard. Start-up rows are in docs/startup.md.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
}
