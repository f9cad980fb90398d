@testable import Cards
import Foundation
import XCTest

/// A one-card catalog parses only the palette and template it names.
final class CatalogLoadingTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID())")
        let repository = PaletteTests.repository
        for folder in ["palettes", "templates"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(folder), to: dir.appendingPathComponent(folder))
        }
        // A broken file beside the ones a card uses: the full load refuses it.
        try Data("{broken".utf8).write(to: dir.appendingPathComponent("templates/zz-broken.json"))
        try Data("{broken".utf8).write(to: dir.appendingPathComponent("palettes/zz-broken.json"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testLoadsOnlyTheNamedFiles() throws {
        let palettes = dir.appendingPathComponent("palettes"), templates = dir.appendingPathComponent("templates")
        XCTAssertThrowsError(try Catalog(palettesDirectory: palettes, templatesDirectory: templates))
        let catalog = try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: "pastel", template: "classic")
        XCTAssertEqual(catalog.palettes.map(\.name), ["pastel"])
        XCTAssertEqual(catalog.templates.map(\.name), ["classic"])
        XCTAssertNoThrow(try Card(Event(title: "x", palette: "pastel"), catalog: catalog, scale: 1))
    }

    func testAnUnknownNameFallsBackToTheFullLoadAndItsError() throws {
        try FileManager.default.removeItem(at: dir.appendingPathComponent("templates/zz-broken.json"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("palettes/zz-broken.json"))
        let catalog = try Catalog(palettesDirectory: dir.appendingPathComponent("palettes"),
                                  templatesDirectory: dir.appendingPathComponent("templates"), palette: "default", template: "clasic")
        XCTAssertGreaterThan(catalog.templates.count, 1)
        XCTAssertThrowsError(try catalog.template(named: "clasic")) {
            XCTAssertTrue("\($0)".contains("did you mean \"classic\""), "\($0)")
        }
        let traversal = try Catalog(palettesDirectory: dir.appendingPathComponent("palettes"),
                                    templatesDirectory: dir.appendingPathComponent("templates"), palette: "../palettes/default", template: "classic")
        XCTAssertGreaterThan(traversal.palettes.count, 1)
    }
}
