import CPixman

/// 8-bit coverage (0 = outside, 255 = inside) over a rectangle of device pixels: what the
/// rasterizer produces for a path or a glyph, and what a clip is made of.
public final class CoverageMask: @unchecked Sendable {
    /// Where the mask's top-left pixel sits on the canvas.
    public let bounds: PixelRect
    /// Bytes per row: the width rounded up to a multiple of 4, as pixman requires.
    public let strideBytes: Int
    let bytes: UnsafeMutablePointer<UInt8>

    public init(bounds: PixelRect) {
        precondition(!bounds.isEmpty, "coverage mask needs at least one pixel")
        self.bounds = bounds
        strideBytes = (bounds.width + 3) & ~3
        bytes = .allocate(capacity: strideBytes * bounds.height)
        bytes.initialize(repeating: 0, count: strideBytes * bounds.height)
    }

    deinit { bytes.deallocate() }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * strideBytes + x] }
        set { bytes[y * strideBytes + x] = newValue }
    }

    /// Row `y` of the mask, for code that fills coverage itself (glyph bitmaps).
    public func withRow<R>(_ y: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: bytes + y * strideBytes, count: bounds.width))
    }

    func pixmanImage() -> PixmanImage {
        let handle = pixman_image_create_bits(PIXMAN_a8, Int32(bounds.width), Int32(bounds.height),
                                              UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self),
                                              Int32(strideBytes))!
        return PixmanImage(handle, retaining: self)
    }

    /// Multiplies this mask's coverage by `other`'s where they overlap and clears it elsewhere.
    public func intersect(with other: CoverageMask) {
        let overlap = bounds.intersection(other.bounds)
        let mine = pixmanImage()
        if overlap.isEmpty {
            bytes.update(repeating: 0, count: strideBytes * bounds.height)
            return
        }
        composite(PIXMAN_OP_IN, source: other.pixmanImage(), mask: nil, destination: mine,
                  sourceOrigin: (overlap.x - other.bounds.x, overlap.y - other.bounds.y),
                  destinationRect: PixelRect(x: overlap.x - bounds.x, y: overlap.y - bounds.y,
                                             width: overlap.width, height: overlap.height))
        // Rows and columns outside the overlap are not covered by the other mask.
        for y in 0..<bounds.height {
            let cy = y + bounds.y
            withRow(y) { row in
                if cy < overlap.y || cy >= overlap.maxY {
                    row.update(repeating: 0)
                } else {
                    for x in 0..<bounds.width where x + bounds.x < overlap.x || x + bounds.x >= overlap.maxX { row[x] = 0 }
                }
            }
        }
    }
}
