import Foundation
@testable import Typesetting
import TestSupport
import XCTest

/// Truncation costs a small, bounded number of paragraph builds whatever the text, and the
/// minimum scale is a floor: text that does not fit at it is truncated, never set smaller.
final class TruncationLimitTests: XCTestCase {
    var library: FontLibrary!

    override func setUpWithError() throws { library = try TestFonts.library.get() }

    func paragraph(_ text: String, size: Double = 60, tracking: Double = 0) throws -> Paragraph {
        try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: size, trackingInThousandthsOfEm: tracking)),
                      library: library)
    }

    /// 2 + ⌈log₂(n + 1)⌉ for a line of n UTF-16 units: the estimate, the bisection, and the
    /// ellipsis alone.
    func bound(_ text: String) -> Int { 2 + Int(log2(Double(text.utf16.count + 1)).rounded(.up)) }

    /// A 77-character text of the kind that made the old loop build its line hundreds of
    /// times (this one: 1,513): hard breaks (U+000C, and U+001C, which ends a bidi paragraph
    /// but is no line break), a control character no font draws (U+0003), CJK and U+FFFD.
    /// Three hard breaks make four lines; in a narrow box even read as spaces they do not fit
    /// three lines, so the third is cut at the minimum scale.
    static let hostile = "a\u{0C}b\u{0C}東\u{03}漢京\u{03}\u{03}漢漢\u{03}W漢京京京大\u{03}W\u{1C}\u{FFFD}a大字東a東阪大東\u{03}aW字字W字阪漢\u{03}字\u{1C}阪\u{FFFD}漢\u{1C}阪東漢京漢\u{03}W京\u{FFFD}京W\u{03}\u{03}東a字\u{1C}W阪漢大\u{1C}W大東\u{1C}\u{03}\u{0C}x"

    func testTrackedTextIsCutWithFewLayouts() throws {
        let text = "Hello"
        let options = try TextLayoutOptions(width: 100, height: 300, maxLines: 1, minimumScaleFactor: 1)
        let layout = TextLayout(try paragraph(text, size: 100, tracking: 375.001), options: options)
        XCTAssertTrue(layout.truncated)
        XCTAssertEqual(layout.fontSizeInPoints, 100, "the minimum scale is 1: the size stays")
        XCTAssertGreaterThan(layout.truncationParagraphBuilds, 0)
        XCTAssertLessThanOrEqual(layout.truncationParagraphBuilds, bound(text))
    }

    func testHostileTextIsCutWithFewLayouts() throws {
        XCTAssertEqual(Self.hostile.count, 77)
        for mode in TextLayoutOptions.Truncation.allCases {
            let options = try TextLayoutOptions(width: 300, height: 300, maxLines: 3, truncation: mode, minimumScaleFactor: 0.3)
            let layout = TextLayout(try paragraph(Self.hostile), options: options)
            XCTAssertTrue(layout.truncated, "\(mode)")
            XCTAssertGreaterThan(layout.truncationParagraphBuilds, 0, "\(mode)")
            XCTAssertLessThanOrEqual(layout.truncationParagraphBuilds, bound(Self.hostile), "\(mode)")
        }
    }

    /// Random texts of that kind, in narrow and wide boxes, with and without tracking.
    func testRandomHostileTextsAreCutWithFewLayouts() throws {
        var rng = SeededGenerator(seed: 77)
        let alphabet: [String] = ["a", "b", "W", " ", " ", "\u{0C}", "\u{1C}", "\u{03}", "漢", "字", "\u{FFFD}", "é", "ـ", "א", "🎉"]
        for _ in 0..<60 {
            let text = (0..<Int.random(in: 20...90, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            let options = try TextLayoutOptions(width: [30.0, 200, 944].randomElement(using: &rng)!, height: 300,
                                                maxLines: Int.random(in: 1...3, using: &rng),
                                                truncation: TextLayoutOptions.Truncation.allCases.randomElement(using: &rng)!,
                                                minimumScaleFactor: [0.3, 1].randomElement(using: &rng)!)
            let tracking = [0.0, 375.001, -200].randomElement(using: &rng)!
            let layout = TextLayout(try paragraph(text, tracking: tracking), options: options)
            XCTAssertLessThanOrEqual(layout.truncationParagraphBuilds, bound(text), "\(text.debugDescription) \(options)")
            XCTAssertGreaterThanOrEqual(layout.scale, options.minimumScaleFactor * (1 - 1e-12), text.debugDescription)
        }
    }

    func testMinimumScaleIsAFloorWhenEvenTheEllipsisOverflows() throws {
        for minScale in [1.0, 0.5] {
            let options = try TextLayoutOptions(width: 1, height: 300, maxLines: 3, minimumScaleFactor: minScale)
            let layout = TextLayout(try paragraph("Hello world"), options: options)
            XCTAssertTrue(layout.truncated)
            XCTAssertEqual(layout.scale, minScale, "never below the minimum scale")
            XCTAssertEqual(layout.fontSizeInPoints, 60 * minScale, accuracy: 1e-9)
        }
    }

    func testTruncatedLinesFitWhenTheEllipsisDoes() throws {
        let text = String(repeating: "Tracked words go on and on. ", count: 8)
        for mode in TextLayoutOptions.Truncation.allCases {
            for tracking in [0.0, 150, 375.001] {
                let options = try TextLayoutOptions(width: 500, height: 300, maxLines: 2, truncation: mode, minimumScaleFactor: 1)
                let layout = TextLayout(try paragraph(text, tracking: tracking), options: options)
                XCTAssertTrue(layout.truncated)
                XCTAssertEqual(layout.scale, 1)
                XCTAssertTrue(layout.lines.last!.text.contains("…"), "\(mode) \(tracking)")
                for line in layout.lines { XCTAssertLessThanOrEqual(line.width, 500 * (1 + 1e-9), "\(mode) \(tracking): \(line.text)") }
            }
        }
    }
}
