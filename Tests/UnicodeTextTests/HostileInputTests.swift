import XCTest
import UnicodeText

/// Empty, malformed and oversized input: sensible answers, never a crash.
final class HostileInputTests: XCTestCase {
    /// Checks every stage's invariants on `units` and returns the line breaks.
    @discardableResult
    private func checkAllStages(_ units: [UInt16], file: StaticString = #filePath, line: UInt = #line) throws -> LineBreaks {
        let n = units.count
        let clusters = try GraphemeClusters(utf16: units)
        XCTAssertEqual(clusters.boundaries.first, 0, file: file, line: line)
        XCTAssertEqual(clusters.boundaries.last, n, file: file, line: line)
        XCTAssertTrue(zip(clusters.boundaries, clusters.boundaries.dropFirst()).allSatisfy { $0 < $1 }, file: file, line: line)

        for keeping in [true, false] {
            let breaks = try LineBreaks(utf16: units, keepingGraphemeClusters: keeping)
            let offsets = breaks.map(\.offset)
            XCTAssertTrue(offsets.allSatisfy { $0 > 0 && $0 <= n }, file: file, line: line)
            XCTAssertTrue(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, file: file, line: line)
            XCTAssertEqual(breaks.last?.offset, n == 0 ? nil : n, file: file, line: line)
            XCTAssertEqual(breaks.last?.isMandatory, n == 0 ? nil : true, file: file, line: line)
            if keeping {
                XCTAssertTrue(offsets.allSatisfy(clusters.isBoundary), file: file, line: line)
            }
        }

        let paragraph = try BidiParagraph(utf16: units)
        XCTAssertEqual(paragraph.levels.count, n, file: file, line: line)
        let bidiLine = try paragraph.line(0..<n)
        XCTAssertEqual(bidiLine.levels.count, n, file: file, line: line)
        XCTAssertEqual(bidiLine.visualOrder.sorted(), Array(Set(bidiLine.visualOrder)).sorted(), file: file, line: line)
        XCTAssertEqual(bidiLine.runs.map(\.range.count).reduce(0, +), n, file: file, line: line)

        let runs = ScriptRuns.runs(utf16: units)
        XCTAssertEqual(runs.first?.range.lowerBound, n == 0 ? nil : 0, file: file, line: line)
        XCTAssertEqual(runs.last?.range.upperBound, n == 0 ? nil : n, file: file, line: line)
        XCTAssertTrue(zip(runs, runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound }, file: file, line: line)
        return try LineBreaks(utf16: units)
    }

    func testEmptyText() throws {
        try checkAllStages([])
        XCTAssertTrue(try LineBreaks("").isEmpty)
        XCTAssertEqual(try GraphemeClusters("").boundaries, [0])
        XCTAssertEqual(try GraphemeClusters("").count, 0)
        let p = try BidiParagraph("")
        XCTAssertEqual(p.direction, .leftToRight)
        XCTAssertEqual(try p.line(0..<0).runs, [])
        XCTAssertEqual(ScriptRuns.runs(in: ""), [])
    }

    func testLoneSurrogates() throws {
        let cases: [[UInt16]] = [
            [0xD800], [0xDC00], [0xDC00, 0x61], [0x61, 0xD800, 0x62, 0xDFFF],
            [0xD83D], [0xDE00, 0xD83D], [0xD83D, 0xD83D, 0xDE00], [0x05D0, 0xDBFF, 0x20, 0xDC00],
        ]
        for units in cases { try checkAllStages(units) }
        // An unpaired surrogate is one character of its own.
        XCTAssertEqual(try GraphemeClusters(utf16: [0x61, 0xD800, 0x62]).boundaries, [0, 1, 2, 3])
        XCTAssertEqual(try BidiParagraph(utf16: [0xD800, 0x05D0]).line(0..<2).visualOrder, [1, 0])
    }

    func testHundredThousandCharacters() throws {
        let mixed = String(repeating: "wd אבג ١٢٣ (xy) ", count: 6_250) // 100,000 UTF-16 units
        XCTAssertEqual(mixed.utf16.count, 100_000)
        let breaks = try checkAllStages(Array(mixed.utf16))
        XCTAssertEqual(breaks.count, 25_000)

        // One base with 100,000 marks is one cluster and one line.
        let marks = Array(("a" + String(repeating: "\u{301}", count: 100_000)).utf16)
        XCTAssertEqual(try checkAllStages(marks).map(\.offset), [100_001])
        XCTAssertEqual(try GraphemeClusters(utf16: marks).count, 1)

        // Deep nesting: embeddings beyond the maximum depth, isolates, brackets.
        for piece in ["\u{202B}", "\u{2067}", "(", ")", "\u{200D}", "🇯", " "] {
            try checkAllStages(Array(String(repeating: piece, count: 100_000 / piece.utf16.count).utf16))
        }
        let embeddings = try BidiParagraph(String(repeating: "\u{202B}\u{202A}", count: 50_000) + "abc")
        XCTAssertTrue(embeddings.levels.allSatisfy { Int($0.value) <= BidiLevel.maximum })
    }

    /// Emoji sequences are single grapheme clusters, and neither ICU's own rules nor the
    /// cluster-keeping default put a line break inside one.
    func testNoBreakInsideEmojiSequences() throws {
        let sequences = [
            "🇯🇵", "🇺🇸🇫🇷", "👩‍👩‍👧‍👦", "👨🏽‍💻", "🏳️‍🌈", "1️⃣", "#️⃣", "👍🏿", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "❤️‍🔥",
        ]
        for sequence in sequences {
            let expectedClusters = sequence.count // Swift's own grapheme count
            for text in [sequence, "a " + sequence + sequence + " b", sequence + "אבג" + sequence, String(repeating: sequence, count: 50)] {
                let units = Array(text.utf16)
                let clusters = try GraphemeClusters(utf16: units)
                XCTAssertEqual(clusters.count, text.count, "clusters of \(text)")
                for keeping in [false, true] {
                    let breaks = try LineBreaks(utf16: units, keepingGraphemeClusters: keeping)
                    for b in breaks where !clusters.isBoundary(b.offset) {
                        XCTFail("break at \(b.offset) inside a cluster of \(text.debugDescription) (keeping: \(keeping))")
                    }
                }
                try checkAllStages(units)
            }
            XCTAssertEqual(try GraphemeClusters(sequence).count, expectedClusters, sequence)
        }
    }

    /// In right-to-left text an emoji sequence sits inside one run, so shaping sees it whole.
    func testEmojiStayInOneBidiRun() throws {
        let text = "אבג 👩‍👩‍👧‍👦 🇯🇵 דהו"
        let line = try BidiParagraph(text).line(0..<text.utf16.count)
        let family = 4..<15, flag = 16..<20
        for cluster in [family, flag] {
            XCTAssertTrue(line.runs.contains { $0.range.contains(cluster.lowerBound) && $0.range.contains(cluster.upperBound - 1) })
        }
    }
}
