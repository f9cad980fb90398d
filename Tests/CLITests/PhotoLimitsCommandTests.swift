import Foundation
import TestSupport
import XCTest

/// Every command that takes a photo (`render --photo`, a batch line's `"photo"`, `faces`) has
/// the server's photo limits: 12,000 pixels a side and 50 million pixels. The photos are flat
/// JPEGs made here (190 KB for 48 MP), none committed.
final class PhotoLimitsCommandTests: TemporaryDirectoryTestCase {
    func writePhoto(width: Int, height: Int, to name: String) throws {
        try Data(FlatJPEG.file(width: width, height: height)).write(to: directory.appendingPathComponent(name))
    }

    func render(_ photo: String) throws -> Sharecard.Result {
        try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", photo, "-o", "out.png"], in: directory)
    }

    /// A 48 MP phone photo (over the scene-asset limit of 40 MP) and a 9000-pixel-wide
    /// panorama (over 8192 a side) make cards.
    func testPhoneSizedPhotosMakeCards() throws {
        try writePhoto(width: 8064, height: 6048, to: "phone.jpg")
        try writePhoto(width: 9000, height: 3000, to: "panorama.jpg")
        for name in ["phone.jpg", "panorama.jpg"] {
            let r = try render(name)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            let header = PNGHeader(try Data(contentsOf: directory.appendingPathComponent("out.png")))
            XCTAssertEqual(header.map { [$0.width, $0.height] }, [1024, 576], name)
        }
        try write("""
            {"id": "phone", "title": "Hello", "template": "photo", "photo": "phone.jpg"}
            {"id": "panorama", "title": "Hello", "template": "portrait", "photo": "panorama.jpg"}

            """, to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(try contents(of: "cards").filter { $0.hasSuffix(".png") }, ["panorama.png", "phone.png"])
        let faces = try Sharecard.run(["faces", "panorama.jpg", "--json"], in: directory)
        XCTAssertEqual(faces.status, 0, faces.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: faces.stdout) as? [String: Any])
        XCTAssertEqual([json["width"] as? Int, json["height"] as? Int], [9000, 3000])
    }

    /// Past the limits, each command names the photo and the limit it broke.
    func testLargerPhotosAreRefusedByName() throws {
        try writePhoto(width: 12_008, height: 8, to: "wide.jpg")
        try writePhoto(width: 8200, height: 6200, to: "many.jpg")  // 50.8 million pixels
        for name in ["wide.jpg", "many.jpg"] {
            let r = try render(name)
            XCTAssertEqual(r.status, 1, name)
            XCTAssertTrue(r.stderr.contains("\(name): photo too large"), r.stderr)
            let faces = try Sharecard.run(["faces", name], in: directory)
            XCTAssertEqual(faces.status, 1, name)
            XCTAssertTrue(faces.stderr.contains("\(name): photo too large"), faces.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))
    }
}
