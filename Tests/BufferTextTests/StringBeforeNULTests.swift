import BufferText
import XCTest

final class StringBeforeNULTests: XCTestCase {
    func testTheTextEndsAtTheFirstNUL() {
        let buffer: [CChar] = [0x6F, 0x6B, 0, 0x78, 0]
        XCTAssertEqual(buffer.stringBeforeNUL, "ok")
        XCTAssertEqual([CChar](repeating: 0, count: 8).stringBeforeNUL, "")
    }

    /// A C function that fills its buffer to the end leaves no NUL: all of it is read, and
    /// nothing beyond it.
    func testABufferWithoutANULIsReadWhole() {
        let full: [CChar] = Array("full".utf8).map { CChar(bitPattern: $0) }
        XCTAssertEqual(full.stringBeforeNUL, "full")
        XCTAssertEqual(full.prefix(2).stringBeforeNUL, "fu")
    }

    func testUTF8IsDecodedAndIllFormedBytesBecomeReplacementCharacters() {
        let text: [CChar] = Array("façade — ١٢".utf8).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(text.stringBeforeNUL, "façade — ١٢")
        // A lone continuation byte and a lead byte cut off by the NUL.
        let broken: [CChar] = [0x61, CChar(bitPattern: 0x80), 0x62, CChar(bitPattern: 0xE2), 0, 0x63]
        XCTAssertEqual(broken.stringBeforeNUL, "a\u{FFFD}b\u{FFFD}")
    }

    /// A C struct's `char` array, seen as raw bytes.
    func testRawBytesOfAFixedArray() {
        let location: (CChar, CChar, CChar, CChar, CChar, CChar) = (0x2F, 0x61, 0x62, 0, 0x7A, 0x7A)
        XCTAssertEqual(withUnsafeBytes(of: location) { $0.stringBeforeNUL }, "/ab")
        let bytes: [UInt8] = [0xC3, 0xA9, 0x74, 0xC3, 0xA9]
        XCTAssertEqual(bytes.stringBeforeNUL, "été")
    }

    /// Slices that start inside their array, and collections with no contiguous storage
    /// (read element by element), give the same text as the array.
    func testSlicesAndNonContiguousCollectionsReadAlike() {
        let buffer: [CChar] = Array("xx-name\0rest".utf8).map { CChar(bitPattern: $0) }
        XCTAssertEqual(buffer.dropFirst(3).stringBeforeNUL, "name")
        XCTAssertEqual(buffer.lazy.map { $0 }.dropFirst(3).stringBeforeNUL, "name")
        XCTAssertEqual(buffer.lazy.map { $0 }.stringBeforeNUL, "xx-name")
        let bytes: [UInt8] = Array("été\0x".utf8)
        XCTAssertEqual(bytes.dropFirst(2).stringBeforeNUL, "té")
        XCTAssertEqual(bytes.lazy.map { $0 }.stringBeforeNUL, "été")
        XCTAssertEqual(bytes.lazy.map { $0 }.prefix(2).stringBeforeNUL, "é")
    }
}
