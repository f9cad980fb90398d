import Foundation
import Scene
import Raster
import XCTest

/// Every way a scene file can be wrong gives an error that says where and what.
final class SceneParserErrorTests: XCTestCase {
    func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        do {
            _ = try parser.parse(Data(json.utf8))
            XCTFail("expected an error for \(json)", file: file, line: line)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testMalformedJSON() {
        XCTAssertTrue(error("{\"width\": 10,").contains("malformed JSON"))
        XCTAssertTrue(error("").contains("malformed JSON"))
        XCTAssertTrue(error("[1, 2]").contains("expected an object"))
    }

    func testMissingAndUnknownFields() {
        XCTAssertEqual(error(##"{"height": 10}"##), "width: is required")
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "colour": "#fff"}"##).hasPrefix("colour: unknown field"))
    }

    func testNegativeAndHugeSizes() {
        XCTAssertTrue(error(##"{"width": -5, "height": 10}"##).hasPrefix("width: must be between 1.0 and 8192.0"))
        XCTAssertTrue(error(##"{"width": 1e300, "height": 10}"##).hasPrefix("width: must be between"))
        XCTAssertTrue(error(##"{"width": 8000, "height": 10, "scale": 4}"##).contains("exceeds 16384 pixels"))
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "rect", "rect": [0, 0, -4, 5], "fill": "#000"}]}"##),
                       "elements[0].rect: width and height must not be negative, got -4.0×5.0")
    }

    func testUnknownShapeKind() {
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "hexagon"}]}"##),
                       "elements[0]: unknown element type \"hexagon\" (expected one of: rect, ellipse, path, image, label, chip, stack, pattern, group, snapshot, choice)")
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"rect": [0, 0, 1, 1]}]}"##), "elements[0].type: is required")
    }

    func testBadPaintsAndStrokes() {
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "background": "#12345"}"##).hasPrefix("background: expected a colour"))
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "background": {"gray": 2}}"##).hasPrefix("background.gray: must be between 0.0 and 1.0"))
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "background": {"linear": {"from": [0, 0], "to": [1, 1], "stops": []}}}"##),
                       "background.linear.stops: a gradient needs at least one stop")
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "rect", "rect": [0, 0, 1, 1], "stroke": {"paint": "#000", "width": 1, "join": "pointy"}}]}"##)
            .hasPrefix("elements[0].stroke.join: expected one of \"miter\", \"round\", \"bevel\""))
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "rect", "rect": [0, 0, 1, 1], "stroke": {"paint": "#000", "width": 0}}]}"##)
            .contains("stroke width must be a positive number"))
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "rect", "rect": [0, 0, 1, 1]}]}"##),
                       "elements[0]: a shape needs a fill, a stroke or both")
    }

    func testBadPathData() {
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "path", "d": "M 0 0 L 5", "fill": "#000"}]}"##),
                       "elements[0].d: path data at offset 9: expected a number, found the end")
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "path", "d": "M 0 0 A 1 1 0 0 0 5 5", "fill": "#000"}]}"##)
            .contains("elliptical arcs (A) are not supported"))
    }

    /// An image that cannot be read says why, and a FIFO is refused at once, not waited on.
    func testUnreadableImagesSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-src-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let big = folder.appendingPathComponent("big.png")
        try Data(count: 2000).write(to: big)
        func image(_ src: String, limits: ImageLimits = .default) -> String {
            var parser = SceneParser(baseDirectory: SceneGoldenTests.cases, imageLimits: limits)
            let json = #"{"width": 10, "height": 10, "elements": [{"type": "image", "src": "\#(src)", "rect": [0, 0, 1, 1]}]}"#
            do { _ = try parser.parse(Data(json.utf8)); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(image(""), "elements[0].src: cannot read image file: the path is empty")
        XCTAssertEqual(image(folder.path), "elements[0].src: cannot read image file \(folder.path): it is a directory")
        XCTAssertEqual(image(fifo), "elements[0].src: cannot read image file \(fifo): not a regular file (a FIFO)")
        XCTAssertEqual(image("/dev/zero"), "elements[0].src: cannot read image file /dev/zero: not a regular file (a character device)")
        XCTAssertEqual(image("\(big.path)/x.png"), "elements[0].src: cannot read image file \(big.path)/x.png: a folder on its path is not a folder")
        XCTAssertEqual(image(big.path, limits: ImageLimits(maxFileBytes: 1000)),
                       "elements[0].src: cannot read image file \(big.path): the file is 2000 bytes, over the limit of 1000")
        // A name's control characters are escaped, so it can neither split the message nor
        // restyle the terminal that shows it.
        XCTAssertEqual(image(#"\u001b]0;title\u0007\u001b[31mred\nnext.png"#),
                       #"elements[0].src: cannot read image file "\u{1B}]0;title\u{07}\u{1B}[31mred\nnext.png": no such file"#)
        try Data(count: 30).write(to: folder.appendingPathComponent("line\nbreak.png"))
        XCTAssertEqual(image(folder.path + #"/line\nbreak.png"#), #"elements[0].src: "\#(folder.path)/line\nbreak.png": not a PNG file"#)
        // A header declaring no pixels is a corrupt file, not one over the limits.
        var empty: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        empty += [0, 0, 0, 0, 0, 0, 0, 7, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(empty).write(to: folder.appendingPathComponent("empty.png"))
        XCTAssertEqual(image(folder.appendingPathComponent("empty.png").path),
                       "elements[0].src: \(folder.path)/empty.png: a corrupt PNG: its header declares 0×7 pixels")
    }

    /// A file several elements name is read once; the distinct files of one document may hold
    /// twice one file's limit between them. Each element read its file again, and held it: 50
    /// elements naming one padded 64 MB PNG took 3.2 GB before any pixel was checked.
    func testImageFilesAreReadOnceAndBoundedTogether() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-files-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Data(contentsOf: SceneGoldenTests.cases.appendingPathComponent("images/landscape.png"))
        for name in ["a.png", "b.png", "c.png"] { try png.write(to: folder.appendingPathComponent(name)) }
        let limits = ImageLimits(maxFileBytes: png.count + 10)
        func parse(_ sources: [String]) -> String {
            var parser = SceneParser(baseDirectory: folder, imageLimits: limits)
            parser.decodesImages = false
            let elements = sources.map { #"{"type": "image", "src": "\#($0)", "rect": [0, 0, 1, 1]}"# }.joined(separator: ", ")
            do {
                _ = try parser.parse(Data(#"{"width": 10, "height": 10, "elements": [\#(elements)]}"#.utf8))
                return "parsed \(parser.assets.count) images"
            } catch { return "\(error)" }
        }
        // One file named 40 times, and spelt another way: counted once.
        XCTAssertEqual(parse(Array(repeating: "a.png", count: 40) + ["./a.png", "\(folder.path)/a.png"]), "parsed 42 images")
        XCTAssertEqual(parse(["a.png", "b.png", "a.png", "b.png"]), "parsed 4 images")
        XCTAssertEqual(parse(["a.png", "b.png", "c.png"]),
                       "elements[2].src: the document's image files hold \(3 * png.count) bytes with this one, over the limit of \(2 * (png.count + 10)) for all of them")
    }

    func testBadImagesAndFilters() {
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "image", "src": "missing.png", "rect": [0, 0, 1, 1]}]}"##),
                       "elements[0].src: cannot read image file missing.png: no such file")
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "image", "src": "landscape.json", "rect": [0, 0, 1, 1]}]}"##)
            .contains("cannot read"))
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "image", "src": "paints.json", "rect": [0, 0, 1, 1]}]}"##)
            .contains("not a PNG file"))
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "group", "elements": [], "filters": [{"sepia": 1}]}]}"##)
            .hasPrefix("elements[0].filters[0]: unknown filter \"sepia\""))
        // A font's size in points is limited as a laid-out size is: 2,000 points.
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "label", "text": "x", "frame": [0, 0, 5, 5], "font": {"size": 2001}}]}"##),
                       "elements[0].font.size: must be between 1 and 2000 points, got 2001.0")
        // Two filters in one object were refused as an unknown field of the first found.
        XCTAssertEqual(error(##"{"width": 10, "height": 10, "elements": [{"type": "group", "elements": [], "filters": [{"blur": 1, "hueRotate": 3}]}]}"##),
                       #"elements[0].filters[0]: gives 2 filters ("blur", "hueRotate"); give each its own object, in the order they apply"#)
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [{"type": "snapshot", "rect": [0, 0, 5, 5], "levels": 1000}]}"##)
            .hasPrefix("elements[0].levels: must be between 1.0 and 12.0"))
    }

    func testHostileNestingAndCounts() {
        let deep = String(repeating: ##"{"type": "group", "elements": ["##, count: 40) + String(repeating: "]}", count: 40)
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [\##(deep)]}"##).contains("groups nest deeper than 16 levels"))
        let many = Array(repeating: ##"{"type": "rect", "rect": [0, 0, 1, 1], "fill": "#000"}"##, count: 10_001).joined(separator: ",")
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [\##(many)]}"##).contains("over the limit of 10000"))
    }

    func testSixteenNestedGroupsAreAllowedSeventeenAreNot() throws {
        func nested(_ n: Int) -> String {
            String(repeating: ##"{"type": "group", "elements": ["##, count: n) + String(repeating: "]}", count: n)
        }
        var parser = SceneParser(baseDirectory: SceneGoldenTests.cases)
        XCTAssertNoThrow(try parser.parse(Data(##"{"width": 10, "height": 10, "elements": [\##(nested(16))]}"##.utf8)))
        XCTAssertTrue(error(##"{"width": 10, "height": 10, "elements": [\##(nested(17))]}"##).contains("groups nest deeper than 16 levels"))
    }

    func testCanvasUnderOnePixelIsRejected() {
        XCTAssertTrue(error(##"{"width": 1.5, "height": 100, "scale": 0.25}"##).hasPrefix("canvas of 1.5×100.0 at scale 0.25 is less than one pixel"))
    }

    func testFileErrorsNameTheFile() {
        XCTAssertThrowsError(try SceneParser.load(contentsOf: URL(fileURLWithPath: "/nonexistent/scene.json"))) { error in
            XCTAssertEqual("\(error)", "/nonexistent/scene.json: cannot read the file")
        }
        // An endless file is read no further than one byte past the limit.
        XCTAssertThrowsError(try SceneParser.load(contentsOf: URL(fileURLWithPath: "/dev/zero"))) { error in
            XCTAssertEqual("\(error)", "/dev/zero: the file is more than the limit of 4194304 bytes (read no further)")
        }
    }
}
