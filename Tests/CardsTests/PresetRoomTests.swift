import Cards
import Foundation
import XCTest

/// A preset never holds less of a title than the default card: every template's longest
/// untruncated prefix of one long sentence (whole words) at each preset, at a low banner and at
/// twice the card is at least the card's (a canvas much smaller than the card, 320×320, may
/// hold less). Before, a title floor that grows with the canvas (60 pt × 0.3 on the card, 112.5 pt
/// × 0.3 on a square) met line caps set for the card, and a square card cut 25–30 % of what the
/// default one shows while half of it stayed empty.
final class PresetRoomTests: XCTestCase {
    static let words = ("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, and took him home in the rain "
        + "after a very long week of paperwork and waiting for the call that finally came on a Tuesday evening while we were cooking "
        + "dinner with friends and family who had come from far away to celebrate with us the new little member of our household "
        + "and everyone cheered when he ran in circles around the kitchen table chasing his own tail until he fell asleep on the rug")
        .split(separator: " ").map(String.init)

    /// The number of the sentence's first words that `template` shows whole at `size`.
    func wordsShown(_ template: String, size: String) throws -> Int {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        func fits(_ count: Int) throws -> Bool {
            let card = try Card(Event(title: Self.words.prefix(count).joined(separator: " "), template: template), catalog: catalog,
                                size: CardSize(parsing: size))
            return try !XCTUnwrap(renderer.resolve(card).title, "\(template) \(size)").truncated
        }
        var (fitting, failing) = (0, Self.words.count + 1)
        while failing - fitting > 1 {
            let middle = (fitting + failing) / 2
            if try fits(middle) { fitting = middle } else { failing = middle }
        }
        return fitting
    }

    func testNoPresetShowsLessOfATitleThanTheCard() throws {
        let catalog = try CardGoldenTests.catalog.get()
        XCTAssertEqual(Self.words.joined(separator: " ").count, 471, "under the 500-character title limit")
        for template in catalog.templates.map(\.name) {
            let card = try wordsShown(template, size: "card")
            XCTAssertGreaterThanOrEqual(card, 30, template)
            for size in ["og", "square", "story", "banner", "1000x320", "2048x1152"] {
                let shown = try wordsShown(template, size: size)
                XCTAssertGreaterThanOrEqual(shown, card, "\(template) at \(size) shows \(shown) words, the card \(card)")
            }
        }
    }
}
