import Cards
import XCTest

/// A card known only by its photo's digest has the key of the card with that photo, and is
/// never drawn: drawn, it would be the photo template without its photo, under the photo's key.
final class UndecodedPhotoTests: XCTestCase {
    func testADigestNamesTheCardButDoesNotDrawIt() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let event = try Event(title: "Launch", template: "photo")
        let bare = try Card(event, catalog: catalog)
        var named = bare
        named.undecodedPhotoDigest = String(repeating: "ab", count: 32)
        XCTAssertNotEqual(named.key(fontsVersion: "f"), bare.key(fontsVersion: "f"))
        XCTAssertThrowsError(try CardGoldenTests.renderer.get().render(named)) { XCTAssertTrue($0 is UndecodedPhotoError, "\($0)") }
        XCTAssertThrowsError(try CardGoldenTests.renderer.get().png(named))
        XCTAssertNoThrow(try CardGoldenTests.renderer.get().render(bare))
    }
}
