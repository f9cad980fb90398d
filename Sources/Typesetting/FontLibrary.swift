import Foundation
import UnicodeText

/// The faces a program renders with: the manifest of a fonts directory (`fonts.json`, see
/// `FontManifest`), loaded once and passed down explicitly — there is no shared instance.
/// Faces outside the directory (Noto Sans CJK and the script faces of `fonts-noto-core`) are
/// found by path when present and skipped when absent.
///
/// Loading reads the manifest and checks that the required faces' files exist (an optional
/// face's file is looked for when a lookup first considers it); a face is opened (HarfBuzz,
/// FreeType, one mapping of its file) the first time a lookup needs it, and a collection's
/// face names are read once.
/// Only the title face is opened up front. A face that turns out to be unreadable behaves as
/// absent; `openAllFaces()` reports such faces instead.
///
/// Lookups match the manifest's family names (ignoring case), choose the style, then the
/// nearest weight by the CSS rule (`FontWeight.nearest(in:)`). Immutable and `Sendable`.
public struct FontLibrary: Sendable {
    /// One face the manifest lists, with the family, weight and style the manifest gives it.
    public struct Entry: Sendable {
        public let family: String
        public let weight: FontWeight
        public let style: FontStyle
        let slot: FaceSlot
        /// The file the face is read from.
        public var path: String { slot.path }
        /// The face, opened on first use; nil when the file cannot be opened as a font.
        public var face: FontFace? { slot.face }
    }

    private struct FallbackFamily: Sendable {
        let familyKey: String
        /// Normalised BCP 47 tags this family is preferred for (empty: no preference).
        let languages: [String]
    }

    /// The manifest's file name inside a fonts directory.
    public static let manifestName = "fonts.json"

    /// The directory the library was loaded from.
    public let directory: String
    /// Every face the manifest lists, available or not, in manifest order.
    private let allEntries: [Entry]
    /// Every available face, in manifest order. This checks every optional face's file: lookups
    /// check only the faces they consider.
    public var entries: [Entry] { allEntries.filter(\.slot.isAvailable) }
    /// The default face for titles (the manifest's `title`, Quicksand Bold as shipped).
    public let titleFace: FontFace
    /// Paths of optional faces that were not found (e.g. CJK without `fonts-noto-cjk`), each
    /// once, in manifest order. This checks every optional face's file.
    public var unavailablePaths: [String] {
        var seen = Set<String>()
        return allEntries.filter { !$0.slot.isAvailable && seen.insert($0.path).inserted }.map(\.path)
    }
    private let fallback: [FallbackFamily]
    private let table: FallbackTable
    /// Entry indices per family key, in manifest order.
    private let familyEntries: [String: [Int]]

    /// Loads the manifest in `directory` and checks that every face it requires exists (an optional
    /// face's file is checked when a lookup first considers it). Errors name the file.
    public init(directory: String) throws(FontError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryNotFound(path: directory)
        }
        let manifestPath = (directory as NSString).appendingPathComponent(Self.manifestName)
        let manifest = try FontManifest.load(path: manifestPath)

        var entries: [Entry] = []
        entries.reserveCapacity(manifest.faces.count)
        var files: [String: SharedFontFile] = Dictionary(minimumCapacity: manifest.faces.count)
        var checked = Set<String>()
        // A manifest's `file` is a plain name (checked by FontManifest), so joining needs no path API.
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for spec in manifest.faces {
            let path = spec.path ?? prefix + (spec.file ?? "")
            let optional = spec.optional == true
            // A required face's file is checked now (one `access` each, the shipped dozen); an
            // optional one's (the system's script faces) only when a lookup considers it.
            if !optional, !checked.contains(path) {
                guard FontFile.exists(path: path) else { throw .fileNotFound(path: path) }
                checked.insert(path)
            }
            // One hash per face: the file is found, or made and stored, in one access.
            func shared(_ file: inout SharedFontFile) -> SharedFontFile { file }
            let file = shared(&files[path, default: SharedFontFile(path: path)])
            let slot = FaceSlot(file: file, faceIndex: spec.faceIndex, family: spec.family, optional: optional)
            entries.append(Entry(family: spec.family, weight: FontWeight(spec.weight)!,
                                 style: spec.style ?? .normal, slot: slot))
        }

        // Every listed face is an entry, so the manifest's face indices are entry indices.
        let familyEntries = manifest.facesByFamily
        self.directory = directory
        self.allEntries = entries
        self.familyEntries = familyEntries
        self.fallback = zip(manifest.fallbackFamilyKeys, manifest.fallbackLanguages).map {
            FallbackFamily(familyKey: $0, languages: $1)
        }
        self.table = FallbackTable(scripts: manifest.fallbackScripts)

        let title = manifest.title
        guard let indices = familyEntries[title.family.lowercased()],
              let titleEntry = Self.match(indices.map { entries[$0] }.filter(\.slot.isAvailable), weight: FontWeight(title.weight)!, style: title.style ?? .normal)
        else {
            throw .invalidManifest(path: manifestPath, reason: "no face of title family \"\(title.family)\" was found")
        }
        self.titleFace = try titleEntry.slot.open()
    }

    /// Family names in manifest order, without repeats.
    public var families: [String] {
        var seen = Set<String>()
        return entries.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// Opens every face now and throws the first that cannot be opened (for validation and
    /// tests; rendering opens faces as it needs them).
    public func openAllFaces() throws(FontError) {
        for entry in entries { _ = try entry.slot.open() }
    }

    /// Faces already opened, in manifest order (the title face, and those lookups needed).
    public var openedFaces: [FontFace] {
        allEntries.compactMap { $0.slot.openedFace }
    }

    /// The face of `family` closest to `weight` and `style`, or nil when the family is unknown.
    /// A missing style falls back to the other one; weight follows the CSS matching order.
    public func face(family: String, weight: FontWeight = .regular, style: FontStyle = .normal) -> FontFace? {
        face(familyKey: family.lowercased(), weight: weight, style: style)
    }

    private func face(familyKey: String, weight: FontWeight, style: FontStyle) -> FontFace? {
        entry(familyKey: familyKey, weight: weight, style: style)?.face
    }

    private func entry(familyKey: String, weight: FontWeight, style: FontStyle) -> Entry? {
        guard let indices = familyEntries[familyKey] else { return nil }
        return Self.match(indices.map { allEntries[$0] }.filter(\.slot.isAvailable), weight: weight, style: style)
    }

    private static func match(_ inFamily: [Entry], weight: FontWeight, style: FontStyle) -> Entry? {
        let styled = inFamily.filter { $0.style == style }
        let pool = styled.isEmpty ? inFamily : styled
        guard let best = weight.nearest(in: pool.map(\.weight)) else { return nil }
        return pool.first { $0.weight == best }
    }

    /// Every fallback face in the order to try them, one per family at the nearest weight.
    /// This opens every face: lookups use `face(for:…)`, which opens only what it tries.
    ///
    /// Families that the manifest ties to languages (the CJK faces) form one block; within it
    /// those matching `language` come first (the longest matching tag wins: `zh-Hant` picks
    /// Traditional over `zh`), the rest keep manifest order. Without a match the block stays
    /// as listed, so Simplified Chinese forms are the default for Han.
    public func fallbackChain(weight: FontWeight = .regular, style: FontStyle = .normal,
                              language: LanguageTag? = nil) -> [FontFace] {
        faces(Array(fallback.indices), weight: weight, style: style, language: language)
    }

    /// The fallback faces tried for a cluster of `script` (the general families and the
    /// script's own), in order, opening them.
    public func fallbackChain(for script: ScriptTag, weight: FontWeight = .regular, style: FontStyle = .normal,
                              language: LanguageTag? = nil) -> [FontFace] {
        faces(table.candidates(for: [script.code]), weight: weight, style: style, language: language)
    }

    private func faces(_ indices: [Int], weight: FontWeight, style: FontStyle, language: LanguageTag?) -> [FontFace] {
        var faces: [FontFace] = []
        for index in ordered(indices, language: language) {
            if let face = face(familyKey: fallback[index].familyKey, weight: weight, style: style), !faces.contains(face) {
                faces.append(face)
            }
        }
        return faces
    }

    /// `indices` with the language-tied families among them sorted by how well they match `language`.
    private func ordered(_ indices: [Int], language: LanguageTag?) -> [Int] {
        guard let language else { return indices }
        // Families without an available face are left out before sorting, so that they move no other.
        let indices = indices.filter { index in
            familyEntries[fallback[index].familyKey]?.contains { allEntries[$0].slot.isAvailable } == true
        }
        let slots = indices.indices.filter { !fallback[indices[$0]].languages.isEmpty }
        guard slots.count > 1 else { return indices }
        func score(_ index: Int) -> Int {
            fallback[index].languages.filter { language.tag == $0 || language.tag.hasPrefix($0 + "-") }.map(\.count).max() ?? 0
        }
        let sorted = slots.map { indices[$0] }.enumerated()
            .sorted { (score($0.element), -$0.offset) > (score($1.element), -$1.offset) }
            .map(\.element)
        var result = indices
        for (slot, index) in zip(slots, sorted) { result[slot] = index }
        return result
    }

    /// The first face that has a glyph for every character of `cluster` (a grapheme cluster;
    /// default-ignorables such as ZWJ and variation selectors are not required), trying
    /// `preferred` first, then the fallback families for the cluster's script: `script` when
    /// given (the script run the cluster belongs to), and the scripts of its own characters.
    /// A cluster that asks for emoji presentation (U+FE0F, an Emoji_Presentation base, a keycap,
    /// a skin-tone modifier, a regional indicator) tries colour faces first; one that asks for
    /// text presentation (U+FE0E) tries colour faces last. Nil when no face covers it: report
    /// it, it would draw as `.notdef`.
    public func face(for cluster: some Sequence<Unicode.Scalar>, preferred: FontFace? = nil,
                     weight: FontWeight = .regular, style: FontStyle = .normal,
                     language: LanguageTag? = nil, script: ScriptTag? = nil) -> FontFace? {
        let scalars = Array(cluster)
        let emoji = Self.wantsEmojiPresentation(scalars)
        let text = scalars.contains("\u{FE0E}")
        /// Faces of the presentation the cluster asks for come first; the others after.
        func firstClass(_ isColor: Bool) -> Bool { emoji ? isColor : text ? !isColor : true }
        var deferred: [Int] = []
        if let preferred, firstClass(preferred.isColorBitmap), preferred.covers(scalars) { return preferred }
        for index in ordered(table.candidates(for: Self.scripts(of: scalars, run: script)), language: language) {
            guard let entry = entry(familyKey: fallback[index].familyKey, weight: weight, style: style) else { continue }
            guard firstClass(entry.slot.isColorBitmap) else {
                deferred.append(index)
                continue
            }
            if let face = entry.face, face !== preferred, face.covers(scalars) { return face }
        }
        if let preferred, !firstClass(preferred.isColorBitmap), preferred.covers(scalars) { return preferred }
        for index in deferred {
            if let face = entry(familyKey: fallback[index].familyKey, weight: weight, style: style)?.face,
               face.covers(scalars) { return face }
        }
        return nil
    }

    /// ISO 15924 codes for a cluster: its run's script, then its characters' own scripts.
    private static func scripts(of scalars: [Unicode.Scalar], run: ScriptTag?) -> [String] {
        var codes: [String] = []
        if let run, run != .common, run != .inherited { codes.append(run.code) }
        for scalar in scalars where scalar.value >= 0x80 {
            let script = Script(of: scalar)
            if !script.isNeutral, let tag = script.tag, !codes.contains(tag) { codes.append(tag) }
        }
        return codes
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
