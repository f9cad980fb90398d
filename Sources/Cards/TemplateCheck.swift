import Raster
import Scene
import Typesetting
import UnicodeText

extension Template {
    /// Letters every face that sets a title, date or subtitle must have: a family that cannot
    /// set these would draw most cards from fallback faces, or as tofu.
    static let latinSample = "AaBbEeGgMmOoRrSsTtYy0123456789"

    /// Checks what reading the file does not: that every image decodes (reading checks only
    /// its header; drawing decodes it on first use), that every font family the template
    /// names is in `fonts`, and that each family setting text other than the emoji alone can
    /// draw Latin. (Colour and field references were resolved when the file was read.)
    /// Errors name the file and the element's path, as reading's do.
    public func check(fonts: FontLibrary) throws(DataFileError) {
        let file = name + ".json"
        for use in uses.images {
            do { _ = try use.asset.image() } catch {
                throw DataFileError(file: file, field: use.path, reason: "\(error)")
            }
        }
        do { try uses.checkFamilies(in: fonts) } catch { throw DataFileError(file: file, field: error.path, reason: error.reason) }
        for use in uses.texts {
            let style = use.style
            guard let face = fonts.face(family: style.family, weight: style.weight) else { continue }
            guard !Self.needsLatin(use) || face.covers(Self.latinSample.unicodeScalars) else {
                let missing = Self.latinSample.unicodeScalars.filter { !face.hasGlyph($0) }.map(String.init).joined()
                throw DataFileError(file: file, field: use.path,
                                    reason: "font family \"\(style.family)\" (for \"\(use.source)\") cannot draw Latin text (no glyphs for \"\(missing)\")")
            }
        }
    }

    /// The canvases `checkLayout` lays a template out on: every preset, and the four corners
    /// of the sizes a card may ask for (320…4,096 points a side).
    public static var layoutCheckSizes: [CardSize] {
        let range = CardSize.range
        let corners = [(range.lowerBound, range.lowerBound), (range.upperBound, range.upperBound),
                       (range.upperBound, range.lowerBound), (range.lowerBound, range.upperBound)]
        return CardSize.presets.map(\.size) + corners.compactMap { try? CardSize(width: $0.0, height: $0.1) }
    }

    /// Lays the template out for the sample event (title, date, subtitle, emoji) at each of
    /// `layoutCheckSizes`, at scale 1, as a card would be: what reading and `check` cannot see,
    /// such as frames whose anchors and aspect ratios multiply out of range, a pattern or a font
    /// size over its limit at some sizes. Nothing is drawn. Returns what is allowed but likely
    /// unmeant: each frame that resolves to nothing at some size (its element not drawn there),
    /// as "laid out at SIZE for a sample event: PATH: …", for `templates validate` to warn about.
    @discardableResult
    public func checkLayout(fonts: FontLibrary) throws(DataFileError) -> [String] {
        let text = SceneTextContext(fonts: fonts, glyphCache: GlyphCache(), language: LanguageTag("en")!, hyphenates: true)
        var warnings: [String] = []
        for size in Self.layoutCheckSizes {
            // The pixel limit is the server's (the command line lifts it), not the template's.
            let resolved: ResolvedScene
            do { resolved = try scene.resolve(.sample, size: size.size, scale: 1, text: text, pixelLimit: .infinity) } catch {
                throw DataFileError(file: name + ".json", field: "", reason: "laid out at \(size) for a sample event: \(error)")
            }
            // A text squeezed to nothing (its edges crossed) would draw a column of single
            // letters, or nothing: the frame solver keeps sizes at zero rather than negative.
            for text in resolved.texts where !text.fields.isEmpty && (text.frame.width < 1 || text.frame.height < 1) {
                let shown = text.fields.map { "{\($0.rawValue)}" }.joined(separator: ", ")
                throw DataFileError(file: name + ".json", field: "", reason: String(
                    format: "laid out at %@ for a sample event: the text showing %@ gets a box of %.4g×%.4g points, too small to set it",
                    size.description, shown, text.frame.width, text.frame.height))
            }
            warnings += resolved.emptyFrames.map { "laid out at \(size) for a sample event: \($0)" }
        }
        return warnings
    }

    /// Whether a text must be set in a face with Latin letters: it shows a field other than the
    /// emoji (a title, date or subtitle may be anything), or its own words have a Latin letter
    /// or a digit. `"{emoji} Save the date"` does; `"{emoji}"` and a literal `"🎉🎂"` do not.
    static func needsLatin(_ use: ResourceUses.Text) -> Bool {
        if use.fields.contains(where: { $0 != .emoji }) { return true }
        return use.text.pieces.contains { piece in
            guard case .literal(let words) = piece else { return false }
            return words.unicodeScalars.contains { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}

extension ResourceUses {
    /// How many family names an unknown family's error suggests, out of some 150.
    static let suggestedFamilies = 5

    /// Checks that `fonts` has every font family the document names, in document order: the
    /// first it lacks is an error at its path (`elements[2].font.family`), naming a few of the
    /// nearest families.
    public func checkFamilies(in fonts: FontLibrary) throws(JSONInputError) {
        for use in texts where fonts.face(family: use.style.family, weight: use.style.weight) == nil {
            throw JSONInputError(path: use.path, reason: Self.unknownFamily(use.style.family, for: use.source, in: fonts.families))
        }
    }

    /// The reason for a family the library lacks: a few of the nearest names, not all of them.
    static func unknownFamily(_ family: String, for source: String, in families: [String]) -> String {
        let nearest = Suggestion.nearest(to: family, in: families, count: suggestedFamilies)
        let list = nearest.map { "\"\($0)\"" }.joined(separator: ", ")
        return "font family \(QuotedValue.quoted(family)) (for \(QuotedValue.quoted(source))) is not in the font library"
            + (nearest.isEmpty ? "" : " (nearest: \(list); `sharecard fonts list` lists all \(families.count) families)")
    }
}

extension Catalog {
    /// Every template checked against `fonts` (see `Template.check(fonts:)`); the first
    /// problem stops the check with an error naming the template.
    public func check(fonts: FontLibrary) throws(DataFileError) {
        for template in templates { try template.check(fonts: fonts) }
    }
}
