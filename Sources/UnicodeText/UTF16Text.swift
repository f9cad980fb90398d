/// Text as UTF-16 code units, the unit every offset in this module counts. ICU works in
/// UTF-16, HarfBuzz reports UTF-16 clusters for `hb_buffer_add_utf16`, and
/// `String.Index(utf16Offset:in:)` maps an offset back into a `String`.
public enum UTF16Text {
    /// The most code units the C libraries can index (their lengths are `Int32`, and an
    /// output array of `count + 1` entries must stay indexable too).
    static let maximumCount = Int(Int32.max) - 1

    static func checkedCount(_ count: Int) throws -> Int32 {
        guard count <= maximumCount else { throw UnicodeTextError.textTooLong(utf16Count: count) }
        return Int32(count)
    }

    /// The scalars of possibly malformed UTF-16, with the offset where each starts. An
    /// unpaired surrogate becomes U+FFFD occupying its single code unit.
    static func scalars(_ units: [UInt16]) -> (scalars: [UInt32], starts: [Int]) {
        var scalars: [UInt32] = []
        var starts: [Int] = []
        scalars.reserveCapacity(units.count)
        starts.reserveCapacity(units.count + 1)
        var i = 0
        while i < units.count {
            let u = units[i]
            starts.append(i)
            if UTF16.isLeadSurrogate(u), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) {
                let hi = UInt32(u) - 0xD800, lo = UInt32(units[i + 1]) - 0xDC00
                scalars.append(0x10000 + (hi << 10 | lo))
                i += 2
            } else {
                scalars.append(UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) ? 0xFFFD : UInt32(u))
                i += 1
            }
        }
        starts.append(units.count)
        return (scalars, starts)
    }
}

extension String {
    /// The index at a UTF-16 offset reported by this module, clamped to the string. Offsets
    /// on a scalar boundary (every break and run boundary is one) map exactly.
    public func utf16Index(_ offset: Int) -> String.Index {
        utf16.index(utf16.startIndex, offsetBy: Swift.max(0, Swift.min(offset, utf16.count)))
    }
}
