import CHarfBuzz

/// A BCP 47 language tag such as `en`, `ar`, `zh-Hans` or `ja`, used to pick
/// language-specific glyph forms (OpenType `locl`). Stored in lower case, `_` read as `-`.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The normalised tag, e.g. "zh-hans".
    public let tag: String

    /// Nil unless `tag` is 1...35 characters of subtags of ASCII letters and digits joined by
    /// `-` (or `_`), the first subtag being 2...8 letters (or `i`/`x`).
    public init?(_ tag: String) {
        // Plain ASCII (every tag of the font manifest's checks) is normalised byte by byte.
        if let normalised = Self.normalisedASCII(tag) {
            guard Self.isWellFormed(normalised) else { return nil }
            self.tag = normalised
            return
        }
        let normalised = String(tag.map { $0 == "_" ? "-" : $0 }).lowercased()
        let subtags = normalised.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...35).contains(normalised.utf8.count), let first = subtags.first,
              (2...8).contains(first.count) || first == "i" || first == "x",
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }),
              subtags.allSatisfy({ (1...8).contains($0.count) && $0.unicodeScalars.allSatisfy(\.isASCIIAlphanumeric) })
        else { return nil }
        self.tag = normalised
    }

    /// `tag` lowercased with `_` as `-`, when it is all ASCII.
    private static func normalisedASCII(_ tag: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tag.utf8.count)
        for byte in tag.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte == UInt8(ascii: "_") ? UInt8(ascii: "-") : (65...90).contains(byte) ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The checks of `init?` on a normalised tag: 1 to 35 bytes, a first subtag of 2 to 8
    /// letters (or `i`, `x`), every subtag 1 to 8 letters or digits.
    private static func isWellFormed(_ normalised: String) -> Bool {
        let subtags = normalised.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard (1...35).contains(normalised.utf8.count), let first = subtags.first,
              (2...8).contains(first.count) || first.elementsEqual("i".utf8) || first.elementsEqual("x".utf8),
              first.allSatisfy({ (97...122).contains($0) }) else { return false }
        return subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { (97...122).contains($0) || (48...57).contains($0) } }
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
