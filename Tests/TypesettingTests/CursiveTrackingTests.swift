@testable import Typesetting
import TestSupport
import XCTest

/// Tracking spaces letters apart, but not the letters of scripts that join (CSS Text 3 §8.2:
/// letter-spacing is not applied to cursive scripts): an Arabic word stays joined, measured and
/// placed alike.
final class CursiveTrackingTests: XCTestCase {
    private func width(_ text: String, tracking: Double) throws -> (measured: Double, placed: Double) {
        let library = try TestFonts.library.get()
        let attributes = try TextAttributes(sizeInPoints: 40, trackingInThousandthsOfEm: tracking)
        let paragraph = try Paragraph(AttributedText(text, attributes: attributes), library: library)
        let measured = paragraph.width(0..<text.utf16.count)
        let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: 10_000, height: 1_000, maxLines: 1, minimumScaleFactor: 1))
        return (measured, layout.lines[0].width)
    }

    func testArabicLettersStayJoined() throws {
        let plain = try width("حفلة عيد ميلاد", tracking: 0), tracked = try width("حفلة عيد ميلاد", tracking: 150)
        XCTAssertEqual(tracked.measured, plain.measured, accuracy: 1e-9)
        XCTAssertEqual(tracked.placed, plain.placed, accuracy: 1e-9)
    }

    func testLatinLettersAreSpacedAndAMixedLineOnlyInItsLatin() throws {
        // 150/1000 em at 40 pt is 6 points after each of "Party"'s 5 clusters.
        let plain = try width("Party", tracking: 0), tracked = try width("Party", tracking: 150)
        XCTAssertEqual(tracked.measured - plain.measured, 30, accuracy: 1e-6)
        XCTAssertEqual(tracked.placed, tracked.measured, accuracy: 1e-6)
        let mixed = try width("Party حفلة", tracking: 150), mixedPlain = try width("Party حفلة", tracking: 0)
        XCTAssertEqual(mixed.measured - mixedPlain.measured, 36, accuracy: 1e-6, "Party and the space after it")
    }
}
