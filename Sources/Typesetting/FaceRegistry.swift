/// The faces and fallback order of a checked manifest, with the lookups over them: what
/// `FontLibrary` holds for `fonts.json` alone and, once read, for it with its optional part.
struct FaceRegistry: Sendable {
    /// One fallback entry: the family it names and the languages it is preferred for.
    struct FallbackFamily: Sendable {
        let familyKey: String
        /// Normalised BCP 47 tags this family is preferred for (empty: no preference).
        let languages: [String]
    }

    /// Every face the manifest lists, available or not, in manifest order.
    let entries: [FontLibrary.Entry]
    /// Entry indices per family key, in manifest order.
    let familyEntries: [String: [Int]]
    let fallback: [FallbackFamily]
    let table: FallbackTable
    /// The face files by path, so that the optional part's faces share a file with these.
    let files: [String: SharedFontFile]

    /// The entries for `manifest`'s faces from `existing.count` on, after `existing` (whose
    /// files are in `files`). A required face's file is checked now, an optional one's when a
    /// lookup first considers it. Errors name the file.
    init(manifest: FontManifest, directory: String, existing: [FontLibrary.Entry] = [],
         files: [String: SharedFontFile] = [:]) throws(FontError) {
        var entries = existing
        entries.reserveCapacity(manifest.faces.count)
        var files = files
        files.reserveCapacity(manifest.faces.count)
        var checked = Set<String>()
        // A manifest's `file` is a plain name (checked by FontManifest), so joining needs no path API.
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for spec in manifest.faces.dropFirst(existing.count) {
            let path = spec.path ?? prefix + (spec.file ?? "")
            let optional = spec.optional == true
            // A required face's file is checked now (one `access` each, the shipped dozen); an
            // optional one's (the system's script faces) only when a lookup considers it.
            if !optional, !checked.contains(path) {
                if let absence = FontFile.absence(path: path) { throw absence }
                checked.insert(path)
            }
            // One hash per face: the file is found, or made and stored, in one access.
            func shared(_ file: inout SharedFontFile) -> SharedFontFile { file }
            let file = shared(&files[path, default: SharedFontFile(path: path)])
            let slot = FaceSlot(file: file, faceIndex: spec.faceIndex, family: spec.family, optional: optional)
            entries.append(FontLibrary.Entry(family: spec.family, weight: FontWeight(spec.weight)!,
                                             style: spec.style ?? .normal, slot: slot))
        }
        // Every listed face is an entry, so the manifest's face indices are entry indices.
        self.entries = entries
        self.familyEntries = manifest.facesByFamily
        self.fallback = zip(manifest.fallbackFamilyKeys, manifest.fallbackLanguages).map {
            FallbackFamily(familyKey: $0, languages: $1)
        }
        self.table = FallbackTable(scripts: manifest.fallbackScripts)
        self.files = files
    }

    func entry(familyKey: String, weight: FontWeight, style: FontStyle) -> FontLibrary.Entry? {
        guard let indices = familyEntries[familyKey] else { return nil }
        return Self.match(indices.map { entries[$0] }.filter(\.slot.isAvailable), weight: weight, style: style)
    }

    static func match(_ inFamily: [FontLibrary.Entry], weight: FontWeight, style: FontStyle) -> FontLibrary.Entry? {
        let styled = inFamily.filter { $0.style == style }
        let pool = styled.isEmpty ? inFamily : styled
        guard let best = weight.nearest(in: pool.map(\.weight)) else { return nil }
        return pool.first { $0.weight == best }
    }

    /// The faces of the fallback entries at `indices`, in order (language-tied ones sorted for
    /// `language`), one per family, opening them.
    func faces(_ indices: [Int], weight: FontWeight, style: FontStyle, language: LanguageTag?) -> [FontFace] {
        var faces: [FontFace] = []
        for index in ordered(indices, language: language) {
            if let face = entry(familyKey: fallback[index].familyKey, weight: weight, style: style)?.face, !faces.contains(face) {
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
            familyEntries[fallback[index].familyKey]?.contains { entries[$0].slot.isAvailable } == true
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

    /// How far a cluster's lookup goes: all the way (`FontLibrary.face(for:…)`), or only through
    /// the faces of its presentation in fallback order, stopping before `preferred` is tried
    /// again or a deferred face is (what `fonts.json` alone can answer when its fallback
    /// entries are the head of the whole order).
    enum Reach {
        case complete
        case firstPass
    }

    /// The lookup `FontLibrary.face(for:…)` describes, over these faces.
    func face(for scalars: [Unicode.Scalar], codes: [String], preferred: FontFace?, weight: FontWeight,
              style: FontStyle, language: LanguageTag?, reach: Reach) -> FontFace? {
        let emoji = FontLibrary.wantsEmojiPresentation(scalars)
        let text = scalars.contains("\u{FE0E}")
        /// Faces of the presentation the cluster asks for come first; the others after.
        func firstClass(_ isColor: Bool) -> Bool { emoji ? isColor : text ? !isColor : true }
        var deferred: [Int] = []
        if let preferred, firstClass(preferred.isColorBitmap), preferred.covers(scalars) { return preferred }
        for index in ordered(table.candidates(for: codes), language: language) {
            guard let entry = entry(familyKey: fallback[index].familyKey, weight: weight, style: style) else { continue }
            guard firstClass(entry.slot.isColorBitmap) else {
                deferred.append(index)
                continue
            }
            if let face = entry.face, face !== preferred, face.covers(scalars) { return face }
        }
        guard reach == .complete else { return nil }
        if let preferred, !firstClass(preferred.isColorBitmap), preferred.covers(scalars) { return preferred }
        for index in deferred {
            if let face = entry(familyKey: fallback[index].familyKey, weight: weight, style: style)?.face,
               face.covers(scalars) { return face }
        }
        return nil
    }
}
