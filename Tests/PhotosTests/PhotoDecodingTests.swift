import Geometry
import Photos
import Raster
import TestSupport
import XCTest

/// Correct pixels for every kind of photo the issue lists, checked against Pillow's decode
/// of the same files (references written by Fixtures/make-fixtures.py) or known colours.
final class PhotoDecodingTests: XCTestCase {
    private func decode(_ name: String, width: Int = 0, height: Int = 0) throws -> Photo {
        try Photo(data: try PhotoFixtures.bytes(name), targetWidth: width, targetHeight: height)
    }

    private func reference(_ name: String) throws -> Image {
        try Image(pngData: try PhotoFixtures.bytes(name))
    }

    func testBaselineProgressiveAndGreyJPEGsMatchPillow() throws {
        for (file, ref) in [("chelsea.jpg", "chelsea-pillow.png"), ("chelsea-progressive.jpg", "chelsea-progressive-pillow.png"),
                            ("chelsea-gray.jpg", "chelsea-gray-pillow.png")] {
            let photo = try decode(file)
            XCTAssertEqual(photo.format, .jpeg)
            XCTAssertEqual([photo.image.width, photo.image.height], [96, 64], file)
            XCTAssertTrue(photo.image.isOpaque, file)
            // Both are libjpeg's islow IDCT with fancy upsampling; allow rounding differences.
            XCTAssertLessThanOrEqual(PhotoFixtures.maxDifference(photo.image, try reference(ref)), 3, file)
        }
    }

    /// Halvings only: 3/8, 5/8, 6/8 and 7/8 would be smaller, but libjpeg's IDCTs for them fold
    /// fine detail back as moiré (1-px stripes came out as coarse bands at 3/8).
    func testDCTScalingPicksTheSmallestReductionCoveringTheTarget() throws {
        // 96×64: 1/8 → 12×8, 2/8 → 24×16, 4/8 → 48×32 (3/8, 36×24, never).
        let cases: [(Int, Int, Int, Int)] = [(12, 8, 12, 8), (13, 8, 24, 16), (30, 10, 48, 32), (40, 30, 48, 32),
                                             (49, 10, 96, 64), (96, 64, 96, 64), (200, 100, 96, 64), (0, 0, 96, 64)]
        for (tw, th, w, h) in cases {
            let photo = try decode("chelsea.jpg", width: tw, height: th)
            XCTAssertEqual([photo.image.width, photo.image.height], [w, h], "target \(tw)×\(th)")
            XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [96, 64])
        }
    }

    /// Quadrants red, green, blue, white (top-left, top-right, bottom-left, bottom-right)
    /// when upright; each fixture stores them turned for its EXIF orientation.
    private func assertUprightQuadrants(_ image: Image, _ label: String) {
        XCTAssertEqual([image.width, image.height], [48, 32], label)
        let samples = [(6, 4), (42, 4), (6, 28), (42, 28)].map { PhotoFixtures.argb(image, $0.0, $0.1) }
        let expected = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        for (got, want) in zip(samples, expected) {
            XCTAssertLessThanOrEqual(max(abs(got.r - want.0), abs(got.g - want.1), abs(got.b - want.2)), 12,
                                     "\(label): got \(got), want \(want)")
        }
    }

    func testAllEightEXIFOrientationsComeOutUpright() throws {
        for orientation in 1...8 {
            let photo = try decode("orientation-\(orientation).jpg")
            XCTAssertEqual(photo.orientation, orientation)
            assertUprightQuadrants(photo.image, "orientation \(orientation)")
        }
    }

    func testTargetIsSwappedForTransposingOrientations() throws {
        // Stored 32×48, upright 48×32: a 24×16 target must give 24×16 upright (2/8), not 16×24.
        let photo = try decode("orientation-6.jpg", width: 24, height: 16)
        XCTAssertEqual([photo.image.width, photo.image.height], [24, 16])
        XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [48, 32])
    }

    /// A longer-side target (face detection's) takes the smallest reduction whose longer side
    /// reaches it; a covering target (a card's) needs both sides there.
    func testLongerSideTargetPicksTheSmallestReductionKeepingIt() throws {
        let data = try PhotoFixtures.bytes("chelsea.jpg")
        // 96×64: 1/8 → 12×8, 2/8 → 24×16, 4/8 → 48×32; a 20×20 cover needs 4/8, a 20 side 2/8.
        for (side, w, h) in [(12, 12, 8), (13, 24, 16), (20, 24, 16), (24, 24, 16), (25, 48, 32), (96, 96, 64), (500, 96, 64), (0, 96, 64)] {
            let photo = try Photo(data: data, longerSideAtLeast: side)
            XCTAssertEqual([photo.image.width, photo.image.height], [w, h], "longer side \(side)")
            XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [96, 64])
        }
        XCTAssertEqual(try decode("chelsea.jpg", width: 20, height: 20).image.width, 48)
        // Out of range asks for the whole photo, never a crash.
        for side in [-5, Int.max, Int.min] {
            XCTAssertEqual(try Photo(data: data, longerSideAtLeast: side).image.width, 96, "longer side \(side)")
        }
        // Stored 32×48, upright 48×32: the longer upright side, whichever stored side it is.
        let turned = try Photo(data: try PhotoFixtures.bytes("orientation-6.jpg"), longerSideAtLeast: 12)
        XCTAssertEqual([turned.image.width, turned.image.height], [12, 8])
        XCTAssertEqual([turned.sourceWidth, turned.sourceHeight], [48, 32])
        // WebP scales to the side itself, the other in proportion.
        let webp = try Photo(data: try PhotoFixtures.bytes("chelsea.webp"), longerSideAtLeast: 30)
        XCTAssertEqual([webp.image.width, webp.image.height], [30, 20])
        // PNG is reduced by whole boxes while at least twice the side: 96 / 16 = 6, so 16×11
        // (64 / 6 rounded up: a last row of boxes 4 pixels tall); whole below twice the side.
        let png = try Photo(data: try PhotoFixtures.bytes("p3-chelsea.png"), longerSideAtLeast: 8)
        XCTAssertEqual([png.image.width, png.image.height, png.sourceWidth, png.sourceHeight], [16, 11, 96, 64])
        let wholePNG = try Photo(data: try PhotoFixtures.bytes("p3-chelsea.png"), longerSideAtLeast: 49)
        XCTAssertEqual([wholePNG.image.width, wholePNG.image.height], [96, 64])
    }

    /// Phone-sized photos made at test time (one flat grey each, 190 KB at 48 MP): the sizes
    /// `sharecard faces` decodes them at, and a box found there mapped to the whole photo.
    func testLargeJPEGsAreReducedToTheLongerSideAndBoxesMapBack() throws {
        for (w, h, dw, dh) in [(6000, 4000, 750, 500), (8064, 6048, 1008, 756), (4032, 3024, 1008, 756), (5000, 700, 1250, 175),
                               (3000, 2000, 750, 500), (600, 400, 600, 400)] {
            let photo = try Photo(data: FlatJPEG.file(width: w, height: h), longerSideAtLeast: 704, limits: .photo)
            XCTAssertEqual([photo.image.width, photo.image.height], [dw, dh], "\(w)×\(h)")
            XCTAssertEqual([photo.sourceWidth, photo.sourceHeight], [w, h])
        }
        let photo = try Photo(data: FlatJPEG.file(width: 6000, height: 4000), longerSideAtLeast: 704, limits: .photo)
        XCTAssertEqual(photo.inSourcePixels(Rect(x: 10, y: 20, width: 30, height: 40)), Rect(x: 80, y: 160, width: 240, height: 320))
        // A side that is not a multiple of 8 (⌈6001/8⌉ = 751): the decoded edges land on the photo's.
        let odd = try Photo(data: FlatJPEG.file(width: 6001, height: 4001), longerSideAtLeast: 704, limits: .photo)
        XCTAssertEqual([odd.image.width, odd.image.height], [751, 501])
        let all = odd.inSourcePixels(Rect(x: 0, y: 0, width: 751, height: 501))
        XCTAssertEqual(all.width, 6001, accuracy: 1e-9)
        XCTAssertEqual(all.height, 4001, accuracy: 1e-9)
        let whole = try Photo(data: FlatJPEG.file(width: 600, height: 400), longerSideAtLeast: 704)
        XCTAssertEqual(whole.inSourcePixels(Rect(x: 1.5, y: 2, width: 3, height: 4)), Rect(x: 1.5, y: 2, width: 3, height: 4))
    }

    func testWebPWithEXIFOrientation() throws {
        let photo = try decode("orientation-6.webp")
        XCTAssertEqual(photo.format, .webp)
        XCTAssertEqual(photo.orientation, 6)
        assertUprightQuadrants(photo.image, "WebP orientation 6")
    }

    func testLossyWebPIsScaledInTheDecoder() throws {
        let full = try decode("chelsea.webp")
        XCTAssertEqual([full.image.width, full.image.height], [96, 64])
        let reduced = try decode("chelsea.webp", width: 30, height: 10)
        XCTAssertEqual([reduced.image.width, reduced.image.height], [30, 20])
    }

    func testWebPAlphaIsPremultiplied() throws {
        let image = try decode("alpha.webp").image
        XCTAssertTrue(PhotoFixtures.argb(image, 2, 2) == (255, 255, 128, 0))
        let half = PhotoFixtures.argb(image, 12, 2)
        XCTAssertEqual(half.a, 128)
        XCTAssertEqual([half.r, half.g], [0, 0])
        XCTAssertEqual(half.b, 128)
    }

    /// An animated WebP is its first frame, as a viewer that does not animate shows it (and as
    /// an animated PNG is its default image): composed on the canvas, which starts transparent.
    func testAnAnimatedWebPIsItsFirstFrame() throws {
        let chelsea = try reference("chelsea-pillow.png")  // the frame, stored losslessly
        let whole = try decode("animated.webp", width: 30, height: 10)
        XCTAssertEqual(whole.format, .webp)
        XCTAssertEqual([whole.image.width, whole.image.height], [96, 64], "an animation's frame comes whole")
        XCTAssertEqual(whole.image.premultipliedARGB, chelsea.premultipliedARGB, "not the second, mirrored frame")

        let offset = try decode("animated-offset.webp").image
        XCTAssertEqual([offset.width, offset.height], [106, 84])
        for (x, y) in [(0, 0), (9, 19), (9, 83), (105, 19), (50, 10), (5, 50)] {
            XCTAssertTrue(PhotoFixtures.argb(offset, x, y) == (0, 0, 0, 0), "(\(x), \(y)) is off the first frame")
        }
        for (x, y) in [(0, 0), (95, 63), (40, 30), (7, 55)] {
            XCTAssertTrue(PhotoFixtures.argb(offset, 10 + x, 20 + y) == PhotoFixtures.argb(chelsea, x, y), "(\(x), \(y))")
        }
        // Cut short, it is corrupt, never a partial frame.
        let bytes = try PhotoFixtures.bytes("animated.webp")
        for length in stride(from: 0, to: bytes.count, by: 501) {
            XCTAssertThrowsError(try Photo(data: Array(bytes.prefix(length))), "cut at \(length)")
        }
    }

    func testAdobeCMYKJPEGMatchesPillow() throws {
        // Pillow reads this file as cyan, magenta, yellow and white.
        let image = try decode("cmyk.jpg").image
        let expected = [(4, 4, (0, 255, 255)), (20, 4, (255, 0, 255)), (4, 20, (255, 255, 0)), (20, 20, (255, 255, 255))]
        for (x, y, want) in expected {
            let got = PhotoFixtures.argb(image, x, y)
            XCTAssertLessThanOrEqual(max(abs(got.r - want.0), abs(got.g - want.1), abs(got.b - want.2)), 6, "(\(x), \(y)): \(got)")
        }
    }

    func testCMYKJPEGWithoutTheAdobeMarkerIsReadAsAdobeWritesIt() throws {
        // The same file without its APP14 segment (right after SOI, 16 bytes): libjpeg still
        // reads four components as CMYK, and the ink is taken as inverted, as Pillow
        // ("assume adobe conventions") and browsers take it; read the other way it is black.
        let bytes = try PhotoFixtures.bytes("cmyk.jpg")
        XCTAssertEqual(Array(bytes[2..<4]), [0xFF, 0xEE])
        let length = Int(bytes[4]) << 8 | Int(bytes[5])
        let stripped = Array(bytes[0..<2]) + Array(bytes[(4 + length)...])
        let image = try Photo(data: stripped).image
        XCTAssertEqual(image.premultipliedARGB, try decode("cmyk.jpg").image.premultipliedARGB)
    }

    func testNonSRGBProfileIsConverted() throws {
        // The embedded profile swaps red and green primaries: Pillow's ImageCms turns the
        // stored red quadrant into sRGB green and the green one into red.
        let image = try decode("swapped-profile.jpg").image
        let topLeft = PhotoFixtures.argb(image, 6, 4), topRight = PhotoFixtures.argb(image, 42, 4)
        XCTAssertTrue(topLeft.g > 240 && topLeft.r < 15 && topLeft.b < 15, "\(topLeft)")
        XCTAssertTrue(topRight.r > 240 && topRight.g < 15 && topRight.b < 15, "\(topRight)")
    }

    func testSixteenBitAndTransparentPalettePNGs() throws {
        let deep = try decode("deep-16bit.png").image
        XCTAssertEqual([deep.width, deep.height], [16, 4])
        // Red ramps 0…65535 over 16 columns: column 15 is full, column 0 none; green, 32768,
        // is 128 as Pillow and browsers show it (untagged 16-bit samples are sRGB).
        let left = PhotoFixtures.argb(deep, 0, 0), right = PhotoFixtures.argb(deep, 15, 3)
        XCTAssertTrue(left.a == 255 && left.r == 0 && left.g == 128 && left.b == 255, "\(left)")
        XCTAssertTrue(right.a == 255 && right.r == 255 && right.g == 128 && right.b == 0, "\(right)")
        let palette = try decode("palette-transparent.png").image
        XCTAssertTrue(PhotoFixtures.argb(palette, 2, 2) == (255, 255, 128, 0))
        XCTAssertTrue(PhotoFixtures.argb(palette, 12, 2) == (0, 0, 0, 0))
    }
}
