import BufferText
import CICU

/// What ICU offers, in the terms `CanonicalLocale` accepts: the lists its rules are made of,
/// and the JSON Schema pattern that describes exactly the tags it accepts.
extension CanonicalLocale {
    /// The tags of every locale ICU has data for (`uloc_getAvailable`), in ICU's order, as
    /// ICU writes them (not validated here).
    public static func availableICUTags() -> [String] {
        let count = sc_icu_available_locale_count()
        var tags: [String] = []
        var buffer = [CChar](repeating: 0, count: 160)
        for i in 0..<max(0, count) {
            let length = sc_icu_available_locale(i, &buffer, Int32(buffer.count))
            guard length > 0, let tag = try? tag(fromIdentifier: buffer.stringBeforeNUL) else { continue }
            tags.append(tag)
        }
        return tags
    }

    /// The languages ICU has data for, sorted: what a tag's first subtag must be.
    public static func supportedLanguages() -> [String] {
        Set(availableICUTags().map { String($0.prefix { $0 != "-" }) }).sorted()
    }

    /// The decimal numbering systems ICU has, sorted: the values `-u-nu-` accepts.
    public static func decimalNumberingSystems() -> [String] {
        names(sc_icu_numbering_system_name).filter { sc_icu_numbering_system_kind($0) == SC_ICU_NUMBERING_DECIMAL }.sorted()
    }

    /// The calendars ICU implements, by BCP 47 name, sorted: the values `-u-ca-` accepts.
    public static func calendars() -> [String] {
        names(sc_icu_calendar_name).sorted()
    }

    /// A regular expression (ECMA 262, no flags) matching the tags this type accepts in
    /// their usual spellings: a supported language, an optional script, region and variant,
    /// and an optional `-u-` extension with a calendar and/or a decimal numbering system,
    /// letters in any case, `-` or `_` between subtags. (Deprecated codes and ICU's
    /// alternative spellings of a calendar are accepted, then canonicalised, but not listed.)
    public static func pattern() -> String {
        func anyCase(_ word: String) -> String {
            word.map { c in c.isLetter ? "[\(c.uppercased())\(c.lowercased())]" : (c == "-" ? "[-_]" : String(c)) }.joined()
        }
        func alternatives(_ words: [String]) -> String {
            "(?:" + words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }.map(anyCase).joined(separator: "|") + ")"
        }
        let sep = "[-_]"
        let calendar = anyCase("ca") + sep + alternatives(calendars())
        let numbers = anyCase("nu") + sep + alternatives(decimalNumberingSystems())
        return "^" + alternatives(supportedLanguages())
            + "(?:\(sep)[A-Za-z]{4})?"
            + "(?:\(sep)(?:[A-Za-z]{2}|[0-9]{3}))?"
            + "(?:\(sep)(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?"
            + "(?:\(sep)[Uu]\(sep)(?:\(calendar)(?:\(sep)\(numbers))?|\(numbers)(?:\(sep)\(calendar))?))?$"
    }

    private static func names(_ name: (Int32, UnsafeMutablePointer<CChar>, Int32) -> Int32) -> [String] {
        var result: [String] = []
        var buffer = [CChar](repeating: 0, count: 64)
        for index in Int32(0)... {
            guard name(index, &buffer, Int32(buffer.count)) > 0 else { break }
            result.append(buffer.stringBeforeNUL)
        }
        return result
    }
}
