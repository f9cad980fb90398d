import Faces
import Foundation
import Geometry
import Raster
import XCTest

/// Scores the detector with its standard settings against hand-labelled boxes
/// (Fixtures/labels.json, provenance in Fixtures/README.md): every labelled face must be found
/// with IoU ≥ 0.5, and nothing may be found on the photos without faces.
final class FaceDetectionScoringTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func labels() throws -> [String: [Rect]] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("labels.json"))
        let raw = try JSONDecoder().decode([String: [[Double]]].self, from: data)
        return raw.mapValues { boxes in boxes.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } }
    }

    static func image(_ name: String) throws -> Image {
        try Image(pngData: Array(try Data(contentsOf: fixtures.appendingPathComponent(name))))
    }

    func testEveryLabelledFaceFoundAndNoneOnPhotosWithoutFaces() throws {
        let detector = try FaceDetector()
        let labels = try Self.labels()
        XCTAssertGreaterThanOrEqual(labels.values.filter { !$0.isEmpty }.count, 5)
        XCTAssertGreaterThanOrEqual(labels.values.filter { $0.isEmpty }.count, 3)
        var labelled = 0, found = 0, detections = 0, correct = 0
        for name in labels.keys.sorted() {
            let truth = labels[name]!
            let faces = try detector.faces(in: try Self.image(name)).map(\.bounds)
            labelled += truth.count
            detections += faces.count
            for box in truth {
                let best = faces.map { intersectionOverUnion($0, box) }.max() ?? 0
                XCTAssertGreaterThanOrEqual(best, 0.5, "\(name): labelled face \(box) not found (best IoU \(best)); found \(faces)")
                if best >= 0.5 { found += 1 }
            }
            correct += faces.filter { face in truth.contains { intersectionOverUnion(face, $0) >= 0.5 } }.count
            if truth.isEmpty { XCTAssertEqual(faces, [], "\(name) has no face") }
        }
        let recall = Double(found) / Double(labelled)
        let precision = detections == 0 ? 1 : Double(correct) / Double(detections)
        print(String(format: "faces: recall %d/%d = %.2f, precision %d/%d = %.2f", found, labelled, recall, correct, detections, precision))
        XCTAssertEqual(precision, 1, "every detection should match a labelled face")
    }

    func testFacesAreInTheImagesPixelsWhateverTheWorkingSize() throws {
        // The same face found at two working sizes lands in the same place: boxes are scaled back.
        let image = try Self.image("obama.png")
        let small = try FaceDetector(settings: try .init(workingSidePixels: 200)).faces(in: image)
        let full = try FaceDetector(settings: try .init(workingSidePixels: 0)).faces(in: image)
        XCTAssertEqual(small.count, 1)
        XCTAssertEqual(full.count, 1)
        XCTAssertGreaterThan(intersectionOverUnion(small[0].bounds, full[0].bounds), 0.7)
    }

    func testIntersectionOverUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(intersectionOverUnion(a, a), 1)
        XCTAssertEqual(intersectionOverUnion(a, Rect(x: 5, y: 0, width: 10, height: 10)), 50.0 / 150.0, accuracy: 1e-12)
        XCTAssertEqual(intersectionOverUnion(a, Rect(x: 20, y: 20, width: 5, height: 5)), 0)
    }
}

/// Area of the intersection over area of the union; 0 for disjoint boxes.
func intersectionOverUnion(_ a: Rect, _ b: Rect) -> Double {
    let w = min(a.maxX, b.maxX) - max(a.minX, b.minX), h = min(a.maxY, b.maxY) - max(a.minY, b.minY)
    guard w > 0, h > 0 else { return 0 }
    let inter = w * h
    return inter / (a.width * a.height + b.width * b.height - inter)
}
