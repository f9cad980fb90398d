import Foundation
import XCTest

/// `sharecard draw` reads an image's `"sizing"`: a fitted image is drawn at its own fitted
/// size, and a bad value is refused naming the field.
final class DrawImageSizingTests: TemporaryDirectoryTestCase {
    static let landscape = ProcessRunner.packageRoot.appendingPathComponent("Tests/SceneTests/Cases/images/landscape.png").path

    func scene(_ image: String) -> String {
        #"{"width": 160, "height": 90, "elements": [{"type": "image", "src": "\#(Self.landscape)", \#(image)}]}"#
    }

    func draw(_ json: String, to name: String) throws -> Sharecard.Result {
        try write(json, to: name + ".json")
        return try Sharecard.run(["draw", name + ".json", "-o", name + ".png"], in: directory)
    }

    func testAFittedImageIsDrawnAtItsOwnSize() throws {
        // landscape.png is 160×90. Fitted into a 160×160 box at (0, −35) it is 160 × 90 at
        // y = −35 + (160 − 90)/2 = 0; against the top of a box at (0, 0), at y = 0 too: both are
        // the image drawn into the whole 160×90 canvas. Stretched into the box, it would not be.
        for (name, image) in [("plain", #""frame": [0, 0, 160, 90]"#),
                              ("centred", #""frame": [0, -35, 160, 160], "sizing": "aspectFit""#),
                              ("top", #""frame": [0, 0, 160, 160], "sizing": "aspectFit", "alignment": "top""#),
                              ("stretched", #""frame": [0, -35, 160, 160]"#)] {
            let result = try draw(scene(image), to: name)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        }
        let plain = try Data(contentsOf: directory.appendingPathComponent("plain.png"))
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("centred.png")), plain)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("top.png")), plain)
        XCTAssertNotEqual(try Data(contentsOf: directory.appendingPathComponent("stretched.png")), plain)
    }

    func testABadSizingIsRefused() throws {
        let result = try draw(scene(#""frame": [0, 0, 160, 90], "sizing": "fit""#), to: "bad")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(#"elements[0].sizing: expected "frame" or "aspectFit", got "fit""#), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad.png").path))
    }
}
