import Foundation
import Typesetting
import XCTest

/// Every title of `ScriptCorpus` is drawn without `.notdef` by the expected face, and its
/// shaping with that face equals `hb-shape`'s with the same file (glyph ids, clusters,
/// advances, offsets), direction, script and language.
final class ScriptCorpusTests: XCTestCase {
    func testCorpusHasThirtyScripts() {
        XCTAssertGreaterThanOrEqual(ScriptCorpus.scripts.count, 30)
    }

    func testEveryTitleHasNoMissingGlyphsAndTheExpectedFace() throws {
        let library = try TestFonts.library.get()
        for title in ScriptCorpus.titles {
            let language = try XCTUnwrap(LanguageTag(title.language))
            let paragraph = try Paragraph(AttributedText(title.text, attributes: TextAttributes()), library: library, language: language)
            XCTAssertEqual(paragraph.missingClusters.map { paragraph.string($0) }, [], "\(title.script): \(title.text)")
            let face = try XCTUnwrap(face(for: title, library: library), title.script)
            XCTAssertEqual(face.family, title.family, "\(title.script): \(title.text)")
        }
    }

    func testShapingMatchesHBShapeWithTheChosenFace() throws {
        let library = try TestFonts.library.get()
        let tool = try XCTUnwrap(HBShape.path, "hb-shape not found: run scripts/setup (it installs Debian's libharfbuzz-bin)")
        for title in ScriptCorpus.titles {
            let face = try XCTUnwrap(face(for: title, library: library), title.script)
            let script = try XCTUnwrap(ScriptTag(title.script))
            let language = try XCTUnwrap(LanguageTag(title.language))
            let units = Array(title.text.utf16)
            let run = Shaper.shape(utf16: units, range: 0..<units.count, face: face, direction: script.naturalDirection,
                                   script: script, language: language)
            XCTAssertFalse(run.glyphs.contains { $0.glyphID == 0 }, "\(title.script): .notdef in \(title.text) with \(face)")
            let ours = run.hbShapeDescription(clusters: .unicodeScalars(of: units))
            let theirs = try HBShape.shape(tool, face: face, units: units, range: 0..<units.count,
                                           direction: script.naturalDirection, script: title.script, language: title.language)
            XCTAssertEqual(ours, theirs, "\(title.script): \(title.text) with \(face)")
        }
    }

    /// The face the fallback chain picks for the title's first letter (bold, as titles are set).
    private func face(for title: ScriptCorpus.Title, library: FontLibrary) -> FontFace? {
        guard let letter = title.text.first(where: { $0.unicodeScalars.first!.properties.isAlphabetic }) else { return nil }
        let preferred = library.titleFace
        let language = LanguageTag(title.language)
        return library.face(for: letter.unicodeScalars, preferred: preferred, weight: .bold, language: language,
                            script: ScriptTag(title.script))
    }
}
