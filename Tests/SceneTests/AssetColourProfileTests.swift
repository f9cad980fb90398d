import Foundation
import Photos
import Raster
import Scene
import TestSupport
import XCTest

/// A template's PNG image is decoded as a user's photo is: a colour profile other than sRGB
/// (an iCCP profile, or cHRM primaries) is converted, so the asset looks the same as the same
/// file sent as a photo, not like its stored values read as sRGB.
final class AssetColourProfileTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("asset-colour-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    /// 4×4 pixels of one saturated orange, under cHRM naming Display P3's primaries and D65.
    static let p3Orange: [UInt8] = {
        let row = [UInt8(0)] + Array([[UInt8]](repeating: [230, 120, 40], count: 4).joined())
        let p3 = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap(HandBuiltPNG.bigEndian32)
        return HandBuiltPNG.file(width: 4, height: 4, colorType: 2, extra: [HandBuiltPNG.chunk("cHRM", p3)],
                                 raw: Array([[UInt8]](repeating: row, count: 4).joined()))
    }()

    func asset(_ bytes: [UInt8], decodeNow: Bool = false) throws -> ImageAsset {
        try Data(bytes).write(to: directory.appendingPathComponent("tagged.png"))
        return try ImageAsset(name: "tagged.png", relativeTo: directory, limits: .default, decodeNow: decodeNow)
    }

    /// The largest per-channel difference between two images' premultiplied words.
    func maxDifference(_ a: Image, _ b: Image) -> Int {
        var worst = 0
        for (p, q) in zip(a.premultipliedARGB, b.premultipliedARGB) {
            for shift: UInt32 in [0, 8, 16, 24] {
                worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
            }
        }
        return worst
    }

    func testPrimariesAreConvertedAsForAPhoto() throws {
        let photo = try Photo(data: Self.p3Orange).image
        let stored = try Image(pngData: Self.p3Orange)
        for decodeNow in [false, true] {
            let image = try asset(Self.p3Orange, decodeNow: decodeNow).image()
            XCTAssertEqual(image.premultipliedARGB, photo.premultipliedARGB, "decodeNow: \(decodeNow)")
        }
        // P3's orange lies outside sRGB's: the conversion moves it by many levels.
        XCTAssertGreaterThan(maxDifference(photo, stored), 20)
    }

    func testAnICCProfileMatchesPillowsConversion() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("PhotosTests/Fixtures")
        let tagged = Array(try Data(contentsOf: fixtures.appendingPathComponent("p3-chelsea.png")))
        // Pillow's ImageCms conversion of the same stored values to sRGB (make-icc-fixtures.py).
        let reference = try Image(pngData: Array(try Data(contentsOf: fixtures.appendingPathComponent("p3-chelsea-srgb-pillow.png"))))
        let image = try asset(tagged).image()
        XCTAssertLessThanOrEqual(maxDifference(image, reference), 1)
        XCTAssertGreaterThan(maxDifference(try Image(pngData: tagged), reference), 20)
    }

    func testASceneDrawsTheConvertedColour() throws {
        try Data(Self.p3Orange).write(to: directory.appendingPathComponent("tagged.png"))
        var parser = SceneParser(baseDirectory: directory)
        let scene = try parser.parse(Data(##"{"width": 4, "height": 4, "background": "#000000", "elements": [{"type": "image", "src": "tagged.png", "frame": [0, 0, 4, 4]}]}"##.utf8))
        let drawn = try scene.render(SceneBindings(values: [:], colors: SceneBindings.sample.colors, photo: nil)).pixel(x: 2, y: 2)
        XCTAssertEqual(drawn, try Photo(data: Self.p3Orange).image.pixel(x: 2, y: 2))
        XCTAssertNotEqual(drawn, try Image(pngData: Self.p3Orange).pixel(x: 2, y: 2))
    }
}
