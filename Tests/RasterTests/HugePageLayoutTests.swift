@testable import Raster
import XCTest

/// Which pixel buffers take transparent huge pages, and how much memory they reserve.
final class HugePageLayoutTests: XCTestCase {
    private let huge = PixelBuffer.hugePageBytes

    func testSmallBuffersStayInOrdinaryPages() {
        XCTAssertNil(PixelBuffer.hugePageLayout(bytes: 4))
        XCTAssertNil(PixelBuffer.hugePageLayout(bytes: 300 * 300 * 4))          // 352 KiB
        XCTAssertNil(PixelBuffer.hugePageLayout(bytes: PixelBuffer.hugePageRoundingThreshold - 1))
    }

    func testMostOfAHugePageIsRoundedUpToOne() throws {
        let layout = try XCTUnwrap(PixelBuffer.hugePageLayout(bytes: 1 << 20))
        XCTAssertEqual(layout.reserved, huge)
        XCTAssertTrue(layout.rounded)
        XCTAssertEqual(PixelBuffer.hugePageLayout(bytes: PixelBuffer.hugePageRoundingThreshold)?.reserved, huge)
    }

    func testCardPresetsByTheirTails() throws {
        // 1024×576: 2 MiB and 256 KiB, the tail left in small pages.
        let card = try XCTUnwrap(PixelBuffer.hugePageLayout(bytes: 1024 * 576 * 4))
        XCTAssertEqual(card.reserved, 1024 * 576 * 4)
        XCTAssertFalse(card.rounded)
        // 1200×630: 2 MiB and 930 KiB, rounded up to two huge pages.
        let og = try XCTUnwrap(PixelBuffer.hugePageLayout(bytes: 1200 * 630 * 4))
        XCTAssertEqual(og.reserved, 2 * huge)
        XCTAssertTrue(og.rounded)
        // 1080×1080: 4 MiB and 460 KiB; 1080×1920: 6 MiB and 1.9 MiB; 1500×500: 2 MiB and 882 KiB.
        XCTAssertEqual(PixelBuffer.hugePageLayout(bytes: 1080 * 1080 * 4)?.reserved, 3 * huge)
        XCTAssertEqual(PixelBuffer.hugePageLayout(bytes: 1080 * 1920 * 4)?.reserved, 4 * huge)
        XCTAssertEqual(PixelBuffer.hugePageLayout(bytes: 1500 * 500 * 4)?.reserved, 2 * huge)
    }

    func testRoundedBuffersHoldTheirPixels() {
        // 600×480 (1.1 MiB) and 1200×630: every pixel written and read back through pixman's fill.
        for (width, height) in [(600, 480), (1200, 630), (1024, 576)] {
            let buffer = PixelBuffer(width: width, height: height, fill: 0xFF12_3456)
            XCTAssertEqual(buffer.pixels[0], 0xFF12_3456)
            XCTAssertEqual(buffer.pixels[buffer.count - 1], 0xFF12_3456)
            if width * height * 4 >= huge || PixelBuffer.transparentHugePagesOnAdvice {
                XCTAssertEqual(Int(bitPattern: buffer.pixels) % huge, 0, "\(width)×\(height) starts on a huge page")
            }
        }
    }

    /// The kernel's mode line, active mode in brackets: advice is taken under `always` and
    /// `madvise`, not under `never`.
    func testModeLineIsReadByItsBracketedMode() {
        func onAdvice(_ line: String) -> Bool { PixelBuffer.hugePagesOnAdvice(modeLine: ArraySlice(line.utf8)) }
        XCTAssertTrue(onAdvice("[always] madvise never\n"))
        XCTAssertTrue(onAdvice("always [madvise] never\n"))
        XCTAssertFalse(onAdvice("always madvise [never]\n"))
        XCTAssertFalse(onAdvice(""))
        XCTAssertFalse(onAdvice("always madvise never"))
    }
}
