import Typesetting
import XCTest

/// A word wider than the box is cut between graphemes only when that at least doubles the
/// size, or when it cannot be kept whole at all — then at the largest size that fits.
final class LongWordTests: XCTestCase {
    func layout(_ text: String, minScale: Double = 0.3) throws -> TextLayout {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)), library: TestFonts.library.get())
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: minScale))
    }

    /// A cut never ends a line with an opening bracket or quotation mark (or `¿`), nor starts
    /// one with closing punctuation or a mark such as `!` (UAX #14's LB13 and LB14, which no cut
    /// needs to break): at every width from 100 to 200 points (two to five letters a line), with
    /// the size held.
    func testACutNeverStrandsPunctuation() throws {
        let paragraph = try Paragraph(AttributedText("Meeting (tomorrow) at «home» [sure]! Y ¿qué? Well, fine.",
                                                     attributes: TextAttributes(sizeInPoints: 60)), library: TestFonts.library.get())
        var cuts = 0
        for width in stride(from: 100.0, through: 200, by: 5) {
            let l = TextLayout(paragraph, options: try TextLayoutOptions(width: width, height: .infinity, maxLines: 0, minimumScaleFactor: 1))
            cuts += l.breakFlaws.filter { $0 == .splitsWord }.count
            for (line, next) in zip(l.lines, l.lines.dropFirst()) {
                let last = line.text.unicodeScalars.last!, first = next.text.unicodeScalars.first!
                XCTAssertFalse("([«¿".unicodeScalars.contains(last), "at \(width): \(l.lines.map(\.text)) ends a line with \(last)")
                XCTAssertFalse(")]»!?,.".unicodeScalars.contains(first), "at \(width): \(l.lines.map(\.text)) starts a line with \(first)")
            }
        }
        XCTAssertGreaterThan(cuts, 100, "the widths cut words")
    }

    func testALongWordIsSplitRatherThanSetTiny() throws {
        let word = String(repeating: "W", count: 44)
        let l = try layout(word)
        XCTAssertEqual(l.fontSizeInPoints, 60, accuracy: 1e-9, "was 22.75 pt on one line")
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.lines.count, 3)
        XCTAssertEqual(l.lines.map(\.text).joined(), word)
        XCTAssertEqual(l.breakFlaws, [.splitsWord, .splitsWord])
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 944 * (1 + 1e-9)) }
    }

    func testAWordThatMustBreakIsSetAtTheLargestSizeThatFits() throws {
        let word = String(repeating: "W", count: 60)
        let l = try layout(word, minScale: 0.5)
        XCTAssertGreaterThan(l.fontSizeInPoints, 50, "was the 30 pt minimum")
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.lines.map(\.text), Array(repeating: String(repeating: "W", count: 20), count: 3))
        XCTAssertEqual(l.lines.map(\.width).max()!, 944, accuracy: 1e-6)
    }

    func testAWordKeptWholeAtMoreThanHalfTheSizeStaysWhole() throws {
        let l = try layout("Supercalifragilisticexpialidociouslyextraordinarilylongword")
        XCTAssertEqual(l.lines.count, 1)
        XCTAssertGreaterThan(l.scale, 0.5)
        let sentence = try layout("An extraordinarily long title about a wonderful family holiday in the mountains")
        XCTAssertTrue(sentence.breakFlaws.allSatisfy { $0 != .splitsWord })
    }

    func testWordsAreNotSplitNextToSpacesOrInsideClusters() throws {
        let text = "👨‍👩‍👧" + String(repeating: "W", count: 40) + " x"
        let l = try layout(text)
        XCTAssertFalse(l.truncated)
        XCTAssertFalse(l.lines.contains { $0.text.hasPrefix(" ") || $0.text.hasPrefix("\u{200D}") })
        XCTAssertTrue(l.lines[0].text.hasPrefix("👨‍👩‍👧"))
    }

    /// One grapheme wider than the box at the smallest size (60 men joined by ZWJ: one
    /// cluster, 1,367 points at 18 pt) cannot be broken: as the last line it is truncated, as
    /// UIKit truncates a label's last line (here to the ellipsis alone); on an earlier line it
    /// overflows the box and the words after it go on. It used to be followed by an empty line
    /// (so a three-line box showed it whole, centred as two lines, and wider than the card).
    func testAClusterWiderThanTheBoxIsTruncatedAsTheLastLineAndAddsNoEmptyLine() throws {
        let cluster = String(repeating: "\u{1F468}\u{200D}", count: 60) + "\u{1F468}"
        let alone = try layout(cluster)
        XCTAssertTrue(alone.truncated)
        XCTAssertEqual(alone.lines.map(\.text), ["\u{2026}"])
        XCTAssertLessThanOrEqual(alone.lines[0].width, 944)
        let followed = try layout(cluster + " and friends")
        XCTAssertFalse(followed.truncated)
        XCTAssertEqual(followed.lines.map(\.text), [cluster, "and friends"])
        XCTAssertGreaterThan(followed.lines[0].width, 944)
    }

    /// Text that does not fit because it is long, not because a word is, is truncated with an
    /// ellipsis at the minimum size: its ordinary words are never cut ("sc|ruffiest").
    func testOrdinaryWordsAreNeverCutToFitLongText() throws {
        let text = "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain after a very long week of waiting"
        // the snapshot template's title box on a square card
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 105)), library: TestFonts.library.get())
        let l = TextLayout(paragraph, options: try TextLayoutOptions(width: 633, height: 442, maxLines: 4, minimumScaleFactor: 0.35))
        XCTAssertTrue(l.truncated)
        XCTAssertFalse(l.breakFlaws.contains(.splitsWord), "\(l.lines.map(\.text))")
        let words = Set(text.split(separator: " ").map(String.init))
        for line in l.lines.dropLast() {
            for word in line.text.split(separator: " ") { XCTAssertTrue(words.contains(String(word)), "\(word) in \(l.lines.map(\.text))") }
        }
    }
}
