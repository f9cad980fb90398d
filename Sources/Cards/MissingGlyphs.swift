import Typesetting

/// Characters no font could draw, named as code points ("U+11F04") for messages, JSON and
/// headers: printable whatever the terminal or the HTTP header's character set.
public enum MissingGlyphs {
    /// The code points of `clusters` (grapheme clusters no face covers), in order, each once.
    /// Characters shaping hides (ZWJ, variation selectors) are left out: no face needs them.
    /// The Hangul fillers are kept: shaping draws them, as a box when no face has them.
    public static func codePoints(of clusters: [String]) -> [String] {
        var seen = Set<UInt32>()
        var names: [String] = []
        for scalar in clusters.flatMap(\.unicodeScalars)
        where !scalar.isHiddenWhenShaped && seen.insert(scalar.value).inserted {
            names.append(name(scalar))
        }
        return names
    }

    /// `U+` and at least four upper-case hex digits, as Unicode writes code points.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
