import Caching
import Raster
import XCTest

/// A decoder's pixels become an image's without a copy: the image reads that memory, and
/// hands it back exactly once when the last copy of the image goes; a refused size takes
/// nothing over.
final class AdoptedPixelsTests: XCTestCase {
    func testTheImageReadsTheMemoryAndReleasesItOnce() throws {
        let released = LockedValue<[UInt]>([])  // the addresses handed back
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 6)
        memory.initialize(from: [0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x8080_8080, 0], count: 6)
        do {
            let image = try Image(width: 3, height: 2, adoptingPremultipliedARGB: memory) { pointer in
                released.withLock { $0.append(UInt(bitPattern: pointer)) }
                pointer.deallocate()
            }
            let copy = image
            XCTAssertEqual(copy.pixel(x: 1, y: 1), 0x8080_8080)
            XCTAssertEqual(image.premultipliedARGB, [0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x8080_8080, 0])
            XCTAssertTrue(released.withLock { $0.isEmpty })
        }
        XCTAssertEqual(released.withLock { $0 }, [UInt(bitPattern: memory)])
    }

    func testARefusedSizeTakesNothingOver() {
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        defer { memory.deallocate() }
        for (width, height) in [(0, 1), (1, -1), (Int.max, 2), (Int.max / 4, 2)] {
            XCTAssertThrowsError(try Image(width: width, height: height, adoptingPremultipliedARGB: memory) { _ in
                XCTFail("released memory it did not take")
            })
        }
    }
}
