import BufferText
import Foundation
import UnicodeText

/// The faces a program renders with: the manifest of a fonts directory (`fonts.json`, see
/// `FontManifest`), loaded once and passed down explicitly — there is no shared instance.
/// Faces outside the directory (Noto Sans CJK and the script faces of `fonts-noto-core`) are
/// found by path when present and skipped when absent.
///
/// Loading reads `fonts.json` and checks that the required faces' files exist (an optional
/// face's file is looked for when a lookup first considers it). The manifest's optional part
/// (`fallback.json`: the system's script and CJK faces and the rest of the fallback order) is
/// read, checked and registered the first time a lookup needs it, once for all threads; a
/// Latin title never needs it. A face is opened (HarfBuzz,
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

    /// The manifest's file name inside a fonts directory.
    public static let manifestName = "fonts.json"

    /// The directory the library was loaded from.
    public let directory: String
    /// Every available face, in manifest order, the optional part's included (reading it).
    /// This checks every optional face's file: lookups check only the faces they consider.
    public var entries: [Entry] { whole.entries.filter(\.slot.isAvailable) }
    /// The default face for titles (the manifest's `title`, Quicksand Bold as shipped).
    public let titleFace: FontFace
    /// Paths of optional faces that were not found (e.g. CJK without `fonts-noto-cjk`), each
    /// once, in manifest order. This reads the optional part and checks every optional face's file.
    public var unavailablePaths: [String] {
        var seen = Set<String>()
        return whole.entries.filter { !$0.slot.isAvailable && seen.insert($0.path).inserted }.map(\.path)
    }
    /// `fonts.json`'s faces and fallback entries.
    private let first: FaceRegistry
    /// The manifest's optional part, read on first need; nil when `fonts.json` names none.
    private let optional: OptionalFaces?

    /// Loads `fonts.json` in `directory` and checks that every face it requires exists (an
    /// optional face's file is checked when a lookup first considers it). The manifest's
    /// optional part is read when a lookup first needs it, or by `loadOptionalFaces()`. Errors
    /// name the file.
    public init(directory: String) throws(FontError) {
        var info = stat()  // stat, not FileManager: its first use alone cost a one-card render 0.05 ms
        guard stat(directory, &info) == 0 else { throw .directoryNotFound(path: directory) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: directory) }
        let manifestPath = PathText.joining(directory, Self.manifestName)
        let manifest = try FontManifest.load(path: manifestPath)
        let first = try FaceRegistry(manifest: manifest, directory: directory)
        self.directory = directory
        self.first = first
        self.optional = manifest.optional.map {
            OptionalFaces(path: PathText.joining(directory, $0), after: manifest,
                          registry: first, directory: directory)
        }

        let title = manifest.title
        guard let indices = first.familyEntries[title.family.lowercased()],
              let titleEntry = FaceRegistry.match(indices.map { first.entries[$0] }.filter(\.slot.isAvailable),
                                                  weight: FontWeight(title.weight)!, style: title.style ?? .normal)
        else {
            throw .invalidManifest(path: manifestPath, reason: "no face of title family \"\(title.family)\" was found")
        }
        self.titleFace = try titleEntry.slot.open()
    }

    /// Reads and checks the manifest's optional part now if it has not been read, and throws
    /// its error (for validation and servers, which should fail at start rather than on the
    /// first card that needs a script face). Nothing when `fonts.json` names no optional part.
    public func loadOptionalFaces() throws(FontError) {
        _ = try optional?.load().get()
    }

    /// Why the manifest's optional part could not be loaded, when a lookup needed it and it
    /// failed; nil otherwise. Lookups then went on with `fonts.json`'s faces alone, so a
    /// layout made after a failure is not what the complete fonts would give: report this
    /// error instead of its result.
    public var optionalFacesFailure: FontError? { optional?.failure }

    /// The faces of the whole manifest, reading the optional part on first need; `fonts.json`'s
    /// alone when that part cannot be loaded (`optionalFacesFailure` says why).
    private var whole: FaceRegistry {
        guard let optional else { return first }
        return (try? optional.load().get()) ?? first
    }

    /// Family names in manifest order, without repeats.
    public var families: [String] {
        var seen = Set<String>()
        return entries.map(\.family).filter { seen.insert($0.lowercased()).inserted }
    }

    /// Opens every face now and throws the first that cannot be opened or whose file names
    /// another family than the manifest lists it under (for validation and tests; rendering
    /// opens faces as it needs them). The optional part's error comes first.
    public func openAllFaces() throws(FontError) {
        try loadOptionalFaces()
        for entry in entries { _ = try entry.slot.openChecked() }
    }

    /// Faces already opened, in manifest order (the title face, and those lookups needed).
    public var openedFaces: [FontFace] {
        (optional?.loaded ?? first).entries.compactMap { $0.slot.openedFace }
    }

    /// The faces lookups tried to open and could not ("Noto Sans 700: font … has 1 face(s);
    /// face index 7 does not exist"), in manifest order. Such a face is passed over as if
    /// absent, so a message about characters no font has names these too.
    public var facesThatFailedToOpen: [String] { failures { _ in true } }

    /// `facesThatFailedToOpen` of `family` alone (compared as `face(family:)` compares it).
    public func facesThatFailedToOpen(family: String) -> [String] {
        failures { $0.family.lowercased() == family.lowercased() }
    }

    private func failures(of included: (Entry) -> Bool) -> [String] {
        (optional?.loaded ?? first).entries.compactMap { entry in
            guard included(entry) else { return nil }
            return entry.slot.openFailure.map { "\(entry.family) \(entry.weight.value)\(entry.style == .italic ? " italic" : ""): \($0)" }
        }
    }

    /// The face of `family` closest to `weight` and `style`, or nil when the family is unknown.
    /// A missing style falls back to the other one; weight follows the CSS matching order.
    /// A family not in `fonts.json` is looked for in the optional part (a family's faces are
    /// all in one file).
    public func face(family: String, weight: FontWeight = .regular, style: FontStyle = .normal) -> FontFace? {
        let key = family.lowercased()
        let registry = first.familyEntries[key] != nil ? first : whole
        return registry.entry(familyKey: key, weight: weight, style: style)?.face
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
        let whole = whole
        return whole.faces(Array(whole.fallback.indices), weight: weight, style: style, language: language)
    }

    /// The fallback faces tried for a cluster of `script` (the general families and the
    /// script's own), in order, opening them.
    public func fallbackChain(for script: ScriptTag, weight: FontWeight = .regular, style: FontStyle = .normal,
                              language: LanguageTag? = nil) -> [FontFace] {
        let whole = whole
        return whole.faces(whole.table.candidates(for: [script.code]), weight: weight, style: style, language: language)
    }

    /// The first face that has a glyph for every character of `cluster` (a grapheme cluster;
    /// default-ignorables such as ZWJ and variation selectors are not required), trying
    /// `preferred` first, then the fallback families for the cluster's script: `script` when
    /// given (the script run the cluster belongs to), and the scripts of its own characters;
    /// when none covers it, also the scripts its characters of no script of their own are used
    /// with (Script_Extensions: the Arabic comma after a Latin word).
    /// A cluster that asks for emoji presentation (U+FE0F, an Emoji_Presentation base, a keycap,
    /// a skin-tone modifier, a regional indicator) tries colour faces first; one that asks for
    /// text presentation (U+FE0E) tries colour faces last. Nil when no face covers it: report
    /// it, it would draw as `.notdef`.
    public func face(for cluster: some Sequence<Unicode.Scalar>, preferred: FontFace? = nil,
                     weight: FontWeight = .regular, style: FontStyle = .normal,
                     language: LanguageTag? = nil, script: ScriptTag? = nil) -> FontFace? {
        let scalars = Array(cluster)
        let codes = Self.scripts(of: scalars, run: script)
        if let face = face(for: scalars, codes: codes, preferred: preferred, weight: weight, style: style, language: language) {
            return face
        }
        // Only then the scripts its neutral characters are used with, so that what the run's
        // script finds (the CJK face for 、, not Yi's) stays as it was.
        let extended = Self.extensionScripts(of: scalars, besides: codes)
        guard !extended.isEmpty else { return nil }
        return face(for: scalars, codes: codes + extended, preferred: preferred, weight: weight, style: style, language: language)
    }

    private func face(for scalars: [Unicode.Scalar], codes: [String], preferred: FontFace?, weight: FontWeight,
                      style: FontStyle, language: LanguageTag?) -> FontFace? {
        guard optional != nil else {
            return first.face(for: scalars, codes: codes, preferred: preferred, weight: weight, style: style,
                              language: language, reach: .complete)
        }
        // `fonts.json`'s fallback entries are the head of the order and tied to no language:
        // a face its entries find on the first pass is the one the whole order finds. Only a
        // cluster they do not cover (a script face's, a symbol, an emoji) reads the optional part.
        if let face = first.face(for: scalars, codes: codes, preferred: preferred, weight: weight, style: style,
                                 language: language, reach: .firstPass) {
            return face
        }
        return whole.face(for: scalars, codes: codes, preferred: preferred, weight: weight, style: style,
                          language: language, reach: .complete)
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

    /// The scripts the cluster's characters of no script of their own are used with
    /// (Script_Extensions), not in `codes`: the Arabic comma after a Latin name, the danda
    /// after an English word, find their scripts' faces.
    private static func extensionScripts(of scalars: [Unicode.Scalar], besides codes: [String]) -> [String] {
        var extended: [String] = []
        for scalar in scalars where scalar.value >= 0x80 && Script(of: scalar).isNeutral {
            for script in Script.extensions(of: scalar) where !script.isNeutral {
                if let tag = script.tag, !codes.contains(tag), !extended.contains(tag) { extended.append(tag) }
            }
        }
        return extended
    }

    /// A variation selector asks for a presentation only after an emoji (Emoji=Yes): a stray
    /// U+FE0F after a space or a letter is ignored, as it selects nothing there (and on the
    /// colour face a space is set an emoji wide).
    static func wantsEmojiPresentation(_ scalars: [Unicode.Scalar]) -> Bool {
        // An ASCII character alone never does (the keycap bases #, * and 0-9 are Emoji but not
        // Emoji_Presentation), and most clusters are one: the properties below are not looked up.
        if scalars.count == 1, scalars[0].isASCII { return false }
        return asksForEmojiPresentation(scalars)
    }

    /// The rule itself, read from the scalars' emoji properties.
    static func asksForEmojiPresentation(_ scalars: [Unicode.Scalar]) -> Bool {
        let afterAnEmoji = scalars.first?.properties.isEmoji ?? false
        if afterAnEmoji && scalars.contains("\u{FE0F}") { return true }
        if afterAnEmoji && scalars.contains("\u{FE0E}") { return false }
        if let first = scalars.first, first.properties.isEmojiPresentation { return true }
        return scalars.contains { s in
            s == "\u{20E3}" || s.properties.isEmojiModifier || s.isRegionalIndicator
        }
    }
}
