import BufferText
import CICU

/// A Unicode script (UAX #24), identified by ICU's script code and named by its ISO 15924
/// tag, the form HarfBuzz takes (`hb_script_from_string`).
public struct Script: Hashable, Sendable, CustomStringConvertible {
    /// ICU's `UScriptCode`.
    public let code: Int32

    init(code: Int32) { self.code = code }

    /// The Script property of a scalar.
    public init(of scalar: Unicode.Scalar) {
        code = sc_icu_script(scalar.value)
    }

    /// The script with an ISO 15924 tag such as `"Latn"` or `"Arab"` (case-insensitive).
    public init(tag: String) throws {
        let scalars = Array(tag.unicodeScalars)
        guard scalars.count == 4, scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            throw UnicodeTextError.invalidArgument("script tag must be four ASCII letters, got \(tag.debugDescription)")
        }
        let wanted = tag.lowercased()
        for code in Int32(0)..<200 where Script(code: code).tag?.lowercased() == wanted {
            self.code = code
            return
        }
        throw UnicodeTextError.invalidArgument("unknown script tag \(tag.debugDescription)")
    }

    public static let common = Script(code: Int32(SC_ICU_SCRIPT_COMMON))
    public static let inherited = Script(code: Int32(SC_ICU_SCRIPT_INHERITED))
    public static let unknown = Script(code: Int32(SC_ICU_SCRIPT_UNKNOWN))

    /// Common, Inherited and Unknown: characters that belong to whatever script surrounds them.
    public var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// The ISO 15924 tag, e.g. `"Latn"`; nil for codes ICU does not name.
    public var tag: String? {
        var buffer = [CChar](repeating: 0, count: 5)
        guard sc_icu_script_tag(code, &buffer) == 0 else { return nil }
        return buffer.stringBeforeNUL
    }

    /// The Script_Extensions of a scalar: the scripts it is used with, in ICU's order
    /// (`،` U+060C: Arabic, Syriac, Thaana, N'Ko, Hanifi Rohingya, Yezidi); its Script
    /// alone for most characters.
    public static func extensions(of scalar: Unicode.Scalar) -> [Script] {
        var codes = [Int32](repeating: 0, count: 32)
        let count = Int(sc_icu_script_extensions(scalar.value, &codes, Int32(codes.count)))
        return codes.prefix(min(count, codes.count)).map(Script.init(code:))
    }

    /// True when `scalar`'s Script_Extensions include this script.
    public func isUsed(by scalar: Unicode.Scalar) -> Bool {
        sc_icu_script_extensions_contain(scalar.value, code) != 0
    }

    public var description: String { tag ?? "script \(code)" }
}
