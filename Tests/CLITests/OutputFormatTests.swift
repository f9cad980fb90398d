import Foundation
import XCTest

/// `render -o` picks the format from the extension, `--format` overrides it, `--quality`
/// applies to JPEG and WebP, and a name sharecard cannot honour is refused before rendering.
final class OutputFormatTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func magic(_ data: Data) -> String { ImageMagic.format(data) }

    func render(_ name: String, _ extra: [String] = []) throws -> (status: Int32, stderr: String, format: String?) {
        let out = dir.appendingPathComponent(name)
        let r = try Sharecard.run(["render", "--title", "Launch party", "-o", out.path] + extra)
        let data = FileManager.default.contents(atPath: out.path)
        return (r.status, r.stderr, data.map(magic))
    }

    func testExtensionPicksTheFormatAndFormatOverridesIt() throws {
        for (name, extra, expected) in [("a.png", [String](), "png"), ("a.jpg", [], "jpeg"), ("a.JPEG", [], "jpeg"), ("a.webp", [], "webp"),
                                        ("b.webp", ["--quality", "100"], "webp-lossless"), ("c.jpg", ["--quality", "60"], "jpeg"),
                                        ("card", [], "png"), ("d.png", ["--format", "webp"], "webp"), ("e.out", ["--format", "jpeg"], "jpeg")] {
            let r = try render(name, extra)
            XCTAssertEqual(r.status, 0, "\(name) \(extra): \(r.stderr)")
            XCTAssertEqual(r.format, expected, "\(name) \(extra)")
        }
        // --quality changes the bytes.
        let q90 = FileManager.default.contents(atPath: dir.appendingPathComponent("a.jpg").path)
        let q60 = FileManager.default.contents(atPath: dir.appendingPathComponent("c.jpg").path)
        XCTAssertNotEqual(q90, q60)
    }

    func testUnwritableChoicesAreUsageErrorsAndWriteNothing() throws {
        for (name, extra, message) in [("x.gif", [String](), "writes .png, .jpg/.jpeg or .webp"), ("x.png", ["--quality", "80"], "quality applies to jpeg and webp"),
                                       ("x.jpg", ["--quality", "0"], "--quality must be a whole number from 1 to 100"),
                                       ("x.jpg", ["--format", "tiff"], "--format must be png, jpeg or webp")] {
            let r = try render(name, extra)
            XCTAssertEqual(r.status, 2, "\(name) \(extra)")
            XCTAssertTrue(r.stderr.contains(message), "\(name) \(extra): \(r.stderr)")
            XCTAssertNil(r.format, "\(name) \(extra): nothing written")
        }
    }

    /// The extension is read from the name as the kernel reads the path: a doubled slash before
    /// a name beyond ASCII (which Foundation's NSString stopped the process on), or a slash that
    /// carries a combining mark, is a path like any other.
    func testNamesAreReadAsTheKernelReadsThem() throws {
        for (name, expected) in [("sub//é", "png"), ("sub//カード.webp", "webp"), ("sub//x.JPG", "jpeg")] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let r = try render(name)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertEqual(r.format, expected, name)
        }
        // A name that ends with a slash names no file: refused, nothing written, no crash.
        let r = try Sharecard.run(["render", "--title", "Launch party", "-o", dir.path + "///-//"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("is not a file name (it ends with '/')"), r.stderr)
    }

    /// A line's "format" and "quality" override --format; the file's extension follows the
    /// format, and a bad value fails that line only.
    func testBatchLinesCarryTheirFormat() throws {
        let events = dir.appendingPathComponent("events.jsonl")
        try Data("""
            {"id": "a", "title": "One"}
            {"id": "b", "title": "Two", "format": "png"}
            {"id": "c", "title": "Three", "format": "jpeg", "quality": 70}
            {"id": "d", "title": "Four", "format": "gif"}
            {"id": "e", "title": "Five", "format": "webp", "quality": 100}
            """.utf8).write(to: events)
        let out = dir.appendingPathComponent("out")
        let r = try Sharecard.run(["batch", events.path, "--out", out.path, "--format", "webp", "--jobs", "1"])
        XCTAssertEqual(r.status, 1, "line 4 fails: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("format"), r.stderr)
        func written(_ name: String) -> String? { FileManager.default.contents(atPath: out.appendingPathComponent(name).path).map(magic) }
        XCTAssertEqual(written("a.webp"), "webp")
        XCTAssertEqual(written("b.png"), "png")
        XCTAssertEqual(written("c.jpg"), "jpeg")
        XCTAssertNil(written("d.gif"))
        XCTAssertEqual(written("e.webp"), "webp-lossless")
    }
}
