import Foundation
import Raster
import XCTest

/// Golden-image comparison on decoded pixels, never on PNG bytes.
///
/// A channel may differ by `tolerance` (out of 255) and at most `maxDifferingPixels` pixels may
/// exceed it. `SHARECARD_RECORD_GOLDEN=1` rewrites the references and fails the test so a
/// recording never passes unseen. A failure writes expected | actual | diff to `Failures/`
/// beside the golden folder (ignored by git).
public struct GoldenImage: Sendable {
    public let directory: URL
    public var tolerance: UInt32 = 3
    public var maxDifferingPixels = 8

    public init(directory: URL) { self.directory = directory }

    public static var isRecording: Bool { ProcessInfo.processInfo.environment["SHARECARD_RECORD_GOLDEN"] == "1" }

    public func check(_ image: Image, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = directory.appendingPathComponent(name + ".png")
        if GoldenImage.isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // References are stored as small as zlib makes them; only pixels are compared.
            try Data(try image.pngData(encoding: .libpng(PNGEncoding.LibpngSettings(zlibLevel: 9, filter: .adaptive)))).write(to: url)
            XCTFail("recorded \(url.path); look at it, then run again without SHARECARD_RECORD_GOLDEN", file: file, line: line)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("no golden image \(url.path); record it with SHARECARD_RECORD_GOLDEN=1", file: file, line: line)
            return
        }
        let expected = try Image(pngData: Array(data))
        // Compare as the PNG stores it: opaque RGB.
        let actual = try Image(pngData: try image.pngData())
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail("\(name): size \(actual.width)×\(actual.height), golden is \(expected.width)×\(expected.height)", file: file, line: line)
            return
        }
        var differing = 0
        var worst: UInt32 = 0
        var diff = [UInt32](repeating: 0xFFFF_FFFF, count: expected.width * expected.height)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let e = expected.pixel(x: x, y: y), a = actual.pixel(x: x, y: y)
                var d: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let ce = (e >> shift) & 0xFF, ca = (a >> shift) & 0xFF
                    d = max(d, ce > ca ? ce - ca : ca - ce)
                }
                worst = max(worst, d)
                if d > tolerance {
                    differing += 1
                    diff[y * expected.width + x] = 0xFFFF_0000
                }
            }
        }
        if differing > maxDifferingPixels {
            try writeFailure(name: name, expected: expected, actual: actual, diff: diff)
            XCTFail("\(name): \(differing) pixels differ by more than \(tolerance) (worst \(worst)); see \(directory.deletingLastPathComponent().path)/Failures/\(name)-comparison.png",
                    file: file, line: line)
        }
    }

    private func writeFailure(name: String, expected: Image, actual: Image, diff: [UInt32]) throws {
        let w = expected.width, h = expected.height
        var strip = [UInt32](repeating: 0xFF80_8080, count: w * 3 * h)
        for y in 0..<h {
            for x in 0..<w {
                strip[y * 3 * w + x] = expected.pixel(x: x, y: y)
                strip[y * 3 * w + w + x] = actual.pixel(x: x, y: y)
                strip[y * 3 * w + 2 * w + x] = diff[y * w + x]
            }
        }
        let folder = directory.deletingLastPathComponent().appendingPathComponent("Failures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = try Image(width: 3 * w, height: h, premultipliedARGB: strip)
        try Data(try image.pngData()).write(to: folder.appendingPathComponent("\(name)-comparison.png"))
    }
}
