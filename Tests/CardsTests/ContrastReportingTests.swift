@testable import Cards
import Raster
import XCTest

/// A reported contrast never rounds up onto a WCAG threshold (3, 4.5, 7) the colour misses, so
/// a client comparing `contrast >= 4.5` is never misled; elsewhere it is rounded to the nearest.
final class ContrastReportingTests: XCTestCase {
    func testARatioJustUnderAThresholdIsNotRoundedOntoIt() {
        XCTAssertEqual(Contrast.reported(4.4999), 4.499)
        XCTAssertEqual(Contrast.reported(2.9983), 2.998)
        XCTAssertEqual(Contrast.reported(6.996), 6.996)
        XCTAssertEqual(Contrast.text(4.4999), "4.499")
        XCTAssertEqual(Contrast.text(4.46, decimals: 1), "4.46")
        XCTAssertEqual(Contrast.text(2.96, decimals: 1), "2.96")
    }

    func testOtherRatiosAreRoundedToTheNearest() {
        XCTAssertEqual(Contrast.reported(4.5), 4.5)
        XCTAssertEqual(Contrast.reported(4.504), 4.5)
        XCTAssertEqual(Contrast.reported(4.486), 4.49)
        XCTAssertEqual(Contrast.reported(21), 21)
        XCTAssertEqual(Contrast.text(4.5), "4.50")
        XCTAssertEqual(Contrast.text(4.44, decimals: 1), "4.4")
        XCTAssertEqual(Contrast.text(5.26, decimals: 1), "5.3")
    }

    /// #006ffb against white: 4.49989 from WCAG 2's relative luminance (0.183339 for
    /// the blue; 1.05 / (0.183339 + 0.05), worked out apart from the code): reported 4.499.
    func testAHexColourJustUnderBodyTextContrast() throws {
        let ratio = Color(hex: "#ffffff")!.contrastRatio(with: Color(hex: "#006ffb")!)
        XCTAssertEqual(ratio, 4.4999, accuracy: 0.0001)
        XCTAssertLessThan(Contrast.reported(ratio), Contrast.bodyTextMinimum)
    }
}
