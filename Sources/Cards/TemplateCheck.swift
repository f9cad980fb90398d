import Scene
import Typesetting

extension Template {
    /// Letters every face that sets a title, date or subtitle must have: a family that cannot
    /// set these would draw most cards from fallback faces, or as tofu.
    static let latinSample = "AaBbEeGgMmOoRrSsTtYy0123456789"

    /// Checks what reading the file does not: that every image decodes (reading checks only
    /// its header; drawing decodes it on first use), that every font family the template
    /// names is in `fonts`, and that each family setting text other than the emoji alone can
    /// draw Latin. (Colour and field references were resolved when the file was read.)
    public func check(fonts: FontLibrary) throws(DataFileError) {
        let file = name + ".json"
        for asset in scene.assets {
            do { _ = try asset.image() } catch {
                throw DataFileError(file: file, field: "src", reason: "\(error)")
            }
        }
        for (style, fields, source) in scene.textStyles {
            guard let face = fonts.face(family: style.family, weight: style.weight) else {
                throw DataFileError(file: file, field: "font.family",
                                    reason: "font family \"\(style.family)\" (for \"\(source)\") is not in the font library (it has: \(fonts.families.joined(separator: ", ")))")
            }
            let showsOnlyEmoji = !fields.isEmpty && fields.allSatisfy { $0 == .emoji }
            guard showsOnlyEmoji || face.covers(Self.latinSample.unicodeScalars) else {
                let missing = Self.latinSample.unicodeScalars.filter { !face.hasGlyph($0) }.map(String.init).joined()
                throw DataFileError(file: file, field: "font.family",
                                    reason: "font family \"\(style.family)\" (for \"\(source)\") cannot draw Latin text (no glyphs for \"\(missing)\")")
            }
        }
    }
}

extension Catalog {
    /// Every template checked against `fonts` (see `Template.check(fonts:)`); the first
    /// problem stops the check with an error naming the template.
    public func check(fonts: FontLibrary) throws(DataFileError) {
        for template in templates { try template.check(fonts: fonts) }
    }
}
