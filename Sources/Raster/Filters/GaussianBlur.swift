import CRasterKernels

/// Gaussian blur as three successive box blurs (the approximation SVG's `feGaussianBlur`
/// specifies), each done with a running sum so the cost does not grow with the radius.
/// Coverage masks (one plane, for text shadows) are blurred here; images (four premultiplied
/// channels) by the same passes in C on the interleaved pixels (`sc_box_blur_pixels`, which
/// gives the bytes four planes blurred here would, all passes in one sweep down the image):
/// every pass averages bytes into bytes with the same rounding, so both give the same values.

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

/// The box widths for a Gaussian of standard deviation `sigma` pixels: none below σ = 0.2
/// (or for a σ that is not finite), and no wider than for σ = 500.
func gaussianBoxWidths(sigma: Double) -> [Int] {
    sigma.isFinite && sigma > 0.2 ? boxBlurWidths(sigma: min(sigma, 500)) : []
}

/// What a box pass sees beyond a plane's edges.
enum BlurEdges {
    /// Zero: content fades out at the edges.
    case transparent
    /// The nearest edge pixel repeated: the edges keep their colour.
    case extended
}

/// Blurs `height` rows of `width` bytes, `strideBytes` apart, in place: for each box width,
/// one horizontal then one vertical running-sum pass, each rounding to nearest.
func boxBlur(_ bytes: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, strideBytes: Int,
             boxWidths: [Int], edges: BlurEdges) {
    precondition(width > 0 && height > 0 && strideBytes >= width)
    precondition(bytes.count >= (height - 1) * strideBytes + width, "plane smaller than its rows")
    let radii = boxWidths.map { $0 / 2 }.filter { $0 > 0 }
    guard !radii.isEmpty else { return }
    let plane = BytePlane(base: bytes.baseAddress!, width: width, height: height, stride: strideBytes)
    // Every pass averages 8-bit values into 8-bit values, so both planes stay bytes.
    let scratchBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    defer { scratchBytes.deallocate() }
    let scratch = BytePlane(base: scratchBytes, width: width, height: height, stride: width)
    for r in radii {
        horizontalBoxBlur(from: plane, to: scratch, radius: r, edges: edges)
        verticalBoxBlur(from: scratch, to: plane, radius: r, edges: edges)
    }
}

extension Image {
    /// The same passes as `boxBlur` on each of the four premultiplied channels, run on the
    /// interleaved pixels (`sc_box_blur_pixels`), so no planes are split off and merged back.
    /// Without `extendEdges`, the pixels outside are transparent: the image is blurred inside a
    /// transparent margin as wide as the blur reaches, then cut back to its size, so what one
    /// pass spreads past an edge is there for the next (blurring the image alone lost it, and
    /// its edges came out up to a sixth too faint: 88 where a Gaussian gives 133 for white).
    func gaussianBlurred(sigma: Double, extendEdges: Bool) -> Image {
        let widths = gaussianBoxWidths(sigma: sigma)
        guard !widths.isEmpty else { return self }
        guard !extendEdges else {
            // Blurred from these pixels into new ones: no copy made first to blur in place.
            let blurred = PixelBuffer(uninitializedWidth: width, height: height)
            guard let opaque = Self.boxBlur(from: buffer.pixels, into: blurred.pixels, width: width, height: height,
                                            sigma: sigma, extendEdges: true) else { return self }
            return Image(buffer: blurred, knownOpaque: opaque)
        }
        let reach = widths.reduce(0) { $0 + $1 / 2 }
        let margined = PixelBuffer(width: width + 2 * reach, height: height + 2 * reach)
        for y in 0..<height {
            (margined.pixels + (y + reach) * margined.width + reach).update(from: buffer.pixels + y * width, count: width)
        }
        let blurred = Image(buffer: margined)
        blurred.blurInPlace(sigma: sigma, extendEdges: false)
        return blurred.copied(x: reach, y: reach, width: width, height: height)
    }

    /// `gaussianBlurred`, writing over this image's own pixels: only for an image just made
    /// and not yet shared (images are otherwise immutable). Returns whether every pixel is
    /// opaque afterwards, or nil when the blur is too small to run a pass (pixels unchanged).
    @discardableResult
    func blurInPlace(sigma: Double, extendEdges: Bool) -> Bool? {
        Self.boxBlur(from: buffer.pixels, into: buffer.pixels, width: width, height: height, sigma: sigma, extendEdges: extendEdges)
    }

    /// The passes for `sigma` from `source` into `target` (the same pixels, or pixels apart;
    /// packed rows of `width`) by `sc_box_blur_pixels`, in two bands at once where it takes
    /// them. Returns whether every pixel ends opaque, or nil when the blur is too small to run a
    /// pass (`target` then unwritten).
    static func boxBlur(from source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                        sigma: Double, extendEdges: Bool) -> Bool? {
        let radii = gaussianBoxWidths(sigma: sigma).map { Int32($0 / 2) }.filter { $0 > 0 }
        guard !radii.isEmpty else { return nil }
        // A few rows per pass (the passes run in one sweep down the image), not a copy of it.
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: sc_box_blur_scratch_bytes(width, height, radii, radii.count))
        defer { scratch.deallocate() }
        return source.withMemoryRebound(to: UInt8.self, capacity: width * height * 4) { from in
            target.withMemoryRebound(to: UInt8.self, capacity: width * height * 4) { into in
                sc_box_blur_pixels(from, width * 4, into, width * 4, width, height, radii, radii.count, extendEdges ? 1 : 0, 0,
                                   scratch) == 1
            }
        }
    }
}

/// Rows of bytes, `stride` apart.
private struct BytePlane {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, stride: Int

    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * stride }
}

/// Rounded division of a box sum by the window width as a multiply and shift, exactly
/// `(sum + window / 2) / window`: with n = sum + window / 2 < 256 × window and
/// m = ⌈2^s / window⌉, ⌊n·m / 2^s⌋ is exact when 256 × window² ≤ 2^s. Windows up to 181
/// (σ up to about 50 pixels) fit s = 23 in 32-bit lanes, which vectorise; wider ones use
/// s = 40 in 64 bits. Division was most of the blur's time. Sums are bounded, so the
/// arithmetic here and in the passes wraps instead of checking for overflow.
private struct BoxAverage {
    let half: UInt32
    let multiplier32: UInt32
    let multiplier64: UInt64

    init(window: Int) {
        precondition(window > 0 && window < 65_536)
        half = UInt32(window / 2)
        multiplier32 = window <= 181 ? UInt32(((1 << 23) + window - 1) / window) : 0
        multiplier64 = ((1 << 40) + UInt64(window) - 1) / UInt64(window)
    }

    /// The 64-bit form, exact for every window: for scalar code, where it costs the same.
    @inline(__always) func callAsFunction(_ sum: UInt32) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt64(sum &+ half) &* multiplier64) >> 40)
    }

    /// `target[i] = self(sums[i])` for `count` values, choosing the arithmetic once.
    func apply(_ sums: UnsafePointer<UInt32>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        if multiplier32 != 0 {
            let h = half, m = multiplier32
            for i in 0..<count { target[i] = UInt8(truncatingIfNeeded: ((sums[i] &+ h) &* m) >> 23) }
        } else {
            for i in 0..<count { target[i] = self(sums[i]) }
        }
    }
}

/// A running-sum box blur of width 2·radius + 1 along each row, rounding to nearest. Rows
/// are copied between margins first (zeros, or the edge pixel repeated), so the loop has no
/// edge tests, and four rows advance together: one row's sum is a chain of dependent adds,
/// four independent chains keep the processor busy.
private func horizontalBoxBlur(from source: BytePlane, to target: BytePlane, radius r: Int, edges: BlurEdges) {
    let average = BoxAverage(window: 2 * r + 1)
    let w = source.width, paddedLength = w + 2 * r + 1
    let padded = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * paddedLength)
    defer { padded.deallocate() }
    padded.initialize(repeating: 0, count: 4 * paddedLength)
    let p0 = padded, p1 = padded + paddedLength, p2 = padded + 2 * paddedLength, p3 = padded + 3 * paddedLength
    // Where the results of rows past the last one go.
    let discarded = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
    defer { discarded.deallocate() }
    var y = 0
    while y < source.height {
        let rows = min(4, source.height - y)
        for k in 0..<rows {
            let p = padded + k * paddedLength, row = source.row(y + k)
            (p + r).update(from: row, count: w)
            if edges == .extended {
                p.update(repeating: row[0], count: r)
                (p + r + w).update(repeating: row[w - 1], count: r + 1)
            }
        }
        // Rows past the last one blur zeros, and their results are discarded.
        for k in rows..<4 { (padded + k * paddedLength).update(repeating: 0, count: paddedLength) }
        // The window for x covers p[x ... x + 2r].
        var s0: UInt32 = 0, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
        for i in 0..<2 * r {
            s0 &+= UInt32(p0[i]); s1 &+= UInt32(p1[i]); s2 &+= UInt32(p2[i]); s3 &+= UInt32(p3[i])
        }
        let t0 = target.row(y)
        let t1 = rows > 1 ? target.row(y + 1) : discarded, t2 = rows > 2 ? target.row(y + 2) : discarded
        let t3 = rows > 3 ? target.row(y + 3) : discarded
        for x in 0..<w {
            let e = x + 2 * r
            s0 &+= UInt32(p0[e]); s1 &+= UInt32(p1[e]); s2 &+= UInt32(p2[e]); s3 &+= UInt32(p3[e])
            let l0 = p0[x], l1 = p1[x], l2 = p2[x], l3 = p3[x]
            t0[x] = average(s0); t1[x] = average(s1); t2[x] = average(s2); t3[x] = average(s3)
            s0 &-= UInt32(l0); s1 &-= UInt32(l1); s2 &-= UInt32(l2); s3 &-= UInt32(l3)
        }
        y += rows
    }
}

/// The same along each column, a row at a time with one running sum per column.
private func verticalBoxBlur(from source: BytePlane, to target: BytePlane, radius r: Int, edges: BlurEdges) {
    let average = BoxAverage(window: 2 * r + 1)
    let w = source.width, h = source.height
    let sum = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
    defer { sum.deallocate() }
    sum.initialize(repeating: 0, count: w)
    func add(_ row: UnsafeMutablePointer<UInt8>) { for x in 0..<w { sum[x] &+= UInt32(row[x]) } }
    func subtract(_ row: UnsafeMutablePointer<UInt8>) { for x in 0..<w { sum[x] &-= UInt32(row[x]) } }
    switch edges {
    case .transparent:
        for y in 0..<min(r, h - 1) + 1 { add(source.row(y)) }
        for y in 0..<h {
            average.apply(sum, to: target.row(y), count: w)
            if y + r + 1 < h { add(source.row(y + r + 1)) }
            if y - r >= 0 { subtract(source.row(y - r)) }
        }
    case .extended:
        // Rows beyond the ends are the first or last row again.
        func clamped(_ y: Int) -> UnsafeMutablePointer<UInt8> { source.row(min(max(y, 0), h - 1)) }
        for y in -r...r { add(clamped(y)) }
        for y in 0..<h {
            average.apply(sum, to: target.row(y), count: w)
            add(clamped(y + r + 1))
            subtract(clamped(y - r))
        }
    }
}
