import Typesetting
import XCTest

/// Every line of a paragraph gets one line box (the tallest its faces need), so baselines
/// are evenly spaced when only some lines fall back to a taller face.
final class EvenLineTests: XCTestCase {
    func testBaselinesAreEvenlySpacedInMixedFontTitles() throws {
        let library = try TestFonts.library.get()
        for (title, language) in [("Our trip to 東京 with the whole family 👨‍👩‍👧 and the dog", "en"),
                                   ("Happy birthday to you, dear grandma 🎂", "en"),
                                   ("عيد ميلاد سعيد يا أمي الغالية and many more", "ar")] {
            let paragraph = try Paragraph(AttributedText(title, attributes: TextAttributes(sizeInPoints: 60)), library: library,
                                          language: LanguageTag(language)!)
            for width in [600.0, 450] {
                let layout = TextLayout(paragraph, options: try TextLayoutOptions(width: width, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
                XCTAssertGreaterThanOrEqual(layout.lines.count, 2, title)
                let steps = zip(layout.lines, layout.lines.dropFirst()).map { $1.origin.y - $0.origin.y }
                for step in steps { XCTAssertEqual(step, steps[0], accuracy: 1e-9, "\(title) at \(width): \(steps)") }
                XCTAssertEqual(Set(layout.lines.map(\.height)).count, 1, title)
                XCTAssertEqual(layout.size.height, Double(layout.lines.count) * layout.lines[0].height, accuracy: 1e-9)
            }
        }
    }

    /// A run set larger on purpose still raises only its own line.
    func testALargerRunRaisesOnlyItsLine() throws {
        let regular = try TextAttributes(sizeInPoints: 40)
        let big = try TextAttributes(sizeInPoints: 80)
        let text = try AttributedText([("We finally got the ", regular), ("KEYS", big), (" to our new home after months of waiting", regular)])
        let layout = TextLayout(try Paragraph(text, library: TestFonts.library.get()),
                                options: try TextLayoutOptions(width: 700, height: 400, maxLines: 3, minimumScaleFactor: 1, adjustsFontSize: false))
        let raised = layout.lines.filter { $0.text.contains("KEYS") }
        let plain = layout.lines.filter { !$0.text.contains("KEYS") }
        XCTAssertEqual(raised.count, 1)
        XCTAssertFalse(plain.isEmpty)
        for line in plain { XCTAssertLessThan(line.height, raised[0].height) }
    }
}
