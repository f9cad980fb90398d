import Cards
import Foundation
import Typesetting
import XCTest

/// A card's name changes with every file its pixels can come from: the fonts folder, and the
/// system faces and hyphenation dictionaries outside it. Two servers, one without the CJK faces,
/// used to give a Chinese title in glyphs and in boxes one strong ETag.
final class FontsVersionTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("system"), withIntermediateDirectories: true)
        try write(#"{"version": 1, "title": {"family": "Quicksand", "weight": 700}, "optional": "fallback.json", "faces": [{"file": "Quicksand-Bold.ttf", "family": "Quicksand", "weight": 700}], "fallback": [{"family": "Quicksand"}]}"#,
                  to: "fonts/fonts.json")
        try write(#"{"version": 1, "faces": [{"path": "\#(systemFace)", "family": "Extra", "weight": 400, "optional": true}], "fallback": [{"family": "Extra"}]}"#,
                  to: "fonts/fallback.json")
        try write("not a font, but bytes", to: "fonts/Quicksand-Bold.ttf")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private var fonts: String { root.appendingPathComponent("fonts").path }
    private var systemFace: String { root.appendingPathComponent("system/Extra.ttf").path }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(name))
    }

    func testTheFilesOutsideAreTheManifestsPathsAndTheDictionaries() throws {
        let files = FontLibrary.filesOutside(fontsDirectory: fonts)
        XCTAssertTrue(files.contains(systemFace), "\(files)")
        let dictionaries = ((try? FileManager.default.contentsOfDirectory(atPath: HyphenationDictionary.directory)) ?? [])
            .filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }
        XCTAssertEqual(files.count, 1 + dictionaries.count)
        XCTAssertEqual(files, files.sorted())
    }

    func testASystemFacePresentAbsentOrChangedIsAnotherVersion() throws {
        let absent = ContentHash.fontsVersion(directory: fonts)
        XCTAssertEqual(ContentHash.fontsVersion(directory: fonts), absent, "the same files, the same version")
        try write("face A", to: "system/Extra.ttf")
        let a = ContentHash.fontsVersion(directory: fonts)
        XCTAssertNotEqual(a, absent)
        try write("face B", to: "system/Extra.ttf")  // the same size, other bytes
        let b = ContentHash.fontsVersion(directory: fonts)
        XCTAssertNotEqual(b, a)
        try write("face A", to: "system/Extra.ttf")
        XCTAssertEqual(ContentHash.fontsVersion(directory: fonts), a)
    }
}
