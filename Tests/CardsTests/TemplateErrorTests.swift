import Cards
import Foundation
import Geometry
import Scene
import XCTest

/// Every way a template file can be wrong names the file, the element and the field.
final class TemplateErrorTests: XCTestCase {
    func error(_ elements: String, extra: String = "", name: String = "broken") -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name + ".json")
        try? Data(#"{"name": "broken", "size": [1024, 576], \#(extra) "elements": [\#(elements)]}"#.utf8).write(to: url)
        do {
            _ = try Template(contentsOf: url)
            XCTFail("expected an error for \(elements)")
            return ""
        } catch { return "\(error)" }
    }

    let label = ##"{"type": "label", "frame": [0, 0, 100, 100], "text": "{title}", "font": {"size": 40}}"##

    func testAValidTemplateParses() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("ok.json")
        try Data(#"{"name": "ok", "size": [1024, 576], "elements": [\#(label)]}"#.utf8).write(to: url)
        let template = try Template(contentsOf: url)
        XCTAssertEqual(template.elements.count, 1)
        XCTAssertEqual(template.size.width, 1024)
    }

    /// A template has safe margins as a scene file does: `"in": "safe"` frames are placed in
    /// them at every size (a template could not give `safeArea`, so they were the whole canvas).
    func testATemplateGivesItsSafeArea() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("safe.json")
        let snapshot = ##"{"type": "snapshot", "frame": {"in": "safe", "right": 0, "bottom": 0, "width": 100, "height": 50}}"##
        try Data(#"{"name": "safe", "size": [1024, 576], "safeArea": [10, 20, 30, 40], "elements": [\#(snapshot)]}"#.utf8).write(to: url)
        let template = try Template(contentsOf: url)
        for (size, frame) in [(Size(width: 1024, height: 576), [884.0, 496, 100, 50]), (Size(width: 1080, height: 1920), [940.0, 1840, 100, 50])] {
            let placed = try template.scene.resolve(size: size, scale: 1).placedElements
            XCTAssertEqual(placed.map(\.frame), [frame], "\(size)")
        }
    }

    func testUnknownElementAndField() {
        XCTAssertEqual(error(##"{"type": "hexagon"}"##),
                       "broken.json: elements[0]: unknown element type \"hexagon\" (expected one of: rect, ellipse, path, image, label, chip, stack, pattern, group, snapshot, choice)")
        XCTAssertTrue(error(label.replacingOccurrences(of: "\"text\"", with: "\"txt\"")).hasPrefix("broken.json: elements[0].txt: unknown field"))
    }

    func testPlaceholdersAreChecked() {
        XCTAssertEqual(error(label.replacingOccurrences(of: "{title}", with: "{name}")),
                       "broken.json: elements[0].text: unknown field {name} (expected one of: {title}, {date}, {subtitle}, {emoji})")
        XCTAssertEqual(error(label.replacingOccurrences(of: "{title}", with: "{title")),
                       "broken.json: elements[0].text: unclosed \"{\" in \"{title\"")
    }

    /// Names from the file reach a terminal only escaped: an unknown key or placeholder with
    /// ESC, BEL or NUL cannot retitle or clear it.
    func testControlCharactersInNamesAreEscaped() {
        let key = error(label.replacingOccurrences(of: "\"text\"", with: #""\u001b]0;pwned\u0007""#))
        XCTAssertTrue(key.hasPrefix(#"broken.json: elements[0].\u{1B}]0;pwned\u{07}: unknown field"#), key)
        let placeholder = error(label.replacingOccurrences(of: "{title}", with: #"{title\u0000}"#))
        XCTAssertTrue(placeholder.hasPrefix(#"broken.json: elements[0].text: unknown field {title\0}"#), placeholder)
        XCTAssertFalse((key + placeholder).unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    func testMissingAndBadValues() {
        XCTAssertEqual(error(##"{"type": "label", "text": "{title}", "font": {}}"##), "broken.json: elements[0].frame: is required")
        XCTAssertEqual(error(##"{"type": "label", "frame": [0, 0, -1, 5], "text": "x", "font": {}}"##),
                       "broken.json: elements[0].frame: width and height must not be negative, got -1.0×5.0")
        XCTAssertTrue(error(##"{"type": "label", "frame": [0, 0, 1, 5], "text": "x", "font": {"weight": 5000}}"##)
            .hasPrefix("broken.json: elements[0].font.weight: must be between"))
        XCTAssertTrue(error(##"{"type": "rect", "rect": [0, 0, 1, 1], "fill": {"ref": "highlight"}}"##)
            .hasPrefix("broken.json: elements[0].fill: ref must be \"foreground\", \"background\", \"backgroundEnd\", \"contrast\" or \"accent\""))
        XCTAssertEqual(error(##"{"type": "rect", "rect": [0, 0, 1, 1]}"##), "broken.json: elements[0]: a shape needs a fill, a stroke or both")
    }

    func testChipsStacksPatternsImages() {
        XCTAssertTrue(error(##"{"type": "chip", "frame": [0, 0, 10, 10], "icon": "rocket", "text": "{date}", "font": {}}"##)
            .hasPrefix("broken.json: elements[0].icon: unknown icon \"rocket\""))
        for (key, value) in [("maxLines", "0"), ("maxLines", "4"), ("maxLines", "1.5"), ("minimumScaleFactor", "0"), ("minimumScaleFactor", "1.2")] {
            XCTAssertTrue(error(##"{"type": "chip", "frame": [0, 0, 10, 10], "text": "{date}", "font": {}, "\##(key)": \##(value)}"##)
                .hasPrefix("broken.json: elements[0].\(key): "), "\(key) \(value)")
        }
        XCTAssertEqual(error(##"{"type": "stack", "frame": [0, 0, 10, 10], "items": [{"type": "rect"}]}"##),
                       "broken.json: elements[0].items[0]: a stack holds labels and chips, not \"rect\"")
        XCTAssertTrue(error(##"{"type": "pattern", "kind": "plaid", "frame": [0, 0, 10, 10], "colors": ["#fff"]}"##)
            .hasPrefix("broken.json: elements[0].kind: expected one of"))
        XCTAssertEqual(error(##"{"type": "pattern", "kind": "dots", "frame": [0, 0, 10, 10], "colors": []}"##),
                       "broken.json: elements[0]: a pattern needs at least one colour")
        XCTAssertEqual(error(##"{"type": "image", "src": "nope.png", "frame": [0, 0, 10, 10]}"##),
                       "broken.json: elements[0].src: cannot read image file nope.png: no such file")
        XCTAssertTrue(error(##"{"type": "snapshot", "frame": [0, 0, 10, 10], "levels": 99}"##).hasPrefix("broken.json: elements[0].levels: must be between"))
    }

    func testFileLevelErrors() {
        XCTAssertEqual(error(label, name: "other"), "other.json: name \"broken\" does not match the file name")
        XCTAssertTrue(error(label, extra: #""colour": 1,"#).hasPrefix("broken.json: colour: unknown field"))
        XCTAssertThrowsError(try Template(contentsOf: URL(fileURLWithPath: "/nonexistent/x.json"))) {
            XCTAssertEqual("\($0)", "/nonexistent/x.json: cannot read the file: No such file or directory")
        }
    }

    func testUnknownNamesWhenResolvingAnEvent() throws {
        let catalog = try CardGoldenTests.catalog.get()
        func resolveError(_ event: Event) -> String {
            do { _ = try catalog.resolve(event); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(resolveError(try Event(title: "x", template: "fancy")).hasPrefix("template: unknown template \"fancy\" (expected one of: classic"))
        XCTAssertTrue(resolveError(try Event(title: "x", palette: "neon")).hasPrefix("palette: unknown palette \"neon\""))
        XCTAssertTrue(resolveError(try Event(title: "x", color: "user_pink")).hasPrefix("color: unknown colour \"user_pink\" in palette \"default\""))
        // Hex digits without their # (as a URL's unencoded #ff0000 arrives) are told how to write them.
        XCTAssertTrue(resolveError(try Event(title: "x", color: "FF0000")).hasPrefix(
            "color: unknown colour \"FF0000\" in palette \"default\"; a hex colour takes a #, written %23 in a URL: #FF0000 (color=%23FF0000) ("))
        XCTAssertFalse(resolveError(try Event(title: "x", color: "user_pink")).contains("%23"))
        XCTAssertFalse(resolveError(try Event(title: "x", color: "faced0")).isEmpty)
        XCTAssertFalse(resolveError(try Event(title: "x", color: "bead")).contains("%23"), "four digits are no hex colour")
    }

    func testCardKeysDifferForDifferentInputsAndMatchForSame() throws {
        let catalog = try CardGoldenTests.catalog.get()
        let a = try Card(Event(title: "Hello"), catalog: catalog).key(fontsVersion: "f1")
        XCTAssertEqual(a, try Card(Event(title: "Hello"), catalog: catalog).key(fontsVersion: "f1"))
        XCTAssertNotEqual(a, try Card(Event(title: "Hello", color: "user_red"), catalog: catalog).key(fontsVersion: "f1"))
        XCTAssertNotEqual(a, try Card(Event(title: "Hello"), catalog: catalog, scale: 2).key(fontsVersion: "f1"))
        XCTAssertNotEqual(a, try Card(Event(title: "Hello"), catalog: catalog).key(fontsVersion: "f2"))
        XCTAssertNotEqual(try Card(Event(title: "a|b", subtitle: "c"), catalog: catalog).key(fontsVersion: "f"),
                          try Card(Event(title: "a", subtitle: "b|c"), catalog: catalog).key(fontsVersion: "f"))
    }

    func testRenderingIsDeterministic() throws {
        let card = try Card(Event(title: "Same bytes every time 🎉", template: "pattern"), catalog: CardGoldenTests.catalog.get())
        let renderer = try CardGoldenTests.renderer.get()
        XCTAssertEqual(try renderer.png(card).bytes, try renderer.png(card).bytes)
    }
}
