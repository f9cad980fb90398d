import BufferText
import CICU

/// A BCP 47 locale that is safe to format with: parsed and canonicalised by ICU, its
/// language one ICU has data for, and carrying only the extensions sharecard honours.
///
/// The rules, one answer for every input:
/// - 1...64 bytes of ASCII letters, digits and `-` (`_` is read as `-`), well-formed
///   BCP 47 as a whole (ICU must parse every byte).
/// - Case is normalised (`EN-us` → `en-US`). Deprecated codes are refused with the modern
///   one named (`iw`: use `he`), so one locale has one spelling.
/// - The language must be one of ICU's available locales (`und`, `zz` and `qaa` are not).
/// - At most one variant (`ca-ES-valencia`), and no `-u-` key twice.
/// - `-u-nu-` must name a decimal numbering system ICU has (`latn`, `arab`, `deva`, `thai`,
///   …); algorithmic ones (`roman`, `hebr`) and unknown ones are refused.
/// - `-u-ca-` must name a calendar ICU implements (`gregory`, `buddhist`, `japanese`, …).
///   Without it dates are Gregorian, whatever the region's default calendar.
/// - Anything else is refused: other `-u-` keys, `-t-`, `-x-` and other singletons.
public struct CanonicalLocale: Hashable, Sendable, CustomStringConvertible {
    /// The canonical BCP 47 tag, such as `en-US-u-nu-latn`.
    public let tag: String
    /// ICU's locale ID for formatting, with the calendar made explicit
    /// (`en_US@calendar=gregorian;numbers=latn`).
    public let formattingIdentifier: String
    /// The language subtag, such as `en`.
    public let language: String
    /// The tag without its extensions, such as `sr-Latn-RS`: what shaping and line
    /// breaking are tailored by.
    public let textLanguage: String

    /// The longest tag accepted, in bytes, before and after canonicalisation.
    public static let maximumLength = 64

    public init(_ input: String) throws(LocaleError) {
        if input == Self.english.tag {
            self = Self.english
        } else {
            try self.init(parsing: input)
        }
    }

    /// `en`, an event's locale when it names none, as `init(parsing:)` makes it from ICU:
    /// taken as it is, a one-card render skips ICU's parse, its keyword checks and its list
    /// of available locales (0.1 million instructions). `CanonicalLocaleTests` holds the two
    /// equal on the ICU installed.
    static let english = CanonicalLocale(tag: "en", formattingIdentifier: "en@calendar=gregorian", language: "en", textLanguage: "en")

    private init(tag: String, formattingIdentifier: String, language: String, textLanguage: String) {
        self.tag = tag
        self.formattingIdentifier = formattingIdentifier
        self.language = language
        self.textLanguage = textLanguage
    }

    /// The locale `input` names, by ICU's rules (see the type's comment).
    init(parsing input: String) throws(LocaleError) {
        let bytes = Array(input.utf8)
        guard !bytes.isEmpty else { throw LocaleError("must not be empty") }
        guard bytes.count <= Self.maximumLength else {
            throw LocaleError("is \(bytes.count) bytes long, over the limit of \(Self.maximumLength)")
        }
        guard bytes.allSatisfy({ Self.isTagByte($0) }) else {
            throw LocaleError("must be a BCP 47 tag of ASCII letters, digits and '-', such as en, he or zh-Hant")
        }
        let dashed = String(decoding: bytes.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)

        let parsed = try Self.identifier(fromTag: dashed)
        try Self.checkRepeatedKeys(dashed)
        for (key, value) in try Self.keywords(parsed) {
            try Self.checkKeyword(key, value)
        }
        let tag = try Self.tag(fromIdentifier: parsed)
        guard tag.utf8.count <= Self.maximumLength else {
            throw LocaleError("is \(tag.utf8.count) bytes long once canonical (\(tag)), over the limit of \(Self.maximumLength)")
        }
        // Re-parsing the canonical tag applies ICU's alias mappings (iw → he) to the ID too.
        let identifier = try Self.identifier(fromTag: tag)
        let language = try Self.part(identifier, Int32(SC_ICU_LOCALE_LANGUAGE))
        guard !language.isEmpty else { throw LocaleError("needs a language, such as en; \"\(tag)\" has none") }
        guard sc_icu_language_has_data(language) == 1 else {
            throw LocaleError("language \"\(language)\" has no locale data")
        }
        let written = dashed.prefix { $0 != "-" }.lowercased()
        guard written == language else {
            throw LocaleError("\"\(written)\" is a deprecated or alias code; use \"\(tag)\"")
        }
        guard !(try Self.part(identifier, Int32(SC_ICU_LOCALE_VARIANT))).utf8.contains(UInt8(ascii: "_")) else {
            throw LocaleError("has more than one variant subtag")
        }
        let hasCalendar = try Self.keywords(identifier).contains { $0.key == "calendar" }
        self.tag = tag
        self.language = language
        self.formattingIdentifier = hasCalendar ? identifier : try Self.withKeyword(identifier, "calendar", "gregorian")
        self.textLanguage = try Self.textLanguage(identifier, language: language)
    }

    public var description: String { tag }

    // MARK: - Rules

    private static func isTagByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2D || b == 0x5F
    }

    /// Refuses a `-u-` key written twice (ICU would keep the first silently).
    private static func checkRepeatedKeys(_ tag: String) throws(LocaleError) {
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard let u = subtags.firstIndex(of: "u") else { return }
        var seen = Set<Substring>()
        for subtag in subtags[(u + 1)...] {
            if subtag.count == 1 { break }  // the next singleton ends the extension
            guard subtag.count == 2 else { continue }  // keys have two characters, values 3...8
            guard seen.insert(subtag).inserted else { throw LocaleError("repeats the -u-\(subtag)- key") }
        }
    }

    /// ICU's formatting library, opened on the first keyword or date that needs it, could not
    /// be loaded: a broken installation, named with its file and package.
    private static func formattingLibraryMissing() -> LocaleError {
        LocaleError(LocalizedDateFormat.libraryProblem() ?? "ICU's formatting library could not be loaded")
    }

    /// Refuses every keyword but a decimal numbering system and a known calendar.
    private static func checkKeyword(_ key: String, _ value: String) throws(LocaleError) {
        switch key {
        case "numbers":
            switch Int(sc_icu_numbering_system_kind(value)) {
            case Int(SC_ICU_NUMBERING_DECIMAL): return
            case Int(SC_ICU_NUMBERING_UNAVAILABLE): throw formattingLibraryMissing()
            case Int(SC_ICU_NUMBERING_ALGORITHMIC):
                throw LocaleError("numbering system \"\(value)\" (-u-nu-) is not decimal; use one such as latn, arab, deva or thai")
            default:
                throw value == "yes" || value == "true"
                    ? LocaleError("-u-nu- needs a numbering system, such as latn")
                    : LocaleError("numbering system \"\(value)\" (-u-nu-) is not one ICU knows; use one such as latn, arab, deva or thai")
            }
        case "calendar":
            let known = sc_icu_calendar_is_known(value)
            if known == -1 { throw formattingLibraryMissing() }
            guard known == 1 else {
                throw value == "yes" || value == "true"
                    ? LocaleError("-u-ca- needs a calendar, such as gregory")
                    : LocaleError("calendar \"\(value)\" (-u-ca-) is not one ICU knows; use one such as gregory, buddhist or japanese")
            }
        case "t":
            throw LocaleError("the -t- (transformed content) extension is not supported; only -u-nu- and -u-ca- are")
        case "x":
            throw LocaleError("private use (-x-) subtags are not supported; only -u-nu- and -u-ca- are")
        default:
            throw LocaleError("the \(Self.extensionName(key)) extension is not supported; only -u-nu- and -u-ca- are")
        }
    }

    /// The BCP 47 spelling of an ICU keyword, for messages.
    private static func extensionName(_ key: String) -> String {
        let known = ["hours": "-u-hc-", "collation": "-u-co-", "currency": "-u-cu-", "timezone": "-u-tz-",
                     "colnumeric": "-u-kn-", "lb": "-u-lb-", "lw": "-u-lw-", "fw": "-u-fw-", "measure": "-u-ms-",
                     "rg": "-u-rg-", "sd": "-u-sd-", "va": "-u-va-", "em": "-u-em-", "attribute": "-u- attribute"]
        if let name = known[key] { return name }
        return key.utf8.count == 1 ? "-\(key)-" : "-u-\(key)- (\(key))"
    }

    // MARK: - ICU calls

    private static func identifier(fromTag tag: String) throws(LocaleError) -> String {
        var out = [CChar](repeating: 0, count: 192)
        var message = [CChar](repeating: 0, count: 128)
        let length = tag.withCString { sc_icu_locale_from_tag($0, Int32(tag.utf8.count), &out, Int32(out.count), &message, message.count) }
        guard length >= 0 else {
            throw LocaleError("\"\(tag)\" is not a well-formed BCP 47 tag (\(message.stringBeforeNUL))")
        }
        return out.stringBeforeNUL
    }

    static func tag(fromIdentifier identifier: String) throws(LocaleError) -> String {
        var out = [CChar](repeating: 0, count: 192)
        var message = [CChar](repeating: 0, count: 128)
        let length = sc_icu_locale_to_tag(identifier, &out, Int32(out.count), &message, message.count)
        guard length > 0 else {
            throw LocaleError("has no canonical BCP 47 form (\(message.stringBeforeNUL))")
        }
        return out.stringBeforeNUL
    }

    private static func part(_ identifier: String, _ part: Int32) throws(LocaleError) -> String {
        var out = [CChar](repeating: 0, count: 160)
        guard sc_icu_locale_part(identifier, part, &out, Int32(out.count)) >= 0 else {
            throw LocaleError("could not be split into its parts")
        }
        return out.stringBeforeNUL
    }

    private static func keywords(_ identifier: String) throws(LocaleError) -> [(key: String, value: String)] {
        var result: [(key: String, value: String)] = []
        var key = [CChar](repeating: 0, count: 64)
        var value = [CChar](repeating: 0, count: 160)
        for index in Int32(0)... {
            let status = sc_icu_locale_keyword(identifier, index, &key, Int32(key.count), &value, Int32(value.count))
            if status == 1 { break }
            guard status == 0 else { throw LocaleError("has an extension ICU could not read") }
            result.append((key.stringBeforeNUL, value.stringBeforeNUL))
        }
        return result
    }

    private static func withKeyword(_ identifier: String, _ key: String, _ value: String) throws(LocaleError) -> String {
        var out = [CChar](repeating: 0, count: 192)
        guard sc_icu_locale_with_keyword(identifier, key, value, &out, Int32(out.count)) >= 0 else {
            throw LocaleError("could not take the \(key) keyword")
        }
        return out.stringBeforeNUL
    }

    private static func textLanguage(_ identifier: String, language: String) throws(LocaleError) -> String {
        // Appended piece by piece: `joined(separator:)` resolved its collection's associated
        // types at run time on a render's first use (0.25 million instructions).
        var tag = language
        for p in [SC_ICU_LOCALE_SCRIPT, SC_ICU_LOCALE_REGION, SC_ICU_LOCALE_VARIANT] {
            let value = try part(identifier, Int32(p))
            for subtag in value.split(separator: "_") { tag += "-" + String(subtag) }
        }
        return tag
    }
}

/// Why a locale was refused; the reason reads after the field name ("locale: …").
public struct LocaleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
