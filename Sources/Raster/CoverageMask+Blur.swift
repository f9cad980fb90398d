extension CoverageMask {
    /// The mask blurred by a Gaussian of standard deviation `sigmaInPixels`, with the same
    /// three-box approximation and rounding as `Filter.gaussianBlur` (so the same values),
    /// but on one 8-bit plane instead of four 32-bit ones. The result's bounds grow by the
    /// blur's reach on every side, so nothing is cut off; outside the mask counts as zero
    /// coverage. Below σ = 0.2 the result is a copy.
    public func gaussianBlurred(sigmaInPixels sigma: Double) -> CoverageMask {
        let widths = sigma.isFinite && sigma > 0.2 ? boxBlurWidths(sigma: min(sigma, 500)) : []
        let reach = widths.reduce(0) { $0 + $1 / 2 }
        let out = CoverageMask(bounds: PixelRect(x: bounds.x - reach, y: bounds.y - reach,
                                                 width: bounds.width + 2 * reach, height: bounds.height + 2 * reach))
        let plane = BytePlane(base: out.bytes, width: out.bounds.width, height: out.bounds.height, stride: out.strideBytes)
        for y in 0..<bounds.height {
            (plane.row(y + reach) + reach).update(from: bytes + y * strideBytes, count: bounds.width)
        }
        guard !widths.isEmpty else { return out }
        // Every pass averages 8-bit values into 8-bit values, so both planes stay bytes:
        // the output mask and one scratch plane of the same shape.
        let scratchBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: out.strideBytes * plane.height)
        defer { scratchBytes.deallocate() }
        let scratch = BytePlane(base: scratchBytes, width: plane.width, height: plane.height, stride: out.strideBytes)
        for width in widths {
            horizontalBoxBlur(from: plane, to: scratch, radius: width / 2)
            verticalBoxBlur(from: scratch, to: plane, radius: width / 2)
        }
        return out
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

/// A running-sum box blur of width 2·radius + 1 along each row, rounding to nearest; zero
/// beyond the ends. Rows are copied between zero margins first, so the loop has no edge
/// tests, and four rows advance together: one row's sum is a chain of dependent adds, four
/// independent chains keep the processor busy.
private func horizontalBoxBlur(from source: BytePlane, to target: BytePlane, radius r: Int) {
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
        for k in 0..<rows { (padded + k * paddedLength + r).update(from: source.row(y + k), count: w) }
        // Rows past the last one blur zeros, and their results are discarded.
        for k in rows..<4 { (padded + k * paddedLength + r).update(repeating: 0, count: w) }
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
private func verticalBoxBlur(from source: BytePlane, to target: BytePlane, radius r: Int) {
    let average = BoxAverage(window: 2 * r + 1)
    let w = source.width, h = source.height
    let sum = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
    defer { sum.deallocate() }
    sum.initialize(repeating: 0, count: w)
    for y in 0..<min(r, h - 1) + 1 {
        let row = source.row(y)
        for x in 0..<w { sum[x] &+= UInt32(row[x]) }
    }
    for y in 0..<h {
        average.apply(sum, to: target.row(y), count: w)
        if y + r + 1 < h {
            let entering = source.row(y + r + 1)
            for x in 0..<w { sum[x] &+= UInt32(entering[x]) }
        }
        if y - r >= 0 {
            let leaving = source.row(y - r)
            for x in 0..<w { sum[x] &-= UInt32(leaving[x]) }
        }
    }
}
