import CICU

/// Word boundaries (UAX #29 via ICU, with ICU's dictionaries for Chinese, Japanese, Thai and
/// other scripts written without spaces) as UTF-16 offsets, ascending, from 0 to the count.
/// Line breaking uses them to prefer breaks between words in text where every character is
/// a break opportunity (出発 is one word: a break between 出 and 発 is a last resort).
public struct WordBoundaries: Hashable, Sendable {
    public let boundaries: [Int]

    public init(utf16 units: [UInt16], locale: LocaleIdentifier = .root) throws {
        boundaries = try ICUBoundaries.offsets(units, locale: locale, sc_icu_word_boundaries)
    }

    /// True when `offset` is a word boundary.
    public func contains(_ offset: Int) -> Bool {
        var lo = 0, hi = boundaries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if boundaries[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < boundaries.count && boundaries[lo] == offset
    }
}
