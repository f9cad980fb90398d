import Foundation
import Geometry
import Layout
import Raster
import TestSupport
import Typesetting

/// Fonts, contexts and helpers shared by the layout tests.
enum LayoutFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let golden = GoldenImage(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden"))

    /// Loaded once; a failure is reported by every test that uses it.
    static let fonts = Result(catching: { () throws(FontError) -> FontLibrary in
        try FontLibrary(directory: repositoryRoot.appendingPathComponent("fonts").path)
    })

    static let cache = GlyphCache()

    static func context(scale: Double = 2, language: String = "en") throws -> LayoutContext {
        try LayoutContext(fonts: fonts.get(), glyphCache: cache, language: LanguageTag(language)!, scale: scale)
    }

    static func attributes(size: Double = 17, color: Color = .white, family: String = "Quicksand",
                           weight: FontWeight = .bold) throws -> TextAttributes {
        try TextAttributes(family: family, weight: weight, sizeInPoints: size, color: color)
    }

    static let unbounded = Size(width: .infinity, height: .infinity)

    /// Words for generated titles: Latin of several widths, plus a few other scripts.
    static let words = ["a", "trip", "to", "the", "seaside", "with", "Grandma", "Biscuit", "our", "first",
                        "apartment", "birthday", "W", "mmm", "iii", "wonderful", "Zürich", "café", "Ωmega", "🎉"]
}

extension SeededGenerator {
    /// A title of `count` characters cut from random words (never ending in a space).
    mutating func title(characters count: Int) -> String {
        var text = ""
        while text.count < count {
            if !text.isEmpty { text += " " }
            text += LayoutFixtures.words.randomElement(using: &self)!
        }
        var cut = String(text.prefix(count))
        while cut.hasSuffix(" ") { cut.removeLast() }
        return cut.isEmpty ? "x" : cut
    }
}
