@testable import Typesetting
import XCTest

/// Which clusters ask for the colour emoji face: one ASCII character is answered without its
/// properties, as they would answer it.
final class EmojiPresentationTests: XCTestCase {
    func testNoASCIICharacterAloneAsksForEmoji() {
        for value in UInt8(0)...0x7F {
            let scalar = Unicode.Scalar(value)
            XCTAssertFalse(FontLibrary.asksForEmojiPresentation([scalar]), "U+\(String(value, radix: 16))")
            XCTAssertFalse(FontLibrary.wantsEmojiPresentation([scalar]))
        }
    }

    func testClustersBeyondOneASCIICharacterAreReadByTheirProperties() {
        XCTAssertTrue(FontLibrary.wantsEmojiPresentation(["1", "\u{FE0F}", "\u{20E3}"]), "a keycap")
        XCTAssertTrue(FontLibrary.wantsEmojiPresentation(["#", "\u{20E3}"]))
        XCTAssertTrue(FontLibrary.wantsEmojiPresentation(["\u{1F600}"]))
        XCTAssertFalse(FontLibrary.wantsEmojiPresentation(["\u{2764}"]), "text by default")
        XCTAssertTrue(FontLibrary.wantsEmojiPresentation(["\u{2764}", "\u{FE0F}"]))
        XCTAssertFalse(FontLibrary.wantsEmojiPresentation(["a", "\u{FE0F}"]), "a stray selector")
    }
}
