import Foundation
import TestSupport
import XCTest

/// A template may set the title in a chip rather than a label: it is the card's title all the
/// same, for the contrast line (and the API's `layout`, which reads the same `titleText`).
final class ChipTitleCommandTests: TemporaryDirectoryTestCase {
    func testATitleInAChipIsTheCardsTitle() throws {
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(##"""
            { "name": "chiptitle", "size": [1024, 576], "background": "palette",
              "elements": [ { "type": "chip", "frame": [100, 100, 824, 376], "icon": "star", "text": "{title}",
                              "font": {"size": 40}, "maxLines": 3, "minimumScaleFactor": 0.5 } ] }
            """##.utf8).write(to: templates.appendingPathComponent("chiptitle.json"))
        let out = directory.appendingPathComponent("card.png").path
        let r = try Sharecard.run(["render", "--templates", templates.path, "--template", "chiptitle", "--title", "Hello",
                                   "--color", "#1E88E5", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "sharecard render: colour #1e88e5: near-black text (#121212), contrast 5.09:1 (WCAG 2 AA; AAA for large text)\n")
    }
}
