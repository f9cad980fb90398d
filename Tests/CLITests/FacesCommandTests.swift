import Foundation
import TestSupport
import XCTest

/// `sharecard faces` through the real executable, on the face-detection fixtures.
final class FacesCommandTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../FacesTests/Fixtures").standardized

    func testJSONReportsTheImageSizeAndEveryFace() throws {
        let r = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("astronaut.png").path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["width"] as? Int, 512)
        XCTAssertEqual(json["height"] as? Int, 512)
        let faces = try XCTUnwrap(json["faces"] as? [[String: Int]])
        XCTAssertEqual(faces.count, 1)
        XCTAssertEqual(Set(faces[0].keys), ["x", "y", "width", "height"])
        // Overlaps the hand-labelled box (172, 82, 78, 86) by IoU ≥ 0.5.
        let f = faces[0].mapValues(Double.init)
        let w = min(f["x"]! + f["width"]!, 250) - max(f["x"]!, 172), h = min(f["y"]! + f["height"]!, 168) - max(f["y"]!, 82)
        let intersection = max(w, 0) * max(h, 0)
        XCTAssertGreaterThanOrEqual(intersection / (f["width"]! * f["height"]! + 78 * 86 - intersection), 0.5, "\(f)")
    }

    func testAPhotoWithoutFacesReportsAnEmptyList() throws {
        let r = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("coffee.png").path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((json["faces"] as? [Any])?.count, 0)
    }

    func testReadsStandardInput() throws {
        let png = try Data(contentsOf: Self.fixtures.appendingPathComponent("obama.png"))
        let r = try Sharecard.run(["faces", "-", "--json"], stdin: png)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual((json["faces"] as? [Any])?.count, 1)
    }

    /// A JPEG stored sideways with EXIF orientation 6 is decoded upright, as a card's photo
    /// is: the upright size, and the face the upright PNG has at the same place.
    func testJPEGIsReadUprightByItsEXIFOrientation() throws {
        let r = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("obama-exif6.jpg").path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        XCTAssertEqual(json["width"] as? Int, 410)
        XCTAssertEqual(json["height"] as? Int, 512)
        let png = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("obama.png").path, "--json"])
        let expected = try XCTUnwrap((JSONSerialization.jsonObject(with: png.stdout) as? [String: Any])?["faces"] as? [[String: Int]])
        let faces = try XCTUnwrap(json["faces"] as? [[String: Int]])
        XCTAssertEqual(faces.count, 1, "\(faces)")
        XCTAssertEqual(expected.count, 1)
        for key in ["x", "y", "width", "height"] {
            XCTAssertEqual(Double(faces[0][key] ?? -100), Double(expected[0][key] ?? 0), accuracy: 8, "\(key): \(faces[0]) vs \(expected[0])")
        }
    }

    func testFrameGivesTheCropThatKeepsTheFaceAndTheClearEdge() throws {
        // biden.png is 225×512 with the face near the top: a 2:1 crop is 225×112.5, centred on
        // the face and the headroom above it, so it holds the whole face.
        let r = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("biden.png").path, "--frame", "1024x512", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let frame = try XCTUnwrap(json["frame"] as? [String: Any])
        let crop = try XCTUnwrap(frame["crop"] as? [String: Int])
        // The crop is tight: the title bands would cover the hair or the chin.
        XCTAssertTrue(frame["clearEdge"] is NSNull, "\(frame)")
        XCTAssertEqual(crop["width"], 225)
        XCTAssertEqual(crop["height"], 113)
        let face = try XCTUnwrap((json["faces"] as? [[String: Int]])?.first)
        XCTAssertLessThanOrEqual(crop["y"]!, face["y"]!)
        XCTAssertGreaterThanOrEqual(crop["y"]! + crop["height"]!, face["y"]! + face["height"]!)
        XCTAssertEqual(try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("biden.png").path, "--frame", "wide"]).status, 2)
    }

    /// --frame reads a size as --size does: `×` and presets taken, signs and spaces refused.
    func testTheFrameIsReadAsSizesAre() throws {
        let photo = Self.fixtures.appendingPathComponent("biden.png").path
        func crop(_ frame: String) throws -> [String: Int]? {
            let r = try Sharecard.run(["faces", photo, "--frame", frame, "--json"])
            guard r.status == 0 else { return nil }
            let frame = (try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])?["frame"] as? [String: Any]
            return try XCTUnwrap(frame?["crop"] as? [String: Int], frame.debugDescription)
        }
        XCTAssertEqual(try crop("1080x1920"), ["x": 0, "y": 0, "width": 225, "height": 400])
        XCTAssertEqual(try crop("1080×1920"), try crop("1080x1920"))
        XCTAssertEqual(try crop("story"), try crop("1080x1920"))
        XCTAssertNotNil(try crop("1080X1920"))
        for bad in ["+1080x+1920", "1080 x1920", "-1x5", "1e3x5", "0x5", "16385x1", "x", "1080x"] {
            XCTAssertNil(try crop(bad), bad)
        }
    }

    /// A frame far wider or taller than the photo still crops at least one whole pixel of it,
    /// inside the photo: 16384×1 of biden.png (225×512) is 225×0.014 pixels, reported 225×1.
    func testAThinFrameCropsAtLeastOnePixel() throws {
        for (frame, expected) in [("16384x1", (225, 1)), ("1x16384", (1, 512)), ("1x1", (225, 225))] {
            let r = try Sharecard.run(["faces", Self.fixtures.appendingPathComponent("biden.png").path, "--frame", frame, "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
            let crop = try XCTUnwrap((json["frame"] as? [String: Any])?["crop"] as? [String: Int])
            XCTAssertEqual(crop["width"], expected.0, frame)
            XCTAssertEqual(crop["height"], expected.1, frame)
            XCTAssertTrue((0...225 - crop["width"]!).contains(crop["x"]!) && (0...512 - crop["height"]!).contains(crop["y"]!), "\(frame): \(crop)")
        }
    }

    /// A large JPEG is searched reduced (2/8 here) but reported whole: its full size, and each
    /// face where the small fixture has it, scaled up by the enlargement (in full pixels, not in
    /// the 1500×952 decode's).
    func testALargeJPEGIsReportedInItsFullSizesPixels() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("faces-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Self.fixtures.appendingPathComponent("three-faces.png")
        let big = try EnlargedPhoto.jpeg(fromPNGAt: fixture, width: 6000)
        let path = dir.appendingPathComponent("three-faces-6000.jpg")
        try Data(big.bytes).write(to: path)

        func report(_ file: String, _ extra: [String] = []) throws -> [String: Any] {
            let r = try Sharecard.run(["faces", file, "--json"] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        }
        let json = try report(path.path, ["--frame", "1024x576"])
        XCTAssertEqual(json["width"] as? Int, 6000)
        XCTAssertEqual(json["height"] as? Int, 3807)
        let faces = try XCTUnwrap(json["faces"] as? [[String: Int]])
        let small = try XCTUnwrap(try report(fixture.path)["faces"] as? [[String: Int]])
        XCTAssertEqual(small.count, 3)
        XCTAssertEqual(faces.count, small.count, "\(faces)")
        let k = 6000.0 / 807
        func rect(_ f: [String: Int], _ scale: Double = 1) -> (Double, Double, Double, Double) {
            (Double(f["x"]!) * scale, Double(f["y"]!) * scale, Double(f["width"]!) * scale, Double(f["height"]!) * scale)
        }
        func iou(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> Double {
            let w = min(a.0 + a.2, b.0 + b.2) - max(a.0, b.0), h = min(a.1 + a.3, b.1 + b.3) - max(a.1, b.1)
            let both = max(w, 0) * max(h, 0)
            return both / (a.2 * a.3 + b.2 * b.3 - both)
        }
        for face in small.map({ rect($0, k) }) {
            let best = faces.map { iou(rect($0), face) }.max() ?? 0
            XCTAssertGreaterThanOrEqual(best, 0.8, "fixture face \(face) ×\(k): best IoU \(best) among \(faces)")
        }
        // The crop is in the same pixels: 16:9 inside a 1.58:1 photo, as wide as the photo.
        let crop = try XCTUnwrap((json["frame"] as? [String: Any])?["crop"] as? [String: Int])
        XCTAssertEqual(crop["x"], 0)
        XCTAssertEqual(crop["width"], 6000)
        XCTAssertEqual(Double(crop["height"]!), 6000 * 9 / 16, accuracy: 1)
        XCTAssertLessThanOrEqual(crop["y"]! + crop["height"]!, 3807)
    }

    func testBadInputIsAOneLineErrorNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("faces-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.png")
        try Data("not a picture".utf8).write(to: text)
        let truncated = dir.appendingPathComponent("truncated.png")
        try Data(try Data(contentsOf: Self.fixtures.appendingPathComponent("obama.png")).prefix(5000)).write(to: truncated)
        for path in [text.path, truncated.path, dir.appendingPathComponent("missing.png").path] {
            let r = try Sharecard.run(["faces", path, "--json"])
            XCTAssertEqual(r.status, 1, "\(path): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("sharecard faces: ") && r.stderr.contains(path), r.stderr)
            XCTAssertTrue(r.stdout.isEmpty)
        }
        XCTAssertEqual(try Sharecard.run(["faces"]).status, 2)
    }
}
