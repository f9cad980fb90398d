import Foundation
import JSONData
import TestSupport
import XCTest

/// `JSONString`, the one escaper of every JSON the project writes: the escape of each class
/// of code point, read back by `JSONValue.parse` and by Python's `json.loads` (a reference
/// that is not this project's code), and random strings through write and parse.
final class JSONStringTests: XCTestCase {
    /// Each code point class and what it is written as (without the quotes).
    static let table: [(class: String, text: String, escaped: String)] = {
        var rows: [(String, String, String)] = []
        let short: [UInt32: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        for value in UInt32(0)...0x1F {
            rows.append(("C0 control", String(Unicode.Scalar(value)!), short[value] ?? String(format: #"\u%04x"#, value)))
        }
        rows.append(("DEL", "\u{7F}", #"\u007f"#))
        for value in UInt32(0x80)...0x9F {
            rows.append(("C1 control", String(Unicode.Scalar(value)!), String(format: #"\u%04x"#, value)))
        }
        rows += [
            ("line separator", "\u{2028}", #"\u2028"#),
            ("paragraph separator", "\u{2029}", #"\u2029"#),
            ("quote", "\"", #"\""#),
            ("backslash", "\\", #"\\"#),
            ("solidus", "a/b</script>", "a/b</script>"),
            ("HTML-special", "<&>'", "<&>'"),
            ("printable ASCII", " ~AZaz09{}[]:,", " ~AZaz09{}[]:,"),
            ("first after C1", "\u{A0}\u{A1}ÿ", "\u{A0}\u{A1}ÿ"),
            ("other E2 80 xx", "\u{2020}\u{2027}\u{202A}\u{202F}€", "\u{2020}\u{2027}\u{202A}\u{202F}€"),
            ("other C2 xx", "\u{A9}\u{BF}", "\u{A9}\u{BF}"),
            ("astral emoji", "🎉👩‍👩‍👧‍👦🇺🇦", "🎉👩‍👩‍👧‍👦🇺🇦"),
            ("combining marks", "e\u{301}\u{0308}a\u{0338}", "e\u{301}\u{0308}a\u{0338}"),
            ("byte-order mark and noncharacters", "\u{FEFF}\u{FFFE}\u{FFFF}\u{10FFFF}", "\u{FEFF}\u{FFFE}\u{FFFF}\u{10FFFF}"),
            ("CR LF (one Character)", "\r\n", #"\r\n"#),
            ("mixed", "a\u{0}b\u{2028}c\u{9B}[0md\"\\", #"a\u0000b\u2028c\u009b[0md\"\\"#),
            ("empty", "", ""),
        ]
        return rows
    }()

    func testEveryClassIsEscapedExactly() {
        for row in Self.table {
            XCTAssertEqual(JSONString.literal(row.text), "\"" + row.escaped + "\"", row.class)
            var bytes: [UInt8] = [0x5B]
            JSONString.append(row.text, to: &bytes)
            XCTAssertEqual(bytes, [0x5B] + Array(("\"" + row.escaped + "\"").utf8), row.class)
            XCTAssertEqual(JSONValue.string(row.text).compactText, JSONString.literal(row.text), row.class)
        }
    }

    func testEveryClassReadsBackWithTheProjectsParser() throws {
        for row in Self.table {
            for text in [JSONString.literal(row.text), JSONValue.object([JSONValue.Member(key: row.text, value: .string(row.text))]).compactText] {
                let value = try JSONValue.parse(Array(text.utf8))
                let read: String
                switch value {
                case .string(let s): read = s
                case .object(let members): read = members[0].key; XCTAssertEqual(members[0].value, .string(row.text))
                default: XCTFail(row.class); continue
                }
                XCTAssertEqual(Array(read.unicodeScalars), Array(row.text.unicodeScalars), row.class)
            }
        }
    }

    func testEveryClassReadsBackWithPython() throws {
        let texts = Self.table.map(\.text)
        XCTAssertEqual(try Self.pythonReads(texts.map(JSONString.literal)), texts.map(Self.codePoints))
    }

    /// 10,000 random strings from every class (fixed seed): written, then parsed by the
    /// project's parser to the same scalars, by Python's too, never a raw control character,
    /// C1 control or U+2028/U+2029 in the output.
    func testRandomStringsRoundTrip() throws {
        var random = SplitMix64(seed: 0x5EED_2026_1201)
        var texts: [String] = []
        var literals: [String] = []
        for _ in 0..<10_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) { scalars.append(Self.randomScalar(&random)) }
            let text = String(scalars)
            let literal = JSONString.literal(text)
            let bytes = Array(literal.utf8)
            for (i, byte) in bytes.enumerated() {
                XCTAssertFalse(byte < 0x20 || byte == 0x7F, "raw control byte in \(literal.debugDescription)")
                if byte == 0xC2 { XCTAssertGreaterThanOrEqual(bytes[i + 1], 0xA0, literal.debugDescription) }
                if byte == 0xE2, bytes[i + 1] == 0x80 { XCTAssertFalse(bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9, literal.debugDescription) }
            }
            guard case .string(let read) = try JSONValue.parse(bytes) else { return XCTFail(literal) }
            XCTAssertEqual(Array(read.unicodeScalars), Array(text.unicodeScalars), literal.debugDescription)
            texts.append(text)
            literals.append(literal)
        }
        XCTAssertEqual(try Self.pythonReads(literals), texts.map(Self.codePoints))
    }

    /// Every string of the batch is decoded: no class left out by the generator.
    func testTheGeneratorCoversEveryClass() {
        var random = SplitMix64(seed: 0x5EED_2026_1201)
        var seen = Set<Int>()
        for _ in 0..<20_000 { seen.insert(Self.scalarClass(Self.randomScalar(&random))) }
        XCTAssertEqual(seen, Set(0..<10))
    }

    // MARK: - Helpers

    /// Python's `json.loads` of each literal (one a line: a literal has no raw line break),
    /// each string given back as its code points in hex.
    static func pythonReads(_ literals: [String]) throws -> [String] {
        let script = """
            import json, sys
            for line in sys.stdin.buffer.read().decode("utf-8").split("\\n")[:-1]:
                print(" ".join("%x" % ord(c) for c in json.loads(line)))
            """
        let (status, data) = try PythonScript.run(script, input: Data(literals.map { $0 + "\n" }.joined().utf8))
        XCTAssertEqual(status, 0, "python3 refused a literal")
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    /// 0 printable ASCII, 1 C0, 2 DEL, 3 C1, 4 U+2028/U+2029, 5 quote or backslash, 6 the rest
    /// of U+00A0–U+07FF, 7 the rest of the BMP, 8 astral, 9 combining marks.
    static func scalarClass(_ s: Unicode.Scalar) -> Int {
        switch s.value {
        case 0x22, 0x5C: return 5
        case 0x20..<0x7F: return 0
        case 0..<0x20: return 1
        case 0x7F: return 2
        case 0x80..<0xA0: return 3
        case 0x2028, 0x2029: return 4
        case 0x300..<0x370: return 9
        case 0xA0..<0x800: return 6
        case 0x800..<0x10000: return 7
        default: return 8
        }
    }

    static func randomScalar(_ random: inout SplitMix64) -> Unicode.Scalar {
        let r = random.next()
        func inRange(_ range: ClosedRange<UInt32>) -> Unicode.Scalar {
            let value = range.lowerBound + UInt32((r >> 8) % UInt64(range.count))
            return Unicode.Scalar(value) ?? "?"  // a surrogate: not a scalar
        }
        switch r % 16 {
        case 0...4: return inRange(0x20...0x7E)
        case 5: return inRange(0...0x1F)
        case 6: return "\u{7F}"
        case 7: return inRange(0x80...0x9F)
        case 8: return r & 0x100 == 0 ? "\u{2028}" : "\u{2029}"
        case 9: return r & 0x100 == 0 ? "\"" : "\\"
        case 10: return inRange(0xA0...0x7FF)
        case 11: return inRange(0x800...0xFFFF)
        case 12: return inRange(0x2000...0x206F)
        case 13: return inRange(0x10000...0x10FFFF)
        case 14: return inRange(0x300...0x36F)
        default: return inRange(0x1F300...0x1FAFF)
        }
    }
}

/// A small, fixed-seed generator (SplitMix64): the same strings on every run and machine.
/// (TestSupport's `SeededGenerator` is the same, but that target links Raster.)
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
