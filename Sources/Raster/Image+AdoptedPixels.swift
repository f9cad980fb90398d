extension Image {
    /// An image over `width × height` premultiplied ARGB32 words (rows packed, top to bottom)
    /// that a decoder allocated, taken over without a copy: the image hands them to `release`
    /// when it goes, and nothing may write to them after this call. On a throw they are not
    /// taken (the caller still owns them).
    public init(width: Int, height: Int, adoptingPremultipliedARGB pixels: UnsafeMutablePointer<UInt32>,
                release: @escaping @Sendable (UnsafeMutablePointer<UInt32>) -> Void) throws {
        guard width > 0, height > 0 else {
            throw RasterError.invalidArgument("image needs at least one pixel, got \(width)×\(height)")
        }
        // Byte offsets (width × height × 4) must fit in an Int, as a buffer's users compute them.
        guard width <= Int.max / 4 / height else {
            throw RasterError.imageTooLarge("image of \(width)×\(height) pixels is too large to address")
        }
        self.init(buffer: PixelBuffer(adopting: pixels, width: width, height: height, release: release))
    }
}
