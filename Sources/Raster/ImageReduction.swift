import Geometry

/// How an image drawn smaller is resampled: whole-factor box reduction first, then one
/// pixman convolution over what remains.
///
/// A separable box convolution costs about (factor + 2)² taps per device pixel, so an image
/// drawn into a frame thousands of times smaller than itself (a snapshot into a speck, a
/// photo into a hairline) would cost millions of taps per pixel, and pixman refuses factors
/// past 16,384. Reducing by whole factors first costs one visit per source pixel whatever
/// the factor, and leaves the convolution a factor of at most `maximumConvolutionFactor`.
struct ResamplingPlan: Equatable {
    /// The largest downscale factor left to one convolution.
    static let maximumConvolutionFactor = 16.0

    /// Whole factors to box-reduce the image by first (1 = not reduced).
    let reduceX: Int
    let reduceY: Int

    /// The plan for an image whose pixels shrink by `scaleX` × `scaleY` image pixels per
    /// device pixel along its axes.
    init(scaleX: Double, scaleY: Double) {
        func factor(_ s: Double) -> Int {
            guard s.isFinite, s > ResamplingPlan.maximumConvolutionFactor else { return 1 }
            // Leaves a factor in [8, 16) for the convolution.
            return Int(min(s / (ResamplingPlan.maximumConvolutionFactor / 2), Double(Int32.max)))
        }
        reduceX = factor(scaleX)
        reduceY = factor(scaleY)
    }

    var reduces: Bool { reduceX > 1 || reduceY > 1 }

    /// Taps per device pixel of a separable box convolution with these factors, as pixman
    /// builds it (box of the factor's width convolved with a linear reconstruction: width + 2).
    static func convolutionTaps(scaleX: Double, scaleY: Double) -> Int {
        func taps(_ s: Double) -> Int { s > 1.001 ? Int((max(s, 1) + 2).rounded(.up)) : 2 }
        return taps(scaleX) * taps(scaleY)
    }
}

extension Image {
    /// The image shrunk by whole factors: each pixel the average of a `factorX` × `factorY`
    /// block (premultiplied, so colour under transparency weighs by its alpha). A partial
    /// block at the right or bottom edge repeats the edge pixels, as drawing pads them.
    /// Nil when the factors leave the image as it is (a side of one pixel cannot shrink).
    func boxReduced(factorX: Int, factorY: Int) -> Image? {
        let fx = max(1, min(factorX, width)), fy = max(1, min(factorY, height))
        guard fx > 1 || fy > 1 else { return nil }
        let outWidth = (width + fx - 1) / fx, outHeight = (height + fy - 1) / fy
        let source = buffer.pixels
        // Horizontal pass: per row, sums of fx pixels for each channel.
        var rows = [UInt64](repeating: 0, count: outWidth * height * 4)
        for y in 0..<height {
            let row = source + y * width
            for ox in 0..<outWidth {
                var a: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                for k in 0..<fx {
                    let v = row[min(ox * fx + k, width - 1)]
                    a += UInt64(v >> 24); r += UInt64((v >> 16) & 0xFF); g += UInt64((v >> 8) & 0xFF); b += UInt64(v & 0xFF)
                }
                let i = (y * outWidth + ox) * 4
                rows[i] = a; rows[i + 1] = r; rows[i + 2] = g; rows[i + 3] = b
            }
        }
        // Vertical pass: sums of fy rows, rounded to the nearest value.
        let out = PixelBuffer(width: outWidth, height: outHeight)
        let n = UInt64(fx * fy)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                var sums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                for k in 0..<fy {
                    let i = (min(oy * fy + k, height - 1) * outWidth + ox) * 4
                    sums.0 += rows[i]; sums.1 += rows[i + 1]; sums.2 += rows[i + 2]; sums.3 += rows[i + 3]
                }
                func avg(_ s: UInt64) -> UInt32 { UInt32((s + n / 2) / n) }
                out.pixels[oy * outWidth + ox] = avg(sums.0) << 24 | avg(sums.1) << 16 | avg(sums.2) << 8 | avg(sums.3)
            }
        }
        return Image(buffer: out)
    }
}
