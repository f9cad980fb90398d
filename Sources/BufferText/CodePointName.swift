extension Unicode.Scalar {
    /// `U+` and at least four upper-case hex digits, as Unicode writes code points: the name a
    /// message gives a character the reader may not see (`U+00A0`, `U+1F389`).
    public var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
