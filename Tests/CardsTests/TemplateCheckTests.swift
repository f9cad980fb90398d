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

    /// The error names the element, as reading's errors do, and a few of the nearest
    /// families with where to find them all, rather than every family on one line.
    func testMissingFontFamily() throws {
        let families = try CardGoldenTests.renderer.get().fonts.families
        XCTAssertGreaterThan(families.count, 20)
        let message = try checkError(label(family: "Quicksnad"))
        XCTAssertTrue(message.hasPrefix(#"t.json: elements[0].font.family: font family "Quicksnad" (for "{title}") is not in the font library (nearest: "Quicksand", "#), message)
        XCTAssertTrue(message.hasSuffix("; `sharecard fonts list` lists all \(families.count) families)"), message)
        let listed = message.components(separatedBy: "(nearest: ")[1].components(separatedBy: ";")[0]
        XCTAssertEqual(listed.components(separatedBy: ", ").count, 5, message)
        XCTAssertFalse(message.contains("Noto Sans Thai"), "not the whole library: \(message)")
        // A prefix of several families lists those first.
        let prefix = try checkError(label(family: "Noto Sans Th"))
        XCTAssertTrue(prefix.contains(#"(nearest: "Noto Sans Thai""#), prefix)
    }

    func testAFamilyThatCannotDrawLatin() throws {
        let message = try checkError(label(family: "Noto Color Emoji"))
        XCTAssertTrue(message.hasPrefix(#"t.json: elements[0].font.family: font family "Noto Color Emoji" (for "{title}") cannot draw Latin text"#), message)
        // The emoji alone may use it, and words of emoji; words with Latin letters or digits
        // beside the emoji may not (they were judged by the placeholder alone, and passed).
        XCTAssertEqual(try checkError(label(family: "Noto Color Emoji", text: "{emoji}")), "no error")
        XCTAssertEqual(try checkError(label(family: "Noto Color Emoji", text: "🎉🎂")), "no error")
        XCTAssertEqual(try checkError(label(family: "Noto Color Emoji", text: "{emoji} 🎉")), "no error")
        let words = try checkError(label(family: "Noto Color Emoji", text: "{emoji} Save the date 2024"))
        XCTAssertTrue(words.contains(#"(for "{emoji} Save the date 2024") cannot draw Latin text"#), words)
    }

    func testMissingAndUndecodableAssets() throws {
        let image = ##"{"type": "image", "src": "assets/%@", "frame": [0, 0, 10, 10]}"##
        XCTAssertThrowsError(try template(image.replacingOccurrences(of: "%@", with: "missing.png"))) {
            XCTAssertEqual("\($0)", "t.json: elements[0].src: cannot read image file assets/missing.png: no such file")
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
            XCTAssertTrue("\($0)".hasPrefix("t.json: elements[0].src: assets/truncated.png: "), "\($0)")
        }
    }

    /// The same file met by a render that skipped the check (a one-card `render` decodes a
    /// template's images on first use): the error names the template as well as the file,
    /// since several templates may each have an `assets/…` of that name.
    func testAnAssetThatDoesNotDecodeAtRenderNamesItsTemplate() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF]
        try Data(png).write(to: directory.appendingPathComponent("assets/truncated.png"))
        let template = try template(##"{"type": "image", "src": "assets/truncated.png", "frame": [0, 0, 10, 10]}"##)
        let palette = try Palette(contentsOf: CardGoldenTests.repository.appendingPathComponent("palettes/default.json"))
        XCTAssertThrowsError(try CardGoldenTests.renderer.get().render(Event(title: "Hi"), template: template,
                                                                       color: palette.colors[0])) {
            XCTAssertTrue("\($0)".hasPrefix(#"template "t": assets/truncated.png: "#), "\($0)")
        }
    }

    /// Paths reach into groups, choices, stacks and placeholders, and name the element that
    /// is wrong, not the first one with a font: the same paths reading reports.
    func testCheckErrorsNameNestedElements() throws {
        let ok = label(family: "Quicksand")
        let bad = label(family: "Comic Neue")
        XCTAssertEqual(try checkError("\(ok), \(ok)"), "no error")
        XCTAssertTrue(try checkError("\(ok), \(bad)").hasPrefix("t.json: elements[1].font.family: "))
        let group = ##"{"type": "group", "elements": [\##(ok), \##(bad)]}"##
        XCTAssertTrue(try checkError("\(ok), \(group)").hasPrefix("t.json: elements[1].elements[1].font.family: "))
        let choice = ##"{"type": "choice", "by": "canvasShape", "landscape": [\##(ok)], "portrait": [\##(bad)]}"##
        XCTAssertTrue(try checkError(choice).hasPrefix("t.json: elements[0].portrait[0].font.family: "))
        let stack = ##"{"type": "stack", "frame": [0, 0, 500, 300], "items": [{"type": "label", "text": "{title}", "font": {}}, {"type": "chip", "text": "{date}", "font": {"family": "Noto Color Emoji"}}]}"##
        XCTAssertTrue(try checkError(stack).hasPrefix(#"t.json: elements[0].items[1].font.family: font family "Noto Color Emoji" (for "{date}") cannot draw Latin"#))
        // The default family is named at `font`.
        let template = try template(##"{"type": "label", "frame": [0, 0, 500, 100], "text": "{title}", "font": {"size": 40}}"##)
        XCTAssertEqual(template.uses.texts.map(\.path), ["elements[0].font"])
        XCTAssertEqual(template.uses.texts.map(\.style.family), ["Quicksand"])

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF]
        try Data(png).write(to: directory.appendingPathComponent("assets/truncated.png"))
        let photo = ##"{"type": "image", "frame": [0, 0, 10, 10], "src": {"from": "eventPhoto", "placeholder": "assets/truncated.png"}}"##
        XCTAssertTrue(try checkError("\(ok), \(photo)").hasPrefix("t.json: elements[1].src.placeholder: assets/truncated.png: "))
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
        XCTAssertThrowsError(try template(##"{"type": "rect", "frame": [0, 0, 10, 10], "fill": {"ref": "highlight"}}"##)) {
            XCTAssertEqual("\($0)", #"t.json: elements[0].fill: ref must be "foreground", "background", "backgroundEnd", "contrast" or "accent", got "highlight""#)
        }
        XCTAssertThrowsError(try template(label(family: "Quicksand", text: "{venue}"))) {
            XCTAssertTrue("\($0)".hasPrefix("t.json: elements[0].text: unknown field {venue}"), "\($0)")
        }
    }
}
