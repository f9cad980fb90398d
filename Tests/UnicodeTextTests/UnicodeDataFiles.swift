import Foundation
import XCTest

/// Unicode's own conformance data, installed by Debian's `unicode-data` package.
enum UnicodeDataFiles {
    static let lineBreakTest = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    static let graphemeBreakTest = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"
    static let bidiCharacterTest = "/usr/share/unicode/BidiCharacterTest.txt"

    /// The data lines of a test file: comments and blank lines removed, with 1-based
    /// line numbers. Fails the test (never skips) when the file is missing.
    static func lines(of path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [(number: Int, text: String)] {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("missing \(path): run scripts/setup to install the unicode-data package", file: file, line: line)
            throw MissingFile(path: path)
        }
        var out: [(Int, String)] = []
        for (i, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if !text.trimmingCharacters(in: .whitespaces).isEmpty { out.append((i + 1, text)) }
        }
        return out
    }

    struct MissingFile: Error { let path: String }

    /// UTF-16 code units of a code point written in hex; surrogate code points (which no
    /// Swift string can hold) become the single code unit.
    static func utf16(hex: Substring) -> [UInt16]? {
        guard let value = UInt32(hex, radix: 16) else { return nil }
        if let scalar = Unicode.Scalar(value) { return Array(String(Character(scalar)).utf16) }
        return value <= 0xFFFF ? [UInt16(value)] : nil
    }
}

/// A break test line ("÷ 0020 × 0308 ÷") as UTF-16 text and the offsets marked "÷".
struct BreakTestCase {
    var units: [UInt16] = []
    var breaks: [Int] = []

    init?(_ line: String) {
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            switch token {
            case "÷": breaks.append(units.count)
            case "×": break
            default:
                guard let u = UnicodeDataFiles.utf16(hex: token) else { return nil }
                units += u
            }
        }
    }
}
