import CHarfBuzz

/// A BCP 47 language tag such as `en`, `ar`, `zh-Hans` or `ja`, used to pick
/// language-specific glyph forms (OpenType `locl`). Stored in lower case, `_` read as `-`.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The normalised tag, e.g. "zh-hans".
    public let tag: String

    /// Nil unless `tag` is 1...35 characters of subtags of ASCII letters and digits joined by
    /// `-` (or `_`), the first subtag being 2...8 letters (or `i`/`x`).
    public init?(_ tag: String) {
        let normalised = String(tag.map { $0 == "_" ? "-" : $0 }).lowercased()
        let subtags = normalised.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...35).contains(normalised.utf8.count), let first = subtags.first,
              (2...8).contains(first.count) || first == "i" || first == "x",
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }),
              subtags.allSatisfy({ (1...8).contains($0.count) && $0.unicodeScalars.allSatisfy(\.isASCIIAlphanumeric) })
        else { return nil }
        self.tag = normalised
    }

    public var description: String { tag }

    /// The primary language subtag, e.g. "zh" for "zh-hans".
    public var primaryLanguage: String { String(tag.prefix { $0 != "-" }) }

    var harfBuzz: hb_language_t {
        hb_language_from_string(tag, Int32(tag.utf8.count))
    }
}

private extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("0"..."9").contains(self)
    }
}
