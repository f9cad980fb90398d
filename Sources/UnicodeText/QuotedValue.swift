/// A value the user gave, quoted in a one-line message: in double quotes, cut to
/// `maximumScalars` code points (then ending in `…`), with every character that could hide,
/// reorder or restyle the text around it escaped as `\u{…}`: controls (General_Category Cc,
/// such as ESC, which starts a terminal's colour sequences), format characters (Cf: the bidi
/// overrides and isolates such as U+202E, zero-width characters), line and paragraph
/// separators (Zl, Zp), and `"` and `\` themselves. Everything else, letters of any script
/// included, stays as typed.
public enum QuotedValue {
    public static let maximumScalars = 80

    /// A path or another value set into a message: as typed when it is plain, else quoted
    /// (cut only past 4,096 code points, PATH_MAX, so a long path is shown whole); an empty
    /// value is quoted too, or the message would show nothing where it stands.
    public static func shown(_ value: some StringProtocol) -> String {
        !value.isEmpty && isPlain(value) ? String(value) : quoted(value, maximumScalars: 4096)
    }

    /// `"value"`, escaped and cut as above.
    public static func quoted(_ value: some StringProtocol, maximumScalars: Int = QuotedValue.maximumScalars) -> String {
        "\"" + escaped(value, maximumScalars: maximumScalars) + "\""
    }

    /// The value escaped and cut as `quoted` does, without the quotes: for a name set in a
    /// message's own punctuation (`elements[0].NAME`, `{NAME}`), unchanged when it is plain.
    public static func escaped(_ value: some StringProtocol, maximumScalars: Int = QuotedValue.maximumScalars) -> String {
        var result = ""
        var count = 0
        for scalar in value.unicodeScalars {
            guard count < maximumScalars else {
                result += "…"
                break
            }
            count += 1
            result += needsEscape(scalar) ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return result
    }

    /// Whether `quoted` would escape any of `value`'s characters: a value that is plain may be
    /// shown bare (a path in a message reads as typed) and an unsafe one quoted.
    public static func isPlain(_ value: some StringProtocol) -> Bool {
        !value.unicodeScalars.contains(where: needsEscape)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return true
        default: return scalar == "\"" || scalar == "\\"
        }
    }
}
