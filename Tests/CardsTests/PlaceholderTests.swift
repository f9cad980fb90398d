import Cards
import Foundation
import Scene
import XCTest

/// Placeholders are filled in one pass: a value is never searched for placeholders again.
final class PlaceholderTests: XCTestCase {
    func testPiecesAreSplitOnce() throws {
        let text = try TextReference(parsing: "{title} · {date}!")
        XCTAssertEqual(text.pieces, [.field(.title), .literal(" · "), .field(.date), .literal("!")])
        XCTAssertEqual(text.filled([.title: "{date}", .date: "June 1"]), "{date} · June 1!")
        XCTAssertNil(text.filled([.title: "x"]), "a missing field leaves the element out")
        XCTAssertThrowsError(try TextReference(parsing: "{title"))
    }

    /// The old renderer replaced `{title}`, then searched the result for `{date}`: a title
    /// "{date}" came out as the date.
    func testATitleContainingAPlaceholderStaysLiteralOnACard() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("both.json")
        try Data(##"{"name": "both", "size": [1024, 576], "elements": [{"type": "label", "frame": [40, 140, 944, 300], "text": "{title} · {date}", "font": {"size": 40}, "maxLines": 1, "minimumScaleFactor": 1}]}"##.utf8).write(to: url)
        let template = try Template(contentsOf: url)
        let catalog = try CardGoldenTests.catalog.get()
        let event = try Event(title: "{date}", date: EventDate(iso8601: "2024-06-01"))
        let color = try catalog.palette(named: "default").colors[0]
        let card = try CardGoldenTests.renderer.get().resolve(event, template: template, color: color)
        XCTAssertEqual(card.title?.lines, ["{date} · June 1, 2024"])
    }
}
