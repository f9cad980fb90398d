import Foundation
import Photos
import Raster
import XCTest

/// A black-and-white photo's grey ICC profile is read as lcms2, Chrome and Firefox read it
/// (before, a JPEG's was ignored and a PNG's too, so a "Gray gamma 1.8" photo came out with its
/// mid-tones up to 19 levels dark). The fixtures (make-grey-profile-fixtures.py) are a ramp of
/// 32 greys under that profile; the reference is Pillow's ImageCms (lcms2) conversion of it.
final class GreyProfileTests: XCTestCase {
    static let reference = Result { try Image(pngData: PhotoFixtures.bytes("grey-gamma18-srgb-pillow.png")) }

    func testAGreyJPEGOrPNGIsReadThroughItsProfile() throws {
        let reference = try Self.reference.get()
        for name in ["grey-gamma18.jpg", "grey-gamma18.png"] {
            let photo = try Photo(data: PhotoFixtures.bytes(name))
            // Both are lcms2 transforms at 8 bits from the same values: at most one level apart.
            XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(photo.image, reference), 1, name)
            // Stored 128 is 146 in sRGB: not the stored value.
            XCTAssertEqual(PhotoFixtures.argb(photo.image, 16 * 8 + 3, 4).g, 146, accuracy: 1, name)
        }
    }

    func testAGreyAndAlphaPNGKeepsItsAlpha() throws {
        let photo = try Photo(data: PhotoFixtures.bytes("grey-alpha-gamma18.png"))
        let opaque = PhotoFixtures.argb(photo.image, 64 + 3, 4), half = PhotoFixtures.argb(photo.image, 192 + 3, 4)
        XCTAssertEqual(opaque.a, 255)
        XCTAssertEqual(half.a, 128)
        // Premultiplied: the grey at 192 stored is 203 in sRGB, times 128/255.
        XCTAssertEqual(Double(half.g), 203.0 * 128 / 255, accuracy: 1.5)
        XCTAssertEqual(opaque.g, 81, accuracy: 1, "stored 64 is 81 in sRGB")
    }
}
