import Geometry
import Layout
import Typesetting
import XCTest

/// A shaped text lent to another label's options (a chip's title on one line and wrapped) lays
/// out as that label shaped on its own, and is lent only to a label of the same text.
final class ShapedLabelTests: XCTestCase {
    func testARelabelledShapingLaysOutAsItsOwnWould() throws {
        let context = try LayoutFixtures.context(scale: 2)
        let attributes = try LayoutFixtures.attributes(size: 24)
        let text = "September 30, 2024 at 6:30 PM – October 2, 2024 at 11:00 AM"
        let one = try ShapedLabel(Label(text, attributes: attributes, numberOfLines: 1, adjustsFontSizeToFitWidth: true,
                                        minimumScaleFactor: 0.6), context: context)
        let three = try Label(text, attributes: attributes, numberOfLines: 3, wrap: .balanced, adjustsFontSizeToFitWidth: true,
                              minimumScaleFactor: 0.6)
        let lent = try XCTUnwrap(one.relabelled(three))
        let own = try ShapedLabel(three, context: context)
        for width in [120.0, 250, 400, 900] {
            let box = Size(width: width, height: .infinity)
            let a = try lent.layout(in: box, grid: context.grid), b = try own.layout(in: box, grid: context.grid)
            XCTAssertEqual(a.lines.map(\.text), b.lines.map(\.text), "\(width)")
            XCTAssertEqual(a.size, b.size, "\(width)")
            XCTAssertEqual(a.fontScale, b.fontScale, "\(width)")
        }
        XCTAssertNil(one.relabelled(try Label(text + "!", attributes: attributes)))
        XCTAssertNil(one.relabelled(try Label(text, attributes: LayoutFixtures.attributes(size: 25))))
        XCTAssertNil(one.relabelled(try Label(text, attributes: attributes, language: LanguageTag("de"))))
    }
}
