extension Image {
    /// Calls `body` with the image's premultiplied ARGB32 words, rows top to bottom and packed
    /// (`width` words a row); in memory each word is B, G, R, A on little-endian machines. The
    /// pointer is valid only inside `body`, and the pixels must not be written.
    public func withUnsafePremultipliedARGB<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(buffer) {
            try body(UnsafeBufferPointer(start: buffer.pixels, count: buffer.count))
        }
    }
}
