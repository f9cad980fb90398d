import Cards
import Foundation
import XCTest

/// A template is checked completely before it serves a card: fonts against the library,
/// assets decoded, references resolved. Each of these used to pass and answer 500 per card
/// (fonts) or is refused when the file is read (assets, references).
final class TemplateCheckTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("template-check-\(UUID())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("assets"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func template(_ elements: String) throws -> Template {
        let url = directory.appendingPathComponent("t.json")
        try Data(#"{"name": "t", "size": [1024, 576], "elements": [\#(elements)]}"#.utf8).write(to: url)
        return try Template(contentsOf: url)
    }

    func label(family: String, text: String = "{title}") -> String {
        ##"{"type": "label", "frame": [0, 0, 500, 100], "text": "\##(text)", "font": {"family": "\##(family)"}}"##
    }

    func checkError(_ elements: String) throws -> String {
        let fonts = try CardGoldenTests.renderer.get().fonts
        do {
            try template(elements).check(fonts: fonts)
            return "no error"
        } catch { return "\(error)" }
    }

    func testEveryShippedTemplatePasses() throws {
        XCTAssertNoThrow(try CardGoldenTests.catalog.get().check(fonts: CardGoldenTests.renderer.get().fonts))
    }

    func testMissingFontFamily() throws {
        let message = try checkError(label(family: "Comic Neue"))
        XCTAssertTrue(message.hasPrefix(#"t.json: font.family: font family "Comic Neue" (for "{title}") is not in the font library (it has: Quicksand"#), message)
    }

    func testAFamilyThatCannotDrawLatin() throws {
        let message = try checkError(label(family: "Noto Color Emoji"))
        XCTAssertTrue(message.hasPrefix(#"t.json: font.family: font family "Noto Color Emoji" (for "{title}") cannot draw Latin text"#), message)
        // The emoji alone may use it.
        XCTAssertEqual(try checkError(label(family: "Noto Color Emoji", text: "{emoji}")), "no error")
    }

    func testMissingAndUndecodableAssets() throws {
        let image = ##"{"type": "image", "src": "assets/%@", "frame": [0, 0, 10, 10]}"##
        XCTAssertThrowsError(try template(image.replacingOccurrences(of: "%@", with: "missing.png"))) {
            XCTAssertEqual("\($0)", "t.json: elements[0].src: cannot read image file assets/missing.png")
        }
        try Data("not a png".utf8).write(to: directory.appendingPathComponent("assets/broken.png"))
        XCTAssertThrowsError(try template(image.replacingOccurrences(of: "%@", with: "broken.png"))) {
            XCTAssertTrue("\($0)".hasPrefix("t.json: elements[0].src: assets/broken.png: "), "\($0)")
        }
    }

    /// A file with a PNG header that does not decode passes reading (only the header is read)
    /// and is refused by the check that `templates validate` and `serve` run.
    func testAnAssetThatDoesNotDecodeIsRefusedByTheCheck() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF]  // bad CRC, no image data
        try Data(png).write(to: directory.appendingPathComponent("assets/truncated.png"))
        let template = try template(##"{"type": "image", "src": "assets/truncated.png", "frame": [0, 0, 10, 10]}"##)
        XCTAssertThrowsError(try template.check(fonts: CardGoldenTests.renderer.get().fonts)) {
            XCTAssertTrue("\($0)".hasPrefix("t.json: src: assets/truncated.png: "), "\($0)")
        }
    }

    /// Reading the catalog decodes no image; drawing a card decodes the images it uses.
    func testAssetsAreDecodedOnFirstUse() throws {
        let catalog = try Catalog(palettesDirectory: CardGoldenTests.repository.appendingPathComponent("palettes"),
                                  templatesDirectory: CardGoldenTests.repository.appendingPathComponent("templates"))
        let photo = try catalog.template(named: "photo")
        XCTAssertEqual(photo.scene.assets.map(\.isDecoded), [false])
        _ = try CardGoldenTests.renderer.get().render(Card(Event(title: "Hi", template: "classic"), catalog: catalog))
        XCTAssertEqual(photo.scene.assets.map(\.isDecoded), [false])
        _ = try CardGoldenTests.renderer.get().render(Card(Event(title: "Hi", template: "photo"), catalog: catalog))
        XCTAssertEqual(photo.scene.assets.map(\.isDecoded), [true])
    }

    func testBadReferences() throws {
        XCTAssertThrowsError(try template(##"{"type": "rect", "frame": [0, 0, 10, 10], "fill": {"ref": "accent"}}"##)) {
            XCTAssertEqual("\($0)", #"t.json: elements[0].fill: ref must be "foreground" or "background", got "accent""#)
        }
        XCTAssertThrowsError(try template(label(family: "Quicksand", text: "{venue}"))) {
            XCTAssertTrue("\($0)".hasPrefix("t.json: elements[0].text: unknown field {venue}"), "\($0)")
        }
    }
}
