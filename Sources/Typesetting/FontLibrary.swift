import Foundation

/// The faces a program renders with: loaded once from a fonts directory and its manifest
/// (`fonts.json`, see `FontManifest`), then passed down explicitly — there is no shared
/// instance. Faces outside the directory (Noto Sans CJK from the system) are loaded by path
/// when present and skipped when absent.
///
/// Lookups match the manifest's family names (ignoring case), choose the style, then the
/// nearest weight by the CSS rule (`FontWeight.nearest(in:)`). Immutable and `Sendable`.
public struct FontLibrary: Sendable {
    /// One loaded face with the family, weight and style the manifest gives it.
    public struct Entry: Sendable {
        public let family: String
        /// `family` lowercased, for case-insensitive lookups without Foundation's comparison.
        let familyKey: String
        public let weight: FontWeight
        public let style: FontStyle
        public let face: FontFace
    }

    private struct FallbackFamily: Sendable {
        let family: String
        let familyKey: String
        /// Normalised BCP 47 tags this family is preferred for (empty: no preference).
        let languages: [String]
    }

    /// The manifest's file name inside a fonts directory.
    public static let manifestName = "fonts.json"

    /// The directory the library was loaded from.
    public let directory: String
    /// Every loaded face, in manifest order.
    public let entries: [Entry]
    /// The default face for titles (the manifest's `title`, Quicksand Bold as shipped).
    public let titleFace: FontFace
    /// Paths of optional faces that were not found (e.g. CJK without `fonts-noto-cjk`).
    public let unavailablePaths: [String]
    private let fallback: [FallbackFamily]

    /// Loads the manifest in `directory` and every face it lists. Errors name the file.
    public init(directory: String) throws(FontError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryNotFound(path: directory)
        }
        let manifestPath = (directory as NSString).appendingPathComponent(Self.manifestName)
        let manifest = try FontManifest.load(path: manifestPath)

        var entries: [Entry] = []
        var unavailable: [String] = []
        for spec in manifest.faces {
            let path = spec.path ?? (directory as NSString).appendingPathComponent(spec.file ?? "")
            if spec.optional == true && !FileManager.default.fileExists(atPath: path) {
                if !unavailable.contains(path) { unavailable.append(path) }
                continue
            }
            let index: Int
            if let given = spec.faceIndex {
                index = given
            } else {
                let names = try FontCollection.familyNames(path: path)
                index = names.count == 1 ? 0 : try FontCollection.faceIndex(ofFamily: spec.family, path: path)
            }
            let face = try FontFace(path: path, faceIndex: index)
            entries.append(Entry(family: spec.family, familyKey: spec.family.lowercased(), weight: FontWeight(spec.weight)!,
                                 style: spec.style ?? .normal, face: face))
        }

        self.directory = directory
        self.entries = entries
        self.unavailablePaths = unavailable
        let loadedFamilies = Set(entries.map { $0.family.lowercased() })
        self.fallback = manifest.fallback
            .filter { loadedFamilies.contains($0.family.lowercased()) }
            .map { FallbackFamily(family: $0.family, familyKey: $0.family.lowercased(), languages: ($0.languages ?? []).compactMap { LanguageTag($0)?.tag }) }

        let title = manifest.title
        guard let titleFace = Self.match(entries, familyKey: title.family.lowercased(), weight: FontWeight(title.weight)!,
                                         style: title.style ?? .normal) else {
            throw .invalidManifest(path: manifestPath, reason: "no face of title family \"\(title.family)\" was loaded")
        }
        self.titleFace = titleFace
    }

    /// Family names in manifest order, without repeats.
    public var families: [String] {
        var seen = Set<String>()
        return entries.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The face of `family` closest to `weight` and `style`, or nil when the family is unknown.
    /// A missing style falls back to the other one; weight follows the CSS matching order.
    public func face(family: String, weight: FontWeight = .regular, style: FontStyle = .normal) -> FontFace? {
        Self.match(entries, familyKey: family.lowercased(), weight: weight, style: style)
    }

    private static func match(_ entries: [Entry], familyKey: String, weight: FontWeight, style: FontStyle) -> FontFace? {
        let inFamily = entries.filter { $0.familyKey == familyKey }
        let styled = inFamily.filter { $0.style == style }
        let pool = styled.isEmpty ? inFamily : styled
        guard let best = weight.nearest(in: pool.map(\.weight)) else { return nil }
        return pool.first { $0.weight == best }?.face
    }

    /// The fallback faces in the order to try them, one per family at the nearest weight.
    ///
    /// Families that the manifest ties to languages (the CJK faces) form one block; within it
    /// those matching `language` come first (the longest matching tag wins: `zh-Hant` picks
    /// Traditional over `zh`), the rest keep manifest order. Without a match the block stays
    /// as listed, so Simplified Chinese forms are the default for Han.
    public func fallbackChain(weight: FontWeight = .regular, style: FontStyle = .normal,
                              language: LanguageTag? = nil) -> [FontFace] {
        var order = fallback
        if let language {
            let block = order.indices.filter { !order[$0].languages.isEmpty }
            func score(_ family: FallbackFamily) -> Int {
                family.languages.filter { language.tag == $0 || language.tag.hasPrefix($0 + "-") }.map(\.count).max() ?? 0
            }
            let sorted = block.map { order[$0] }.enumerated()
                .sorted { (score($0.element), -$0.offset) > (score($1.element), -$1.offset) }
                .map(\.element)
            for (slot, family) in zip(block, sorted) { order[slot] = family }
        }
        var faces: [FontFace] = []
        for family in order {
            if let face = Self.match(entries, familyKey: family.familyKey, weight: weight, style: style), !faces.contains(face) {
                faces.append(face)
            }
        }
        return faces
    }

    /// The first face that has a glyph for every character of `cluster` (a grapheme cluster;
    /// default-ignorables such as ZWJ and variation selectors are not required), trying
    /// `preferred` first, then the fallback chain. A cluster that asks for emoji presentation
    /// (U+FE0F, an Emoji_Presentation base, a keycap, a skin-tone modifier, a regional
    /// indicator) tries colour faces first. Nil when no face covers it: report it, it would
    /// draw as `.notdef`.
    public func face(for cluster: some Sequence<Unicode.Scalar>, preferred: FontFace? = nil,
                     weight: FontWeight = .regular, style: FontStyle = .normal,
                     language: LanguageTag? = nil) -> FontFace? {
        let scalars = Array(cluster)
        var chain = fallbackChain(weight: weight, style: style, language: language)
        if let preferred {
            chain.removeAll { $0 === preferred }
            chain.insert(preferred, at: 0)
        }
        if Self.wantsEmojiPresentation(scalars) {
            chain = chain.filter(\.isColorBitmap) + chain.filter { !$0.isColorBitmap }
        }
        return chain.first { $0.covers(scalars) }
    }

    static func wantsEmojiPresentation(_ scalars: [Unicode.Scalar]) -> Bool {
        if scalars.contains("\u{FE0F}") { return true }
        if scalars.contains("\u{FE0E}") { return false }
        if let first = scalars.first, first.properties.isEmojiPresentation { return true }
        return scalars.contains { s in
            s == "\u{20E3}" || s.properties.isEmojiModifier || (0x1F1E6...0x1F1FF).contains(s.value)
        }
    }
}
