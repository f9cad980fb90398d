import UnicodeText

/// What a share image is about: a title, when it happens, and how it should look.
/// Built only through the validating initialiser (or `EventDecoder`), so every `Event` is
/// usable: a title with something visible, title and subtitle within the limit (in code
/// points), an end date not before the start.
public struct Event: Hashable, Sendable {
    public let title: String
    public let date: EventDate?
    public let endDate: EventDate?
    /// A second line, such as the timeline's name.
    public let subtitle: String?
    public let emoji: String?
    /// A colour name from the palette, such as `user_purple`, or hex colours in the canonical
    /// spelling of `CustomColor` (`#1e88e5`, `#1e88e5,#8e24aa`).
    public let color: String
    public let palette: String
    public let template: String
    /// Canonical BCP 47 locale for date formatting and line breaking, such as `en`, `he`,
    /// `zh-Hant` or `th-TH-u-nu-thai` (see `CanonicalLocale` for what is accepted).
    public let locale: String
    /// The same locale, validated by ICU: what dates are formatted with.
    public let canonicalLocale: CanonicalLocale

    public static let defaultColor = "user_purple"
    public static let defaultPalette = "default"
    public static let defaultTemplate = "classic"
    /// Code points in a title or a subtitle (a character may be several).
    public static let defaultTitleLimit = 500
    /// Code points in one emoji: the longest real sequences (a family of four with skin
    /// tones is 11, a subdivision flag 7) fit; one emoji with thousands of combining marks
    /// does not.
    public static let emojiScalarLimit = 16

    public init(title: String, date: EventDate? = nil, endDate: EventDate? = nil, subtitle: String? = nil,
                emoji: String? = nil, color: String = Event.defaultColor, palette: String = Event.defaultPalette,
                template: String = Event.defaultTemplate, locale: String = "en",
                titleLimit: Int = Event.defaultTitleLimit) throws(EventError) {
        // Tabs, control characters and whitespace at paragraph edges would draw as boxes or
        // shift the title off centre: they are cleaned, not refused (`TextCleaning`).
        let title = TextCleaning.cleaned(title)
        // A subtitle with nothing visible is no subtitle, as an empty one given to the decoder
        // is (`EventDecoder.blankMeansAbsent`): "\u{7F}\u{7F}" or spaces cleaned to "" would draw
        // nothing, yet be a card of another key, and read back from JSON as absent.
        let subtitle = subtitle.map(TextCleaning.cleaned).flatMap { BlankText.isBlank($0) ? nil : $0 }
        // Nothing visible (spaces, zero-width and format characters, …: `BlankText`) would
        // draw an empty card.
        guard !BlankText.isBlank(title) else {
            throw EventError(field: "title", reason: "must not be empty or blank")
        }
        // Code points, not characters: one character may carry any number of combining marks,
        // and shaping and drawing cost grows with code points.
        if let problem = Self.lengthProblem(title, limit: titleLimit) { throw EventError(field: "title", reason: problem) }
        if let endDate {
            guard date != nil else { throw EventError(field: "endDate", reason: "needs a date to end after") }
            guard !endDate.endsBefore(date!) else { throw EventError(field: "endDate", reason: "is before date") }
        }
        if let subtitle, let problem = Self.lengthProblem(subtitle, limit: titleLimit) {
            throw EventError(field: "subtitle", reason: problem)
        }
        if let emoji, let problem = EmojiField.problem(emoji) {
            throw EventError(field: "emoji", reason: problem)
        }
        // A hex colour (`#1e88e5`, or two stops for a gradient) is kept in its one canonical spelling.
        let color = CustomColor.isHex(color) ? try CustomColor(color).canonical : color
        for (field, value) in [("color", color), ("palette", palette), ("template", template)] where field != "color" || !CustomColor.isHex(value) {
            guard Self.isName(value) else {
                if field == "color", value.isEmpty {
                    // What a URL's unencoded `#ff0000` leaves: the rest is its fragment, never sent.
                    throw EventError(field: field, reason: "is empty: give a palette colour's name, or a hex colour such as #1e88e5 "
                        + "(written %231e88e5 in a URL, where a bare # starts the fragment)")
                }
                let tooLong = value.utf8.count > Self.maximumNameLength && value.utf8.allSatisfy(Self.isNameByte)
                throw EventError(field: field, reason: tooLong
                    ? "must be a name of at most \(Self.maximumNameLength) characters, got \(value.count): \(QuotedValue.quoted(value))"
                    : "must be a name of letters, digits, '_' or '-', got \(QuotedValue.quoted(value))")
            }
        }
        let canonicalLocale: CanonicalLocale
        do { canonicalLocale = try CanonicalLocale(locale) } catch {
            throw EventError(field: "locale", reason: "\(error.reason), got \(QuotedValue.quoted(locale))")
        }
        self.title = title
        self.date = date
        self.endDate = endDate
        self.subtitle = subtitle
        self.emoji = emoji
        self.color = color
        self.palette = palette
        self.template = template
        self.locale = canonicalLocale.tag
        self.canonicalLocale = canonicalLocale
    }

    /// Why `text` is too long for a title or subtitle of at most `limit` code points, or nil.
    static func lengthProblem(_ text: String, limit: Int) -> String? {
        let count = text.unicodeScalars.count
        return count > limit ? "is \(count) code points long, over the limit of \(limit)" : nil
    }
}

/// An event field that is missing or wrong: which field, and what was expected.
public struct EventError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let reason: String

    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}

extension Event {
    /// The longest colour, palette or template name, in characters.
    static let maximumNameLength = 64

    /// Whether `value` can name a palette, a colour or a template: 1 to 64 ASCII letters,
    /// digits, `_` or `-` (what an event may give, and so what a palette may offer).
    static func isName(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumNameLength && value.utf8.allSatisfy(isNameByte)
    }

    /// Byte by byte: a name is ASCII, so its characters are its bytes.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"): return true
        default: return false
        }
    }
}
