import XCTest
@testable import UnicodeText

final class LineBreakTests: XCTestCase {
    func testSpacesAndNewlines() throws {
        let breaks = try LineBreaks("Hello world")
        XCTAssertEqual(breaks.breaks, [LineBreak(offset: 6, isMandatory: false), LineBreak(offset: 11, isMandatory: true)])
        XCTAssertEqual(breaks.utf16Count, 11)

        let lines = try LineBreaks("a\nb\r\nc\u{2029}d")
        XCTAssertEqual(lines.map(\.offset), [2, 5, 7, 8])
        XCTAssertTrue(lines.allSatisfy(\.isMandatory))
    }

    func testLookupAndStringIndices() throws {
        let text = "naïve café 😀 text"
        let breaks = try LineBreaks(text)
        XCTAssertEqual(breaks.break(at: 6)?.isMandatory, false)
        XCTAssertNil(breaks.break(at: 3))
        XCTAssertEqual(breaks.firstIndex(notBefore: 7), 1)
        let pieces = zip([0] + breaks.map(\.offset), breaks.map(\.offset)).map { a, b in
            String(text[text.utf16Index(a)..<text.utf16Index(b)])
        }
        XCTAssertEqual(pieces, ["naïve ", "café ", "😀 ", "text"])
    }

    func testLocaleTailoring() throws {
        // Small kana: ICU's root rules (like CSS "strict") keep it with the kana before it;
        // loose Japanese rules allow a break there.
        let text = "あぁ"
        XCTAssertEqual(try LineBreaks(text).map(\.offset), [2])
        XCTAssertEqual(try LineBreaks(text, locale: LocaleIdentifier("ja@lb=loose")).map(\.offset), [1, 2])
        // Unknown locales fall back to root; malformed ones are refused.
        XCTAssertEqual(try LineBreaks(text, locale: LocaleIdentifier("xx-YY")).map(\.offset), [2])
        XCTAssertThrowsError(try LocaleIdentifier("ja\u{0}"))
        XCTAssertThrowsError(try LocaleIdentifier("日本"))
        XCTAssertThrowsError(try LocaleIdentifier(String(repeating: "a", count: 157)))
    }

    func testThaiUsesDictionary() throws {
        // Thai has no spaces between words; ICU finds breaks from its dictionary.
        let breaks = try LineBreaks("สวัสดีครับ")
        XCTAssertGreaterThan(breaks.count, 1)
        XCTAssertEqual(breaks.last?.offset, 10)
    }

    /// ICU 72's Thai dictionary cuts the words before a repetition mark (ๆ) written against
    /// them: "ความสุขมากๆ" came out ความ|สุ|ขมา|กๆ, splitting สุข ("happiness") and มาก
    /// ("very"), and a story card's title broke as "…ความสุ" / "ขมากๆ…". Read as a space, the
    /// mark stays with its word and a line may start after it. ICU's rules as they are still
    /// cut the words: when a later ICU does not, this test says the reading may go.
    func testThaiRepetitionMarkKeepsTheWordsBeforeIt() throws {
        func pieces(_ text: String, _ breaks: LineBreaks) -> [String] {
            zip([0] + breaks.map(\.offset), breaks.map(\.offset)).map { String(text[text.utf16Index($0)..<text.utf16Index($1)]) }
        }
        let title = "ขอให้มีความสุขมากๆในวันเกิดปีนี้และตลอดไป"
        XCTAssertEqual(pieces(title, try LineBreaks(title)),
                       ["ขอ", "ให้", "มี", "ความ", "สุข", "มากๆ", "ใน", "วัน", "เกิด", "ปี", "นี้", "และ", "ตลอด", "ไป"])
        XCTAssertEqual(pieces("ความสุขมากๆ", try LineBreaks("ความสุขมากๆ", keepingGraphemeClusters: false)),
                       ["ความ", "สุ", "ขมา", "กๆ"], "ICU's own reading")
        // Written with a space before it, as Thai style guides also allow: no line starts with ๆ.
        XCTAssertEqual(pieces("เด็ก ๆ ชอบ", try LineBreaks("เด็ก ๆ ชอบ")), ["เด็ก ๆ ", "ชอบ"])
        XCTAssertEqual(pieces("เด็ก ๆ ชอบ", try LineBreaks("เด็ก ๆ ชอบ", keepingGraphemeClusters: false)), ["เด็ก ", "ๆ ", "ชอบ"])
        // The mark at either end, alone, and text without one.
        XCTAssertEqual(pieces("ๆดี", try LineBreaks("ๆดี")), ["ๆ", "ดี"])
        XCTAssertEqual(try LineBreaks("ๆ").map(\.offset), [1])
        XCTAssertEqual(LineBreaks.thaiRepetitionMarksAsSpaces(Array("สวัสดี".utf16)), Array("สวัสดี".utf16))
    }

    func testSpaceWithCombiningMarkKeepsCluster() throws {
        // UAX #14 breaks between a space and a mark on it (LB10/LB18); the cluster is kept whole.
        XCTAssertEqual(try LineBreaks("a \u{308}b", keepingGraphemeClusters: false).map(\.offset), [2, 4])
        XCTAssertEqual(try LineBreaks("a \u{308}b").map(\.offset), [4])
    }

    func testGraphemeClusters() throws {
        let clusters = try GraphemeClusters("e\u{301}🇯🇵x")
        XCTAssertEqual(clusters.boundaries, [0, 2, 6, 7])
        XCTAssertEqual(clusters.count, 3)
        XCTAssertEqual(Array(clusters), [0..<2, 2..<6, 6..<7])
        XCTAssertEqual(clusters.cluster(containing: 4), 2..<6)
        XCTAssertNil(clusters.cluster(containing: 7))
        XCTAssertEqual(clusters.boundary(atOrBefore: 5), 2)
        XCTAssertEqual(clusters.boundary(atOrBefore: 6), 6)
        XCTAssertTrue(clusters.isBoundary(0))
        XCTAssertFalse(clusters.isBoundary(1))
    }

    /// An all-ASCII text's clusters, found without ICU, are ICU's: on every pair of ASCII
    /// units, CR LF among them, and on random runs of them.
    func testASCIIClustersAreICUs() throws {
        var texts = [""]
        for a in 0..<128 {
            texts.append(String(UnicodeScalar(UInt8(a))))
            for b in 0..<128 { texts.append(String(UnicodeScalar(UInt8(a))) + String(UnicodeScalar(UInt8(b)))) }
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt16] = [0x0D, 0x0A, 0x09, 0x00, 0x1B, 0x20, 0x7F, 0x41, 0x2D, 0x30]
        for _ in 0..<2_000 {
            let length = Int.random(in: 1...40, using: &generator)
            texts.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF16.self))
        }
        for text in texts {
            let units = Array(text.utf16)
            XCTAssertEqual(try GraphemeClusters(utf16: units).boundaries, try GraphemeClusters(icu: units, locale: .root).boundaries,
                           "\(units)")
        }
        XCTAssertNil(GraphemeClusters.asciiBoundaries([0x41, 0xE9]), "beyond ASCII, ICU decides")
        XCTAssertEqual(try GraphemeClusters("a\r\nb").boundaries, [0, 1, 3, 4])
    }

    /// Clusters a paragraph found already give the breaks the line breaker finds on its own,
    /// also where line breaking's locale is the strict one kana gets and the clusters' is not.
    func testGivenGraphemeClustersKeepTheSameBreaks() throws {
        let texts = ["a \u{308}b", "naïve café 😀 text", "👩🏽‍💻 👨‍👩‍👧 done", "ความสุขมากๆ วันนี้", "これはテストです。ぁぃ",
                     "مرحبا بالعالم", "e\u{301}\u{301} x\u{20DD}", "\u{1F1EF}\u{1F1F5}\u{1F1FA}", "", "a\nb\r\nc"]
        for text in texts {
            let units = Array(text.utf16)
            for locale in [LocaleIdentifier.root, try LocaleIdentifier("ja"), try LocaleIdentifier("th")] {
                let lineLocale = locale.forLineBreaking(units)
                let given = try LineBreaks(utf16: units, locale: lineLocale, keeping: try GraphemeClusters(utf16: units, locale: locale))
                XCTAssertEqual(given, try LineBreaks(utf16: units, locale: lineLocale), "\(text) in \(locale.rawValue)")
            }
            XCTAssertEqual(try LineBreaks(utf16: units, keeping: nil), try LineBreaks(utf16: units, keepingGraphemeClusters: false), text)
        }
    }

    func testTooLongTextIsRefused() {
        XCTAssertThrowsError(try UTF16Text.checkedCount(Int(Int32.max))) { error in
            XCTAssertEqual(error as? UnicodeTextError, .textTooLong(utf16Count: Int(Int32.max)))
        }
        XCTAssertEqual(try UTF16Text.checkedCount(10), 10)
    }
}
