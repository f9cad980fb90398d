import Caching
import Typesetting
import XCTest

final class ShapingValueTests: XCTestCase {
    func testScriptTag() {
        XCTAssertEqual(ScriptTag("latn")?.code, "Latn")
        XCTAssertEqual(ScriptTag("ARAB"), .arabic)
        XCTAssertNil(ScriptTag("Lat"))
        XCTAssertNil(ScriptTag("La1n"))
        XCTAssertEqual(ScriptTag.arabic.naturalDirection, .rightToLeft)
        XCTAssertEqual(ScriptTag.hebrew.naturalDirection, .rightToLeft)
        XCTAssertEqual(ScriptTag.thai.naturalDirection, .leftToRight)
    }

    func testLanguageTag() {
        XCTAssertEqual(LanguageTag("zh_Hant_TW")?.tag, "zh-hant-tw")
        XCTAssertEqual(LanguageTag("zh-Hant")?.primaryLanguage, "zh")
        XCTAssertNil(LanguageTag(""))
        XCTAssertNil(LanguageTag("1a"))
        XCTAssertNil(LanguageTag("en--us"))
        XCTAssertNil(LanguageTag("en us"))
    }

    /// Plain ASCII tags take a byte-level path; these are the answers the general path gave.
    func testLanguageTagEdges() {
        XCTAssertEqual(LanguageTag("EN_us")?.tag, "en-us")
        XCTAssertEqual(LanguageTag("i-Klingon")?.tag, "i-klingon")
        XCTAssertEqual(LanguageTag("x-private1")?.tag, "x-private1")
        XCTAssertEqual(LanguageTag("sr-Latn-RS")?.tag, "sr-latn-rs")
        XCTAssertEqual(LanguageTag(String(repeating: "ab-", count: 11) + "ab")?.tag.utf8.count, 35)
        for bad in ["e", "a-b", "abcdefghi", "en-", "-en", "en-abcdefghi", "en-u$", String(repeating: "ab-", count: 11) + "abc", "z1"] {
            XCTAssertNil(LanguageTag(bad), bad)
        }
        // Beyond ASCII the general path lowercases by Unicode: a Kelvin sign becomes "k".
        XCTAssertEqual(LanguageTag("EN-\u{212A}")?.tag, "en-k")
        XCTAssertNil(LanguageTag("en-é"))
    }

    func testFontFeatureParsing() throws {
        let off = try XCTUnwrap(FontFeature("liga=0"))
        XCTAssertEqual(off.tag, "liga")
        XCTAssertEqual(off.value, 0)
        XCTAssertEqual(off.description, "-liga")
        XCTAssertEqual(FontFeature("-liga"), off)
        let tnum = try XCTUnwrap(FontFeature("tnum"))
        XCTAssertEqual(tnum.value, 1)
        XCTAssertEqual(tnum.start, 0)
        XCTAssertEqual(tnum.end, UInt32.max)
        let ranged = try XCTUnwrap(FontFeature("kern[3:5]"))
        XCTAssertEqual([ranged.start, ranged.end], [3, 5])
        XCTAssertEqual(FontFeature("aalt=2")?.value, 2)
        XCTAssertEqual(FontFeature(tag: "smcp"), FontFeature("smcp"))
        XCTAssertNil(FontFeature(""))
        XCTAssertNil(FontFeature("=1"))
        XCTAssertNil(FontFeature(tag: "toolong"))
    }

    func testClusterMap() {
        let units = Array("a😀é".utf16)  // UTF-16: a, hi, lo, é (4 units); scalars 3; UTF-8 1+4+2
        let scalars = ClusterMap.unicodeScalars(of: units)
        XCTAssertEqual((0...4).map { scalars($0) }, [0, 1, 1, 2, 3])
        let utf8 = ClusterMap.utf8(of: units)
        XCTAssertEqual((0...4).map { utf8($0) }, [0, 1, 1, 5, 7])
        let relative = ClusterMap.unicodeScalars(of: units, from: 3)
        XCTAssertEqual(relative(3), 0)
        XCTAssertEqual(ClusterMap.utf16(3), 3)
    }

    func testHBShapeDescriptionSyntax() throws {
        let face = try FontFace(path: TestFonts.path("NotoSans-Regular.ttf"))
        let run = ShapedRun(face: face, glyphs: [
            ShapedGlyph(glyphID: 36, cluster: 0, xAdvance: 599),
            ShapedGlyph(glyphID: 5, cluster: 1, xAdvance: 0, xOffset: -12, yOffset: 0),
            ShapedGlyph(glyphID: 7, cluster: 2, xAdvance: 10, yAdvance: -4, xOffset: 0, yOffset: 30),
        ], range: 0..<3, direction: .leftToRight, script: .latin, language: LanguageTag("en")!, features: [])
        XCTAssertEqual(run.hbShapeDescription(), "[36=0+599|5=1@-12,0+0|7=2@0,30+10,-4]")
        XCTAssertEqual(run.advance, 609)
    }

    func testStringAndUTF16EntryPointsAgree() throws {
        let face = try FontFace(path: TestFonts.path("NotoSansArabic-Regular.ttf"))
        let text = "🎉 مرحبا بالعالم"
        let start = text.firstIndex(of: "م")!
        let end = text.firstIndex(of: " ", after: start)
        let byString = Shaper.shape(text, range: start..<end, face: face, direction: .rightToLeft,
                                    script: .arabic, language: LanguageTag("ar")!)
        let units = Array(text.utf16)
        let lower = text.utf16.distance(from: text.startIndex, to: start)
        let upper = text.utf16.distance(from: text.startIndex, to: end)
        let byUnits = Shaper.shape(utf16: units, range: lower..<upper, face: face, direction: .rightToLeft,
                                   script: .arabic, language: LanguageTag("ar")!)
        XCTAssertEqual(byString.glyphs, byUnits.glyphs)
        XCTAssertEqual(byString.range, 3..<8)
        // Right-to-left: visual order, so clusters descend; all inside the range, in UTF-16.
        XCTAssertEqual(byString.glyphs.map(\.cluster), byString.glyphs.map(\.cluster).sorted(by: >))
        XCTAssertTrue(byString.glyphs.allSatisfy { (3..<8).contains($0.cluster) })
        XCTAssertEqual(byString.missingGlyphClusters, [])
    }

    func testMissingGlyphsAreReported() throws {
        let face = try FontFace(path: TestFonts.path("Quicksand-Bold.ttf"))
        let run = Shaper.shape("aЖb", face: face, direction: .leftToRight, script: .latin, language: LanguageTag("en")!)
        XCTAssertEqual(run.missingGlyphClusters, [1])
    }

    /// A face "covers" a character exactly when shaping it with that face draws no .notdef:
    /// what HarfBuzz hides needs no glyph, and the Hangul fillers (Unicode default-ignorables
    /// HarfBuzz draws) do. Checked for every character either list names.
    func testCoverageAgreesWithWhatShapingHides() throws {
        let face = try FontFace(path: TestFonts.path("Quicksand-Bold.ttf"))
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value),
                  scalar.properties.isDefaultIgnorableCodePoint || scalar.isHiddenWhenShaped else { continue }
            let run = Shaper.shape("a\(Character(scalar))b", face: face, direction: .leftToRight, script: .latin,
                                   language: LanguageTag("en")!)
            XCTAssertEqual(run.missingGlyphClusters.isEmpty, face.covers([scalar]), "U+\(String(value, radix: 16, uppercase: true))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 4000)
        for filler: Unicode.Scalar in ["\u{115F}", "\u{1160}", "\u{3164}", "\u{FFA0}", "\u{1BCA0}"] {
            XCTAssertFalse(face.covers([filler]), "U+\(String(filler.value, radix: 16, uppercase: true)) is drawn, so needs a glyph")
        }
        XCTAssertTrue(face.covers(["a", "\u{200D}", "\u{FE0F}", "\u{E0067}"]))
    }

    func testEmptyRange() throws {
        let face = try FontFace(path: TestFonts.path("Quicksand-Bold.ttf"))
        let run = Shaper.shape(utf16: Array("abc".utf16), range: 1..<1, face: face, direction: .leftToRight,
                               script: .latin, language: LanguageTag("en")!)
        XCTAssertTrue(run.glyphs.isEmpty)
        XCTAssertEqual(run.hbShapeDescription(), "[]")
    }

    func testConcurrentShapingWithOneFace() throws {
        let face = try FontFace(path: TestFonts.path("NotoSans-Regular.ttf"))
        let expected = Shaper.shape("Concurrent office", face: face, direction: .leftToRight, script: .latin,
                                    language: LanguageTag("en")!).glyphs
        let results = LockedValue([Bool](repeating: false, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            var same = true
            for _ in 0..<50 {
                let glyphs = Shaper.shape("Concurrent office", face: face, direction: .leftToRight, script: .latin,
                                          language: LanguageTag("en")!).glyphs
                same = same && glyphs == expected
            }
            results.withLock { $0[i] = same }
        }
        XCTAssertTrue(results.withLock { $0.allSatisfy { $0 } })
    }
}

private extension String {
    func firstIndex(of character: Character, after index: Index) -> Index {
        self[index...].firstIndex(of: character) ?? endIndex
    }
}
