import Foundation
@testable import Typesetting
import XCTest

/// A font library reads each font file once and looks for an optional face's file only when a
/// lookup needs that face.
final class FontFileSharingTests: XCTestCase {
    func testAnOptionalFaceIsLookedForWhenALookupFirstNeedsIt() throws {
        let dir = try fontsDirectory()
        let later = (dir as NSString).appendingPathComponent("later/Later.ttf")
        try writeManifest(in: dir, faces: #"{"path": "\#(later)", "family": "Later", "weight": 400, "optional": true}"#,
                          fallback: #"{"family": "Later"}"#)
        let fonts = try FontLibrary(directory: dir)
        // The file appears after the library loaded: the library has not looked for it yet.
        try FileManager.default.createDirectory(atPath: (later as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestFonts.path("NotoSans-Regular.ttf"), toPath: later)
        XCTAssertEqual(fonts.face(family: "Later")?.family, "Noto Sans")
        XCTAssertEqual(fonts.unavailablePaths, [])
        XCTAssertEqual(fonts.entries.map(\.family), ["Q", "Later"])
    }

    func testAnAbsentOptionalFamilyMovesNoOtherInTheLanguageOrder() throws {
        let dir = try fontsDirectory()
        let noto = (dir as NSString).appendingPathComponent("N.ttf")
        let hebrew = (dir as NSString).appendingPathComponent("H.ttf")
        try FileManager.default.copyItem(atPath: TestFonts.path("NotoSans-Regular.ttf"), toPath: noto)
        try FileManager.default.copyItem(atPath: TestFonts.path("NotoSansHebrew-Regular.ttf"), toPath: hebrew)
        try writeManifest(in: dir, faces: """
            {"path": "/nonexistent/Z.ttf", "family": "Z", "weight": 400, "optional": true},
            {"file": "N.ttf", "family": "N", "weight": 400},
            {"file": "H.ttf", "family": "H", "weight": 400, "optional": true}
            """, fallback: #"{"family": "Z", "languages": ["zh"]}, {"family": "N"}, {"family": "H", "languages": ["ja"]}"#)
        let fonts = try FontLibrary(directory: dir)
        // Z is absent: H is the only language-tied family and keeps its place after N.
        XCTAssertEqual(fonts.fallbackChain(language: LanguageTag("ja")).map(\.family),
                       ["Quicksand", "Noto Sans", "Noto Sans Hebrew"])
        XCTAssertEqual(fonts.unavailablePaths, ["/nonexistent/Z.ttf"])
    }

    func testFacesOfOneCollectionShareOneReadingOfTheFile() throws {
        try XCTSkipUnless(TestFonts.cjkAvailable, "Noto Sans CJK is not installed")
        let fonts = try TestFonts.library.get()
        let simplified = try XCTUnwrap(fonts.face(family: "Noto Sans CJK SC", weight: .bold))
        let japanese = try XCTUnwrap(fonts.face(family: "Noto Sans CJK JP", weight: .bold))
        XCTAssertNotEqual(simplified.faceIndex, japanese.faceIndex)
        XCTAssertTrue(simplified.file === japanese.file, "one mapping of \(simplified.path)")
    }

    func testAMissingRequiredFaceIsNamedWhenTheLibraryLoads() throws {
        let dir = try fontsDirectory()
        try writeManifest(in: dir, faces: #"{"file": "Gone.ttf", "family": "Gone", "weight": 400}"#, fallback: nil)
        XCTAssertThrowsError(try FontLibrary(directory: dir)) {
            XCTAssertEqual($0 as? FontError, .fileNotFound(path: (dir as NSString).appendingPathComponent("Gone.ttf")))
        }
    }

    /// A fonts directory holding the title face `Q` (Quicksand Bold).
    private func fontsDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fontfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.copyItem(atPath: TestFonts.path("Quicksand-Bold.ttf"), toPath: url.appendingPathComponent("Q.ttf").path)
        return url.path
    }

    private func writeManifest(in dir: String, faces: String, fallback: String?) throws {
        let json = """
        {"version": 1, "title": {"family": "Q", "weight": 700},
         "faces": [{"file": "Q.ttf", "family": "Q", "weight": 700}, \(faces)],
         "fallback": [{"family": "Q"}\(fallback.map { ", " + $0 } ?? "")]}
        """
        try json.write(toFile: (dir as NSString).appendingPathComponent(FontLibrary.manifestName), atomically: true, encoding: .utf8)
    }
}
