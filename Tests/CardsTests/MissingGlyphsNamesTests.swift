import Cards
import XCTest

/// The code points named for clusters no face has: what shaping hides is left out, what it
/// draws (as a box, with no face for it) is named.
final class MissingGlyphsNamesTests: XCTestCase {
    func testHiddenCharactersAreLeftOutAndHangulFillersNamed() {
        XCTAssertEqual(MissingGlyphs.codePoints(of: ["\u{11F04}\u{200D}", "\u{FE0F}"]), ["U+11F04"])
        XCTAssertEqual(MissingGlyphs.codePoints(of: ["\u{3164}", "\u{115F}", "\u{FFA0}", "\u{3164}"]),
                       ["U+3164", "U+115F", "U+FFA0"])
        XCTAssertEqual(MissingGlyphs.codePoints(of: ["\u{1BCA0}", "\u{E0001}"]), ["U+1BCA0"])
    }
}
