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
        let out = PixelBuffer(uninitializedWidth: outWidth, height: outHeight)  // every pixel written below
        let n = UInt64(fx * fy)
        // One output row at a time: channel sums of its fy source rows, in memory the size
        // of one output row.
        var sums = [UInt64](repeating: 0, count: outWidth * 4)
        for oy in 0..<outHeight {
            for i in sums.indices { sums[i] = 0 }
            for k in 0..<fy {
                let row = source + min(oy * fy + k, height - 1) * width
                for ox in 0..<outWidth {
                    var a: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                    for kx in 0..<fx {
                        let v = row[min(ox * fx + kx, width - 1)]
                        a += UInt64(v >> 24); r += UInt64((v >> 16) & 0xFF); g += UInt64((v >> 8) & 0xFF); b += UInt64(v & 0xFF)
                    }
                    sums[ox * 4] += a; sums[ox * 4 + 1] += r; sums[ox * 4 + 2] += g; sums[ox * 4 + 3] += b
                }
            }
            // Rounded to the nearest value.
            func average(_ s: UInt64) -> UInt32 { UInt32((s + n / 2) / n) }
            for ox in 0..<outWidth {
                out.pixels[oy * outWidth + ox] = average(sums[ox * 4]) << 24 | average(sums[ox * 4 + 1]) << 16
                    | average(sums[ox * 4 + 2]) << 8 | average(sums[ox * 4 + 3])
            }
        }
        return Image(buffer: out)
    }
}
