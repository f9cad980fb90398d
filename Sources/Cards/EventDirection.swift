import Typesetting
import UnicodeText

extension Event {
    /// The direction the title is read in, in the event's locale (`Paragraph.readingDirection`):
    /// what the card's template mirrors by, and the share page's text direction.
    public var readingDirection: TextDirection {
        Paragraph.readingDirection(of: title, language: textLanguage)
    }

    /// The language the card's text is shaped, broken and read in: the locale's, `en` when ICU
    /// gives none that is a well-formed tag.
    var textLanguage: LanguageTag { LanguageTag(canonicalLocale.textLanguage) ?? LanguageTag("en")! }
}
