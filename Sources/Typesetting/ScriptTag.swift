import CHarfBuzz

/// An ISO 15924 script code such as `Latn`, `Arab` or `Hani`, in canonical case (`Xxxx`).
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter code, e.g. "Latn".
    public let code: String

    /// Nil unless `code` is four ASCII letters (any case).
    public init?(_ code: String) {
        // Byte by byte, and the code kept as given when it is already canonical: the font
        // manifest's checks read some 140 codes on every start.
        var count = 0, canonical = true
        for byte in code.utf8 {
            guard count < 4, (65...90).contains(byte) || (97...122).contains(byte) else { return nil }
            canonical = canonical && (count == 0) == (byte <= 90)
            count += 1
        }
        guard count == 4 else { return nil }
        self.code = canonical ? code : code.prefix(1).uppercased() + code.dropFirst().lowercased()
    }

    private init(unchecked code: String) { self.code = code }

    public var description: String { code }

    public static let common = ScriptTag(unchecked: "Zyyy")
    public static let inherited = ScriptTag(unchecked: "Zinh")
    public static let latin = ScriptTag(unchecked: "Latn")
    public static let greek = ScriptTag(unchecked: "Grek")
    public static let cyrillic = ScriptTag(unchecked: "Cyrl")
    public static let arabic = ScriptTag(unchecked: "Arab")
    public static let hebrew = ScriptTag(unchecked: "Hebr")
    public static let devanagari = ScriptTag(unchecked: "Deva")
    public static let thai = ScriptTag(unchecked: "Thai")
    public static let han = ScriptTag(unchecked: "Hani")
    public static let hiragana = ScriptTag(unchecked: "Hira")
    public static let katakana = ScriptTag(unchecked: "Kana")
    public static let hangul = ScriptTag(unchecked: "Hang")

    /// Scripts whose letters join (CSS Text 3's cursive scripts, and the other joining scripts
    /// of Unicode's ArabicShaping.txt): spacing their letters apart would break the joins, so
    /// tracking is not applied to them, as browsers do not apply `letter-spacing`.
    public static let cursive: Set<ScriptTag> = Set(["Arab", "Syrc", "Mand", "Mong", "Nkoo", "Phag", "Rohg", "Adlm", "Sogd",
                                                     "Ougr", "Chrs", "Phlp", "Mani"].map(ScriptTag.init(unchecked:)))

    /// HarfBuzz's script value; `HB_SCRIPT_UNKNOWN` for codes it does not know.
    var harfBuzz: hb_script_t {
        hb_script_from_string(code, Int32(code.utf8.count))
    }

    /// The direction the script is written in when nothing else decides it.
    public var naturalDirection: TextDirection {
        hb_script_get_horizontal_direction(harfBuzz) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
    }
}
