import Typesetting

/// What measuring and drawing need besides the view itself: fonts, the glyph cache, the
/// text language and the device-pixel grid. Passed down explicitly; there is no shared one.
///
/// Measure with the same context you draw with: a different scale snaps frames to a
/// different grid, and a different language can pick different glyph forms.
public struct LayoutContext: Sendable {
    public let fonts: FontLibrary
    public let glyphCache: GlyphCache
    /// The language text is shaped in unless a view says otherwise.
    public let language: LanguageTag
    /// Device pixels per point: the canvas's `scale`.
    public let grid: PixelGrid
    /// Long words may be hyphenated with the dictionary of the text's language (set when
    /// the language was chosen for the text, not assumed).
    public var hyphenates = false

    public init(fonts: FontLibrary, glyphCache: GlyphCache, language: LanguageTag = LanguageTag("en")!,
                scale: Double = 1) throws {
        self.fonts = fonts
        self.glyphCache = glyphCache
        self.language = language
        self.grid = try PixelGrid(scale: scale)
    }

    /// The same context with another device scale.
    public func with(scale: Double) throws -> LayoutContext {
        var context = try LayoutContext(fonts: fonts, glyphCache: glyphCache, language: language, scale: scale)
        context.hyphenates = hyphenates
        return context
    }
}
