import Geometry
import Layout
import Raster
import Typesetting
import TestSupport
import XCTest

/// Property tests over generated titles and insets (seeded, so every run is the same).
final class ButtonLintTests: XCTestCase {
    func randomButton(_ rng: inout SeededGenerator) throws -> Button {
        let title = rng.title(characters: Int.random(in: 1...40, using: &rng))
        let icon = Icon.allCases.randomElement(using: &rng)!
        let size = [13.0, 15, 17, 22].randomElement(using: &rng)!
        var button = try Button(title: title, attributes: LayoutFixtures.attributes(size: size),
                                image: .icon(icon, sizeInPoints: [16.0, 20, 24].randomElement(using: &rng)!, color: .white))
        button.contentEdgeInsets = EdgeInsets(top: Double(Int.random(in: 0...8, using: &rng)),
                                              left: Double(Int.random(in: 0...20, using: &rng)),
                                              bottom: Double(Int.random(in: 0...8, using: &rng)),
                                              right: Double(Int.random(in: 0...20, using: &rng)))
        button.horizontalAlignment = ContentHorizontalAlignment.allCases.randomElement(using: &rng)!
        button.verticalAlignment = ContentVerticalAlignment.allCases.randomElement(using: &rng)!
        button.layoutDirection = Bool.random(using: &rng) ? .leftToRight : .rightToLeft
        return button
    }

    func testEqualAndOppositeInsetsNeverTruncateAfterSizeToFit() throws {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        for _ in 0..<150 {
            let context = try LayoutFixtures.context(scale: [1.0, 2, 3].randomElement(using: &rng)!)
            var button = try randomButton(&rng)
            let t = Double(Int.random(in: -12...24, using: &rng)), i = Double(Int.random(in: -12...24, using: &rng))
            button.titleEdgeInsets = EdgeInsets(top: 0, left: t, bottom: 0, right: -t)
            button.imageEdgeInsets = EdgeInsets(top: 0, left: i, bottom: 0, right: -i)
            button.spacing = Double(Int.random(in: 0...12, using: &rng))
            let size = try button.sizeToFit(context: context)
            let layout = try button.layout(in: Rect(origin: .zero, size: size), context: context)
            let title = button.title!.string
            XCTAssertFalse(layout.titleIsTruncated, "\"\(title)\" t \(t) i \(i) spacing \(button.spacing)")
            XCTAssertEqual(layout.title?.lines.first?.text, title)
            XCTAssertTrue(try button.lint(context: context).isEmpty)
        }
    }

    func testLintFiresExactlyWhenUnequalTitleInsetsTruncate() throws {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        var fired = 0, quiet = 0
        for _ in 0..<200 {
            let context = try LayoutFixtures.context(scale: [1.0, 2, 3].randomElement(using: &rng)!)
            var button = try randomButton(&rng)
            var left = 0.0, right = 0.0
            while left + right == 0 {
                left = Double(Int.random(in: -10...16, using: &rng))
                right = Double(Int.random(in: -10...16, using: &rng))
            }
            button.titleEdgeInsets = EdgeInsets(top: 0, left: left, bottom: 0, right: right)
            button.spacing = Double(Int.random(in: 0...8, using: &rng))
            let size = try button.sizeToFit(context: context)
            let layout = try button.layout(in: Rect(origin: .zero, size: size), context: context)
            let warnings = try button.lint(context: context).filter { $0.kind == .titleInsetsClipTitle }
            let title = button.title!.string
            XCTAssertEqual(!warnings.isEmpty, layout.titleIsTruncated, "\"\(title)\" insets (\(left), \(right))")
            // After sizeToFit the title rect is tw − (left + right) wide (whole points here), so
            // the title is truncated exactly when the pair takes room from it.
            XCTAssertEqual(layout.titleIsTruncated, left + right > 0, "\"\(title)\" insets (\(left), \(right))")
            if warnings.isEmpty { quiet += 1 } else { fired += 1 }
        }
        XCTAssertGreaterThan(fired, 20)
        XCTAssertGreaterThan(quiet, 20)
    }

    func testLintMessageNamesTheFix() throws {
        let context = try LayoutFixtures.context()
        var button = try Button(title: "Sunday brunch", attributes: LayoutFixtures.attributes(),
                                image: .icon(.clock, sizeInPoints: 20, color: .white))
        button.titleEdgeInsets = EdgeInsets(left: 8)
        let warnings = try button.lint(context: context)
        XCTAssertEqual(warnings.map(\.kind), [.titleInsetsClipTitle])
        XCTAssertTrue(warnings[0].message.contains("left 8 and right 0"), warnings[0].message)
        XCTAssertTrue(warnings[0].message.contains("spacing"), warnings[0].message)
    }

    func testTooSmallBoundsAloneAreNotTheInsetsFault() throws {
        let context = try LayoutFixtures.context()
        var button = try Button(title: "Sunday brunch", attributes: LayoutFixtures.attributes(),
                                image: .icon(.clock, sizeInPoints: 20, color: .white))
        button.spacing = 6
        let layout = try button.layout(in: Rect(x: 0, y: 0, width: 60, height: 30), context: context)
        XCTAssertTrue(layout.titleIsTruncated)
        XCTAssertTrue(try button.lint(in: Rect(x: 0, y: 0, width: 60, height: 30), context: context).isEmpty)
    }

    func testImageInsetsThatPushTheImageOntoTheTitleAreReported() throws {
        let context = try LayoutFixtures.context()
        var button = try Button(title: "Sunday brunch", attributes: LayoutFixtures.attributes(),
                                image: .icon(.clock, sizeInPoints: 20, color: .white))
        // at the size that fits, the image rect is iw + tw − 30 − tw = 20 − 30 < 0 wide: the
        // image is squeezed to nothing (UIKit), so it no longer overlaps the title
        button.imageEdgeInsets = EdgeInsets(left: 30)
        XCTAssertEqual(try button.lint(context: context).map(\.kind), [.imageInsetsSqueezeImage])
        button.imageEdgeInsets = EdgeInsets(left: -10, right: 10)
        XCTAssertTrue(try button.lint(context: context).isEmpty, "equal and opposite: moved on purpose")
        button.imageEdgeInsets = EdgeInsets(right: 12)
        button.horizontalAlignment = .fill
        let bounds = Rect(x: 0, y: 0, width: 240, height: 36)
        XCTAssertEqual(try button.lint(in: bounds, context: context).map(\.kind), [.imageInsetsSqueezeImage])
        button.horizontalAlignment = .center
        XCTAssertTrue(try button.lint(in: bounds, context: context).isEmpty, "centred, the image keeps its width")
    }
}
