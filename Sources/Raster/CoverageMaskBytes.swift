extension CoverageMask {
    /// All of the mask's bytes at once, `strideBytes` per row, top row first; the bytes past
    /// `bounds.width` in each row are padding. For code that writes many rows (glyph runs),
    /// where a call per row would cost more than the copying.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: bytes, count: strideBytes * bounds.height))
    }
}
