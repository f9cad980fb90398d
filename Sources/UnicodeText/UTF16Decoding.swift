extension String {
    /// The text of UTF-16 code units, each unpaired surrogate becoming U+FFFD: what
    /// `String(decoding: units, as: UTF16.self)` gives, decoded here because that generic
    /// initialiser resolves its collection's associated types at run time on first use (0.7
    /// million instructions, a fifth of fitting a card's title).
    public init(utf16Units units: ArraySlice<UInt16>) {
        var text = ""
        text.unicodeScalars.reserveCapacity(units.count)
        var i = units.startIndex
        while i < units.endIndex {
            let unit = units[i]
            var value = UInt32(unit)
            if UTF16.isLeadSurrogate(unit), i + 1 < units.endIndex, UTF16.isTrailSurrogate(units[i + 1]) {
                value = 0x10000 + ((value - 0xD800) << 10 | (UInt32(units[i + 1]) - 0xDC00))
                i += 2
            } else {
                if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { value = 0xFFFD }
                i += 1
            }
            text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        self = text
    }
}

extension UTF16Text {
    /// The scalar whose first code unit is at `offset` (0 ≤ offset < count); an unpaired
    /// surrogate is returned as nil.
    public static func scalar(startingAt offset: Int, in units: [UInt16]) -> Unicode.Scalar? {
        let u = units[offset]
        if UTF16.isLeadSurrogate(u), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            return Unicode.Scalar(0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00))
        }
        return Unicode.Scalar(u)
    }

    /// The scalar whose last code unit is at `offset - 1` (0 < offset ≤ count); an unpaired
    /// surrogate is returned as nil.
    public static func scalar(endingAt offset: Int, in units: [UInt16]) -> Unicode.Scalar? {
        let u = units[offset - 1]
        if UTF16.isTrailSurrogate(u), offset >= 2, UTF16.isLeadSurrogate(units[offset - 2]) {
            return scalar(startingAt: offset - 2, in: units)
        }
        return Unicode.Scalar(u)
    }
}
