import CPixman

/// 8-bit coverage (0 = outside, 255 = inside) over a rectangle of device pixels: what the
/// rasterizer produces for a path or a glyph, and what a clip is made of.
///
/// A value: a copy is independent of the original (the bytes are shared until one of them
/// is written). Every pixel access is checked against the bounds; the `withUnsafe…` and
/// row methods are the fast paths for loops, checked once per call rather than per pixel.
public struct CoverageMask: Sendable {
    /// Where the mask's top-left pixel sits on the canvas.
    public let bounds: PixelRect
    /// Bytes per row: the width rounded up to a multiple of 4, as pixman requires.
    public let strideBytes: Int
    /// `strideBytes × bounds.height` bytes, top row first; the bytes past `bounds.width` in
    /// each row are padding and stay zero unless written through `withUnsafeMutableBytes`.
    private var bytes: [UInt8]

    /// An all-zero mask over `bounds`, which must hold at least one pixel.
    public init(bounds: PixelRect) {
        precondition(!bounds.isEmpty, "coverage mask needs at least one pixel")
        let stride = (bounds.width + 3) & ~3
        let (count, overflow) = stride.multipliedReportingOverflow(by: bounds.height)
        precondition(!overflow, "coverage mask of \(bounds.width)×\(bounds.height) pixels is too large")
        self.bounds = bounds
        strideBytes = stride
        bytes = [UInt8](repeating: 0, count: count)
    }

    /// The coverage at (x, y), counted from the mask's top-left pixel (not the canvas's).
    public subscript(x: Int, y: Int) -> UInt8 {
        get {
            precondition(x >= 0 && x < bounds.width && y >= 0 && y < bounds.height,
                         "pixel (\(x), \(y)) is outside a \(bounds.width)×\(bounds.height) coverage mask")
            return bytes[y * strideBytes + x]
        }
        set {
            precondition(x >= 0 && x < bounds.width && y >= 0 && y < bounds.height,
                         "pixel (\(x), \(y)) is outside a \(bounds.width)×\(bounds.height) coverage mask")
            bytes[y * strideBytes + x] = newValue
        }
    }

    /// Row `y` of the mask (`bounds.width` bytes).
    public func withRow<R>(_ y: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(y >= 0 && y < bounds.height, "row \(y) is outside a coverage mask of \(bounds.height) rows")
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[y * strideBytes ..< y * strideBytes + bounds.width]))
        }
    }

    /// Row `y` of the mask (`bounds.width` bytes), for code that fills coverage itself.
    public mutating func withMutableRow<R>(_ y: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(y >= 0 && y < bounds.height, "row \(y) is outside a coverage mask of \(bounds.height) rows")
        let start = y * strideBytes, width = bounds.width
        return try bytes.withUnsafeMutableBufferPointer { all in
            try body(UnsafeMutableBufferPointer(rebasing: all[start ..< start + width]))
        }
    }

    /// All of the mask's bytes at once, `strideBytes` per row, top row first; the bytes past
    /// `bounds.width` in each row are padding. For code that reads many rows.
    public func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// All of the mask's bytes for writing, laid out as in `withUnsafeBytes`. For code that
    /// writes many rows (glyph runs, the rasterizer), where a call per row would cost more
    /// than the work. Padding bytes should be left zero.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// A pixman a8 image over the bytes, valid only inside `body`. pixman reads masks and
    /// never writes them, so the shared bytes are not copied.
    func withPixmanImage<R>(_ body: (PixmanImage) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { all in
            let bits = UnsafeMutableRawPointer(mutating: all.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let handle = pixman_image_create_bits(PIXMAN_a8, Int32(bounds.width), Int32(bounds.height), bits, Int32(strideBytes))
            guard let handle else { preconditionFailure("pixman could not wrap a \(bounds.width)×\(bounds.height) mask") }
            let image = PixmanImage(handle)
            return try withExtendedLifetime(image) { try body(image) }
        }
    }

    /// This mask's coverage multiplied by `other`'s, over the pixels both cover; nil when
    /// they do not overlap. Rounds as pixman's `IN` operator does: (a·b + 128) · 257 / 2¹⁶.
    public func intersection(_ other: CoverageMask) -> CoverageMask? {
        let overlap = bounds.intersection(other.bounds)
        guard !overlap.isEmpty else { return nil }
        var result = CoverageMask(bounds: overlap)
        let width = overlap.width, resultStride = result.strideBytes
        result.withUnsafeMutableBytes { out in
            withUnsafeBytes { mine in
                other.withUnsafeBytes { theirs in
                    for y in 0..<overlap.height {
                        let a = mine.baseAddress! + (overlap.y - bounds.y + y) * strideBytes + (overlap.x - bounds.x)
                        let b = theirs.baseAddress! + (overlap.y - other.bounds.y + y) * other.strideBytes + (overlap.x - other.bounds.x)
                        let o = out.baseAddress! + y * resultStride
                        for x in 0..<width {
                            let t = UInt32(a[x]) &* UInt32(b[x]) &+ 0x80
                            o[x] = UInt8(truncatingIfNeeded: ((t >> 8) &+ t) >> 8)
                        }
                    }
                }
            }
        }
        return result
    }
}

extension CoverageMask: Equatable {
    /// Same bounds and the same coverage at every pixel (padding is not compared).
    public static func == (lhs: CoverageMask, rhs: CoverageMask) -> Bool {
        guard lhs.bounds == rhs.bounds else { return false }
        for y in 0..<lhs.bounds.height where !lhs.withRow(y, { l in rhs.withRow(y) { r in l.elementsEqual(r) } }) {
            return false
        }
        return true
    }
}

/// Composites `source` onto `destination` over `destinationRect` (device pixels) through
/// `coverage`, which sits at its own bounds on the canvas (all of it when nil).
func composite(_ op: pixman_op_t, source: PixmanImage, coverage: CoverageMask?, destination: PixmanImage,
               sourceOrigin: (Int, Int), destinationRect: PixelRect) {
    guard let coverage else {
        composite(op, source: source, mask: nil, destination: destination, sourceOrigin: sourceOrigin,
                  destinationRect: destinationRect)
        return
    }
    coverage.withPixmanImage { mask in
        composite(op, source: source, mask: mask, destination: destination, sourceOrigin: sourceOrigin,
                  maskOrigin: (destinationRect.x - coverage.bounds.x, destinationRect.y - coverage.bounds.y),
                  destinationRect: destinationRect)
    }
}
