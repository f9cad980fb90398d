import Cards
import Geometry
import Scene
import XCTest

/// A date chip stays on the card and in its column, whatever the date's length: a long range
/// (with times) in `dated` and `snapshot` used to run off a story card and a banner, past a
/// banner's divider into the title, and under `snapshot`'s inset picture, cut mid-word. The
/// chips now wrap (up to their `maxLines`) and shrink (to their `minimumScaleFactor`) before
/// they truncate, and a chip in a stack is never wider than the stack.
final class ChipFitTests: XCTestCase {
    static let sizes = ["card", "og", "square", "story", "banner", "320x320", "4096x600", "400x2000"]

    /// The chips of a resolved scene, and the frames of its snapshot insets.
    func parts(_ elements: [ResolvedElement]) -> (chips: [ResolvedChip], insets: [Rect]) {
        var chips: [ResolvedChip] = [], insets: [Rect] = []
        for element in elements {
            switch element {
            case .chip(let chip): chips.append(chip)
            case .snapshot(let frame, _, _): insets.append(frame)
            case .group(let children, _, _):
                let inner = parts(children)
                chips += inner.chips
                insets += inner.insets
            default: break
            }
        }
        return (chips, insets)
    }

    static let longTitle = "Our first apartment together, after three years of searching every neighbourhood in the whole city"

    func resolved(_ template: String, size: String, date: String, end: String?, locale: String = "en",
                  title: String = "Our first apartment together") throws -> ResolvedCard {
        let event = try Event(title: title, date: EventDate(iso8601: date),
                              endDate: try end.map { try EventDate(iso8601: $0) }, color: "user_purple",
                              template: template, locale: locale)
        let card = try Card(event, catalog: CardGoldenTests.catalog.get(), size: CardSize(parsing: size))
        return try CardGoldenTests.renderer.get().resolve(card)
    }

    func testALongDateRangeStaysOnTheCardAndOffTheInset() throws {
        for template in ["dated", "snapshot"] {
            for size in Self.sizes {
                let card = try resolved(template, size: size, date: "2024-09-30T18:30:00+02:00", end: "2024-10-02T11:00:00+02:00")
                let canvas = Rect(x: 0, y: 0, width: card.scene.size.width, height: card.scene.size.height)
                let (chips, insets) = parts(card.scene.elements)
                let chip = try XCTUnwrap(chips.first, "\(template) \(size)")
                let label = "\(template) \(size): chip \(chip.frame)"
                XCTAssertEqual(chip.frame.intersection(canvas), chip.frame, "\(label) leaves the canvas \(canvas.size)")
                let title = try XCTUnwrap(chip.title, label)
                XCTAssertEqual(chip.frame.intersection(title.frame), title.frame, "\(label): title \(title.frame) outside the chip")
                // Several lines keep a one-line chip's round ends, not a stadium cutting into them.
                let radius = try XCTUnwrap(chip.background?.cornerRadius, label)
                if title.lines.count > 1 {
                    XCTAssertLessThan(radius, chip.frame.height / 2 - 8, label)
                } else {
                    XCTAssertTrue(radius.isInfinite, label)
                }
                for inset in insets {
                    XCTAssertTrue(chip.frame.intersection(inset).isEmpty, "\(label) runs under the inset \(inset)")
                }
                // Every preset and the tall strip show the whole range; 320×320 and the 4096×600
                // strip may end it with an ellipsis, but never cut a glyph.
                if !["320x320", "4096x600"].contains(size) {
                    XCTAssertFalse(title.truncated, "\(label): \(title.lines.map(\.text))")
                }
            }
        }
    }

    /// Whatever the script and the title, a chip's text stays inside the chip and the chip on
    /// the card: an Arabic range of three tall lines in `dated`'s stack on a 4096×600 strip,
    /// squeezed by a long title, ran above and below its chip and off the card.
    func testAChipsTextStaysInsideItInEveryScript() throws {
        for template in ["dated", "snapshot"] {
            for size in Self.sizes {
                for locale in ["en", "ar", "ja"] {
                    for title in ["Our first apartment together", Self.longTitle] {
                        let card = try resolved(template, size: size, date: "2024-09-30T18:30:00+02:00", end: "2024-10-02T11:00:00+02:00",
                                                locale: locale, title: title)
                        let canvas = Rect(x: 0, y: 0, width: card.scene.size.width, height: card.scene.size.height)
                        let chip = try XCTUnwrap(parts(card.scene.elements).chips.first)
                        let label = "\(template) \(size) \(locale) \(title.count): chip \(chip.frame)"
                        XCTAssertEqual(chip.frame.intersection(canvas), chip.frame, label)
                        let text = try XCTUnwrap(chip.title, label)
                        // The line boxes, from the first's top to the last's bottom, within the title's frame.
                        let top = text.lines.first.map { text.linesOffsetY + $0.origin.y - $0.ascent } ?? 0
                        let bottom = text.lines.last.map { text.linesOffsetY + $0.origin.y + $0.descent } ?? 0
                        XCTAssertGreaterThanOrEqual(top, -0.5, "\(label): lines from \(top) in \(text.frame)")
                        XCTAssertLessThanOrEqual(bottom, text.frame.height + 0.5, "\(label): lines to \(bottom) in \(text.frame)")
                        XCTAssertEqual(chip.frame.intersection(text.frame), text.frame, "\(label): title \(text.frame)")
                    }
                }
            }
        }
    }

    /// A short date shrinks on one line before it wraps: "June 1, 2024" on a 320×320 card and
    /// "2024年6月1日～2日" on a square one used to break as "June 1, / 2024" and "2024年6 / 月1日～2日".
    func testAShortDateShrinksOnOneLineBeforeItWraps() throws {
        for (template, size, locale, end, shown) in [("snapshot", "320x320", "en", nil, "June 1, 2024"), ("dated", "320x320", "en", nil, "June 1, 2024"),
                                                     ("snapshot", "square", "ja", "2024-06-02", "2024年6月1日\u{FF5E}2日")] {
            let card = try resolved(template, size: size, date: "2024-06-01", end: end, locale: locale)
            let chip = try XCTUnwrap(parts(card.scene.elements).chips.first, "\(template) \(size)")
            let title = try XCTUnwrap(chip.title)
            XCTAssertEqual(title.lines.map(\.text), [shown], "\(template) \(size) \(locale)")
            XCTAssertFalse(title.truncated, "\(template) \(size) \(locale)")
        }
    }

    /// A date that fits keeps the one-line capsule at full size: nothing changes for it.
    func testAShortDateKeepsOneLineAtFullSize() throws {
        for template in ["dated", "snapshot"] {
            for size in ["card", "og", "square", "story", "banner"] {
                let card = try resolved(template, size: size, date: "2024-06-01", end: nil)
                let chip = try XCTUnwrap(parts(card.scene.elements).chips.first, "\(template) \(size)")
                let title = try XCTUnwrap(chip.title)
                XCTAssertEqual(title.lines.map(\.text), ["June 1, 2024"], "\(template) \(size)")
                XCTAssertEqual(title.fontScale, 1, "\(template) \(size)")
            }
        }
    }
}
