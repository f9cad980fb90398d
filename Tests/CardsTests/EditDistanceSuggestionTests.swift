@testable import Cards
import TestSupport
import XCTest

/// The edit distance behind "did you mean", and when a name is close enough to suggest.
final class EditDistanceSuggestionTests: XCTestCase {
    func testEditDistance() {
        XCTAssertEqual(Suggestion.editDistance("", ""), 0)
        XCTAssertEqual(Suggestion.editDistance("abc", ""), 3)
        XCTAssertEqual(Suggestion.editDistance("", "ab"), 2)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.editDistance("rendr", "render"), 1)
        XCTAssertEqual(Suggestion.editDistance("user_purpel", "user_purple"), 1, "a swap of neighbours is one edit")
        XCTAssertEqual(Suggestion.editDistance("ca", "abc"), 3, "optimal string alignment, not unrestricted Damerau")
        XCTAssertEqual(Suggestion.editDistance("café", "cafe"), 1, "counts Unicode scalars")
    }

    func testSymmetricOnRandomWords() {
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcde")
        for _ in 0..<200 {
            let a = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            XCTAssertEqual(Suggestion.editDistance(a, b), Suggestion.editDistance(b, a), "\(a) \(b)")
            XCTAssertLessThanOrEqual(Suggestion.editDistance(a, b), max(a.count, b.count))
            XCTAssertGreaterThanOrEqual(Suggestion.editDistance(a, b), abs(a.count - b.count))
        }
    }

    func testNearest() {
        let families = ["Quicksand", "Noto Sans", "Noto Sans Thai", "Noto Sans Thaana", "Noto Serif", "Inter", "Noto Color Emoji",
                        "Noto Sans Arabic"]
        XCTAssertEqual(Suggestion.nearest(to: "Quicksnad", in: families, count: 3), ["Quicksand", "Noto Sans", "Inter"])
        XCTAssertEqual(Suggestion.nearest(to: "noto sans th", in: families, count: 3), ["Noto Sans Thai", "Noto Sans Thaana", "Noto Sans"],
                       "names that begin with it come first, each by distance")
        XCTAssertEqual(Suggestion.nearest(to: "Noto Sans Arabik", in: families, count: 2), ["Noto Sans Arabic", "Noto Sans Thai"],
                       "a name it begins with is not preferred to a nearer one")
        XCTAssertEqual(Suggestion.nearest(to: "Quicksand Bold", in: families, count: 1), ["Quicksand"])
        XCTAssertEqual(Suggestion.nearest(to: "x", in: families, count: 100).count, families.count)
        XCTAssertEqual(Suggestion.nearest(to: "x", in: families, count: 0), [])
        XCTAssertEqual(Suggestion.nearest(to: "x", in: [], count: 5), [])
        XCTAssertEqual(Suggestion.nearest(to: "ab", in: ["ad", "ac"], count: 1), ["ad"], "ties in candidate order")
    }

    func testClosest() {
        let colours = ["user_purple", "user_light_blue", "user_cyan", "user_green", "user_grey"]
        XCTAssertEqual(Suggestion.closest(to: "user_purpel", in: colours), "user_purple")
        XCTAssertEqual(Suggestion.closest(to: "USER_CYAN", in: colours), "user_cyan", "case is ignored")
        XCTAssertEqual(Suggestion.closest(to: "user_gren", in: colours), "user_green")
        XCTAssertNil(Suggestion.closest(to: "magenta", in: colours))
        XCTAssertNil(Suggestion.closest(to: "x", in: ["y", "z"].filter { _ in false }))
        XCTAssertEqual(Suggestion.closest(to: "ab", in: ["ac", "ad"]), "ac", "ties go to the first candidate")
        XCTAssertEqual(Suggestion.didYouMean("clasic", in: ["classic", "dated"]), " — did you mean \"classic\"?")
        XCTAssertEqual(Suggestion.didYouMean("fancy", in: ["classic", "dated"]), "")
    }

    func testCatalogErrorsSuggest() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"), templatesDirectory: root.appendingPathComponent("templates"))
        XCTAssertThrowsError(try catalog.resolve(try Event(title: "x", color: "user_purpel"))) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"user_purple\"?"), "\(error)")
        }
        XCTAssertThrowsError(try catalog.template(named: "clasic")) { error in
            XCTAssertTrue((error as? EventError)?.reason.hasPrefix("unknown template \"clasic\" — did you mean \"classic\"? (expected one of: classic") == true, "\(error)")
        }
    }
}
