import Geometry
import Layout
import Raster
import Typesetting
import XCTest

/// Buttons with real, measured titles: the §5 arithmetic with the typesetter's widths, the
/// classic spacing recipe, `spacing`, right-to-left mirroring and the inset lint.
final class ButtonTests: XCTestCase {
    var context: LayoutContext!

    override func setUpWithError() throws { context = try LayoutFixtures.context(scale: 2) }

    func chip(_ title: String, icon: Icon = .calendar, size: Double = 17) throws -> Button {
        try Button(title: title, attributes: LayoutFixtures.attributes(size: size),
                   image: .icon(icon, sizeInPoints: 32, color: .white))
    }

    func testMeasuredTitleFollowsTheUIKitArithmetic() throws {
        let button = try chip("Party")
        let sizes = try button.contentSizes(context: context)
        XCTAssertEqual(sizes.image, Size(width: 32, height: 32))
        let tw = sizes.title.width
        XCTAssertGreaterThan(tw, 30)
        XCTAssertEqual(tw * 2, (tw * 2).rounded(), "title width is on the scale-2 grid")
        let bounds = Rect(x: 0, y: 0, width: 335, height: 44)
        let layout = try button.layout(in: bounds, context: context)
        let grid = context.grid
        XCTAssertEqual(layout.imageFrame?.minX, grid.floor((335 - 32 - tw) / 2))
        XCTAssertEqual(layout.titleFrame?.minX, grid.floor((335 - 32 - tw) / 2 + 32))
        XCTAssertEqual(layout.titleFrame?.width, tw)
        XCTAssertFalse(layout.titleIsTruncated)

        var moved = button
        moved.imageEdgeInsets.left = 50
        let m = try moved.layout(in: bounds, context: context)
        XCTAssertEqual(m.imageFrame?.minX, grid.floor((335 - 32 - tw) / 2 + 25))
        XCTAssertEqual(m.titleFrame, layout.titleFrame)
    }

    func testTitleTruncatesWhenItsRectIsTooNarrow() throws {
        let button = try chip("A rather long chip title")
        let natural = try button.sizeToFit(context: context)
        let layout = try button.layout(in: Rect(x: 0, y: 0, width: natural.width - 30, height: natural.height),
                                       context: context)
        XCTAssertTrue(layout.titleIsTruncated)
        XCTAssertEqual(layout.title?.lines.count, 1)
        // UIButton's title label truncates in the middle
        let text = layout.title?.lines.first?.text ?? ""
        XCTAssertTrue(text.contains("…") && text.hasPrefix("A") && text.hasSuffix("e"), text)
        XCTAssertLessThanOrEqual(layout.title!.size.width, layout.titleFrame!.width)
    }

    func testSizeThatFitsIgnoresTheOfferAndTheImageAndTitleInsets() throws {
        var button = try chip("Tuesday")
        let sizes = try button.contentSizes(context: context)
        button.contentEdgeInsets = EdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        let expected = Size(width: 28 + 32 + sizes.title.width, height: 12 + max(32, sizes.title.height))
        XCTAssertEqual(try button.sizeThatFits(Size(width: 10, height: 10), context: context), expected)
        button.titleEdgeInsets = EdgeInsets(top: 3, left: 9, bottom: 1, right: 4)
        button.imageEdgeInsets = EdgeInsets(left: 7)
        XCTAssertEqual(try button.sizeToFit(context: context), expected)
    }

    /// The recipe: cei (0, 15, 0, 15), tei (0, 8, 0, −8), cei.right += 8, sizeToFit.
    func testClassicRecipeNeverTruncatesTitlesOfOneToSixtyCharacters() throws {
        let sentence = Array("Our first apartment together, and a birthday picnic by the lake on Sunday!")
        for count in 1...60 {
            var characters = Array(sentence.prefix(count))
            if characters.last == " " { characters[characters.count - 1] = "x" }
            let title = String(characters)
            for scale in [1.0, 2, 3] {
                let context = try LayoutFixtures.context(scale: scale)
                var button = try chip(title)
                button.contentEdgeInsets = EdgeInsets(top: 0, left: 15, bottom: 0, right: 15)
                button.titleEdgeInsets = EdgeInsets(top: 0, left: 8, bottom: 0, right: -8)
                button.contentEdgeInsets.right += 8
                let size = try button.sizeToFit(context: context)
                let layout = try button.layout(in: Rect(origin: .zero, size: size), context: context)
                XCTAssertFalse(layout.titleIsTruncated, "\"\(title)\" at scale \(scale)")
                XCTAssertEqual(layout.title?.lines.first?.text, title, "\"\(title)\" at scale \(scale)")
                let image = try XCTUnwrap(layout.imageFrame), titleFrame = try XCTUnwrap(layout.titleFrame)
                XCTAssertEqual(titleFrame.minX - image.maxX, 8, accuracy: 1 / scale, "gap, \"\(title)\"")
                XCTAssertEqual(image.minX, 15, accuracy: 1 / scale)
                XCTAssertTrue(try button.lint(context: context).isEmpty)
            }
        }
    }

    func testSpacingIsTheClassicRecipe() throws {
        var manual = try chip("Sunday brunch")
        manual.contentEdgeInsets = EdgeInsets(top: 4, left: 15, bottom: 4, right: 15 + 8)
        manual.titleEdgeInsets = EdgeInsets(left: 8, right: -8)
        var spaced = try chip("Sunday brunch")
        spaced.contentEdgeInsets = EdgeInsets(top: 4, left: 15, bottom: 4, right: 15)
        spaced.spacing = 8
        let size = try spaced.sizeToFit(context: context)
        XCTAssertEqual(size, try manual.sizeToFit(context: context))
        let bounds = Rect(origin: .zero, size: size)
        let a = try spaced.layout(in: bounds, context: context), b = try manual.layout(in: bounds, context: context)
        XCTAssertEqual(a.imageFrame, b.imageFrame)
        XCTAssertEqual(a.titleFrame, b.titleFrame)
        XCTAssertEqual(a.titleFrame!.minX - a.imageFrame!.maxX, 8)
    }

    func testRightToLeftMirrorsTheWholeLayout() throws {
        var ltr = try chip("Sunday brunch")
        ltr.contentEdgeInsets = EdgeInsets(top: 4, left: 15, bottom: 4, right: 11)
        ltr.spacing = 8
        for alignment in ContentHorizontalAlignment.allCases {
            ltr.horizontalAlignment = alignment
            var rtl = ltr
            rtl.layoutDirection = .rightToLeft
            let bounds = Rect(x: 10, y: 20, width: 300, height: 44)
            let a = try ltr.layout(in: bounds, context: context), b = try rtl.layout(in: bounds, context: context)
            XCTAssertEqual(try rtl.sizeToFit(context: context), try ltr.sizeToFit(context: context))
            for (l, r) in [(a.imageFrame!, b.imageFrame!), (a.titleFrame!, b.titleFrame!), (a.contentFrame, b.contentFrame)] {
                XCTAssertEqual(r.minX - bounds.minX, bounds.maxX - l.maxX, accuracy: 0.5, "\(alignment)")
                XCTAssertEqual(r.minY, l.minY)
                XCTAssertEqual(r.size, l.size)
            }
            XCTAssertLessThan(b.titleFrame!.maxX, b.imageFrame!.minX + 1e-9, "title left of the image, \(alignment)")
            // With .fill the image frame stretches over the gap (its rect is what the title leaves).
            if alignment != .fill { XCTAssertEqual(b.imageFrame!.minX - b.titleFrame!.maxX, 8, accuracy: 0.5, "\(alignment)") }
        }
    }

    func testNonFiniteInsetsAreAnError() throws {
        var button = try chip("x")
        button.spacing = .nan
        XCTAssertThrowsError(try button.sizeToFit(context: context))
    }

    func testButtonWithoutImageOrTitle() throws {
        let titleOnly = Button(title: "Only a title", attributes: try LayoutFixtures.attributes())
        let layout = try titleOnly.layout(in: Rect(x: 0, y: 0, width: 200, height: 40), context: context)
        XCTAssertNil(layout.imageFrame)
        XCTAssertEqual(layout.titleFrame!.midX, 100, accuracy: 0.5)
        let imageOnly = Button(image: try .icon(.star, sizeInPoints: 24, color: .black))
        XCTAssertEqual(try imageOnly.sizeToFit(context: context), Size(width: 24, height: 24))
        let l = try imageOnly.layout(in: Rect(x: 0, y: 0, width: 100, height: 40), context: context)
        XCTAssertEqual(l.imageFrame, Rect(x: 38, y: 8, width: 24, height: 24))
        XCTAssertNil(l.titleFrame)
    }

    func testEmojiImageIsMeasuredByTheTypesetter() throws {
        let emoji = try ButtonImage.emoji("🎂", sizeInPoints: 20)
        let size = try emoji.sizeToFit(context: context)
        XCTAssertGreaterThan(size.width, 18)
        XCTAssertLessThan(size.width, 30)
        XCTAssertGreaterThan(size.height, 18)
        XCTAssertThrowsError(try ButtonImage.emoji("", sizeInPoints: 20))
        XCTAssertThrowsError(try ButtonImage.icon(.star, sizeInPoints: 0, color: .black))
    }
}
