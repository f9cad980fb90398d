import CPixman
import Geometry
@testable import Raster
import TestSupport
import XCTest

/// `CoverageMask` is a value: copies are independent and drawing never changes a mask.
final class CoverageMaskTests: XCTestCase {
    var rng = SeededGenerator(seed: 0xC0FE)

    private func randomMask(_ bounds: PixelRect) -> CoverageMask {
        var mask = CoverageMask(bounds: bounds)
        for y in 0..<bounds.height {
            mask.withMutableRow(y) { row in
                for x in row.indices { row[x] = UInt8.random(in: 0...255, using: &rng) }
            }
        }
        return mask
    }

    func testFillWithAClipLeavesBothMasksUnchanged() throws {
        let canvas = try Canvas(size: Size(width: 40, height: 30), background: .white)
        let coverage = randomMask(PixelRect(x: 2, y: 3, width: 30, height: 20))
        let clip = canvas.makeClip(rect: Rect(x: 10, y: 0, width: 10, height: 30))
        let (coverageBefore, clipBefore) = (coverage, clip)
        let bytesBefore = (0..<coverage.bounds.height).map { y in coverage.withRow(y) { Array($0) } }
        canvas.fill(coverage, with: .solid(.black), clip: clip)
        XCTAssertEqual(coverage, coverageBefore)
        XCTAssertEqual((0..<coverage.bounds.height).map { y in coverage.withRow(y) { Array($0) } }, bytesBefore,
                       "the caller's coverage must not be multiplied by the clip")
        XCTAssertEqual(clip, clipBefore)
        // It did draw: inside the clip and the coverage, not outside the clip.
        XCTAssertNotEqual(canvas.pixel(x: 15, y: 10), 0xFFFF_FFFF)
        XCTAssertEqual(canvas.pixel(x: 25, y: 10), 0xFFFF_FFFF)
    }

    func testCopiesAreIndependent() {
        var a = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: 3, height: 2))
        let b = a
        a[1, 1] = 200
        XCTAssertEqual(a[1, 1], 200)
        XCTAssertEqual(b[1, 1], 0)
        XCTAssertNotEqual(a, b)
        var c = b
        c.withUnsafeMutableBytes { $0[0] = 9 }
        XCTAssertEqual(b[0, 0], 0)
        XCTAssertEqual(c[0, 0], 9)
    }

    func testEqualityIgnoresRowPadding() {
        var a = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: 3, height: 2))
        let b = a
        XCTAssertEqual(a.strideBytes, 4)
        a.withUnsafeMutableBytes { $0[3] = 1 }  // the padding byte of row 0
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, CoverageMask(bounds: PixelRect(x: 1, y: 0, width: 3, height: 2)))
    }

    func testRowsAreTheWidthOfTheMask() {
        var mask = CoverageMask(bounds: PixelRect(x: 5, y: 5, width: 5, height: 3))
        XCTAssertEqual(mask.withRow(2) { $0.count }, 5)
        mask.withMutableRow(1) { $0.update(repeating: 7) }
        XCTAssertEqual((0..<5).map { mask[$0, 1] }, [7, 7, 7, 7, 7])
        XCTAssertEqual((0..<5).map { mask[$0, 0] } + (0..<5).map { mask[$0, 2] }, [UInt8](repeating: 0, count: 10))
    }

    /// The intersection equals pixman's IN operator (what clipping used to run), over the
    /// overlap of the two masks.
    func testIntersectionEqualsPixmanIn() throws {
        for trial in 0..<20 {
            let a = randomMask(PixelRect(x: Int.random(in: -5...5, using: &rng), y: Int.random(in: -5...5, using: &rng),
                                         width: Int.random(in: 1...23, using: &rng), height: Int.random(in: 1...9, using: &rng)))
            let b = randomMask(PixelRect(x: Int.random(in: -5...5, using: &rng), y: Int.random(in: -5...5, using: &rng),
                                         width: Int.random(in: 1...23, using: &rng), height: Int.random(in: 1...9, using: &rng)))
            let overlap = a.bounds.intersection(b.bounds)
            guard let both = a.intersection(b) else {
                XCTAssertTrue(overlap.isEmpty, "trial \(trial)")
                continue
            }
            XCTAssertEqual(both.bounds, overlap)
            XCTAssertEqual(b.intersection(a), both, "trial \(trial): symmetric")
            // pixman: destination = a's overlap, IN source b.
            var reference = CoverageMask(bounds: overlap)
            for y in 0..<overlap.height {
                for x in 0..<overlap.width { reference[x, y] = a[x + overlap.x - a.bounds.x, y + overlap.y - a.bounds.y] }
            }
            let stride = reference.strideBytes
            reference.withUnsafeMutableBytes { bytes in
                let destination = PixmanImage(pixman_image_create_bits(
                    PIXMAN_a8, Int32(overlap.width), Int32(overlap.height),
                    UnsafeMutableRawPointer(bytes.baseAddress!).assumingMemoryBound(to: UInt32.self), Int32(stride))!)
                b.withPixmanImage { source in
                    composite(PIXMAN_OP_IN, source: source, mask: nil, destination: destination,
                              sourceOrigin: (overlap.x - b.bounds.x, overlap.y - b.bounds.y),
                              destinationRect: PixelRect(x: 0, y: 0, width: overlap.width, height: overlap.height))
                }
            }
            XCTAssertEqual(both, reference, "trial \(trial)")
        }
    }

    func testClipOutsideTheCoverageDrawsNothing() throws {
        let canvas = try Canvas(size: Size(width: 20, height: 20), background: .white)
        var coverage = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: 5, height: 5))
        for y in 0..<5 { coverage.withMutableRow(y) { $0.update(repeating: 255) } }
        let clip = canvas.makeClip(rect: Rect(x: 10, y: 10, width: 5, height: 5))
        XCTAssertNil(coverage.intersection(clip))
        canvas.fill(coverage, with: .solid(.black), clip: clip)
        XCTAssertTrue(canvas.makeImage().premultipliedARGB.allSatisfy { $0 == 0xFFFF_FFFF })
    }
}
