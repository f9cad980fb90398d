extension ImageLimits {
    /// The same limits with another file-size cap.
    public func withMaxFileBytes(_ bytes: Int) -> ImageLimits {
        ImageLimits(maxWidth: maxWidth, maxHeight: maxHeight, maxPixels: maxPixels, maxFileBytes: bytes)
    }
}
