import CICU

/// The direction a language is written in, as ICU knows it.
public enum LanguageDirection {
    /// Whether text in the language of BCP 47 `tag` is written right to left: by its script
    /// subtag, or the script likely for its language (`ar`, `he-IL`, `ur`, `az-Arab` yes; `en`,
    /// `az`, `sr-Latn` no). False for a tag ICU cannot read.
    public static func isRightToLeft(tag: String) -> Bool {
        tag.withCString { sc_icu_language_is_right_to_left($0, Int32(tag.utf8.count)) } == 1
    }
}
