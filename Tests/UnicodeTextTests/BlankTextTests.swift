import UnicodeText
import XCTest

final class BlankTextTests: XCTestCase {
    func testInvisibleCodePointsAreBlank() {
        for text in ["", " ", "\n\t", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200E}\u{200F}", "\u{034F}", "\u{2800}", "\u{3164}",
                     "\u{115F}\u{1160}", "\u{FE0F}", "\u{E0020}", "\u{00AD}", "\u{202E}", "\u{3000}", " \u{301}"] {
            XCTAssertTrue(BlankText.isBlank(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    func testAnythingVisibleIsNotBlank() {
        for text in ["a", "\u{200B}a", "\u{2801}", "\u{28FF}", "\u{0301}", "😀", ".", "\u{E000}", "\u{0E33}"] {
            XCTAssertFalse(BlankText.isBlank(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
