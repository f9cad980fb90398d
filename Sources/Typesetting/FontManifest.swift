import BufferText
import Foundation

/// The contents of a fonts directory's `fonts.json`, and of the optional part it names: which
/// faces to load, the default title face and the fallback order.
///
/// ```json
/// { "version": 1,
///   "title": { "family": "Quicksand", "weight": 700 },
///   "optional": "fallback.json",
///   "faces": [ { "file": "Quicksand-Bold.ttf", "family": "Quicksand", "weight": 700, "style": "normal" } ],
///   "fallback": [ { "family": "Quicksand" } ] }
/// ```
/// and `fallback.json`, the optional part, with the same fields but `title` and `optional`:
/// ```json
/// { "version": 1,
///   "faces": [ { "path": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
///                "family": "Noto Sans CJK SC", "weight": 700, "optional": true } ],
///   "fallback": [ { "family": "Noto Sans Bengali", "scripts": ["Beng"] },
///                 { "family": "Noto Sans CJK SC", "languages": ["zh", "zh-hans"] } ] }
/// ```
///
/// The optional part's faces follow `fonts.json`'s and its fallback entries continue
/// `fonts.json`'s order: together they are one manifest, checked as one (a family's faces stay
/// in one file; a fallback entry may name a family of either). `FontLibrary` reads the
/// optional part only when a lookup goes past `fonts.json`'s fallback entries, so those should
/// be the head of the order that covers common text (the shipped Quicksand and Noto Sans), and
/// the title face must be in `fonts.json`. Without `optional` the manifest is one file.
///
/// A fallback family with `scripts` (ISO 15924 codes) is tried only for text of those scripts;
/// one without is tried for every cluster (see `FallbackTable`).
///
/// `file` is a file name inside the fonts directory; `path` is an absolute path elsewhere
/// (system fonts, not shipped). `faceIndex` picks a face of a collection; without it the face
/// whose family name equals `family` is used. `optional` faces are skipped when their file
/// is absent. The manifest's family, weight and style are what lookups match against.
struct FontManifest {
    struct FaceSpec {
        var file: String?
        var path: String?
        var family: String
        var weight: Int
        var style: FontStyle?
        var faceIndex: Int?
        var optional: Bool?
    }

    struct TitleSpec {
        var family: String
        var weight: Int
        var style: FontStyle?
    }

    struct FallbackSpec {
        var family: String
        var languages: [String]?
        var scripts: [String]?
    }

    /// One file as read, before the checks.
    struct Part {
        var version: Int
        var title: TitleSpec?
        var optional: String?
        var faces: [FaceSpec]
        var fallback: [FallbackSpec]
    }

    var version: Int
    var title: TitleSpec
    /// The optional part's file name inside the fonts directory (`fonts.json` only).
    var optional: String?
    var faces: [FaceSpec]
    var fallback: [FallbackSpec]
    /// Face indices per family (lowercased), in manifest order. Built by the checks, which need
    /// it to find repeated faces, and kept for the library's lookups: each family is lowercased
    /// and hashed once in a process.
    private(set) var facesByFamily: [String: [Int]] = [:]
    /// Per fallback entry, its languages as normalised BCP 47 tags and its scripts as ISO 15924
    /// codes, parsed once by the checks.
    private(set) var fallbackLanguages: [[String]] = []
    private(set) var fallbackScripts: [[String]] = []
    /// Per fallback entry, its family lowercased: the key of `facesByFamily` it names.
    private(set) var fallbackFamilyKeys: [String] = []

    /// Reads and checks the manifest at `path` (`fonts.json`; its optional part is read by
    /// `appendingOptionalPart(path:)`).
    ///
    /// Read by `ManifestReader` (a `JSONReader`, nesting at most 32 deep) straight into specs
    /// and checked field by field rather than through `Decodable`: with a face per script the
    /// manifest has some 350 objects, and `JSONDecoder` spent more time on them than the rest
    /// of a one-card render.
    static func load(path: String) throws(FontError) -> FontManifest {
        let part = try read(path: path)
        guard let title = part.title else {
            throw .invalidManifest(path: path, reason: "missing field \"title\" at top level")
        }
        if let name = part.optional, !isPlainFileName(name) {
            throw .invalidManifest(path: path, reason: "optional \"\(name)\" must be a plain file name inside the fonts directory")
        }
        var manifest = FontManifest(version: part.version, title: title, optional: part.optional,
                                    faces: part.faces, fallback: part.fallback)
        if let problem = manifest.problem(facesFrom: 0, fallbackFrom: 0) {
            throw .invalidManifest(path: path, reason: problem)
        }
        return manifest
    }

    /// This manifest with the optional part at `path` appended, the whole checked again from
    /// where the part begins; problems name `path` and the part's own indices.
    func appendingOptionalPart(path: String) throws(FontError) -> FontManifest {
        let part = try Self.read(path: path)
        if part.title != nil {
            throw .invalidManifest(path: path, reason: "\"title\" belongs in \(FontLibrary.manifestName), not in its optional part")
        }
        if part.optional != nil {
            throw .invalidManifest(path: path, reason: "\"optional\" belongs in \(FontLibrary.manifestName), not in its optional part")
        }
        if part.version != version {
            throw .invalidManifest(path: path, reason: "version \(part.version) is not supported (expected \(version))")
        }
        var whole = self
        whole.optional = nil
        whole.faces += part.faces
        whole.fallback += part.fallback
        if let problem = whole.problem(facesFrom: faces.count, fallbackFrom: fallback.count) {
            throw .invalidManifest(path: path, reason: problem)
        }
        return whole
    }

    /// The most a manifest file may hold: `fonts.json` is under 2 KB, and one face a line is
    /// about 100 bytes.
    static let maximumFileBytes = 1 << 20

    private static func read(path: String) throws(FontError) -> Part {
        let data: [UInt8]
        do { data = try BoundedFile.read(path, maximumBytes: maximumFileBytes) } catch {
            throw .invalidManifest(path: path, reason: error.reason)
        }
        do {
            return try data.withUnsafeBytes { try ManifestReader.read($0) }
        } catch let error as ManifestReader.Problem {
            throw .invalidManifest(path: path, reason: error.reason)
        } catch {
            throw .invalidManifest(path: path, reason: "malformed JSON: \(error)")
        }
    }

    private static func isPlainFileName(_ name: String) -> Bool {
        !(name.isEmpty || name.utf8.contains(UInt8(ascii: "/")) || name == "." || name == "..")
    }

    /// Foundation's `.whitespaces` (tab and the space separators) and nothing else, without
    /// its trimming copy; a first letter that is plain ASCII decides at once.
    private static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x80 { return false }
        return text.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The first inconsistency among the faces from `firstFace` and the fallback entries from
    /// `firstEntry` on (0, 0 for `fonts.json`; where the optional part begins for it, whose
    /// problems are numbered from its own start), or nil; extends `facesByFamily` and the
    /// parsed fallback tags.
    private mutating func problem(facesFrom firstFace: Int, fallbackFrom firstEntry: Int) -> String? {
        guard version == 1 else { return "version \(version) is not supported (expected 1)" }
        guard firstFace > 0 || !faces.isEmpty else { return "\"faces\" is empty" }
        // Checked in every process that loads fonts: repeats are found within a family's few
        // faces (no key string built per face), and the label is only formatted for a message.
        var byFamily = facesByFamily
        byFamily.reserveCapacity(faces.count)
        // Faces of one family stand together in a manifest: the previous face's key is reused.
        var previousFamily = "", previousKey = ""
        for i in faces.indices.dropFirst(firstFace) {
            let face = faces[i]
            var at: String { "faces[\(i - firstFace)]" }
            switch (face.file, face.path) {
            case (let file?, nil):
                if !Self.isPlainFileName(file) {
                    return "\(at).file \"\(file)\" must be a plain file name inside the fonts directory"
                }
            case (nil, let path?):
                if path.utf8.first != UInt8(ascii: "/") { return "\(at).path \"\(path)\" must be absolute" }
            default:
                return "\(at) needs exactly one of \"file\" or \"path\""
            }
            if Self.isBlank(face.family) { return "\(at).family is empty" }
            if FontWeight(face.weight) == nil { return "\(at).weight \(face.weight) is outside 1...1000" }
            if let index = face.faceIndex, index < 0 { return "\(at).faceIndex \(index) is negative" }
            let key = face.family == previousFamily ? previousKey : face.family.lowercased()
            (previousFamily, previousKey) = (face.family, key)
            let style = face.style ?? .normal
            // One hash per face: the family's list is found once, checked and appended to in place.
            func add(_ list: inout [Int]) -> Bool {
                if let earlier = list.first, earlier < firstFace { return false }
                if list.contains(where: { faces[$0].weight == face.weight && (faces[$0].style ?? .normal) == style }) { return false }
                list.append(i)
                return true
            }
            if !add(&byFamily[key, default: []]) {
                if let earlier = byFamily[key]?.first, earlier < firstFace {
                    return "\(at) family \"\(face.family)\" already has faces in \(FontLibrary.manifestName): a family's faces stay in one file"
                }
                return "\(at) repeats family \"\(face.family)\" weight \(face.weight) style \(style.rawValue)"
            }
        }
        if firstFace == 0 {
            if byFamily[title.family.lowercased()] == nil {
                return "title family \"\(title.family)\" is not among the faces"
            }
            if FontWeight(title.weight) == nil { return "title.weight \(title.weight) is outside 1...1000" }
        }
        var languages = fallbackLanguages, scripts = fallbackScripts, familyKeys = fallbackFamilyKeys
        languages.reserveCapacity(fallback.count)
        scripts.reserveCapacity(fallback.count)
        familyKeys.reserveCapacity(fallback.count)
        for index in fallback.indices.dropFirst(firstEntry) {
            let entry = fallback[index], i = index - firstEntry
            let key = entry.family.lowercased()
            familyKeys.append(key)
            if byFamily[key] == nil {
                return "fallback[\(i)] family \"\(entry.family)\" is not among the faces"
            }
            if optional != nil, !(entry.languages ?? []).isEmpty {
                // Language-tied families are sorted as one block: all of it must be in one file.
                return "fallback[\(i)] is tied to languages: with an optional part, such families go in it"
            }
            var tags: [String] = []
            for language in entry.languages ?? [] {
                guard let tag = LanguageTag(language) else { return "fallback[\(i)] language \"\(language)\" is not a BCP 47 tag" }
                tags.append(tag.tag)
            }
            var codes: [String] = []
            for script in entry.scripts ?? [] {
                guard let tag = ScriptTag(script) else {
                    return "fallback[\(i)] script \"\(script)\" is not an ISO 15924 code (four letters)"
                }
                codes.append(tag.code)
            }
            languages.append(tags)
            scripts.append(codes)
        }
        facesByFamily = byFamily
        fallbackLanguages = languages
        fallbackScripts = scripts
        fallbackFamilyKeys = familyKeys
        return nil
    }
}
