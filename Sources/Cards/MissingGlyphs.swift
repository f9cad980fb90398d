import BufferText
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
            names.append(scalar.codePointName)
        }
        return names
    }

    /// "no font has U+03AD U+03CC", and when faces of `fonts` could not be opened, which and
    /// why: a broken file in the manifest, not the characters, is then what to look at.
    public static func message(_ codePoints: [String], fonts: FontLibrary) -> String {
        let failed = fonts.facesThatFailedToOpen
        return "no font has \(codePoints.joined(separator: " "))"
            + (failed.isEmpty ? "" : " (\(failed.count == 1 ? "a face" : "\(failed.count) faces") of the fonts could not be opened: "
                + failed.joined(separator: "; ") + ")")
    }
}
