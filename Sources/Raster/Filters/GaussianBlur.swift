import Foundation

/// Gaussian blur as three successive box blurs (the approximation SVG's `feGaussianBlur`
/// specifies), each done with a running sum so the cost does not grow with the radius.
/// Box widths follow the "ideal averaging filter" sizes for n = 3 passes: the two widths
/// closest to √(12σ²/n + 1), mixed so that the total variance is σ².
func boxBlurWidths(sigma: Double, passes: Int = 3) -> [Int] {
    let n = Double(passes)
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    lower = max(lower, 1)
    let upper = lower + 2
    let l = Double(lower)
    let lowerCount = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
    return (0..<passes).map { $0 < lowerCount ? lower : upper }
}

extension Image {
    func gaussianBlurred(sigma: Double, extendEdges: Bool) -> Image {
        guard sigma.isFinite, sigma > 0.2 else { return self }
        let widths = boxBlurWidths(sigma: min(sigma, 500))
        var planes = PixelPlanes(self)
        for w in widths {
            planes.boxBlur(radius: w / 2, horizontal: true, extendEdges: extendEdges)
            planes.boxBlur(radius: w / 2, horizontal: false, extendEdges: extendEdges)
        }
        return planes.image()
    }
}

/// The four premultiplied channels as separate 32-bit planes, so blurring works on
/// contiguous integers.
struct PixelPlanes {
    let width: Int, height: Int
    var channels: [[Int32]]  // a, r, g, b

    init(_ image: Image) {
        width = image.width
        height = image.height
        channels = (0..<4).map { c in
            let shift = UInt32(24 - 8 * c)
            return (0..<image.buffer.count).map { Int32((image.buffer.pixels[$0] >> shift) & 0xFF) }
        }
    }

    func image() -> Image {
        let out = PixelBuffer(width: width, height: height)
        for i in 0..<out.count {
            let a = UInt32(channels[0][i])
            out.pixels[i] = a << 24 | min(a, UInt32(channels[1][i])) << 16
                | min(a, UInt32(channels[2][i])) << 8 | min(a, UInt32(channels[3][i]))
        }
        return Image(buffer: out)
    }

    /// One box-blur pass of width 2·radius + 1 along rows or columns, rounding to nearest.
    mutating func boxBlur(radius r: Int, horizontal: Bool, extendEdges: Bool) {
        guard r > 0 else { return }
        let lineCount = horizontal ? height : width
        let length = horizontal ? width : height
        let step = horizontal ? 1 : width
        let window = Int32(2 * r + 1)
        var line = [Int32](repeating: 0, count: length)
        for c in 0..<4 {
            channels[c].withUnsafeMutableBufferPointer { plane in
                for l in 0..<lineCount {
                    let base = horizontal ? l * width : l
                    for i in 0..<length { line[i] = plane[base + i * step] }
                    func at(_ i: Int) -> Int32 {
                        if i >= 0 && i < length { return line[i] }
                        return extendEdges ? line[min(max(i, 0), length - 1)] : 0
                    }
                    var sum: Int32 = 0
                    for i in -r...r { sum += at(i) }
                    for i in 0..<length {
                        plane[base + i * step] = (sum + window / 2) / window
                        sum += at(i + r + 1) - at(i - r)
                    }
                }
            }
        }
    }
}
