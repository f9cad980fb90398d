import Foundation
import Photos
import Raster
import TestSupport
import XCTest

/// 16-bit PNGs decode as viewers show them: samples without a stated gamma are sRGB (as
/// 8-bit ones are), and a stated gamma is still honoured. The PNGs are written here, byte
/// by byte, so the 16-bit file and its 8-bit twin hold exactly the values compared.
final class SixteenBitPNGTests: XCTestCase {
    /// 64 columns × 2 rows: red ramps up, green down, blue stays at a mid value.
    static func sample(_ x: Int) -> (r: Int, g: Int, b: Int) {
        (x * 1040 + 13, 65535 - x * 1040, 32768)
    }

    func testUntaggedSixteenBitDecodesAsItsEightBitConversion() throws {
        let deep = try Photo(data: MiniPNG.rgb(width: 64, height: 2, bitDepth: 16) { Self.sample($0) }).image
        // The 8-bit conversion Pillow and numpy make: round(v / 257).
        let shallow = try Photo(data: MiniPNG.rgb(width: 64, height: 2, bitDepth: 8) { x in
            let s = Self.sample(x)
            return ((s.r + 128) / 257, (s.g + 128) / 257, (s.b + 128) / 257)
        }).image
        XCTAssertEqual([deep.width, deep.height], [64, 2])
        var worst = 0
        for y in 0..<2 {
            for x in 0..<64 {
                let a = argb(deep, x, y), b = argb(shallow, x, y)
                XCTAssertEqual(a.a, 255)
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "a 16-bit sample and its 8-bit conversion differ by \(worst) levels")
        // Mid grey 32768 is 128, not the 186 a linear reading gives.
        XCTAssertEqual(argb(deep, 5, 0).b, 128)
    }

    func testSixteenBitWithGammaOneIsConvertedFromLinearLight() throws {
        // libpng's gamma tables lose the darkest linear samples (13/65535 comes out 0, not 5),
        // so this ramp starts at 1000/65535, which is 39 in 8 bits.
        func linear(_ x: Int) -> (r: Int, g: Int, b: Int) { (1000 + x * 1000, 65535 - x * 1000, 32768) }
        let png = MiniPNG.rgb(width: 64, height: 2, bitDepth: 16, gamma: 1.0) { linear($0) }
        let image = try Photo(data: png).image
        for x in 0..<64 {
            let s = linear(x), got = argb(image, x, 1)
            let want = (display(s.r), display(s.g), display(s.b))
            XCTAssertLessThanOrEqual(max(abs(got.r - want.0), abs(got.g - want.1), abs(got.b - want.2)), 1, "column \(x): \(got) vs \(want)")
        }
    }

    /// A linear 16-bit sample encoded for display in 8 bits. libpng's simplified reader encodes
    /// "sRGB" output with a pure 1/2.2 power (PNG_GAMMA_sRGB_INVERSE), not the piecewise
    /// curve, so that is the reference here.
    private func display(_ v: Int) -> Int {
        Int((pow(Double(v) / 65535, 1 / 2.2) * 255).rounded())
    }

    private func argb(_ image: Image, _ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) {
        PhotoFixtures.argb(image, x, y)
    }
}

/// RGB test PNGs, 8 or 16 bits, with an optional gAMA chunk.
enum MiniPNG {
    static func rgb(width: Int, height: Int, bitDepth: Int, gamma: Double? = nil,
                    pixel: (Int) -> (r: Int, g: Int, b: Int)) -> [UInt8] {
        rgb(width: width, height: height, bitDepth: bitDepth, gamma: gamma) { x, _ in pixel(x) }
    }

    /// The same with a colour per column and row.
    static func rgb(width: Int, height: Int, bitDepth: Int, gamma: Double? = nil,
                    pixelAt: (Int, Int) -> (r: Int, g: Int, b: Int)) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let p = pixelAt(x, y)
                for v in [p.r, p.g, p.b] {
                    if bitDepth == 16 { raw += [UInt8(v >> 8), UInt8(v & 0xFF)] } else { raw.append(UInt8(v)) }
                }
            }
        }
        let gAMA = gamma.map { HandBuiltPNG.chunk("gAMA", HandBuiltPNG.bigEndian32(Int(($0 * 100_000).rounded()))) }
        return HandBuiltPNG.file(width: width, height: height, bitDepth: UInt8(bitDepth), colorType: 2, extra: gAMA.map { [$0] } ?? [], raw: raw)
    }
}
