extension Unicode.Scalar {
    /// REGIONAL INDICATOR SYMBOL LETTER A…Z (U+1F1E6…U+1F1FF): two in a row are a flag; one
    /// alone draws as a boxed letter.
    public var isRegionalIndicator: Bool { (0x1F1E6...0x1F1FF).contains(value) }
}
