import Geometry
import Layout
import Typesetting
import XCTest

/// Where the views follow UIKit's rules beyond DESIGN §5's figures. Expected frames are worked
/// out by hand from the rules, in the comments, not read back from the code.
final class UIKitFidelityTests: XCTestCase {
    var context: LayoutContext!

    override func setUpWithError() throws { context = try LayoutFixtures.context(scale: 2) }

    func label(_ text: String, lines: Int = 0) throws -> Label {
        try Label(text, attributes: LayoutFixtures.attributes(size: 20, color: .black), numberOfLines: lines,
                  lineBreakMode: .wordWrap)
    }

    /// A positive image inset that leaves the image rect narrower than the image squeezes the
    /// image into it (today's code kept 32 wide and let it overflow onto the title).
    func testImageIsSqueezedIntoARectSmallerThanIt() {
        // bounds 100×40, image 32×32, title 40×20, iei.left = 30, centred:
        //   C = (0, 0, 100, 40)
        //   title rect = C inset (0, 0 + 32, 0, 0) = (32, 0, 68, 40); title width = min(40, 68) = 40
        //   image rect = C inset (0, 30, 0, 0 + 40) = (30, 0, 30, 40)
        //   image = min(32, 30) × min(32, 40) = 30 × 32, at x = 30 + (30 − 30)/2 = 30, y = (40 − 32)/2 = 4
        //   title at x = 32 + (68 − 40)/2 = 46, y = (40 − 20)/2 = 10
        let g = ButtonGeometry(bounds: Rect(x: 0, y: 0, width: 100, height: 40),
                               imageEdgeInsets: EdgeInsets(top: 0, left: 30, bottom: 0, right: 0),
                               imageSize: Size(width: 32, height: 32), titleSize: Size(width: 40, height: 20))
        XCTAssertEqual(g.imageRect, Rect(x: 30, y: 0, width: 30, height: 40))
        XCTAssertEqual(g.imageFrame, Rect(x: 30, y: 4, width: 30, height: 32))
        XCTAssertEqual(g.titleFrame, Rect(x: 46, y: 10, width: 40, height: 20))

        // and in height: iei.top = 20 leaves an image rect (0, 20, 100 − 40 = 60, 20):
        //   image = min(32, 60) × min(32, 20) = 32 × 20 at x = (60 − 32)/2 = 14, y = 20 + (20 − 20)/2 = 20
        let tall = ButtonGeometry(bounds: Rect(x: 0, y: 0, width: 100, height: 40),
                                  imageEdgeInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
                                  imageSize: Size(width: 32, height: 32), titleSize: Size(width: 40, height: 20))
        XCTAssertEqual(tall.imageFrame, Rect(x: 14, y: 20, width: 32, height: 20))

        // an image that fits keeps its size: DESIGN §5's figure, 335 wide, iei.left = 50:
        //   image rect = (50, 0, 335 − 50 − 54 = 231, 40), image at 50 + (231 − 32)/2 = 149.5
        let roomy = ButtonGeometry(bounds: Rect(x: 0, y: 0, width: 335, height: 40),
                                   imageEdgeInsets: EdgeInsets(top: 0, left: 50, bottom: 0, right: 0),
                                   imageSize: Size(width: 32, height: 32), titleSize: Size(width: 54, height: 20))
        XCTAssertEqual(roomy.imageFrame, Rect(x: 149.5, y: 4, width: 32, height: 32))
    }

    /// UIButton's title label truncates in the middle: a too-narrow title keeps its first and
    /// last letters around the ellipsis.
    func testButtonTitleTruncatesInTheMiddle() throws {
        let button = try Button(title: "Saturday brunch by the lake", attributes: LayoutFixtures.attributes(size: 17),
                                image: .icon(.calendar, sizeInPoints: 32, color: .white))
        // 32 for the image leaves 48 points of title rect in a 80-point button: far too few
        let layout = try button.layout(in: Rect(x: 0, y: 0, width: 80, height: 40), context: context)
        XCTAssertTrue(layout.titleIsTruncated)
        let text = try XCTUnwrap(layout.title?.lines.first?.text)
        XCTAssertTrue(text.hasPrefix("S"), text)
        XCTAssertTrue(text.hasSuffix("e"), text)
        XCTAssertTrue(text.contains("…"), text)
    }

    /// `sizeThatFits` with a width of 0 measures one line (UIKit treats 0 as no limit), not a
    /// column one pixel wide.
    func testZeroWidthOfferMeasuresOneLine() throws {
        let l = try label("Two words")
        let unlimited = try l.sizeThatFits(LayoutFixtures.unbounded, context: context)
        XCTAssertEqual(try l.sizeThatFits(.zero, context: context), unlimited)
        XCTAssertEqual(try l.sizeThatFits(Size(width: 0, height: 500), context: context), unlimited)
        XCTAssertEqual(try l.layout(in: LayoutFixtures.unbounded, context: context).lines.count, 1)
    }

    /// `sizeToFit` on a view with a width keeps the width and grows in height: the label
    /// wraps at its width (a view with no width yet measures one line per paragraph).
    ///
    /// The expected frames come from outside the code. `hb-shape --font-size=upem
    /// fonts/Quicksand-Bold.ttf WORD` (HarfBuzz 6.0, Debian's libharfbuzz-bin) gives each word's
    /// advance in font units (upem 1000, so × 20/1000 at 20 pt): The 1792, day 1821, we 1348,
    /// adopted 4090, "Biscuit," 3395, the 1575, scruffiest 4559 (with its ffi ligature), little
    /// 2164, terrier 3102, in 832, shelter 3333, a space 280; the whole sentence shaped at once
    /// sums to the same 32666, so nothing kerns across a space. First fit, UILabel's word wrap,
    /// at 150 pt = 7500 units (the number after ">" is the line with the next word added):
    ///
    ///     The day we           1792 + 280 + 1821 + 280 + 1348 = 5521   > 9891
    ///     adopted              4090                                    > 7765
    ///     Biscuit, the         3395 + 280 + 1575 = 5250                > 10089
    ///     scruffiest little    4559 + 280 + 2164 = 7003                > 10385
    ///     terrier in the       3102 + 280 + 832 + 280 + 1575 = 6069    > 9682
    ///     shelter              3333
    ///
    /// and at 300 pt = 15000 units: "The day we adopted Biscuit," 13566 (> 15421), "the
    /// scruffiest little terrier in" 13352 (> 15207), "the shelter" 5188.
    ///
    /// Line height, by the rule `FontMetrics` documents (ascender − descender + line gap, from
    /// OS/2's typo metrics when `USE_TYPO_METRICS` is set, else `hhea`): Quicksand Bold sets the
    /// bit (fsSelection 0xa0) and has 1000, −250, 0, so 1250 units, 25 pt at 20 pt (`hb-view
    /// --margin=0 --font-size=upem` draws one line 1250 units high, two 2500). So 150 wide is
    /// 6 × 25 = 150 high and 300 wide is 3 × 25 = 75, both already on scale 2's half-point grid;
    /// with no width, one line: 32666 units = 653.32 pt, rounded up to the grid 653.5, by 25.
    func testSizeToFitKeepsTheWidthAndGrowsInHeight() throws {
        let l = try label("The day we adopted Biscuit, the scruffiest little terrier in the shelter")
        XCTAssertEqual(try l.sizeToFit(keepingWidth: 150, context: context), Size(width: 150, height: 150))
        XCTAssertEqual(try l.layout(in: Size(width: 150, height: .infinity), context: context).lines.map(\.text),
                       ["The day we", "adopted", "Biscuit, the", "scruffiest little", "terrier in the", "shelter"])
        XCTAssertEqual(try l.sizeToFit(keepingWidth: 300, context: context), Size(width: 300, height: 75))
        XCTAssertEqual(try l.layout(in: Size(width: 300, height: .infinity), context: context).lines.map(\.text),
                       ["The day we adopted Biscuit,", "the scruffiest little terrier in", "the shelter"])
        let oneLine = Size(width: 653.5, height: 25)
        XCTAssertEqual(try l.sizeToFit(context: context), oneLine)
        XCTAssertEqual(try l.sizeToFit(keepingWidth: 0, context: context), oneLine)
    }
}
