import JSONData
import UnicodeText

/// Reads a font manifest's JSON straight into its specs with `JSONReader`: no tree, keys
/// compared as bytes, each field's type checked as it is read. Every problem names the
/// field's path (`faces[3].weight`); an unknown field is an error naming it and the fields
/// expected there (a misspelt `"optional"` would drop the whole optional part unseen), and a
/// `null` field counts as absent.
///
/// Read on every start (a one-card render included): building a `JSONValue` tree of the
/// manifest's 350 objects and looking their fields up cost more than the parse itself.
enum ManifestReader {
    struct Problem: Error {
        let reason: String
    }

    /// Where an object is: "top level", "title", or an array's name and the object's index
    /// in it ("faces", 3); written out only for a message.
    private struct Place {
        let name: String
        let index: Int?

        var text: String { index.map { "\(name)[\($0)]" } ?? name }
        func path(_ key: String) -> String { name == "top level" ? key : "\(text).\(key)" }
        func wrongType(_ key: String, _ expected: String) -> Problem { Problem(reason: "wrong type at \(path(key)): expected \(expected)") }
        func missing(_ key: String) -> Problem { Problem(reason: "missing field \"\(key)\" at \(text)") }
        func notAnObject() -> Problem { Problem(reason: "expected an object at \(text)") }
        func unknown(_ key: JSONReader.Key, expected: [String]) -> Problem {
            let fields = expected.dropLast().joined(separator: ", ") + " or " + expected.last!
            return Problem(reason: "unknown field \(QuotedValue.quoted(key.text)) at \(text) (expected \(fields))")
        }
    }

    /// Reads one manifest file (`fonts.json` or the optional part it names); which fields a
    /// part needs is checked by `FontManifest`.
    static func read(_ bytes: UnsafeRawBufferPointer) throws -> FontManifest.Part {
        var reader = JSONReader(bytes, maximumDepth: 32)
        let top = Place(name: "top level", index: nil)
        var version: Int?, title: FontManifest.TitleSpec?, optional: String?
        var faces: [FontManifest.FaceSpec]?, fallback: [FontManifest.FallbackSpec]?
        let isObject = try reader.readObject { r, key in
            if key.matches("version") {
                version = try int(&r, top, "version")
            } else if key.matches("title") {
                title = try titleSpec(&r)
            } else if key.matches("faces") {
                faces = try objects(&r, top, "faces") { r, place in try face(&r, place) }
            } else if key.matches("fallback") {
                fallback = try objects(&r, top, "fallback") { r, place in try fallbackSpec(&r, place) }
            } else if key.matches("optional") {
                optional = try string(&r, top, "optional")
            } else {
                throw top.unknown(key, expected: ["version", "title", "optional", "faces", "fallback"])
            }
        }
        guard isObject else { throw top.notAnObject() }
        try reader.finish()
        guard let version else { throw top.missing("version") }
        guard let faces else { throw top.missing("faces") }
        guard let fallback else { throw top.missing("fallback") }
        return FontManifest.Part(version: version, title: title, optional: optional, faces: faces, fallback: fallback)
    }

    private static func titleSpec(_ r: inout JSONReader) throws -> FontManifest.TitleSpec? {
        if try r.readNull() { return nil }
        let at = Place(name: "title", index: nil)
        var family: String?, weight: Int?, style: FontStyle?
        let isObject = try r.readObject { r, key in
            if key.matches("family") { family = try string(&r, at, "family") }
            else if key.matches("weight") { weight = try int(&r, at, "weight") }
            else if key.matches("style") { style = try fontStyle(&r, at, "style") }
            else { throw at.unknown(key, expected: ["family", "weight", "style"]) }
        }
        guard isObject else { throw at.notAnObject() }
        guard let family else { throw at.missing("family") }
        guard let weight else { throw at.missing("weight") }
        return FontManifest.TitleSpec(family: family, weight: weight, style: style)
    }

    private static func face(_ r: inout JSONReader, _ at: Place) throws -> FontManifest.FaceSpec {
        var file: String?, path: String?, family: String?, weight: Int?, style: FontStyle?, faceIndex: Int?, optional: Bool?
        let isObject = try r.readObject { r, key in
            if key.matches("file") { file = try string(&r, at, "file") }
            else if key.matches("family") { family = try string(&r, at, "family") }
            else if key.matches("weight") { weight = try int(&r, at, "weight") }
            else if key.matches("style") { style = try fontStyle(&r, at, "style") }
            else if key.matches("path") { path = try string(&r, at, "path") }
            else if key.matches("faceIndex") { faceIndex = try int(&r, at, "faceIndex") }
            else if key.matches("optional") {
                if try r.readNull() { return }
                guard let flag = try r.readBool() else { throw at.wrongType("optional", "true or false") }
                optional = flag
            } else {
                throw at.unknown(key, expected: ["file", "path", "family", "weight", "style", "faceIndex", "optional"])
            }
        }
        guard isObject else { throw at.notAnObject() }
        guard let family else { throw at.missing("family") }
        guard let weight else { throw at.missing("weight") }
        return FontManifest.FaceSpec(file: file, path: path, family: family, weight: weight, style: style,
                                     faceIndex: faceIndex, optional: optional)
    }

    private static func fallbackSpec(_ r: inout JSONReader, _ at: Place) throws -> FontManifest.FallbackSpec {
        var family: String?, languages: [String]?, scripts: [String]?
        let isObject = try r.readObject { r, key in
            if key.matches("family") { family = try string(&r, at, "family") }
            else if key.matches("scripts") { scripts = try strings(&r, at, "scripts") }
            else if key.matches("languages") { languages = try strings(&r, at, "languages") }
            else { throw at.unknown(key, expected: ["family", "scripts", "languages"]) }
        }
        guard isObject else { throw at.notAnObject() }
        guard let family else { throw at.missing("family") }
        return FontManifest.FallbackSpec(family: family, languages: languages, scripts: scripts)
    }

    /// An array of objects, each read by `item` at its place (`faces[3]`); nil for `null`.
    private static func objects<T>(_ r: inout JSONReader, _ at: Place, _ key: String,
                                   _ item: (inout JSONReader, Place) throws -> T) throws -> [T]? {
        if try r.readNull() { return nil }
        var items: [T] = []
        let name = at.path(key)
        guard try r.readArray({ r, index in items.append(try item(&r, Place(name: name, index: index))) }) else {
            throw at.wrongType(key, "an array")
        }
        return items
    }

    private static func string(_ r: inout JSONReader, _ at: Place, _ key: String) throws -> String? {
        if try r.readNull() { return nil }
        guard let text = try r.readString() else { throw at.wrongType(key, "a string") }
        return text
    }

    /// A whole number (not a fraction) of magnitude under 10¹⁵.
    private static func int(_ r: inout JSONReader, _ at: Place, _ key: String) throws -> Int? {
        if try r.readNull() { return nil }
        guard let number = try r.readNumber(), number.rounded() == number, abs(number) < 1e15 else {
            throw at.wrongType(key, "a whole number")
        }
        return Int(number)
    }

    private static func fontStyle(_ r: inout JSONReader, _ at: Place, _ key: String) throws -> FontStyle? {
        guard let text = try string(&r, at, key) else { return nil }
        guard let style = FontStyle(rawValue: text) else {
            throw Problem(reason: "\(at.path(key)) \"\(text)\" is not one of \(FontStyle.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return style
    }

    private static func strings(_ r: inout JSONReader, _ at: Place, _ key: String) throws -> [String]? {
        if try r.readNull() { return nil }
        var texts: [String] = []
        guard try r.readArray({ r, _ in
            guard let text = try r.readString() else { throw at.wrongType(key, "an array of strings") }
            texts.append(text)
        }) else { throw at.wrongType(key, "an array of strings") }
        return texts
    }
}
