import BufferText
import Foundation
import XCTest

/// Paths split at their slashes, checked by hand and, for extensions, against Foundation's
/// NSString, whose reading `PathText.fileExtension` keeps.
final class PathTextTests: XCTestCase {
    func testNameAndDirectory() {
        XCTAssertEqual(PathText.name(of: "/data/palettes/default.json"), "default.json")
        XCTAssertEqual(PathText.directory(of: "/data/palettes/default.json"), "/data/palettes")
        XCTAssertEqual(PathText.name(of: "default.json"), "default.json")
        XCTAssertEqual(PathText.directory(of: "default.json"), ".")
        XCTAssertEqual(PathText.directory(of: "/default.json"), "/")
        XCTAssertEqual(PathText.name(of: "templates/"), "")
        XCTAssertEqual(PathText.directory(of: "a//b"), "a/")
    }

    func testJoining() {
        XCTAssertEqual(PathText.joining("/fonts", "fonts.json"), "/fonts/fonts.json")
        XCTAssertEqual(PathText.joining("/fonts/", "fonts.json"), "/fonts/fonts.json")
        XCTAssertEqual(PathText.joining("/", "fonts.json"), "/fonts.json")
        XCTAssertEqual(PathText.joining("", "fonts.json"), "fonts.json")
        XCTAssertEqual(PathText.joining(".", "fonts.json"), "./fonts.json")
    }

    func testFileExtension() {
        for (path, ext) in [("card.png", "png"), ("out/card.JPG", "JPG"), ("card", ""), (".png", ""), ("dir/.webp", ""), ("card.", ""),
                            ("a.b.webp", "webp"), ("card.png/", "png"), ("dir.png/card", ""), ("..", ""), ("...", ""), ("..png", "png"),
                            ("/", ""), ("", ""), ("a//b.jpeg//", "jpeg"), ("カード.png", "png"), ("card.ｐｎｇ", "ｐｎｇ")] {
            XCTAssertEqual(PathText.fileExtension(of: path), ext, path)
        }
    }

    /// The same as Foundation's NSString on random ASCII paths without repeated or trailing
    /// slashes. (Only those: NSString reads a path in whole characters, so a slash with a
    /// combining mark on it is no slash to it, and its `pathExtension` stops the process on
    /// paths such as `///-//` and `out//é`; see below.)
    func testFileExtensionAgreesWithNSString() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", ".", "..", "a", "png", "JPG", "x.y", " ", "-", "~", "b.c.d"]
        var compared = 0
        while compared < 50_000 {
            let path = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if path.contains("//") || path.hasSuffix("/") { continue }
            XCTAssertEqual(PathText.fileExtension(of: path), (path as NSString).pathExtension, path.debugDescription)
            compared += 1
        }
    }

    /// Paths Foundation's NSString could not take apart (it stopped the process): read here as
    /// the kernel reads them.
    func testPathsNSStringCrashedOn() {
        XCTAssertEqual(PathText.fileExtension(of: "///-//"), "")
        XCTAssertEqual(PathText.fileExtension(of: "out//é"), "")
        XCTAssertEqual(PathText.name(of: "out//é"), "é")
        XCTAssertEqual(PathText.fileExtension(of: "//カード.webp"), "webp")
        XCTAssertEqual(PathText.fileExtension(of: "x.y/\u{301}"), "")  // the slash is a slash to the kernel
        XCTAssertEqual(PathText.name(of: "x.y/\u{301}"), "\u{301}")
    }
}
