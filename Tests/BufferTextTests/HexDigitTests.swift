import BufferText
import XCTest

final class HexDigitTests: XCTestCase {
    /// Every byte against the standard library's reading of it as a one-digit hex number
    /// (ASCII only: a byte past 0x7F is no digit).
    func testEveryByteAsTheStandardLibraryReadsIt() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x80 ? UInt8(String(UnicodeScalar(byte)), radix: 16) : nil
            XCTAssertEqual(HexDigit.value(byte), expected, "byte \(byte)")
        }
    }
}
