extension Image {
    /// An image copying `width × height` premultiplied ARGB32 words (rows packed, top to
    /// bottom) from memory a decoder owns, without an intermediate array.
    public init(width: Int, height: Int, copyingPremultipliedARGB pixels: UnsafeBufferPointer<UInt32>) throws {
        guard width > 0, height > 0, let base = pixels.baseAddress, pixels.count == width * height else {
            throw RasterError.invalidArgument("image needs width × height pixels, got \(width)×\(height) and \(pixels.count)")
        }
        let buffer = PixelBuffer(uninitializedWidth: width, height: height)
        buffer.pixels.initialize(from: base, count: pixels.count)
        self.init(buffer: buffer)
    }
}
