import Foundation
import Geometry
import Layout
import Raster
import TestSupport
import Typesetting
import XCTest

/// Contact sheets of chips, stacks, icons and image views, one golden image each, drawn at
/// scale 2 as a phone would show them.
final class LayoutGoldenTests: XCTestCase {
    static let purple = Color(hex: "#6c4ab6")!
    static let ink = Color(hex: "#3b3350")!
    static let paper = Color(hex: "#f6f3fb")!

    var context: LayoutContext!

    override func setUpWithError() throws { context = try LayoutFixtures.context(scale: 2) }

    func caption(_ text: String, alignment: TextLayoutOptions.Alignment = .left) throws -> Label {
        try Label(text, attributes: LayoutFixtures.attributes(size: 12, color: Self.ink, weight: .medium),
                  alignment: alignment)
    }

    // MARK: Chips

    struct ChipRow {
        let name: String
        let title: String
        let image: ButtonImage
        var configure: (inout Button) -> Void = { _ in }
        var language: String = "en"
        var sizeToFit = false
    }

    func chipRows() throws -> [ChipRow] {
        let calendar = try ButtonImage.icon(.calendar, sizeInPoints: 18, color: .white)
        let clock = try ButtonImage.icon(.clock, sizeInPoints: 18, color: .white)
        let pin = try ButtonImage.icon(.pin, sizeInPoints: 18, color: .white)
        return [
            ChipRow(name: "no insets", title: "Sat 14 June", image: calendar),
            ChipRow(name: "cei 0,14,0,14 · spacing 8", title: "Sat 14 June", image: calendar) {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 8
            },
            ChipRow(name: "+ iei.right 12 (image −6)", title: "11:00 – 14:30", image: clock) {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 8
                $0.imageEdgeInsets = EdgeInsets(right: 12)
            },
            ChipRow(name: "+ tei.left 20 (title +10)", title: "Lisbon", image: pin) {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 8
                $0.titleEdgeInsets = EdgeInsets(left: 20)
            },
            ChipRow(name: "sizeToFit, tei 0,8,0,0: clipped", title: "Sat 14 June", image: calendar, configure: {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.titleEdgeInsets = EdgeInsets(left: 8)
            }, sizeToFit: true),
            ChipRow(name: "sizeToFit, spacing 8: whole", title: "Sat 14 June", image: calendar, configure: {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 8
            }, sizeToFit: true),
            ChipRow(name: "right to left · Arabic", title: "السبت ١٤ يونيو", image: calendar, configure: {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 8
                $0.layoutDirection = .rightToLeft
            }, language: "ar"),
            ChipRow(name: "right to left · Hebrew, emoji", title: "יום הולדת", image: try .emoji("🎂", sizeInPoints: 17), configure: {
                $0.contentEdgeInsets = EdgeInsets(top: 0, left: 14, bottom: 0, right: 14)
                $0.spacing = 6
                $0.layoutDirection = .rightToLeft
            }, language: "he"),
        ]
    }

    func testChipsUnderEveryAlignmentAndInset() throws {
        let rows = try chipRows()
        let margin = 24.0, captionWidth = 170.0, slot = Size(width: 210, height: 36), gap = 14.0, header = 26.0
        let alignments = ContentHorizontalAlignment.allCases
        let width = margin * 2 + captionWidth + Double(alignments.count) * slot.width + Double(alignments.count - 1) * gap
        let height = margin * 2 + header + Double(rows.count) * slot.height + Double(rows.count - 1) * gap
        let canvas = try Canvas(size: Size(width: width, height: height), scale: context.grid.scale, background: Self.paper)
        for (column, alignment) in alignments.enumerated() {
            let x = margin + captionWidth + Double(column) * (slot.width + gap)
            try caption(alignment.rawValue, alignment: .center)
                .draw(in: Rect(x: x, y: margin, width: slot.width, height: 16), on: canvas, context: context)
        }
        for (index, row) in rows.enumerated() {
            let y = margin + header + Double(index) * (slot.height + gap)
            try caption(row.name).draw(in: Rect(x: margin, y: y, width: captionWidth - 10, height: slot.height),
                                       on: canvas, context: context)
            let rowContext = try LayoutContext(fonts: context.fonts, glyphCache: context.glyphCache,
                                               language: LanguageTag(row.language)!, scale: context.grid.scale)
            for (column, alignment) in alignments.enumerated() {
                var chip = Button(title: row.title, attributes: try LayoutFixtures.attributes(size: 15), image: row.image)
                chip.background = .capsule(Self.purple)
                chip.horizontalAlignment = alignment
                row.configure(&chip)
                let x = margin + captionWidth + Double(column) * (slot.width + gap)
                var frame = Rect(origin: Point(x: x, y: y), size: slot)
                if row.sizeToFit {
                    let size = try chip.sizeToFit(context: rowContext)
                    frame = Rect(x: x, y: y, width: size.width, height: slot.height)
                } else {
                    // The slot's outline shows where alignment places the content.
                    Background.outline.draw(in: frame.insetBy(dx: -3, dy: -3), on: canvas)
                }
                let layout = try chip.layout(in: frame, context: rowContext)
                XCTAssertTrue(layout.title?.missingGlyphs.isEmpty ?? true, "\(row.name): tofu")
                XCTAssertEqual(layout.titleIsTruncated, row.name.contains("clipped"), row.name)
                try chip.draw(in: frame, on: canvas, context: rowContext)
            }
        }
        try LayoutFixtures.golden.check(canvas.makeImage(), named: "chips-alignments-insets")
    }

    func testVerticalAlignmentsInATallButton() throws {
        let canvas = try Canvas(size: Size(width: 4 * 150 + 3 * 14 + 48, height: 64 + 48), scale: 2, background: Self.paper)
        for (index, alignment) in ContentVerticalAlignment.allCases.enumerated() {
            var button = Button(title: alignment.rawValue, attributes: try LayoutFixtures.attributes(size: 15),
                                image: try .icon(.star, sizeInPoints: 22, color: Color(hex: "#ffd166")!, style: .filled))
            button.background = try Background(paint: .solid(Self.purple), cornerRadius: 14)
            button.contentEdgeInsets = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
            button.spacing = 8
            button.verticalAlignment = alignment
            try button.draw(in: Rect(x: 24 + Double(index) * 164, y: 24, width: 150, height: 64), on: canvas, context: context)
        }
        try LayoutFixtures.golden.check(canvas.makeImage(), named: "button-vertical-alignments")
    }

    // MARK: Stacks

    func card(title: String) throws -> Stack {
        let titleLabel = try Label(title, attributes: LayoutFixtures.attributes(size: 36, color: .white), numberOfLines: 3,
                                   alignment: .center, wrap: .balanced, adjustsFontSizeToFitWidth: true,
                                   minimumScaleFactor: 0.5)
        var chip = Button(title: "Sat 14 June · 11:00", attributes: try LayoutFixtures.attributes(size: 15),
                          image: try .icon(.calendar, sizeInPoints: 17, color: .white))
        chip.contentEdgeInsets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 14)
        chip.spacing = 7
        chip.background = .capsule(Color.white.withAlpha(0.22))
        let place = try Stack.horizontal([
            try ButtonImage.icon(.pin, sizeInPoints: 16, color: Color.white.withAlpha(0.85)),
            try Label("Parque Eduardo VII, Lisbon", attributes: LayoutFixtures.attributes(size: 16, color: Color.white.withAlpha(0.85), weight: .medium)),
        ], spacing: 5, alignment: .center)
        return try Stack.vertical([titleLabel, chip, place], spacing: 16, alignment: .center)
    }

    func testStackOfLabelChipLabelForShortAndLongTitles() throws {
        let cardSize = Size(width: 560, height: 330)
        let titles = ["Picnic 🧺", "The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain"]
        let canvas = try Canvas(size: Size(width: cardSize.width, height: cardSize.height * 2 + 12), scale: 2, background: .white)
        for (index, title) in titles.enumerated() {
            let frame = Rect(x: 0, y: Double(index) * (cardSize.height + 12), width: cardSize.width, height: cardSize.height)
            canvas.fill(Path(rect: frame), with: .linearGradient(
                start: Point(x: frame.minX, y: frame.minY), end: Point(x: frame.maxX, y: frame.maxY),
                stops: [GradientStop(offset: 0, color: Color(hex: "#7b4397")!), GradientStop(offset: 1, color: Color(hex: "#4a3b9c")!)]))
            let stack = try card(title: title)
            let size = try stack.sizeThatFits(Size(width: cardSize.width - 64, height: .infinity), context: context)
            let origin = Point(x: context.grid.floor(frame.midX - size.width / 2), y: context.grid.floor(frame.midY - size.height / 2))
            try stack.draw(in: Rect(origin: origin, size: size), on: canvas, context: context)
            let frames = try stack.frames(in: Rect(origin: origin, size: size), context: context)
            let titleLayout = try (stack.children[0] as! Label).layout(in: frames[0].size, context: context)
            XCTAssertFalse(titleLayout.truncated)
            XCTAssertTrue(titleLayout.missingGlyphs.isEmpty)
            XCTAssertEqual(titleLayout.lines.count, index == 0 ? 1 : 3)
        }
        try LayoutFixtures.golden.check(canvas.makeImage(), named: "stack-title-chip-subtitle")
    }

    // MARK: Icons and images

    func testIconSheet() throws {
        let sizes = [16.0, 20, 28, 40]
        let canvas = try Canvas(size: Size(width: 24 + Double(Icon.allCases.count) * 64, height: 24 + 4 * 52 + 52 + 24),
                                scale: 2, background: .white)
        for (column, icon) in Icon.allCases.enumerated() {
            let x = 24 + Double(column) * 64
            for (row, size) in sizes.enumerated() {
                let cell = Rect(x: x + (44 - size) / 2, y: 24 + Double(row) * 52 + (44 - size) / 2, width: size, height: size)
                icon.draw(in: cell, color: Self.ink, on: canvas)
            }
            // The filled style, where the icon has one (the others stay outlined).
            let filled = Rect(x: x + 8, y: 24 + 4 * 52 + 8, width: 28, height: 28)
            icon.draw(in: filled, color: Self.purple, style: .filled, on: canvas)
        }
        try LayoutFixtures.golden.check(canvas.makeImage(), named: "icons")
    }

    func testImageViewContentModes() throws {
        // Sky, sun and ground, so placement and scaling are easy to read: 240×160 pixels for
        // the scaling modes (drawn smaller, so crisp), 150×100 for the unscaled ones.
        func picture(pixelsPerUnit: Double) throws -> Image {
            let canvas = try Canvas(size: Size(width: 60, height: 40), scale: pixelsPerUnit, background: Color(hex: "#8ecae6")!)
            canvas.fill(Path(rect: Rect(x: 0, y: 28, width: 60, height: 12)), with: .solid(Color(hex: "#588157")!))
            canvas.fill(Path(ellipseIn: Rect(x: 38, y: 6, width: 14, height: 14)), with: .solid(Color(hex: "#ffb703")!))
            return canvas.makeImage()
        }
        let large = try picture(pixelsPerUnit: 4), unscaled = try picture(pixelsPerUnit: 2.5)
        let modes: [ContentMode] = [.scaleToFill, .aspectFit, .aspectFill, .center, .top, .bottom, .left, .right]
        let canvas = try Canvas(size: Size(width: 24 + 4 * 110, height: 24 + 2 * 122), scale: 2, background: Self.paper)
        for (index, mode) in modes.enumerated() {
            let x = 24 + Double(index % 4) * 110, y = 24 + Double(index / 4) * 122
            let frame = Rect(x: x, y: y, width: 86, height: 86)
            Background.outline.draw(in: frame.insetBy(dx: -1, dy: -1), on: canvas)
            // The unscaled picture overflows the frame on every side, so clipping shows which
            // part each mode keeps.
            let scales = mode == .scaleToFill || mode == .aspectFit || mode == .aspectFill
            let view = try ImageView(image: scales ? large : unscaled, contentMode: mode, clipsToBounds: true,
                                     cornerRadius: mode == .aspectFill ? 12 : 0)
            try view.draw(in: frame, on: canvas, context: context)
            try caption(mode.rawValue, alignment: .center).draw(in: Rect(x: x, y: y + 90, width: 86, height: 16), on: canvas, context: context)
        }
        try LayoutFixtures.golden.check(canvas.makeImage(), named: "image-view-content-modes")
    }
}

extension Background {
    /// A hairline frame for showing where a view's bounds are.
    static let outline = try! Background(paint: nil, cornerRadius: 4, border: Border(color: Color(hex: "#d9d2e9")!, widthInPoints: 1))
}
