import Geometry
import Layout
import Raster
import Typesetting
import XCTest

/// A view of fixed size for checking stack arithmetic without fonts.
struct Box: LayoutView {
    let size: Size
    func sizeThatFits(_ offer: Size, context: LayoutContext) throws -> Size { size }
    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {}
}

final class StackTests: XCTestCase {
    var context: LayoutContext!

    override func setUpWithError() throws { context = try LayoutFixtures.context(scale: 2) }

    let boxes: [any LayoutView] = [Box(size: Size(width: 40, height: 10)), Box(size: Size(width: 60, height: 20)),
                                   Box(size: Size(width: 20, height: 30))]

    func testColumnSizeAndFramesWithPaddingSpacingAndAlignment() throws {
        let padding = EdgeInsets(top: 5, left: 7, bottom: 3, right: 1)
        for (alignment, xs) in [(Stack.Alignment.leading, [7.0, 7, 7]), (.center, [17, 7, 27]), (.trailing, [27, 7, 47])] {
            let stack = try Stack.vertical(boxes, spacing: 4, alignment: alignment, padding: padding)
            XCTAssertEqual(try stack.sizeToFit(context: context), Size(width: 68, height: 76))
            let frames = try stack.frames(in: Rect(x: 0, y: 0, width: 68, height: 76), context: context)
            XCTAssertEqual(frames.map(\.minX), xs, "\(alignment)")
            XCTAssertEqual(frames.map(\.minY), [5, 19, 43])
            XCTAssertEqual(frames.map(\.height), [10, 20, 30])
        }
        let fill = try Stack.vertical(boxes, spacing: 4, alignment: .fill, padding: padding)
        let frames = try fill.frames(in: Rect(x: 0, y: 0, width: 68, height: 76), context: context)
        XCTAssertEqual(frames.map(\.width), [60, 60, 60])
    }

    /// A child wider than the column is squeezed to the column's width with every alignment,
    /// as UIStackView keeps arranged views within it; one that fits keeps its own width.
    func testAChildWiderThanTheColumnIsSqueezedIntoIt() throws {
        let children: [any LayoutView] = [Box(size: Size(width: 90, height: 10)), Box(size: Size(width: 30, height: 10))]
        for alignment in Stack.Alignment.allCases {
            let frames = try Stack.vertical(children, alignment: alignment).frames(in: Rect(x: 5, y: 0, width: 50, height: 20), context: context)
            XCTAssertEqual(frames[0], Rect(x: 5, y: 0, width: 50, height: 10), "\(alignment)")
            XCTAssertEqual(frames[1].width, alignment == .fill ? 50 : 30, "\(alignment)")
        }
        let row = try Stack.horizontal([Box(size: Size(width: 10, height: 70))], alignment: .center, distribution: .center)
        XCTAssertEqual(try row.frames(in: Rect(x: 0, y: 0, width: 40, height: 30), context: context), [Rect(x: 15, y: 0, width: 10, height: 30)])
    }

    func testDistributionsHandOutLeftoverSpace() throws {
        let bounds = Rect(x: 10, y: 0, width: 200, height: 30)
        func frames(_ d: Stack.Distribution) throws -> [Rect] {
            try Stack.horizontal(boxes, spacing: 10, alignment: .leading, distribution: d).frames(in: bounds, context: context)
        }
        // 120 of content + 20 of spacing leaves 60.
        XCTAssertEqual(try frames(.fill).map(\.minX), [10, 60, 130])
        XCTAssertEqual(try frames(.fill).map(\.width), [40, 60, 80])
        XCTAssertEqual(try frames(.equalSpacing).map(\.minX), [10, 90, 190])
        // A lone child is pinned to both ends, as UIStackView pins its first and last view.
        let lone = try Stack.vertical([Box(size: Size(width: 40, height: 10))], spacing: 10, alignment: .leading, distribution: .equalSpacing)
        XCTAssertEqual(try lone.frames(in: Rect(x: 0, y: 20, width: 50, height: 300), context: context), [Rect(x: 0, y: 20, width: 40, height: 300)])
        XCTAssertEqual(try frames(.center).map(\.minX), [40, 90, 160])
        let equal = try frames(.fillEqually)
        XCTAssertEqual(equal.map(\.width), [60, 60, 60])
        XCTAssertEqual(equal.map(\.minX), [10, 80, 150])
        XCTAssertEqual(try Stack.horizontal(boxes, spacing: 10, distribution: .fillEqually).sizeToFit(context: context),
                       Size(width: 200, height: 30))
    }

    func testRightToLeftRowRunsFromTheRight() throws {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 30)
        let ltr = try Stack.horizontal(boxes, spacing: 10, distribution: .center).frames(in: bounds, context: context)
        let rtl = try Stack.horizontal(boxes, spacing: 10, distribution: .center, layoutDirection: .rightToLeft)
            .frames(in: bounds, context: context)
        for (l, r) in zip(ltr, rtl) { XCTAssertEqual(r.minX, 200 - l.maxX) }
        XCTAssertGreaterThan(rtl[0].minX, rtl[1].minX)
    }

    func testRowShrinksTheFlexibleLabelAndKeepsTheChip() throws {
        let title = try Label("A long title that needs to wrap onto several lines", attributes: LayoutFixtures.attributes(size: 20, color: .black),
                              numberOfLines: 0)
        let chip = try Button(title: "Fri 12 May", attributes: LayoutFixtures.attributes(size: 15),
                              image: .icon(.calendar, sizeInPoints: 18, color: .white))
        let chipSize = try chip.sizeToFit(context: context)
        let row = try Stack.horizontal([title, chip], spacing: 12, alignment: .center)
        let size = try row.sizeThatFits(Size(width: 300, height: .infinity), context: context)
        XCTAssertLessThanOrEqual(size.width, 300)
        let frames = try row.frames(in: Rect(origin: .zero, size: size), context: context)
        XCTAssertEqual(frames[1].size, chipSize, "the chip keeps its size")
        XCTAssertGreaterThan(frames[0].height, chipSize.height, "the title wrapped")
        XCTAssertLessThanOrEqual(frames[0].maxX + 12, frames[1].minX + 0.5)
        let titleLayout = try title.layout(in: frames[0].size, context: context)
        XCTAssertFalse(titleLayout.truncated)
    }

    /// Title + date chip + subtitle: the group grows with a long title and stays compact
    /// with a short one; every child keeps what it measured.
    func testCardGroupAdaptsToShortAndLongTitles() throws {
        func group(_ text: String) throws -> Stack {
            let title = try Label(text, attributes: LayoutFixtures.attributes(size: 34, color: .white), numberOfLines: 3,
                                  alignment: .center, wrap: .balanced)
            var chip = try Button(title: "Saturday 14 June", attributes: LayoutFixtures.attributes(size: 16),
                                  image: .icon(.calendar, sizeInPoints: 18, color: .white))
            chip.contentEdgeInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 14)
            chip.spacing = 6
            let subtitle = try Label("Lisbon, Portugal", attributes: LayoutFixtures.attributes(size: 18, color: .white, weight: .medium),
                                     alignment: .center)
            return try Stack.vertical([title, chip, subtitle], spacing: 14, alignment: .center)
        }
        let offer = Size(width: 500, height: .infinity)
        let short = try group("Picnic"), long = try group("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter")
        let shortSize = try short.sizeThatFits(offer, context: context), longSize = try long.sizeThatFits(offer, context: context)
        XCTAssertLessThan(shortSize.width, 300)
        XCTAssertGreaterThan(longSize.width, 350, "the long title takes most of the offered width")
        XCTAssertLessThanOrEqual(longSize.width, 500)
        XCTAssertGreaterThan(longSize.height, shortSize.height + 60)
        for (stack, size) in [(short, shortSize), (long, longSize)] {
            let frames = try stack.frames(in: Rect(origin: .zero, size: size), context: context)
            XCTAssertEqual(frames.count, 3)
            XCTAssertEqual(frames[1].size, try stack.children[1].sizeToFit(context: context))
            XCTAssertEqual(frames[1].minY - frames[0].maxY, 14, accuracy: 0.5)
            for frame in frames { XCTAssertEqual(frame.midX, size.width / 2, accuracy: 0.5) }
            let title = try XCTUnwrap(stack.children[0] as? Label)
            XCTAssertFalse(try title.layout(in: frames[0].size, context: context).truncated)
        }
    }

    func testEmptyStackAndInvalidArguments() throws {
        let empty = try Stack.vertical([], padding: EdgeInsets(top: 2, left: 3, bottom: 4, right: 5))
        XCTAssertEqual(try empty.sizeToFit(context: context), Size(width: 8, height: 6))
        XCTAssertEqual(try empty.frames(in: Rect(x: 0, y: 0, width: 10, height: 10), context: context), [])
        XCTAssertThrowsError(try Stack.vertical([], spacing: -1))
        XCTAssertThrowsError(try Stack.vertical([], padding: EdgeInsets(left: .infinity)))
    }
}
