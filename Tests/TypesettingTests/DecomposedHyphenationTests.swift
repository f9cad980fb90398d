@testable import Typesetting
import XCTest

/// A title typed or pasted in decomposed form (a letter followed by a combining mark, as macOS
/// file names and some keyboards give it) is hyphenated as its composed form is.
final class DecomposedHyphenationTests: XCTestCase {
    private let composed = "Geschäftsführerinnenversammlung"
    private let decomposed = "Gescha\u{0308}ftsfu\u{0308}hrerinnenversammlung"

    /// Each point, counted in letters from the start (a letter with its marks is one), is the
    /// same in both forms, and lands after the decomposed letter's mark, never between them.
    func testPointsFallAfterWholeLettersAndMatchTheComposedForm() throws {
        let german = try XCTUnwrap(HyphenationDictionary.forLanguage(XCTUnwrap(LanguageTag("de-DE"))))
        func lettersBefore(_ points: [Int], in text: String) -> [Int] {
            points.map { point in
                var letters = 0, offset = 0
                for scalar in text.unicodeScalars where offset < point {
                    if scalar.properties.isAlphabetic { letters += 1 }
                    offset += scalar.utf16.count
                }
                return letters
            }
        }
        let composedPoints = german.points(in: Array(composed.utf16))
        let decomposedPoints = german.points(in: Array(decomposed.utf16))
        XCTAssertFalse(composedPoints.isEmpty)
        XCTAssertEqual(lettersBefore(decomposedPoints, in: decomposed), lettersBefore(composedPoints, in: composed))
        let units = Array(decomposed.utf16)
        for point in decomposedPoints {
            XCTAssertNotEqual(units[point], 0x0308, "a point at \(point) separates a letter from its mark")
        }
    }

    /// The rule counts the decomposed word as one word of 31 letters, as it does the composed one.
    func testTheRuleSeesOneWord() {
        let everyOffset = Array(1..<decomposed.utf16.count)
        let allowed = HyphenationRule.allowed(everyOffset, in: Array(decomposed.utf16))
        // Letter boundaries with 3 letters on each side: after letters 3 … 28.
        XCTAssertEqual(allowed.count, 26)
    }
}
